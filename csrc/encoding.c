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
        (uint32_t)(h->game.cards - 1) > BADUGI_HAND_MAX_CARDS - 1)
        return -1;
    for (int j = 0; j < actions->fractions; j++)
        if (!(actions->fraction[j] > 0) || actions->fraction[j] > 1e6) return -1;
    return first_discard(h, actions) + (1 << h->game.cards) + 2;
}

int64_t badugi_chip_unit(const badugi_hand *h) {
    if (!h) return 1;
    return h->blinds[1] > 0 ? h->blinds[1] : h->sizes[0] > 0 ? h->sizes[0] : 1;
}

/* The values a seat block and a betting history block hold (for `draws` draws). */
static int seat_width(int draws) { return 7 + draws; }
static int history_width(int draws) { return 2 * (draws + 1); }

int badugi_observation_size(const badugi_hand *h) {
    int n, draws;
    if (!h || (uint32_t)(h->n - 2) > BADUGI_HAND_MAX_SEATS - 2 ||
        (uint32_t)(h->game.cards - 1) > BADUGI_HAND_MAX_CARDS - 1 ||
        (uint32_t)(h->game.draws - 1) >= BADUGI_MAX_DRAWS)
        return -1;
    n = h->n;
    draws = h->game.draws;
    return BADUGI_CARDS * h->game.cards + n * (seat_width(draws) + history_width(draws)) + 6 +
           (draws + 1) + 3;
}

int badugi_compact_size(const badugi_hand *h) {
    int size = badugi_observation_size(h);
    return size < 0 ? size : size - (BADUGI_CARDS - 1) * h->game.cards;
}

/* The mask of the seat to decide now, from the rules the moves check (each of them also
 * checks the turn, which the caller did): legal is badugi_hand_legal's bounds in a
 * betting round (unread otherwise). A hand whose event queue is too full for another move
 * accepts none. */
static void mask_of(const Hand *h, const badugi_actions *actions, int count,
                    const int64_t legal[5], uint8_t *mask) {
    int discard = first_discard(h, actions);
    memset(mask, 0, (size_t)count);
    if (!h->silent && h->n_events > BADUGI_HAND_MAX_EVENTS - BADUGI_HAND_CALL_EVENTS) return;
    if (h->phase == BADUGI_PHASE_BETTING) {
        mask[0] = (uint8_t)(legal[0] != 0);
        mask[1] = 1;
        if (legal[4] > 0) memset(mask + 2, 1, (size_t)(discard - 2));
    } else if (h->phase == BADUGI_PHASE_DRAW) {
        int held = h->hand_len[h->actor]; /* all its cards, at most game.cards */
        memset(mask + discard, 1, (size_t)1 << (held < h->game.cards ? held : h->game.cards));
    } else {
        mask[count - 2] = 1;
        mask[count - 1] = (uint8_t)!badugi_hand_must_show(h, h->showing[0]);
    }
}

int badugi_hand_action_mask(const badugi_hand *h, const badugi_actions *actions,
                            uint8_t *mask) {
    int count = badugi_action_count(h, actions), seat;
    int64_t legal[5] = {0};
    if (count < 0 || !mask) return BADUGI_HAND_E_SETTINGS;
    seat = badugi_hand_turn(h);
    if (seat < 0) return seat;
    if (h->phase == BADUGI_PHASE_BETTING) badugi_hand_legal(h, legal);
    mask_of(h, actions, count, legal, mask);
    return count;
}

int badugi_hand_decode(const badugi_hand *h, const badugi_actions *actions, int action,
                       int64_t *amount) {
    int count = badugi_action_count(h, actions);
    if (count < 0 || !amount || action < 0 || action >= count) return BADUGI_HAND_E_SETTINGS;
    return badugi_hand_decode_counted(h, actions, count, NULL, action, amount);
}

int badugi_hand_decode_counted(const badugi_hand *h, const badugi_actions *actions, int count,
                               const int64_t *bounds, int action, int64_t *amount) {
    int discard;
    int64_t found[5];
    const int64_t *legal = bounds ? bounds : found;
    *amount = 0;
    discard = first_discard(h, actions);
    if (action == 0) return BADUGI_MOVE_FOLD;
    if (action == 1) return BADUGI_MOVE_CALL;
    if (action < discard) {
        int code = bounds ? 0 : badugi_hand_legal(h, found);
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

badugi_encoding badugi_encoding_of(const badugi_hand *h, int compact) {
    badugi_encoding e;
    e.compact = compact;
    e.chip = 1.0f / (float)badugi_chip_unit(h);
    e.draw = 1.0f / (float)h->game.draws;
    e.card = 1.0f / (float)h->game.cards;
    return e;
}

static uint32_t float_bits(float value) {
    uint32_t bits;
    memcpy(&bits, &value, sizeof bits);
    return bits;
}

/* The loops below run to a constant bound, testing the hand's own inside: a compiler then
 * unrolls them, where a loop of 1 to 4 turns bounded by the hand would be vectorised, its
 * set-up costing more than the loop. */
void badugi_seat_values(const badugi_hand *h, const badugi_history *history, int s,
                        const badugi_encoding *e, uint32_t *seat_out, uint32_t *history_out) {
    int draws = h->game.draws, made = h->drawn[s][0] < draws ? h->drawn[s][0] : draws;
    int64_t stack = h->stacks[s];
    int folded = h->folded[s] != 0;
    if (e->compact) {
        seat_out[0] = (uint32_t)(int32_t)stack;
        seat_out[1] = (uint32_t)(int32_t)h->bets[s];
        seat_out[2] = (uint32_t)(int32_t)h->contributed[s];
        seat_out[3] = (uint32_t)folded;
        seat_out[4] = (uint32_t)(!folded && stack == 0);
        seat_out[5] = (uint32_t)(s == h->button);
        seat_out[6] = (uint32_t)made;
        for (int d = 0; d < BADUGI_MAX_DRAWS; d++)
            if (d < draws) seat_out[7 + d] = d < made ? h->drawn[s][1 + d] : 0;
        for (int r = 0; r <= BADUGI_MAX_DRAWS; r++)
            if (r <= draws) {
                history_out[2 * r] = history ? history->bets[r][s] : 0;
                history_out[2 * r + 1] = history ? history->calls[r][s] : 0;
            }
        return;
    }
    seat_out[0] = float_bits((float)stack * e->chip);
    seat_out[1] = float_bits((float)h->bets[s] * e->chip);
    seat_out[2] = float_bits((float)h->contributed[s] * e->chip);
    seat_out[3] = float_bits((float)folded);
    seat_out[4] = float_bits((float)(!folded && stack == 0));
    seat_out[5] = float_bits((float)(s == h->button));
    seat_out[6] = float_bits((float)made * e->draw);
    for (int d = 0; d < BADUGI_MAX_DRAWS; d++)
        if (d < draws)
            seat_out[7 + d] = float_bits(d < made ? (float)h->drawn[s][1 + d] * e->card : 0.0f);
    for (int r = 0; r <= BADUGI_MAX_DRAWS; r++)
        if (r <= draws) {
            history_out[2 * r] = float_bits(history ? (float)history->bets[r][s] : 0.0f);
            history_out[2 * r + 1] = float_bits(history ? (float)history->calls[r][s] : 0.0f);
        }
}

/* Copy n blocks of `width` values from `blocks`, starting at block `first` and wrapping. */
static uint32_t *rotated(uint32_t *at, const uint32_t *blocks, int n, int first, int width) {
    memcpy(at, blocks + first * width, sizeof *at * (size_t)((n - first) * width));
    memcpy(at + (n - first) * width, blocks, sizeof *at * (size_t)(first * width));
    return at + n * width;
}

void badugi_observation_write(const badugi_hand *h, int seat, const int64_t legal[5],
                              const uint32_t *seats, const uint32_t *histories,
                              const badugi_encoding *e, void *out) {
    int n = h->n, draws = h->game.draws, cards = h->game.cards;
    int held = h->hand_len[seat] < cards ? h->hand_len[seat] : cards;
    int position = seat - h->button - 1, phase = h->phase - BADUGI_PHASE_BETTING;
    int64_t pot = h->dead_money;
    uint32_t *at = out, *tail, one = e->compact ? 1 : float_bits(1.0f);
    for (int s = 0; s < BADUGI_HAND_MAX_SEATS; s++) /* unrolled, as in badugi_seat_values */
        if (s < n) pot += h->contributed[s];
    position += position < 0 ? n : 0;
    position += position < 0 ? n : 0;
    if (e->compact) { /* card ids, BADUGI_CARDS for none */
        for (int i = 0; i < BADUGI_HAND_MAX_CARDS; i++)
            if (i < cards) at[i] = i < held ? h->hands[seat][i] : BADUGI_CARDS;
        at += cards;
    } else {
        memset(at, 0, sizeof *at * BADUGI_CARDS * (size_t)cards);
        for (int i = 0; i < BADUGI_HAND_MAX_CARDS; i++)
            if (i < held) at[i * BADUGI_CARDS + h->hands[seat][i] % BADUGI_CARDS] = one;
        at += BADUGI_CARDS * cards;
    }
    at = rotated(at, seats, n, seat, seat_width(draws));
    tail = rotated(at, histories, n, seat, history_width(draws));
    if (e->compact) {
        tail[0] = (uint32_t)(int32_t)pot;
        tail[1] = (uint32_t)(int32_t)legal[2];
        tail[2] = (uint32_t)(int32_t)legal[3];
        tail[3] = (uint32_t)(int32_t)legal[4];
        tail[4] = (uint32_t)position;
        tail[5] = (uint32_t)h->live;
    } else {
        tail[0] = float_bits((float)pot * e->chip);
        tail[1] = float_bits((float)legal[2] * e->chip);
        tail[2] = float_bits((float)legal[3] * e->chip);
        tail[3] = float_bits((float)legal[4] * e->chip);
        tail[4] = float_bits((float)position / (float)(n - 1));
        tail[5] = float_bits((float)h->live / (float)n);
    }
    for (int k = 0; k < BADUGI_MAX_DRAWS + 1 + 3; k++) /* the street's and phase's one-hots */
        if (k < draws + 1 + 3) tail[6 + k] = 0;
    tail[6 + h->street] = one;
    if ((uint32_t)phase < 3) tail[6 + draws + 1 + phase] = one;
}

/* Whether seat may be observed: a seat of the hand, holding at most a hand of cards. */
static int observable(const Hand *h, int seat) {
    return seat >= 0 && seat < h->n && (uint32_t)h->hand_len[seat] <= BADUGI_HAND_MAX_CARDS;
}

/* Seat `seat`'s observation (floats, or compact) into out: size values, or
 * BADUGI_HAND_E_SETTINGS for a seat outside the table. */
static int observe(const Hand *h, const badugi_history *history, int seat, int compact,
                   void *out) {
    int size = compact ? badugi_compact_size(h) : badugi_observation_size(h);
    int draws, width, wide;
    int64_t legal[5] = {0};
    uint32_t seats[BADUGI_HAND_MAX_SEATS * (7 + BADUGI_MAX_DRAWS)];
    uint32_t histories[BADUGI_HAND_MAX_SEATS * 2 * (BADUGI_MAX_DRAWS + 1)];
    badugi_encoding e;
    if (size < 0 || !out || !observable(h, seat) ||
        (uint32_t)h->street > (uint32_t)h->game.draws)
        return BADUGI_HAND_E_SETTINGS;
    e = badugi_encoding_of(h, compact);
    draws = h->game.draws, width = seat_width(draws), wide = history_width(draws);
    if (h->phase == BADUGI_PHASE_BETTING && h->actor == seat && badugi_hand_legal(h, legal) < 0)
        legal[2] = legal[3] = legal[4] = 0;
    for (int s = 0; s < h->n; s++)
        badugi_seat_values(h, history, s, &e, seats + s * width, histories + s * wide);
    badugi_observation_write(h, seat, legal, seats, histories, &e, out);
    return size;
}

int badugi_hand_observe(const badugi_hand *h, const badugi_history *history, int seat,
                        float *out) {
    return observe(h, history, seat, 0, out);
}

int badugi_hand_observe_compact(const badugi_hand *h, const badugi_history *history, int seat,
                                int32_t *out) {
    return observe(h, history, seat, 1, out);
}

int badugi_compact_scales(const badugi_hand *h, float *out) {
    int size = badugi_compact_size(h), n, draws, cards;
    badugi_encoding e;
    if (size < 0 || !out) return -1;
    e = badugi_encoding_of(h, 0);
    n = h->n, draws = h->game.draws, cards = h->game.cards;
    for (int k = 0; k < size; k++) out[k] = 1.0f;
    for (int i = 0; i < cards; i++) out[i] = 0.0f; /* card ids: one-hot instead */
    for (int s = 0; s < n; s++) {
        float *at = out + cards + s * seat_width(draws);
        at[0] = at[1] = at[2] = e.chip;
        at[6] = e.draw;
        for (int d = 0; d < draws; d++) at[7 + d] = e.card;
    }
    {
        float *at = out + cards + n * (seat_width(draws) + history_width(draws));
        at[0] = at[1] = at[2] = at[3] = e.chip;
        at[4] = 1.0f / (float)(n - 1);
        at[5] = 1.0f / (float)n;
    }
    return size;
}

int badugi_hand_read(const badugi_hand *h, const badugi_actions *actions, int count,
                     int64_t legal[5], uint8_t *mask) {
    int seat = badugi_hand_turn(h);
    if (seat < 0) return seat;
    if (!observable(h, seat)) return BADUGI_HAND_E_INVALID;
    memset(legal, 0, sizeof(int64_t) * 5);
    if (h->phase == BADUGI_PHASE_BETTING) badugi_hand_bounds(h, seat, legal);
    mask_of(h, actions, count, legal, mask);
    return seat;
}
