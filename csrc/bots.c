/* bots.c - the bundled bots (badugi.h, "Bots"): the one copy of their policies, deciding
 * from what a seat may know (a badugi_bot_view), for the C hands and the Python bots. */
#include "internal.h"

#include <string.h>

typedef badugi_bot_view View;

/* A uniform double in [0, 1). */
static double uniform(badugi_rng *rng) { return (double)(badugi_rng_next(rng) >> 11) * 0x1p-53; }

/* A uniform integer in 0..count-1 (count >= 1). */
static int64_t below(badugi_rng *rng, int64_t count) {
    int64_t value = (int64_t)(uniform(rng) * (double)count);
    return value < count ? value : count - 1;
}

/* Whether a hand already shown at this showdown beats the bot's in every half. */
static int beaten_by_a_shown_hand(const View *v) {
    const badugi_game *game = &v->game;
    uint16_t mine[2];
    for (int half = 0; half < game->halves; half++)
        mine[half] = badugi_rank(game->rankings[half], v->cards, v->cards_len);
    for (int i = 0; i < v->shown_len; i++) {
        int beats = 1;
        for (int half = 0; half < game->halves; half++)
            beats &= badugi_rank(game->rankings[half], v->shown[i], v->cards_len) < mine[half];
        if (beats) return 1;
    }
    return 0;
}

/* The bot's equity (badugi.h, "Equity against random hands") with `mine` draws to come
 * against `opponents` random hands that draw `theirs` times. */
static double equity(const View *v, int mine, int theirs, int opponents) {
    return badugi_equity_of(v->equity, v->cards, v->cards_len, mine, theirs, opponents);
}

/* The built-in policy's draw, no target (the odds judge every hand: no qualifier). */
static int policy_draw(const View *v, int64_t *amount) {
    badugi_game game = v->game;
    int bits;
    game.qualifier = 0;
    bits = badugi_odds_policy(&game, 0, v->cards, v->cards_len);
    if (bits < 0) return BADUGI_HAND_E_SETTINGS;
    *amount = bits;
    return BADUGI_MOVE_DRAW;
}

/* At a showdown: muck, when it may, a hand a hand already shown beats in every half. */
static int show_or_muck(const View *v) {
    return v->can_muck && beaten_by_a_shown_hand(v) ? BADUGI_MOVE_MUCK : BADUGI_MOVE_SHOW;
}

static int random_bot(const View *v, badugi_rng *rng, int64_t *amount) {
    const int64_t *legal = v->legal;
    int choices[3], count = 0;
    if (v->phase == BADUGI_PHASE_SHOWDOWN)
        return v->can_muck && uniform(rng) < 0.5 ? BADUGI_MOVE_MUCK : BADUGI_MOVE_SHOW;
    if (v->phase == BADUGI_PHASE_DRAW) {
        int held = v->cards_len, thrown = (int)below(rng, held + 1), positions[8], bits = 0;
        for (int i = 0; i < held; i++) positions[i] = i;
        for (int i = 0; i < thrown; i++) { /* a uniform subset of `thrown` cards */
            int pick = i + (int)below(rng, held - i), chosen = positions[pick];
            positions[pick] = positions[i];
            positions[i] = chosen;
            bits |= 1 << chosen;
        }
        *amount = bits;
        return BADUGI_MOVE_DRAW;
    }
    choices[count++] = BADUGI_MOVE_CALL;
    if (legal[0] && !legal[1]) choices[count++] = BADUGI_MOVE_FOLD; /* never fold a check */
    if (legal[4] > 0) choices[count++] = BADUGI_MOVE_RAISE;
    {
        int move = choices[below(rng, count)];
        if (move == BADUGI_MOVE_RAISE) *amount = legal[3] + below(rng, legal[4] - legal[3] + 1);
        return move;
    }
}

/* Hand strength: the share of the pot the hand as it stands wins against one random hand,
 * which is how many hands it beats; raises the least in the best quarter (or one time in
 * twenty), calls in the best three fifths. */
static int strength_bot(const View *v, badugi_rng *rng, int64_t *amount) {
    const int64_t *legal = v->legal;
    double strength;
    if (v->phase == BADUGI_PHASE_SHOWDOWN) return show_or_muck(v);
    if (v->phase == BADUGI_PHASE_DRAW) return policy_draw(v, amount);
    strength = equity(v, 0, 0, 1);
    if (legal[4] > 0 && (uniform(rng) < 0.05 || strength >= 0.75)) {
        *amount = legal[3];
        return BADUGI_MOVE_RAISE;
    }
    if (legal[1]) return BADUGI_MOVE_CALL;
    return strength >= 0.4 ? BADUGI_MOVE_CALL : BADUGI_MOVE_FOLD;
}

/* How far above its fair share (1 / players) an equity bot's equity must be, as a
 * fraction of the rest, for it to bet or raise. */
#define VALUE_EDGE 0.2

/* Equity: its share of the pot with the draws it has left against its opponents' random
 * hands, each drawing every draw of the game. Bets or raises when that is well above a
 * fair share (by a pot, at most what is legal), checks when it can, calls when it is at
 * least the pot odds (the call over the pot after it), else folds. Draws to the keep
 * with the best equity: the policy's, or part of it. */
static int equity_bot(const View *v, int64_t *amount) {
    const int64_t *legal = v->legal;
    int opponents = v->opponents > 1 ? v->opponents : 1; /* (0 only at a showdown) */
    double share, fair = 1.0 / (opponents + 1);
    if (v->phase == BADUGI_PHASE_SHOWDOWN) return show_or_muck(v);
    if (v->phase == BADUGI_PHASE_DRAW) {
        int bits = badugi_equity_draw(v->equity, v->cards, v->cards_len, v->draws_left,
                                      v->game.draws, opponents);
        if (bits < 0) return BADUGI_HAND_E_SETTINGS;
        *amount = bits;
        return BADUGI_MOVE_DRAW;
    }
    share = equity(v, v->draws_left, v->game.draws, opponents);
    if (legal[4] > 0 && share >= fair + VALUE_EDGE * (1 - fair)) {
        *amount = legal[3] + v->pot < legal[4] ? legal[3] + v->pot : legal[4];
        return BADUGI_MOVE_RAISE;
    }
    if (legal[1]) return BADUGI_MOVE_CALL;
    return share * (double)(v->pot + legal[2]) >= (double)legal[2] ? BADUGI_MOVE_CALL
                                                                   : BADUGI_MOVE_FOLD;
}

/* Whether cards[0..count) are card ids. */
static int card_ids(const uint8_t *cards, int count) {
    for (int i = 0; i < count; i++)
        if (cards[i] >= BADUGI_CARDS) return 0;
    return 1;
}

/* Whether a view is one the policies can read: a decision, a valid game, the game's number
 * of cards, card ids, at most one shown hand per seat, the draws left, opponents and pot
 * in range, the game's equity tables for the bots that read them, raise bounds in order. */
static int readable(const View *v, int bot) {
    if (v->phase < BADUGI_PHASE_BETTING || v->phase > BADUGI_PHASE_SHOWDOWN ||
        badugi_game_fault(&v->game) || v->cards_len != v->game.cards ||
        (uint32_t)v->shown_len > BADUGI_HAND_MAX_SEATS || !card_ids(v->cards, v->cards_len) ||
        (uint32_t)v->draws_left > (uint32_t)v->game.draws ||
        (uint32_t)v->opponents >= BADUGI_HAND_MAX_SEATS || v->pot < 0 ||
        ((bot == BADUGI_BOT_STRENGTH || bot == BADUGI_BOT_EQUITY) &&
         !badugi_equity_fits(v->equity, &v->game)))
        return 0;
    for (int i = 0; i < v->shown_len; i++)
        if (!card_ids(v->shown[i], v->cards_len)) return 0;
    return v->phase != BADUGI_PHASE_BETTING || v->legal[4] == 0 ||
           (0 < v->legal[3] && v->legal[3] <= v->legal[4]);
}

int badugi_bot_decide(const badugi_bot_view *view, int bot, uint64_t rng[4], int64_t *amount) {
    int move;
    badugi_rng stream;
    if (!view || !rng || !amount || bot < BADUGI_BOT_RANDOM || bot > BADUGI_BOT_EQUITY ||
        !readable(view, bot))
        return BADUGI_HAND_E_SETTINGS;
    *amount = 0;
    if (bot == BADUGI_BOT_CALLING)
        return view->phase == BADUGI_PHASE_SHOWDOWN ? BADUGI_MOVE_SHOW
               : view->phase == BADUGI_PHASE_DRAW   ? BADUGI_MOVE_DRAW
                                                    : BADUGI_MOVE_CALL;
    if (bot == BADUGI_BOT_EQUITY) return equity_bot(view, amount);
    memcpy(stream.s, rng, sizeof stream.s);
    move = bot == BADUGI_BOT_RANDOM ? random_bot(view, &stream, amount)
                                    : strength_bot(view, &stream, amount);
    memcpy(rng, stream.s, sizeof stream.s);
    return move;
}

int badugi_bot_choose(const badugi_hand *h, int bot, const badugi_equity *equity, uint64_t rng[4],
                      int64_t *amount) {
    View view;
    int seat;
    if (!h) return BADUGI_HAND_E_SETTINGS;
    seat = badugi_hand_decider(h);
    if (seat < 0 || (uint32_t)(h->n - 2) > BADUGI_HAND_MAX_SEATS - 2 ||
        (uint32_t)h->hand_len[seat] > BADUGI_HAND_MAX_CARDS)
        return BADUGI_HAND_E_PHASE;
    memset(&view, 0, sizeof view);
    view.phase = h->phase;
    view.game = h->game;
    view.cards_len = h->hand_len[seat];
    memcpy(view.cards, h->hands[seat], (size_t)view.cards_len);
    view.draws_left = h->game.draws - h->street + (h->phase == BADUGI_PHASE_DRAW);
    if (h->phase == BADUGI_PHASE_SHOWDOWN) view.draws_left = 0;
    view.pot = h->dead_money;
    for (int other = 0; other < h->n; other++) {
        view.pot += h->contributed[other];
        view.opponents += other != seat && !h->folded[other];
    }
    view.equity = equity;
    if (h->phase == BADUGI_PHASE_BETTING && badugi_hand_legal(h, view.legal) < 0)
        return BADUGI_HAND_E_PHASE;
    if (h->phase == BADUGI_PHASE_SHOWDOWN) {
        view.can_muck = badugi_hand_muck((badugi_hand *)h, 0) == 0;
        for (int other = 0; other < h->n; other++) { /* the seats that showed (this run) */
            int waiting = 0;
            if (h->folded[other] || h->mucked[other] ||
                (uint32_t)h->hand_len[other] != (uint32_t)view.cards_len)
                continue;
            for (int i = 0; i < h->showing_len && i < BADUGI_HAND_MAX_SEATS; i++)
                waiting |= h->showing[i] == other;
            if (!waiting)
                memcpy(view.shown[view.shown_len++], h->hands[other], BADUGI_HAND_MAX_CARDS);
        }
    }
    return badugi_bot_decide(&view, bot, rng, amount);
}
