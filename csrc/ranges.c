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
    return cards >= 1 && cards <= 5 ? (int32_t)binomial(BADUGI_CARDS, cards) : -1;
}

int32_t badugi_range_index(const uint8_t *cards, int count) {
    if (!cards || count < 1 || count > 5) return -1;
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

/* C(x, k) for x < 52, k <= 5: a hand's colex index is the sum of C(c_i, i + 1) over its
 * sorted card ids c_0 < .. < c_{k-1}. */
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

/* The hand of colex index `index` (0 <= index < C(52, n)): its sorted ids. */
static void unrank(int32_t index, int n, uint8_t *c) {
    for (int i = n - 1; i >= 0; i--) {
        int x = i;
        while (x + 1 < BADUGI_CARDS && choose[i + 1][x + 1] <= index) x++;
        c[i] = (uint8_t)x;
        index -= choose[i + 1][x];
    }
}

/* The next hand in colex order (index + 1); 0 after the last. */
static int next_colex(uint8_t *c, int n) {
    for (int i = 0; i < n; i++) {
        int limit = i + 1 < n ? c[i + 1] : BADUGI_CARDS;
        if (c[i] + 1 < limit) {
            c[i]++;
            for (int j = 0; j < i; j++) c[j] = (uint8_t)j;
            return 1;
        }
    }
    return 0;
}

/* Every n-card hand in lexicographic order of its sorted ids (the order of a range's
 * combos): `first_hand` sets c to the first hand, `next_hand` steps it (0 after the
 * last). `colex` is its index. */
static void first_hand(uint8_t *c, int n) {
    for (int i = 0; i < n; i++) c[i] = (uint8_t)i;
}

static int next_hand(uint8_t *c, int n) {
    int i = n - 1;
    while (i >= 0 && c[i] == BADUGI_CARDS - n + i) i--;
    if (i < 0) return 0;
    c[i]++;
    for (int j = i + 1; j < n; j++) c[j] = (uint8_t)(c[j - 1] + 1);
    return 1;
}

static int32_t colex(const uint8_t *c, int n) {
    int32_t index = 0;
    for (int i = 0; i < n; i++) index += choose[i + 1][c[i]];
    return index;
}

/* ---- patterns -------------------------------------------------------------------------
 * Card specs p[0..m) against hand cards c[0..n) (m <= n), each spec its own card; rank
 * and suit variables bind consistently and never to a rank or suit written alone in the
 * pattern. Two specs are twins when swapping them (renaming variables used once) leaves
 * the pattern as it was: same rank and suit bits, and each variable the same or used
 * once in each. Any match can give twins cards in increasing positions, so the search
 * does only that: BCDEF tries one order of a hand's five cards, not 120. */
typedef struct {
    uint16_t fixed_ranks; /* ranks a spec names alone, without a variable: in every match */
    uint8_t fixed_suits;
    int8_t ranks, suits;  /* distinct ranks (suits) a match holds at least */
    int8_t twin[5];       /* the nearest earlier twin of spec i, or -1 */
} pattern_info;

static int used_once(const badugi_range_op *op, int var, int suit) {
    int uses = 0;
    for (int i = 0; i < op->count; i++)
        uses += (suit ? op->cards[i].suit_var : op->cards[i].rank_var) == var;
    return uses == 1;
}

static int twins(const badugi_range_op *op, int a, int b) {
    const badugi_range_card *x = &op->cards[a], *y = &op->cards[b];
    if (x->ranks != y->ranks || x->suits != y->suits) return 0;
    int ranks_alike = x->rank_var == y->rank_var ||
                      (x->rank_var >= 0 && y->rank_var >= 0 && used_once(op, x->rank_var, 0) &&
                       used_once(op, y->rank_var, 0));
    int suits_alike = x->suit_var == y->suit_var ||
                      (x->suit_var >= 0 && y->suit_var >= 0 && used_once(op, x->suit_var, 1) &&
                       used_once(op, y->suit_var, 1));
    return ranks_alike && suits_alike;
}

static int bits(unsigned x) {
    int count = 0;
    for (; x; x &= x - 1) count++;
    return count;
}

static void describe_pattern(const badugi_range_op *op, pattern_info *info) {
    unsigned rank_vars = 0, suit_vars = 0;
    info->fixed_ranks = 0;
    info->fixed_suits = 0;
    for (int i = 0; i < op->count; i++) {
        const badugi_range_card *spec = &op->cards[i];
        if (spec->rank_var >= 0) rank_vars |= 1u << spec->rank_var;
        if (spec->suit_var >= 0) suit_vars |= 1u << spec->suit_var;
        if (spec->rank_var < 0 && (spec->ranks & (spec->ranks - 1)) == 0)
            info->fixed_ranks |= spec->ranks;
        if (spec->suit_var < 0 && (spec->suits & (spec->suits - 1)) == 0)
            info->fixed_suits |= spec->suits;
        info->twin[i] = -1;
        for (int j = i - 1; j >= 0 && info->twin[i] < 0; j--)
            if (twins(op, j, i)) info->twin[i] = (int8_t)j;
    }
    info->ranks = (int8_t)(bits(info->fixed_ranks) + bits(rank_vars));
    info->suits = (int8_t)(bits(info->fixed_suits) + bits(suit_vars));
}

typedef struct {
    const badugi_range_card *p;
    const pattern_info *info;
    int m, n;
    const uint8_t *c;
    int8_t rank_of[BADUGI_RANGE_VARIABLES], suit_of[BADUGI_RANGE_VARIABLES];
    unsigned taken_ranks, taken_suits; /* bound to a variable, or written alone */
    unsigned used;                     /* hand positions taken */
    int at[5];                         /* the position each spec took */
    uint64_t steps;                    /* cards tried */
} matcher;

static int assign(matcher *t, int i) {
    if (i == t->m) return 1;
    const badugi_range_card *spec = &t->p[i];
    int rv = spec->rank_var, sv = spec->suit_var, twin = t->info->twin[i];
    for (int j = twin >= 0 ? t->at[twin] + 1 : 0; j < t->n; j++) {
        t->steps++;
        if (t->used >> j & 1) continue;
        int rank = t->c[j] >> 2, suit = t->c[j] & 3;
        if (!(spec->ranks >> rank & 1) || !(spec->suits >> suit & 1)) continue;
        int new_rank = rv >= 0 && t->rank_of[rv] < 0, new_suit = sv >= 0 && t->suit_of[sv] < 0;
        if (rv >= 0 && (new_rank ? t->taken_ranks >> rank & 1 : t->rank_of[rv] != rank)) continue;
        if (sv >= 0 && (new_suit ? t->taken_suits >> suit & 1 : t->suit_of[sv] != suit)) continue;
        if (new_rank) t->rank_of[rv] = (int8_t)rank, t->taken_ranks |= 1u << rank;
        if (new_suit) t->suit_of[sv] = (int8_t)suit, t->taken_suits |= 1u << suit;
        t->used |= 1u << j;
        t->at[i] = j;
        if (assign(t, i + 1)) return 1;
        t->used &= ~(1u << j);
        if (new_rank) t->rank_of[rv] = -1, t->taken_ranks &= ~(1u << rank);
        if (new_suit) t->suit_of[sv] = -1, t->taken_suits &= ~(1u << suit);
    }
    return 0;
}

/* Whether the specs match distinct cards of c[0..n); `exact`: and no card is left. Adds
 * the cards tried to *steps. */
static int matches(const badugi_range_op *op, const pattern_info *info, const uint8_t *c, int n,
                   int exact, uint64_t *steps) {
    if (op->count > n || (exact && op->count != n)) return 0;
    unsigned ranks = 0, suits = 0; /* a match needs its fixed ranks and enough distinct ones */
    for (int i = 0; i < n; i++) ranks |= 1u << (c[i] >> 2), suits |= 1u << (c[i] & 3);
    if ((ranks & info->fixed_ranks) != info->fixed_ranks || bits(ranks) < info->ranks ||
        (suits & info->fixed_suits) != info->fixed_suits || bits(suits) < info->suits)
        return 0;
    matcher t = {op->cards, info, op->count, n, c, {0}, {0}, info->fixed_ranks,
                 info->fixed_suits, 0, {0}, 0};
    memset(t.rank_of, -1, sizeof t.rank_of);
    memset(t.suit_of, -1, sizeof t.suit_of);
    int found = assign(&t, 0);
    *steps += t.steps;
    return found;
}

/* ---- a program ------------------------------------------------------------------------ */

static const double MIN_WEIGHT = 1e-18, MAX_WEIGHT = 1e18; /* BADUGI_RANGE_WEIGHT_DIGITS */

static int weight_ok(double w) { return w >= MIN_WEIGHT && w <= MAX_WEIGHT; }

/* What the validation learns of each op: the first leaf equal to it (computed once a
 * hand, however often it is written), and a pattern's twins. */
typedef struct {
    int16_t first;
    pattern_info pattern;
} op_info;

static int same_leaf(const badugi_range_op *a, const badugi_range_op *b) {
    if (a->op != b->op) return 0;
    switch (a->op) {
    case BADUGI_RANGE_PATTERN:
    case BADUGI_RANGE_KEEPS:
        if (a->count != b->count) return 0;
        for (int i = 0; i < a->count; i++) {
            const badugi_range_card *x = &a->cards[i], *y = &b->cards[i];
            if (x->ranks != y->ranks || x->suits != y->suits || x->rank_var != y->rank_var ||
                x->suit_var != y->suit_var)
                return 0;
        }
        return 1;
    case BADUGI_RANGE_RANK_AT_MOST:
        return a->half == b->half && a->value == b->value;
    case BADUGI_RANGE_THROWS:
        return a->value == b->value;
    case BADUGI_RANGE_TABLE:
        return a->table == b->table;
    default:
        return 0;
    }
}

/* Whether the program is well formed (known ops, fields in range, at most MAX_OPS, a
 * stack that never underflows, stays within STACK and ends with one value), filling
 * info[] as it goes. */
static int compile(const badugi_game *game, const badugi_range_op *program, int length,
                   op_info *info) {
    if (length < 1 || length > BADUGI_RANGE_MAX_OPS) return 0;
    int depth = 0;
    for (int i = 0; i < length; i++) {
        const badugi_range_op *op = &program[i];
        int leaf = 0;
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
            describe_pattern(op, &info[i].pattern);
            leaf = 1;
            break;
        case BADUGI_RANGE_RANK_AT_MOST:
            if (op->half < 0 || op->half >= game->halves) return 0;
            leaf = 1;
            break;
        case BADUGI_RANGE_THROWS:
            if (op->value < 0 || op->value > game->cards) return 0;
            leaf = 1;
            break;
        case BADUGI_RANGE_TABLE:
            if (!op->table || op->table_length != badugi_range_hands(game->cards)) return 0;
            leaf = 1;
            break;
        case BADUGI_RANGE_WEIGHT:
            if (!weight_ok(op->weight) || depth < 1) return 0;
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
        depth += leaf;
        if (depth > STACK) return 0;
        info[i].first = (int16_t)i;
        for (int j = 0; leaf && j < i && info[i].first == i; j++)
            if (same_leaf(&program[j], op)) info[i].first = (int16_t)j;
    }
    return depth == 1;
}

/* What the leaves of one hand share, each found at most once: the built-in policy's
 * discard count and mask (no target), and the hand's rank in each half; and the steps
 * the hand took (BADUGI_RANGE_STEP_* for what each costs). */
typedef struct {
    const badugi_game *game;
    const uint8_t *c;
    int n, throws, discard, rank[2];
    uint64_t steps;
} hand_facts;

static double leaf(hand_facts *h, const badugi_range_op *op, const op_info *info, int32_t index) {
    switch (op->op) {
    case BADUGI_RANGE_PATTERN:
        return matches(op, &info->pattern, h->c, h->n, 0, &h->steps);
    case BADUGI_RANGE_RANK_AT_MOST:
        if (h->rank[op->half] < 0) {
            h->rank[op->half] = badugi_rank(h->game->rankings[op->half], h->c, h->n);
            h->steps += BADUGI_RANGE_STEPS_RANK;
        }
        return h->rank[op->half] <= op->value;
    case BADUGI_RANGE_THROWS:
        if (h->throws < 0) {
            h->throws = badugi_odds_throws(h->game, h->c, h->n);
            h->steps += BADUGI_RANGE_STEPS_THROWS;
        }
        return h->throws == op->value;
    case BADUGI_RANGE_KEEPS: {
        if (h->discard < 0) {
            h->discard = badugi_odds_policy(h->game, 0, h->c, h->n);
            h->steps += BADUGI_RANGE_STEPS_POLICY;
        }
        uint8_t kept[5];
        int k = 0;
        for (int i = 0; i < h->n; i++)
            if (!(h->discard >> i & 1)) kept[k++] = h->c[i];
        return h->discard > 0 && matches(op, &info->pattern, kept, k, 1, &h->steps);
    }
    case BADUGI_RANGE_TABLE:
        return op->table[index];
    default:
        return 0; /* not reached: validated */
    }
}

/* The weight of one hand, or -1 when a weight leaves [MIN_WEIGHT, MAX_WEIGHT]. */
static double run(hand_facts *h, const badugi_range_op *program, int length, const op_info *info,
                  double *value, int32_t index) {
    double stack[STACK];
    int top = 0;
    h->steps += (uint64_t)length;
    for (int o = 0; o < length; o++) {
        const badugi_range_op *op = &program[o];
        double a, b;
        switch (op->op) {
        case BADUGI_RANGE_WEIGHT:
            a = stack[top - 1];
            if (a > 0 && !weight_ok(stack[top - 1] = a * op->weight)) return -1;
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
            a = stack[top - 2], b = stack[top - 1];
            if (a > 0 && b > 0 && !weight_ok(a * b)) return -1;
            stack[top - 2] = a * b;
            top--;
            break;
        case BADUGI_RANGE_MINUS:
            if (stack[top - 1] > 0) stack[top - 2] = 0;
            top--;
            break;
        default:
            value[o] = info[o].first == o ? leaf(h, op, &info[o], index) : value[info[o].first];
            stack[top++] = value[o];
        }
    }
    return stack[0];
}

int badugi_range_fill(const badugi_game *game, const badugi_range_op *program, int length,
                      int32_t first, int32_t count, uint64_t budget, uint64_t *steps,
                      double *weights) {
    op_info info[BADUGI_RANGE_MAX_OPS];
    if (!game || badugi_game_fault(game) || !program || !weights || !steps ||
        !compile(game, program, length, info))
        return BADUGI_ODDS_BAD_SPEC;
    int n = game->cards;
    int32_t hands = badugi_range_hands(n);
    if (hands < 0 || n > 5 || first < 0 || count < 0 || count > hands - first)
        return BADUGI_ODDS_BAD_SPEC;
    for (int o = 0; o < length; o++) /* the weights this part reads: 0, or in the bounds */
        if (program[o].op == BADUGI_RANGE_TABLE && info[o].first == o)
            for (int32_t i = first; i < first + count; i++)
                if (program[o].table[i] != 0 && !weight_ok(program[o].table[i]))
                    return BADUGI_RANGE_BAD_WEIGHT;
    if (count == 0) return BADUGI_ODDS_OK;
    uint64_t deck = badugi_game_deck(game);
    uint8_t c[5];
    unrank(first, n, c);
    double value[BADUGI_RANGE_MAX_OPS];
    for (int32_t index = first;; index++) {
        hand_facts h = {game, c, n, -1, -1, {-1, -1}, BADUGI_RANGE_STEPS_HAND};
        int dealt = 1; /* a hand of the game's deck: any other weighs 0 */
        for (int i = 0; i < n; i++) dealt &= (int)(deck >> c[i] & 1);
        double w = dealt ? run(&h, program, length, info, value, index) : 0;
        if (w < 0) return BADUGI_RANGE_BAD_WEIGHT;
        weights[index] = w;
        *steps += h.steps;
        if (*steps > budget) return BADUGI_RANGE_OVER_BUDGET;
        if (index + 1 == first + count) break;
        next_colex(c, n);
    }
    return BADUGI_ODDS_OK;
}

int32_t badugi_range_combos(int cards, const double *weights, uint64_t dead, uint8_t *hands,
                            double *combo_weights, double *cumulative) {
    int32_t total = badugi_range_hands(cards);
    if (total < 0 || cards > 5 || !weights) return BADUGI_ODDS_BAD_SPEC; /* 4 or 5 cards */
    for (int32_t i = 0; i < total; i++)
        if (!(weights[i] >= 0 && isfinite(weights[i]))) return BADUGI_ODDS_BAD_SPEC;
    int32_t count = 0;
    double sum = 0;
    uint8_t c[5];
    first_hand(c, cards);
    do {
        int32_t index = colex(c, cards);
        uint64_t set = 0;
        for (int j = 0; j < cards; j++) set |= 1ull << c[j];
        if (weights[index] == 0 || (set & dead)) continue;
        if (hands) memcpy(hands + (size_t)count * (size_t)cards, c, (size_t)cards);
        if (combo_weights) combo_weights[count] = weights[index];
        sum += weights[index];
        if (cumulative) cumulative[count] = sum;
        count++;
    } while (next_hand(c, cards));
    return count;
}
