/* encoding.c - the training encoding (badugi.h, "Training encoding"): the one fixed action
 * space and observation of a hand, and the moves they name. */
#include "internal.h"

#include <string.h>

typedef badugi_hand Hand;

/* Raise sizes the action space has: none beside the largest in fixed limit. */
static int raise_fractions(const Hand *h, const badugi_actions *actions) {
    return h->structure == BADUGI_STRUCTURE_FIXED ? 0 : actions->fractions;
}

/* The first discard action. */
static int first_discard(const Hand *h, const badugi_actions *actions) {
    return 3 + raise_fractions(h, actions);
}

int badugi_action_count(const badugi_hand *h, const badugi_actions *actions) {
    if (!h || !actions || actions->fractions < 0 || actions->fractions > BADUGI_MAX_FRACTIONS ||
        (uint32_t)(h->game.cards - 4) > 1)
        return -1;
    for (int j = 0; j < actions->fractions; j++)
        if (!(actions->fraction[j] > 0) || actions->fraction[j] > 1e6) return -1;
    return first_discard(h, actions) + (1 << h->game.cards) + 2;
}

int64_t badugi_chip_unit(const badugi_hand *h) {
    if (!h) return 1;
    return h->blinds[1] > 0 ? h->blinds[1] : h->sizes[0] > 0 ? h->sizes[0] : 1;
}

int badugi_observation_size(const badugi_hand *h) {
    int n, draws;
    if (!h || (uint32_t)(h->n - 2) > BADUGI_HAND_MAX_SEATS - 2 ||
        (uint32_t)(h->game.cards - 4) > 1 || (uint32_t)(h->game.draws - 1) >= BADUGI_MAX_DRAWS)
        return -1;
    n = h->n;
    draws = h->game.draws;
    return BADUGI_CARDS * h->game.cards + n * (7 + draws) + n * (draws + 1) * 2 + 6 +
           (draws + 1) + 3;
}

/* The mask of a hand whose settings have `count` actions; legal is badugi_hand_legal's
 * bounds in a betting round (unread otherwise). */
static int mask_of(const Hand *h, const badugi_actions *actions, int count,
                   const int64_t legal[5], uint8_t *mask) {
    int discard = first_discard(h, actions);
    if (h->phase == BADUGI_PHASE_BETTING) {
        /* badugi_hand_legal's bounds are the ones fold and raise_to check; check_or_call
         * checks the turn and the room in the event queue, as every betting move does */
        int room = badugi_hand_check_or_call((Hand *)h, 0) == 0;
        memset(mask, 0, (size_t)count);
        mask[0] = (uint8_t)(room && legal[0]);
        mask[1] = (uint8_t)room;
        if (room && legal[4] > 0) memset(mask + 2, 1, (size_t)(discard - 2));
        return count;
    }
    if (h->phase == BADUGI_PHASE_DRAW) {
        int code = badugi_hand_draw((Hand *)h, NULL, 0, 0);
        if (code < 0) return code;
        memset(mask, 0, (size_t)count);
        {
            int held = h->hand_len[h->actor]; /* all its cards, at most game.cards */
            memset(mask + discard, 1, (size_t)1 << (held < h->game.cards ? held : h->game.cards));
        }
        return count;
    }
    {
        int show = badugi_hand_show((Hand *)h, 0);
        if (show < 0) return show;
        memset(mask, 0, (size_t)count);
        mask[count - 2] = 1;
        mask[count - 1] = badugi_hand_muck((Hand *)h, 0) == 0;
    }
    return count;
}

int badugi_hand_action_mask(const badugi_hand *h, const badugi_actions *actions,
                            uint8_t *mask) {
    int count = badugi_action_count(h, actions);
    int64_t legal[5];
    if (count < 0 || !mask) return BADUGI_HAND_E_SETTINGS;
    if (h->phase == BADUGI_PHASE_BETTING) {
        int code = badugi_hand_legal(h, legal);
        if (code < 0) return code;
    }
    return mask_of(h, actions, count, legal, mask);
}

int badugi_hand_decode(const badugi_hand *h, const badugi_actions *actions, int action,
                       int64_t *amount) {
    int count = badugi_action_count(h, actions);
    if (count < 0 || !amount || action < 0 || action >= count) return BADUGI_HAND_E_SETTINGS;
    return badugi_hand_decode_counted(h, actions, count, action, amount);
}

int badugi_hand_decode_counted(const badugi_hand *h, const badugi_actions *actions, int count,
                               int action, int64_t *amount) {
    int discard;
    int64_t legal[5];
    *amount = 0;
    discard = first_discard(h, actions);
    if (action == 0) return BADUGI_MOVE_FOLD;
    if (action == 1) return BADUGI_MOVE_CALL;
    if (action < discard) {
        int code = badugi_hand_legal(h, legal);
        if (code < 0) return code;
        if (legal[4] <= 0) return BADUGI_HAND_E_NO_RAISE;
        if (action == discard - 1) {
            *amount = legal[4];
        } else {
            int seat = h->actor;
            int64_t level = h->level, pot = h->dead_money, to;
            double size;
            for (int i = 0; i < h->n; i++) pot += h->contributed[i];
            size = actions->fraction[action - 2] * (double)(pot + level - h->bets[seat]);
            to = size >= (double)(legal[4] - level) ? legal[4] : level + (int64_t)size;
            *amount = to < legal[3] ? legal[3] : to > legal[4] ? legal[4] : to;
        }
        return BADUGI_MOVE_RAISE;
    }
    if (action < count - 2) {
        *amount = action - discard;
        return BADUGI_MOVE_DRAW;
    }
    return action == count - 2 ? BADUGI_MOVE_SHOW : BADUGI_MOVE_MUCK;
}

/* Count a betting move in the history (saturating). */
static void count_move(uint8_t *counter) {
    if (*counter < UINT8_MAX) (*counter)++;
}

/* The discard of bit mask `bits` over the actor's cards into cards[]; its size, or
 * BADUGI_HAND_E_COUNT for bits outside its hand (0 cards when there is no actor to read:
 * the draw call then refuses with its own reason). */
static int discard_cards(const Hand *h, int64_t bits, uint8_t *cards) {
    int seat = h->actor, count = 0, held;
    if (h->phase != BADUGI_PHASE_DRAW || seat < 0 || seat >= h->n ||
        (uint32_t)h->hand_len[seat] > BADUGI_HAND_MAX_CARDS)
        return 0;
    held = h->hand_len[seat];
    if (bits < 0 || bits >= (int64_t)1 << held) return BADUGI_HAND_E_COUNT;
    for (int i = 0; i < held; i++)
        if (bits >> i & 1) cards[count++] = h->hands[seat][i];
    return count;
}

int badugi_hand_move(badugi_hand *h, badugi_history *history, int move, int64_t amount,
                     int apply) {
    int seat, street, code;
    int64_t owe = 0;
    uint8_t cards[BADUGI_HAND_MAX_CARDS];
    if (!h) return BADUGI_HAND_E_PHASE;
    seat = h->actor;
    street = h->street;
    if (seat >= 0 && seat < h->n) owe = h->level - h->bets[seat];
    switch (move) {
    case BADUGI_MOVE_FOLD:
        return badugi_hand_fold(h, apply);
    case BADUGI_MOVE_CALL:
        code = badugi_hand_check_or_call(h, apply);
        if (code >= 0 && apply && history && owe > 0 && (uint32_t)street <= BADUGI_MAX_DRAWS)
            count_move(&history->calls[street][seat]);
        return code;
    case BADUGI_MOVE_RAISE:
        code = badugi_hand_raise_to(h, amount, apply);
        if (code >= 0 && apply && history && (uint32_t)street <= BADUGI_MAX_DRAWS)
            count_move(&history->bets[street][seat]);
        return code;
    case BADUGI_MOVE_DRAW:
        code = discard_cards(h, amount, cards);
        return code < 0 ? code : badugi_hand_draw(h, cards, code, apply);
    case BADUGI_MOVE_SHOW:
        return badugi_hand_show(h, apply);
    case BADUGI_MOVE_MUCK:
        return badugi_hand_muck(h, apply);
    default:
        return BADUGI_HAND_E_SETTINGS;
    }
}

int badugi_hand_act(badugi_hand *h, badugi_history *history, const badugi_actions *actions,
                    int action, int apply) {
    int64_t amount;
    int move = badugi_hand_decode(h, actions, action, &amount);
    return move < 0 ? move : badugi_hand_move(h, history, move, amount, apply);
}

/* Seat `seat`'s observation (size values) into out; legal is badugi_hand_legal's bounds if
 * the seat is to act in a betting round, else zeros. */
static void observe_of(const Hand *h, const badugi_history *history, int seat,
                       const int64_t legal[5], float *out) {
    int n = h->n, draws = h->game.draws, cards = h->game.cards;
    int held = h->hand_len[seat] < cards ? h->hand_len[seat] : cards;
    int64_t pot = h->dead_money;
    float *at = out, scale = 1.0f / (float)badugi_chip_unit(h), per_draw = 1.0f / (float)draws,
          per_card = 1.0f / (float)cards;
    /* every value is written once, in order: the one-hot cards are the only run of zeros */
    memset(at, 0, sizeof(float) * BADUGI_CARDS * (size_t)cards);
    for (int i = 0; i < held; i++)
        if (h->hands[seat][i] < BADUGI_CARDS) at[i * BADUGI_CARDS + h->hands[seat][i]] = 1.0f;
    at += BADUGI_CARDS * cards;
    for (int k = 0, s = seat; k < n; k++, s = s + 1 == n ? 0 : s + 1, at += 7 + draws) {
        int made = h->drawn[s][0] < draws ? h->drawn[s][0] : draws;
        pot += h->contributed[s];
        at[0] = (float)h->stacks[s] * scale;
        at[1] = (float)h->bets[s] * scale;
        at[2] = (float)h->contributed[s] * scale;
        at[3] = (float)(h->folded[s] != 0);
        at[4] = (float)(!h->folded[s] && h->stacks[s] == 0);
        at[5] = (float)(s == h->button);
        at[6] = (float)made * per_draw;
        for (int d = 0; d < draws; d++)
            at[7 + d] = d < made ? (float)h->drawn[s][1 + d] * per_card : 0.0f;
    }
    for (int k = 0, s = seat; k < n; k++, s = s + 1 == n ? 0 : s + 1, at += 2 * (draws + 1))
        for (int r = 0; r <= draws; r++) {
            at[2 * r] = history ? (float)history->bets[r][s] : 0.0f;
            at[2 * r + 1] = history ? (float)history->calls[r][s] : 0.0f;
        }
    at[0] = (float)pot * scale;
    at[1] = (float)legal[2] * scale;
    at[2] = (float)legal[3] * scale;
    at[3] = (float)legal[4] * scale;
    at[4] = (float)((seat - h->button - 1 + 2 * n) % n) / (float)(n - 1);
    at[5] = (float)h->live / (float)n;
    at += 6;
    for (int street = 0; street <= draws; street++) at[street] = (float)(h->street == street);
    at += draws + 1;
    at[0] = (float)(h->phase == BADUGI_PHASE_BETTING);
    at[1] = (float)(h->phase == BADUGI_PHASE_DRAW);
    at[2] = (float)(h->phase == BADUGI_PHASE_SHOWDOWN);
}

/* Whether seat may be observed: a seat of the hand, holding at most a hand of cards. */
static int observable(const Hand *h, int seat) {
    return seat >= 0 && seat < h->n && (uint32_t)h->hand_len[seat] <= BADUGI_HAND_MAX_CARDS;
}

int badugi_hand_observe(const badugi_hand *h, const badugi_history *history, int seat,
                        float *out) {
    int size = badugi_observation_size(h);
    int64_t legal[5] = {0};
    if (size < 0 || !out || !observable(h, seat)) return BADUGI_HAND_E_SETTINGS;
    if (h->phase == BADUGI_PHASE_BETTING && h->actor == seat && badugi_hand_legal(h, legal) < 0)
        legal[2] = legal[3] = legal[4] = 0;
    observe_of(h, history, seat, legal, out);
    return size;
}

int badugi_hand_read(const badugi_hand *h, const badugi_history *history,
                     const badugi_actions *actions, int count, uint8_t *mask, float *out) {
    int seat = badugi_hand_decider(h), code;
    int64_t legal[5] = {0};
    if (seat < 0) return seat;
    if (!observable(h, seat)) return BADUGI_HAND_E_INVALID;
    if (h->phase == BADUGI_PHASE_BETTING) { /* the decider is the actor */
        code = badugi_hand_legal(h, legal);
        if (code < 0) return code;
    }
    code = mask_of(h, actions, count, legal, mask);
    if (code < 0) return code;
    observe_of(h, history, seat, legal, out);
    return seat;
}
