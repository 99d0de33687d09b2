/* bots.c - the bundled bots in C (badugi.h, "Bots"): the policies of
 * badugi_fast.engine.bots, played straight on a hand with no Python in the loop. */
#include "internal.h"

#include <string.h>

typedef badugi_hand Hand;

/* A uniform double in [0, 1). */
static double uniform(badugi_rng *rng) { return (double)(badugi_rng_next(rng) >> 11) * 0x1p-53; }

/* A uniform integer in 0..count-1 (count >= 1). */
static int64_t below(badugi_rng *rng, int64_t count) {
    int64_t value = (int64_t)(uniform(rng) * (double)count);
    return value < count ? value : count - 1;
}

/* Whether a seat that has already shown at this showdown beats `seat` in every half. */
static int beaten_by_a_shown_hand(const Hand *h, int seat) {
    const badugi_game *game = &h->game;
    uint16_t mine[2];
    for (int half = 0; half < game->halves; half++)
        mine[half] = badugi_rank(game->rankings[half], h->hands[seat], h->hand_len[seat]);
    for (int other = 0; other < h->n; other++) {
        int waiting = 0, beats = 1;
        if (other == seat || h->folded[other]) continue;
        for (int i = 0; i < h->showing_len && i < BADUGI_HAND_MAX_SEATS; i++)
            waiting |= h->showing[i] == other;
        if (waiting) continue; /* yet to show */
        for (int half = 0; half < game->halves; half++)
            beats &= badugi_rank(game->rankings[half], h->hands[other], h->hand_len[other]) <
                     mine[half];
        if (beats) return 1;
    }
    return 0;
}

/* The hand-strength bot's strength: 0 (the best hand of the first half) to 1 (the worst). */
static double strength(const Hand *h, int seat) {
    int ranking = h->game.rankings[0];
    return (double)(badugi_rank(ranking, h->hands[seat], h->hand_len[seat]) - 1) /
           (double)badugi_ranking_scale(ranking);
}

static int random_bot(const Hand *h, int seat, badugi_rng *rng, int64_t *amount) {
    int64_t legal[5];
    int choices[3], count = 0;
    if (h->phase == BADUGI_PHASE_SHOWDOWN)
        return badugi_hand_muck((Hand *)h, 0) == 0 && uniform(rng) < 0.5 ? BADUGI_MOVE_MUCK
                                                                          : BADUGI_MOVE_SHOW;
    if (h->phase == BADUGI_PHASE_DRAW) {
        int held = h->hand_len[seat], thrown = (int)below(rng, held + 1), positions[8], bits = 0;
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
    if (badugi_hand_legal(h, legal) < 0) return BADUGI_HAND_E_PHASE;
    choices[count++] = BADUGI_MOVE_CALL;
    if (legal[0]) choices[count++] = BADUGI_MOVE_FOLD;
    if (legal[4] > 0) choices[count++] = BADUGI_MOVE_RAISE;
    {
        int move = choices[below(rng, count)];
        if (move == BADUGI_MOVE_RAISE) *amount = legal[3] + below(rng, legal[4] - legal[3] + 1);
        return move;
    }
}

static int strength_bot(const Hand *h, int seat, badugi_rng *rng, int64_t *amount) {
    int64_t legal[5];
    double hand;
    if (h->phase == BADUGI_PHASE_SHOWDOWN)
        return badugi_hand_muck((Hand *)h, 0) == 0 && beaten_by_a_shown_hand(h, seat)
                   ? BADUGI_MOVE_MUCK
                   : BADUGI_MOVE_SHOW;
    if (h->phase == BADUGI_PHASE_DRAW) {
        badugi_game game = h->game;
        int bits;
        game.qualifier = 0; /* the policy judges every hand */
        bits = badugi_odds_policy(&game, 0, h->hands[seat], h->hand_len[seat]);
        if (bits < 0) return BADUGI_HAND_E_INVALID;
        *amount = bits;
        return BADUGI_MOVE_DRAW;
    }
    if (badugi_hand_legal(h, legal) < 0) return BADUGI_HAND_E_PHASE;
    hand = strength(h, seat);
    if (legal[4] > 0 && (uniform(rng) < 0.05 || hand < 0.25)) {
        *amount = legal[3];
        return BADUGI_MOVE_RAISE;
    }
    if (legal[1]) return BADUGI_MOVE_CALL;
    return hand < 0.6 ? BADUGI_MOVE_CALL : BADUGI_MOVE_FOLD;
}

int badugi_bot_choose(const badugi_hand *h, int bot, uint64_t rng[4], int64_t *amount) {
    int seat, move;
    badugi_rng stream;
    if (!h || !rng || !amount || bot < BADUGI_BOT_RANDOM || bot > BADUGI_BOT_STRENGTH)
        return BADUGI_HAND_E_SETTINGS;
    seat = badugi_hand_decider(h);
    if (seat < 0 || (uint32_t)(h->n - 2) > BADUGI_HAND_MAX_SEATS - 2 ||
        (uint32_t)h->hand_len[seat] > BADUGI_HAND_MAX_CARDS)
        return BADUGI_HAND_E_PHASE;
    *amount = 0;
    if (bot == BADUGI_BOT_CALLING)
        return h->phase == BADUGI_PHASE_SHOWDOWN ? BADUGI_MOVE_SHOW
               : h->phase == BADUGI_PHASE_DRAW   ? BADUGI_MOVE_DRAW
                                                 : BADUGI_MOVE_CALL;
    memcpy(stream.s, rng, sizeof stream.s);
    move = bot == BADUGI_BOT_RANDOM ? random_bot(h, seat, &stream, amount)
                                    : strength_bot(h, seat, &stream, amount);
    memcpy(rng, stream.s, sizeof stream.s);
    return move;
}
