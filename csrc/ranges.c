/* ranges.c - the hands of a range (docs/rules.md, "Ranges"; the contract is in badugi.h):
 * a small postfix program, compiled from the range language by Python, run over every
 * hand of a game in colex order, leaving one weight per hand.
 *
 * Pure and reentrant. The whole program is validated before any hand is read, so no
 * program makes this code read or write out of bounds.
 */
#include <math.h>
#include <string.h>

#include "internal.h"

#define STACK 32
#define ALL_RANKS 0x1FFFu
#define ALL_SUITS 0xFu

/* C(n, k) for the hand counts (n <= 52, k <= 5): exact in a double. */
static double binomial(int n, int k) {
    double c = 1;
    for (int i = 0; i < k; i++) c = c * (n - i) / (i + 1);
    return c;
}

int32_t badugi_range_hands(int cards) {
    return cards == 4 || cards == 5 ? (int32_t)binomial(BADUGI_CARDS, cards) : -1;
}

int32_t badugi_range_index(const uint8_t *cards, int count) {
    if (!cards || (count != 4 && count != 5)) return -1;
    uint8_t s[5];
    for (int i = 0; i < count; i++) {
        if (cards[i] >= BADUGI_CARDS) return -1;
        int j = i;
        while (j > 0 && s[j - 1] > cards[i]) {
            s[j] = s[j - 1];
            j--;
        }
        s[j] = cards[i];
    }
    double index = 0;
    for (int i = 0; i < count; i++) {
        if (i > 0 && s[i] == s[i - 1]) return -1;
        index += binomial(s[i], i + 1);
    }
    return (int32_t)index;
}

/* Every n-card hand in lexicographic order of its sorted ids: `first` sets idx to the
 * first hand, `next_hand` steps it (0 after the last). `colex` is its index. */
static void first_hand(int *idx, int n) {
    for (int i = 0; i < n; i++) idx[i] = i;
}

static int next_hand(int *idx, int n) {
    int i = n - 1;
    while (i >= 0 && idx[i] == BADUGI_CARDS - n + i) i--;
    if (i < 0) return 0;
    idx[i]++;
    for (int j = i + 1; j < n; j++) idx[j] = idx[j - 1] + 1;
    return 1;
}

static int32_t colex(const int *idx, int n, uint8_t *c) {
    static const int32_t choose[6][BADUGI_CARDS] = {
#define C1(x) (x)
#define C2(x) ((x) * ((x) - 1) / 2)
#define C3(x) ((x) * ((x) - 1) * ((x) - 2) / 6)
#define C4(x) ((x) * ((x) - 1) * ((x) - 2) * ((x) - 3) / 24)
#define C5(x) ((x) * ((x) - 1) * ((x) - 2) * ((x) - 3) * ((x) - 4) / 120)
#define R4(F, x) F(x), F((x) + 1), F((x) + 2), F((x) + 3)
#define ROW(F) {R4(F, 0), R4(F, 4), R4(F, 8), R4(F, 12), R4(F, 16), R4(F, 20), R4(F, 24), \
                R4(F, 28), R4(F, 32), R4(F, 36), R4(F, 40), R4(F, 44), R4(F, 48)}
        {0}, ROW(C1), ROW(C2), ROW(C3), ROW(C4), ROW(C5)};
    int32_t index = 0;
    for (int i = 0; i < n; i++) {
        c[i] = (uint8_t)idx[i];
        index += choose[i + 1][idx[i]];
    }
    return index;
}

/* Pattern matching: card specs p[0..m) against hand cards c[0..n) (m <= n), each spec
 * its own card; rank and suit variables bind consistently and never to a rank or suit
 * written explicitly in the pattern (`fixed_ranks`, `fixed_suits`). */
typedef struct {
    const badugi_range_card *p;
    int m, n;
    const uint8_t *c;
    unsigned fixed_ranks, fixed_suits;
    int rank_of[BADUGI_RANGE_VARIABLES], suit_of[BADUGI_RANGE_VARIABLES];
    unsigned used; /* hand positions taken */
} matcher;

static int assign(matcher *t, int i) {
    if (i == t->m) return 1;
    const badugi_range_card *spec = &t->p[i];
    for (int j = 0; j < t->n; j++) {
        if (t->used >> j & 1) continue;
        int rank = t->c[j] >> 2, suit = t->c[j] & 3;
        if (!(spec->ranks >> rank & 1) || !(spec->suits >> suit & 1)) continue;
        int rv = spec->rank_var, sv = spec->suit_var;
        int bound_rank = 0, bound_suit = 0;
        if (rv >= 0) {
            if (t->rank_of[rv] >= 0) {
                if (t->rank_of[rv] != rank) continue;
            } else {
                if (t->fixed_ranks >> rank & 1) continue;
                int clash = 0;
                for (int v = 0; v < BADUGI_RANGE_VARIABLES; v++) clash |= t->rank_of[v] == rank;
                if (clash) continue;
                t->rank_of[rv] = rank;
                bound_rank = 1;
            }
        }
        if (sv >= 0) {
            if (t->suit_of[sv] >= 0) {
                if (t->suit_of[sv] != suit) {
                    if (bound_rank) t->rank_of[rv] = -1;
                    continue;
                }
            } else {
                int clash = (t->fixed_suits >> suit & 1) != 0;
                for (int v = 0; v < BADUGI_RANGE_VARIABLES; v++) clash |= t->suit_of[v] == suit;
                if (clash) {
                    if (bound_rank) t->rank_of[rv] = -1;
                    continue;
                }
                t->suit_of[sv] = suit;
                bound_suit = 1;
            }
        }
        t->used |= 1u << j;
        if (assign(t, i + 1)) return 1;
        t->used &= ~(1u << j);
        if (bound_rank) t->rank_of[rv] = -1;
        if (bound_suit) t->suit_of[sv] = -1;
    }
    return 0;
}

/* Whether the m specs match m distinct cards of c[0..n); `exact`: and no card is left. */
static int matches(const badugi_range_op *op, const uint8_t *c, int n, int exact) {
    if (op->count > n || (exact && op->count != n)) return 0;
    matcher t = {op->cards, op->count, n, c, 0, 0, {0}, {0}, 0};
    for (int v = 0; v < BADUGI_RANGE_VARIABLES; v++) t.rank_of[v] = t.suit_of[v] = -1;
    for (int i = 0; i < op->count; i++) {
        const badugi_range_card *spec = &op->cards[i];
        if (spec->rank_var < 0 && (spec->ranks & (spec->ranks - 1)) == 0)
            t.fixed_ranks |= spec->ranks;
        if (spec->suit_var < 0 && (spec->suits & (spec->suits - 1)) == 0)
            t.fixed_suits |= spec->suits;
    }
    return assign(&t, 0);
}

/* The value of one leaf for the hand c[0..n): a weight (0: not in it). */
static double leaf(const badugi_game *game, const badugi_range_op *op, const uint8_t *c, int n,
                   int32_t index) {
    switch (op->op) {
    case BADUGI_RANGE_PATTERN:
        return matches(op, c, n, 0);
    case BADUGI_RANGE_RANK_AT_MOST:
        return badugi_rank(game->rankings[op->half], c, n) <= op->value;
    case BADUGI_RANGE_THROWS:
        return badugi_odds_throws(game, c, n) == op->value;
    case BADUGI_RANGE_KEEPS: {
        int mask = badugi_odds_policy(game, 0, c, n);
        uint8_t kept[5];
        int k = 0;
        for (int i = 0; i < n; i++)
            if (!(mask >> i & 1)) kept[k++] = c[i];
        return mask > 0 && matches(op, kept, k, 1);
    }
    case BADUGI_RANGE_TABLE:
        return op->table[index];
    default:
        return 0; /* not reached: validated */
    }
}

/* Whether the program is well formed: known ops, fields in range, and a stack that never
 * underflows, stays within STACK and ends with one value. */
static int valid_program(const badugi_game *game, const badugi_range_op *program, int length) {
    int depth = 0;
    for (int i = 0; i < length; i++) {
        const badugi_range_op *op = &program[i];
        switch (op->op) {
        case BADUGI_RANGE_PATTERN:
        case BADUGI_RANGE_KEEPS:
            if (op->count < 0 || op->count > game->cards) return 0;
            for (int j = 0; j < op->count; j++) {
                const badugi_range_card *spec = &op->cards[j];
                if (spec->ranks > ALL_RANKS || spec->suits > ALL_SUITS ||
                    spec->rank_var < -1 || spec->rank_var >= BADUGI_RANGE_VARIABLES ||
                    spec->suit_var < -1 || spec->suit_var >= BADUGI_RANGE_VARIABLES)
                    return 0;
            }
            depth++;
            break;
        case BADUGI_RANGE_RANK_AT_MOST:
            if (op->half < 0 || op->half >= game->halves) return 0;
            depth++;
            break;
        case BADUGI_RANGE_THROWS:
            if (op->value < 0 || op->value > game->cards) return 0;
            depth++;
            break;
        case BADUGI_RANGE_TABLE:
            if (!op->table || op->table_length != badugi_range_hands(game->cards)) return 0;
            depth++;
            break;
        case BADUGI_RANGE_WEIGHT:
            if (!(op->weight > 0 && isfinite(op->weight)) || depth < 1) return 0;
            break;
        case BADUGI_RANGE_NOT:
            if (depth < 1) return 0;
            break;
        case BADUGI_RANGE_OR:
        case BADUGI_RANGE_AND:
        case BADUGI_RANGE_MINUS:
            if (depth < 2) return 0;
            depth--;
            break;
        default:
            return 0;
        }
        if (depth > STACK) return 0;
    }
    return depth == 1;
}

int badugi_range_fill(const badugi_game *game, const badugi_range_op *program, int length,
                      double *weights) {
    if (!game || badugi_game_fault(game) || !program || length < 1 || !weights ||
        !valid_program(game, program, length))
        return BADUGI_ODDS_BAD_SPEC;
    int n = game->cards;
    for (int o = 0; o < length; o++) /* a table's weights are finite and not negative */
        if (program[o].op == BADUGI_RANGE_TABLE) {
            int32_t hands = badugi_range_hands(n);
            for (int32_t i = 0; i < hands; i++)
                if (!(program[o].table[i] >= 0 && isfinite(program[o].table[i])))
                    return BADUGI_ODDS_BAD_SPEC;
        }
    int idx[5];
    first_hand(idx, n);
    do {
        uint8_t c[5];
        int32_t index = colex(idx, n, c);
        double stack[STACK];
        int top = 0;
        for (int o = 0; o < length; o++) {
            const badugi_range_op *op = &program[o];
            double a;
            switch (op->op) {
            case BADUGI_RANGE_WEIGHT:
                stack[top - 1] *= op->weight;
                break;
            case BADUGI_RANGE_NOT:
                stack[top - 1] = stack[top - 1] > 0 ? 0 : 1;
                break;
            case BADUGI_RANGE_OR: /* the first part's weight when it holds the hand */
                a = stack[top - 2];
                stack[top - 2] = a > 0 ? a : stack[top - 1];
                top--;
                break;
            case BADUGI_RANGE_AND:
                stack[top - 2] *= stack[top - 1];
                top--;
                break;
            case BADUGI_RANGE_MINUS:
                if (stack[top - 1] > 0) stack[top - 2] = 0;
                top--;
                break;
            default:
                stack[top++] = leaf(game, op, c, n, index);
            }
        }
        weights[index] = stack[0];
    } while (next_hand(idx, n));
    return BADUGI_ODDS_OK;
}

int32_t badugi_range_combos(int cards, const double *weights, uint64_t dead, uint8_t *hands,
                            double *combo_weights, double *cumulative) {
    int32_t total = badugi_range_hands(cards);
    if (total < 0 || !weights) return BADUGI_ODDS_BAD_SPEC;
    for (int32_t i = 0; i < total; i++)
        if (!(weights[i] >= 0 && isfinite(weights[i]))) return BADUGI_ODDS_BAD_SPEC;
    int32_t count = 0;
    double sum = 0;
    int idx[5];
    first_hand(idx, cards);
    do {
        uint8_t c[5];
        int32_t index = colex(idx, cards, c);
        uint64_t set = 0;
        for (int j = 0; j < cards; j++) set |= 1ull << c[j];
        if (weights[index] == 0 || (set & dead)) continue;
        if (hands) memcpy(hands + (size_t)count * (size_t)cards, c, (size_t)cards);
        if (combo_weights) combo_weights[count] = weights[index];
        sum += weights[index];
        if (cumulative) cumulative[count] = sum;
        count++;
    } while (next_hand(idx, cards));
    return count;
}
