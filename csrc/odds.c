/* odds.c - draw odds and equity: exact enumeration and seeded Monte Carlo over the
 * rank tables (docs/rules.md, "Draw odds and equity"; the contract is in badugi.h).
 *
 * Pure and reentrant: every call keeps its state on its own stack, and the whole
 * spec is validated (ids, counts, discards, options) before any table is read, so no
 * input makes this code read or write out of bounds.
 */
#include <string.h>

#include "internal.h"
#include "tables.h"

#define MAXP BADUGI_ODDS_MAX_PLAYERS
#define NO_CARD 255
#define STOP 1 /* internal status: the outcome count passed its limit */
#define UNRANKED 0xFFFF

/* C(x, k) for card ids x < 52, k = 2..4: the colex hash of badugi.c, here for the
 * enumeration's innermost loop, which moves one card through a fixed three. */
#define CH2(x) ((x) * ((x) - 1) / 2)
#define CH3(x) ((x) * ((x) - 1) * ((x) - 2) / 6)
#define CH4(x) ((x) * ((x) - 1) * ((x) - 2) * ((x) - 3) / 24)
#define R4(F, x) F(x), F((x) + 1), F((x) + 2), F((x) + 3)
#define R52(F) R4(F, 0u), R4(F, 4u), R4(F, 8u), R4(F, 12u), R4(F, 16u), R4(F, 20u), \
    R4(F, 24u), R4(F, 28u), R4(F, 32u), R4(F, 36u), R4(F, 40u), R4(F, 44u), R4(F, 48u)
static const uint32_t choose2[52] = {R52(CH2)};
static const uint32_t choose3[52] = {R52(CH3)};
static const uint32_t choose4[52] = {R52(CH4)};

/* ---- the generator: badugi_rng (internal.h), its outputs cut in halves ------------ */

typedef struct {
    badugi_rng core;
    uint32_t spare;
    int has_spare;
} rng;

static void rng_seed(rng *g, uint64_t seed, uint64_t chunk) {
    badugi_rng_seed(&g->core, seed, chunk);
    g->has_spare = 0;
    g->spare = 0;
}

/* 32 random bits: each 64-bit output is used as two halves, high half first. */
static uint32_t next32(rng *g) {
    if (g->has_spare) {
        g->has_spare = 0;
        return g->spare;
    }
    uint64_t x = badugi_rng_next(&g->core);
    g->spare = (uint32_t)x;
    g->has_spare = 1;
    return (uint32_t)(x >> 32);
}

/* Uniform in 0..n-1 without bias (Lemire's multiply-and-reject), n >= 1. */
static uint32_t below(rng *g, uint32_t n) {
    uint64_t m = (uint64_t)next32(g) * n;
    uint32_t low = (uint32_t)m;
    if (low < n) {
        uint32_t threshold = (0u - n) % n;
        while (low < threshold) {
            m = (uint64_t)next32(g) * n;
            low = (uint32_t)m;
        }
    }
    return (uint32_t)(m >> 32);
}

/* ---- evaluation and the built-in policy ------------------------------------------ */

/* Whether a ranking plays the ace high (Badugi aces high, deuce-to-seven). */
static int aces_high(int ranking) {
    return ranking == BADUGI_RANKING_BADUGI_ACE_HIGH || ranking == BADUGI_RANKING_DEUCE_SEVEN;
}

/* A game the kernels can judge (no qualifier: every hand takes part) and a target on its
 * first half's scale. */
static int valid_options(const badugi_game *game, int target) {
    return game && !badugi_game_fault(game) && game->qualifier == 0 && target >= 0 &&
           target <= badugi_ranking_scale(game->rankings[0]);
}

/* The rank of every half of one hand (ids already validated); 0 for a half not played. */
static void eval_halves(const badugi_game *game, const uint8_t *h, uint16_t r[2]) {
    r[0] = badugi_rank(game->rankings[0], h, game->cards);
    r[1] = game->halves == 2 ? badugi_rank(game->rankings[1], h, game->cards) : 0;
}

/* Advance idx[0..k) to the next k-subset of 0..n-1 in lexicographic order; 0 at the end. */
static int next_combo(int *idx, int k, int n) {
    int i = k - 1;
    while (i >= 0 && idx[i] == n - k + i) i--;
    if (i < 0) return 0;
    idx[i]++;
    for (int j = i + 1; j < k; j++) idx[j] = idx[j - 1] + 1;
    return 1;
}

static int card_value(int card, int high) {
    int rank = card / 4 + 1;
    return high && rank == 1 ? 14 : rank;
}

/* Positions of c[0..n) in increasing card id order. */
static void id_order(const uint8_t *c, int n, int *order) {
    for (int i = 0; i < n; i++) {
        int j = i;
        while (j > 0 && c[order[j - 1]] > c[i]) {
            order[j] = order[j - 1];
            j--;
        }
        order[j] = i;
    }
}

/* The playing set of a Badugi-half rank as a mask over positions: among the sets with
 * that rank, the first in lexicographic order of the sorted card ids (Hand.playing). */
static int playing_mask(const uint8_t *c, int n, int high, uint16_t rank) {
    uint8_t want[4];
    int size = badugi_decode(rank, high, want);
    unsigned wanted = 0;
    for (int i = 0; i < size; i++) wanted |= 1u << want[i];
    int order[5], idx[4];
    id_order(c, n, order);
    for (int i = 0; i < size; i++) idx[i] = i;
    do {
        unsigned suits = 0, values = 0;
        int mask = 0, clash = 0;
        for (int i = 0; i < size; i++) {
            int pos = order[idx[i]];
            unsigned suit = 1u << (c[pos] & 3);
            clash |= (suits & suit) != 0;
            suits |= suit;
            values |= 1u << card_value(c[pos], high);
            mask |= 1 << pos;
        }
        if (!clash && values == wanted) return mask;
    } while (size > 0 && next_combo(idx, size, n));
    return 0; /* not reached: every valid hand has its playing set */
}

/* Add to `keep`, lowest value first (ties: lowest id), each card of c[0..n) outside
 * `thrown` of a rank not yet kept whose value is at most BADUGI_ODDS_LOW_KEEP. */
static int keep_low_cards(const uint8_t *c, int n, int high, int keep, int thrown) {
    unsigned kept_ranks = 0;
    int order[5];
    for (int i = 0; i < n; i++)
        if (keep >> i & 1) kept_ranks |= 1u << (c[i] >> 2);
    id_order(c, n, order);
    for (int value = 1; value <= BADUGI_ODDS_LOW_KEEP; value++)
        for (int i = 0; i < n; i++) {
            int pos = order[i];
            unsigned rank = 1u << (c[pos] >> 2);
            if (!((keep | thrown) >> pos & 1) && card_value(c[pos], high) == value &&
                !(kept_ranks & rank)) {
                kept_ranks |= rank;
                keep |= 1 << pos;
            }
        }
    return keep;
}

/* The position of the highest-valued card kept (ties cannot happen: ranks differ). */
static int highest_kept(const uint8_t *c, int n, int high, int keep) {
    int best = -1;
    for (int i = 0; i < n; i++)
        if ((keep >> i & 1) && (best < 0 || card_value(c[i], high) > card_value(c[best], high)))
            best = i;
    return best;
}

/* Five kept 2-7 cards that make a straight or a flush (the values are distinct). */
static int straight_or_flush(const uint8_t *c) {
    int low = 99, top = 0, flush = 1;
    for (int i = 0; i < 5; i++) {
        int v = card_value(c[i], 1);
        low = v < low ? v : low;
        top = v > top ? v : top;
        flush &= (c[i] & 3) == (c[0] & 3);
    }
    return flush || top - low == 4;
}

/* How many cards play in a hand of a Badugi rank (4 for a badugi, down to 1). */
static int set_size(int rank) {
    return rank <= BADUGI_FOUR_CARD_RANKS                                 ? 4
           : rank <= BADUGI_FOUR_CARD_RANKS + BADUGI_THREE_CARD_RANKS   ? 3
           : rank <= BADUGI_RANKS - BADUGI_ONE_CARD_RANKS               ? 2
                                                                         : 1;
}

/* The largest playing set a hand of the game can make (docs/rules.md, "Small games"): four
 * cards, or fewer with fewer cards, suits or ranks. A hand that makes it is *complete*, as
 * a badugi is in the four-card games. */
static int complete_size(const badugi_game *game) {
    int size = game->cards < 4 ? game->cards : 4;
    int suits = game->suits ? game->suits : 4, ranks = game->ranks ? game->ranks : 13;
    size = suits < size ? suits : size;
    return ranks < size ? ranks : size;
}

/* The built-in discard (docs/rules.md, "Draw odds and equity"), decided by the game's
 * rankings; ids validated, n == game->cards. */
static int builtin_discard(const badugi_game *game, int target, const uint8_t *c, int n) {
    int first = game->rankings[0], high = aces_high(first);
    int all = (1 << n) - 1, keep = 0, broken = 0;
    int badugi = badugi_is_badugi_ranking(first);
    int low = !badugi ? first : game->halves == 2 ? game->rankings[1] : -1; /* -1: none */
    uint16_t rank = badugi_rank(first, c, n);
    if (badugi) { /* the playing set; a complete one weaker than the target loses its top */
        keep = playing_mask(c, n, high, rank);
        if (set_size(rank) == complete_size(game) && target && rank > target)
            broken = 1 << highest_kept(c, n, high, keep);
        keep &= ~broken;
    }
    if (low >= 0) /* a low half: five cards (badugi_game_fault), said so the loops unroll */
        keep = keep_low_cards(c, 5, aces_high(low), keep, broken);
    if (!badugi && keep == all) { /* a made low: no 2-7 straight or flush, and the target */
        if (first == BADUGI_RANKING_DEUCE_SEVEN && straight_or_flush(c))
            keep &= ~(1 << highest_kept(c, n, high, keep));
        if (keep == all && target && rank > target) keep &= ~(1 << highest_kept(c, n, high, keep));
    }
    return all & ~keep;
}

/* The discards the policy may make (ascending masks) and the chance of each. */
typedef struct {
    int count;
    int mask[32];
    double chance[32];
} choice_set;

/* ---- a run: the validated spec and the working state of one call ----------------- */

typedef struct {
    const badugi_odds_spec *spec;
    const badugi_game *game;
    int players, draws, target, cards, halves;
    uint64_t deck;            /* the game's cards (badugi_game_deck) */
    uint8_t hand[MAXP][5];
    int first[MAXP];          /* the first discard as a position mask (the built-in
                                 policy's: one of its choices, for its size) */
    uint64_t seen[MAXP];      /* the cards each player has seen go out of play */
    choice_set opening[MAXP]; /* the built-in policy's choices at the first draw */
    uint8_t unseen[52];       /* the stub at the start, ascending */
    int unseen_count;
    int max_need;             /* cards the draws could take, burns included */
    badugi_odds_tally *out;
    int counting, status;
    double limit, count;
    /* counts and enumerations in parts: the parts [part_first, part_end) of the first draw
     * that deals cards and is not the last (split: reached; parts: its subsets) */
    uint32_t part_first, part_end, parts;
    int split;
} run;

/* ---- the policy's tie-break: decided on what the drawing player sees -----------------
 * The rules of builtin_discard rate discards by rank; where they leave a choice (which card
 * of a paired rank to keep), builtin_discard takes the lowest card id, which depends on the
 * suits' names. The policy decides instead on what the player sees (docs/rules.md,
 * "The drawing policy", Ties): his hand and the cards he has seen go out of play (his own
 * discards so far and the dead cards), never the other hands or the stub. Of the equally
 * good discards it throws the one whose view is least under the relabellings of suits;
 * discards with the same least view mirror each other under a relabelling that fixes all
 * he sees, so he cannot tell them apart, and each is thrown with the same chance. */

/* The 24 relabellings of the suits: suit s becomes SUIT_PERMS[i][s]. */
static const uint8_t SUIT_PERMS[24][4] = {
    {0, 1, 2, 3}, {0, 1, 3, 2}, {0, 2, 1, 3}, {0, 2, 3, 1}, {0, 3, 1, 2}, {0, 3, 2, 1},
    {1, 0, 2, 3}, {1, 0, 3, 2}, {1, 2, 0, 3}, {1, 2, 3, 0}, {1, 3, 0, 2}, {1, 3, 2, 0},
    {2, 0, 1, 3}, {2, 0, 3, 1}, {2, 1, 0, 3}, {2, 1, 3, 0}, {2, 3, 0, 1}, {2, 3, 1, 0},
    {3, 0, 1, 2}, {3, 0, 2, 1}, {3, 1, 0, 2}, {3, 1, 2, 0}, {3, 2, 0, 1}, {3, 2, 1, 0}};

#define SUIT_PLANE 0x1111111111111ull /* the cards of suit 0 as a set: ids 0, 4, .., 48 */
#define VIEW_SETS 3                     /* kept, thrown, seen */
#define TABLE_SETS (VIEW_SETS + 2 * (MAXP - 1) + 1) /* then each other hand and seen; stub */

/* A set of cards (bit `id` for card id) with its suits relabelled by perm. */
static uint64_t relabel(uint64_t cards, const uint8_t *perm) {
    uint64_t out = 0;
    for (int s = 0; s < 4; s++) {
        uint64_t plane = cards & (SUIT_PLANE << s);
        out |= perm[s] >= s ? plane << (perm[s] - s) : plane >> (s - perm[s]);
    }
    return out;
}

static uint64_t card_set(const uint8_t *cards, int count) {
    uint64_t set = 0;
    for (int i = 0; i < count; i++) set |= 1ull << cards[i];
    return set;
}

/* Card sets compared in order (compare_positions): the first that differs decides. */
typedef struct {
    uint64_t sets[TABLE_SETS];
    int count;
    uint64_t deck; /* the game's cards: only the relabellings that keep it are compared */
} position;

static int compare_positions(const uint64_t *a, const uint64_t *b, int count) {
    for (int j = 0; j < count; j++)
        if (a[j] != b[j]) return a[j] < b[j] ? -1 : 1;
    return 0;
}

/* The least of a position's relabellings that keep the deck (all 24 with four suits;
 * compare_positions): equal for two positions exactly when such a relabelling of suits
 * turns one into the other. Each relabelling's sets are made only as far as it still
 * ties the least so far. */
static void least_relabelling(const position *at, uint64_t *least) {
    for (int j = 0; j < at->count; j++) least[j] = at->sets[j]; /* the identity */
    for (int i = 1; i < 24; i++) {
        uint64_t image[TABLE_SETS];
        int j = 0;
        if (relabel(at->deck, SUIT_PERMS[i]) != at->deck) continue;
        while (j < at->count && (image[j] = relabel(at->sets[j], SUIT_PERMS[i])) == least[j]) j++;
        if (j == at->count || image[j] > least[j]) continue;
        for (int k = j + 1; k < at->count; k++) image[k] = relabel(at->sets[k], SUIT_PERMS[i]);
        memcpy(least, image, sizeof(uint64_t) * (size_t)at->count);
    }
}

/* The order a relabelling puts each pair of same-rank cards in (pairs[k]: their suits),
 * one bit a pair. */
static uint32_t signature(const uint8_t *perm, int pairs[][2], int count) {
    uint32_t bits = 0;
    for (int k = 0; k < count; k++) bits |= (uint32_t)(perm[pairs[k][0]] < perm[pairs[k][1]]) << k;
    return bits;
}

/* The equally good discards: what builtin_discard throws from the hand under each
 * relabelling of suits (the same rank-wise; the same set for a relabelled hand), as a set
 * of masks (bit m for the mask m).
 *
 * builtin_discard reads suits only to compare them for equality and, through card ids,
 * to order two cards of one rank; so a relabelling matters only through the order it
 * puts each such pair in (its signature), and it is run once per signature. Every
 * relabelling keeps the same ranks, at most one card of each: when no paired rank is
 * kept, there is one candidate. */
static uint32_t candidates(const badugi_game *game, int target, const uint8_t *c, int n) {
    int plain = builtin_discard(game, target, c, n);
    unsigned seen = 0, twice = 0, kept = 0;
    for (int i = 0; i < n; i++) {
        unsigned rank = 1u << (c[i] >> 2);
        twice |= seen & rank;
        seen |= rank;
        if (!(plain >> i & 1)) kept |= rank;
    }
    uint32_t found = 1u << plain; /* the identity's discard */
    if (!(kept & twice)) return found;
    int pairs[10][2], pair_count = 0;
    for (int i = 0; i < n; i++)
        for (int j = i + 1; j < n; j++)
            if (c[i] >> 2 == c[j] >> 2) {
                pairs[pair_count][0] = c[i] & 3;
                pairs[pair_count++][1] = c[j] & 3;
            }
    uint32_t done[32] = {0}; /* the signatures run, one bit each (10 pairs at most) */
    uint32_t first = signature(SUIT_PERMS[0], pairs, pair_count);
    done[first >> 5] |= 1u << (first & 31);
    int left = (1 << pair_count) - 1; /* signatures not yet run, at most */
    for (int i = 1; i < 24 && left > 0; i++) {
        const uint8_t *perm = SUIT_PERMS[i];
        uint32_t mine = signature(perm, pairs, pair_count);
        if (done[mine >> 5] >> (mine & 31) & 1) continue;
        done[mine >> 5] |= 1u << (mine & 31);
        left--;
        uint8_t relabelled[5];
        for (int j = 0; j < n; j++) relabelled[j] = (uint8_t)((c[j] & ~3) | perm[c[j] & 3]);
        found |= 1u << builtin_discard(game, target, relabelled, n);
    }
    return found;
}

static void only(choice_set *out, int mask) {
    out->count = 1;
    out->mask[0] = mask;
    out->chance[0] = 1.0;
}

/* A hand's kept and thrown cards under a discard mask. */
static void split_hand(const uint8_t *c, int n, int mask, uint64_t *kept, uint64_t *thrown) {
    *kept = *thrown = 0;
    for (int i = 0; i < n; i++) *(mask >> i & 1 ? thrown : kept) |= 1ull << c[i];
}

/* The policy's discards from hand c[0..n) of a player who has seen the cards `seen` go out
 * of play: the equally good discards whose view (kept, thrown, seen) is least under the
 * relabellings of suits, each with the same chance. */
static void policy_choices(const badugi_game *game, int target, const uint8_t *c, int n,
                           uint64_t seen, choice_set *out) {
    uint32_t found = candidates(game, target, c, n);
    if (!(found & (found - 1))) { /* one candidate: the usual case */
        int mask = 0;
        while (found >> mask != 1) mask++;
        only(out, mask);
        return;
    }
    uint64_t best[VIEW_SETS] = {0};
    position view = {{0}, VIEW_SETS, badugi_game_deck(game)};
    view.sets[2] = seen & ~card_set(c, n);
    out->count = 0;
    for (int mask = 0; mask < 1 << n; mask++) {
        if (!(found >> mask & 1)) continue;
        uint64_t key[TABLE_SETS];
        split_hand(c, n, mask, &view.sets[0], &view.sets[1]);
        least_relabelling(&view, key);
        int order = out->count ? compare_positions(key, best, VIEW_SETS) : -1;
        if (order < 0) {
            out->count = 0;
            memcpy(best, key, sizeof best);
        }
        if (order <= 0) out->mask[out->count++] = mask;
    }
    for (int i = 0; i < out->count; i++) out->chance[i] = 1.0 / out->count;
}

/* In an exact run, choices of player p (hand c[0..n), who has seen `seen`) that leave the
 * same whole table up to a relabelling (every hand, what each player has seen, the stub
 * `stub`) have the same odds: they are merged into the first of them, their chances
 * summed, so a tie costs work only where the hidden cards set its discards apart. */
static void merge_mirrors(const run *r, int p, const uint8_t *c, int n, uint64_t seen,
                          uint64_t stub, choice_set *choices) {
    position table = {{0}, VIEW_SETS, r->deck};
    table.sets[2] = seen & ~card_set(c, n);
    for (int q = 0; q < r->players; q++) {
        if (q == p) continue;
        uint64_t hand = card_set(r->hand[q], r->cards);
        table.sets[table.count++] = hand;
        table.sets[table.count++] = r->seen[q] & ~hand;
    }
    table.sets[table.count++] = stub;
    uint64_t keys[32][TABLE_SETS];
    int size[32], groups = 0, count = choices->count;
    for (int i = 0; i < count; i++) {
        split_hand(c, n, choices->mask[i], &table.sets[0], &table.sets[1]);
        least_relabelling(&table, keys[groups]);
        int group = 0;
        while (group < groups && compare_positions(keys[groups], keys[group], table.count)) group++;
        if (group == groups) {
            choices->mask[groups] = choices->mask[i];
            size[groups++] = 0;
        }
        size[group]++;
    }
    choices->count = groups;
    for (int group = 0; group < groups; group++)
        choices->chance[group] = (double)size[group] / count;
}

static int popcount(int x) {
    int n = 0;
    for (; x; x &= x - 1) n++;
    return n;
}

/* How many cards the built-in policy throws from hand h[0..n): its tie-break picks among
 * discards of the same size, so the plain rules say it (in Badugi, the rank alone). */
static int policy_throws(const badugi_game *game, int target, const uint8_t *h, int n) {
    if (n == 4 && game->rankings[0] == BADUGI_RANKING_BADUGI && complete_size(game) == 4) {
        uint16_t rank = badugi_rank(BADUGI_RANKING_BADUGI, h, 4); /* by rank */
        if (rank <= BADUGI_FOUR_CARD_RANKS) return target && rank > target;
        return 4 - set_size(rank);
    }
    return popcount(builtin_discard(game, target, h, n));
}

/* The discards player p may make at draw `draw`: a fixed first discard, a custom policy's,
 * or the built-in policy's (policy_choices, at the first draw as init found them; merged
 * by merge_mirrors when `exact`), or a negative error. stub[0..n) is the stub the draw
 * deals from. */
static int discard_choices(const run *r, int p, int draw, const uint8_t *stub, int n, int exact,
                           choice_set *out) {
    const uint8_t *h = r->hand[p];
    if (r->spec->pat[p] ||
        (draw == 0 && (r->spec->policy || r->spec->discard_count[p] != BADUGI_ODDS_POLICY))) {
        only(out, r->first[p]);
        return BADUGI_ODDS_OK;
    }
    if (r->spec->policy) {
        int mask = r->spec->policy(r->spec->policy_user, p, draw, h, r->cards);
        if (mask < 0) return BADUGI_ODDS_POLICY_ABORT;
        if (mask >= (1 << r->cards)) return BADUGI_ODDS_BAD_POLICY;
        only(out, mask);
        return BADUGI_ODDS_OK;
    }
    if (draw == 0)
        *out = r->opening[p];
    else
        policy_choices(r->game, r->target, h, r->cards, r->seen[p], out);
    if (exact && out->count > 1) merge_mirrors(r, p, h, r->cards, r->seen[p], card_set(stub, n), out);
    return BADUGI_ODDS_OK;
}

/* Player p throws the cards of `mask`: he has seen them go out of play. */
static void thrown_by(run *r, int p, int mask) {
    for (int i = 0; i < r->cards; i++)
        if (mask >> i & 1) r->seen[p] |= 1ull << r->hand[p][i];
}

static int init(run *r, const badugi_odds_spec *spec) {
    if (!spec) return BADUGI_ODDS_BAD_SPEC;
    const badugi_game *game = &spec->game;
    if (!valid_options(game, spec->target) || spec->players < 1 || spec->players > MAXP ||
        spec->draws < 0 || spec->draws > game->draws || spec->dead_count < 0 ||
        spec->dead_count > BADUGI_CARDS || spec->history < 0 ||
        spec->history > game->draws - spec->draws)
        return BADUGI_ODDS_BAD_SPEC;
    for (int p = 0; p < spec->players; p++)
        if (spec->thrown_count[p] < 0 || spec->thrown_count[p] > 5 * BADUGI_MAX_DRAWS)
            return BADUGI_ODDS_BAD_SPEC;
    memset(r, 0, sizeof *r);
    r->part_end = UINT32_MAX; /* every part */
    r->parts = 1;
    r->spec = spec;
    r->game = game;
    r->players = spec->players;
    r->draws = spec->draws;
    r->target = spec->target;
    r->cards = game->cards;
    r->halves = game->halves;
    r->deck = badugi_game_deck(game);
    if (spec->draws && badugi_count_cards(r->deck) < (spec->players + 1) * r->cards)
        return BADUGI_ODDS_BAD_SPEC; /* a draw the deck could not complete */
    uint64_t used = 0;
    for (int i = 0; i < spec->players * r->cards + spec->dead_count; i++) {
        int player = i / r->cards;
        int card = player < spec->players ? spec->hands[player][i % r->cards]
                                          : spec->dead[i - spec->players * r->cards];
        if (card >= BADUGI_CARDS || !(r->deck >> card & 1)) return BADUGI_ODDS_BAD_CARD;
        if (used >> card & 1) return BADUGI_ODDS_REPEATED_CARD;
        used |= 1ull << card;
    }
    for (int p = 0; p < spec->players; p++)
        for (int i = 0; i < spec->thrown_count[p]; i++) {
            int card = spec->thrown[p][i];
            if (card >= BADUGI_CARDS) return BADUGI_ODDS_BAD_CARD;
            if (used >> card & 1) return BADUGI_ODDS_REPEATED_CARD;
            used |= 1ull << card;
        }
    for (int card = 0; card < BADUGI_CARDS; card++)
        if ((r->deck & ~used) >> card & 1) r->unseen[r->unseen_count++] = (uint8_t)card;
    r->max_need = 0;
    for (int p = 0; p < spec->players; p++) { /* dead cards: seen by all; discards: by one */
        memcpy(r->hand[p], spec->hands[p], (size_t)r->cards);
        r->seen[p] = card_set(spec->dead, spec->dead_count) |
                     card_set(spec->thrown[p], spec->thrown_count[p]);
    }
    for (int p = 0; p < spec->players; p++) {
        int count = spec->discard_count[p];
        int mask = 0;
        if (spec->pat[p] < 0 || spec->pat[p] > 1 || (spec->pat[p] && count > 0))
            return BADUGI_ODDS_BAD_DISCARD;
        if (spec->pat[p]) {
            r->first[p] = 0; /* stands pat at every draw: takes no card */
            continue;
        }
        if (count == BADUGI_ODDS_POLICY) {
            if (!spec->policy) {
                policy_choices(game, r->target, r->hand[p], r->cards, r->seen[p], &r->opening[p]);
                mask = r->opening[p].mask[0];
            }
        } else if (count < 0 || count > r->cards || spec->draws == 0) {
            return BADUGI_ODDS_BAD_DISCARD;
        } else {
            for (int i = 0; i < count; i++) {
                int pos = 0;
                while (pos < r->cards && r->hand[p][pos] != spec->discards[p][i]) pos++;
                if (pos == r->cards || (mask >> pos & 1)) return BADUGI_ODDS_BAD_DISCARD;
                mask |= 1 << pos;
            }
        }
        r->first[p] = mask;
        if (r->draws) r->max_need += spec->policy && count < 0 ? r->cards : popcount(mask);
        /* later draws: the built-in policy keeps a Badugi playing set, a low maybe nothing */
        int most = spec->policy || !badugi_is_badugi_ranking(game->rankings[0]) ? r->cards
                                                                                : r->cards - 1;
        r->max_need += (r->draws > 1 ? r->draws - 1 : 0) * most;
    }
    r->max_need += r->draws; /* the burns */
    return BADUGI_ODDS_OK;
}

/* A policy callback decides the first discard too: asked once per call, after the
 * spec is known to be valid. */
static int first_from_policy(run *r) {
    if (!r->spec->policy) return BADUGI_ODDS_OK;
    for (int p = 0; p < r->players; p++) {
        if (r->spec->discard_count[p] != BADUGI_ODDS_POLICY || r->draws == 0 || r->spec->pat[p])
            continue;
        int mask = r->spec->policy(r->spec->policy_user, p, 0, r->hand[p], r->cards);
        if (mask < 0) return BADUGI_ODDS_POLICY_ABORT;
        if (mask >= (1 << r->cards)) return BADUGI_ODDS_BAD_POLICY;
        r->first[p] = mask;
    }
    return BADUGI_ODDS_OK;
}

/* ---- tallying ----------------------------------------------------------------------- */

/* One outcome of weight w: ranks[p][h] is player p's rank in half h. */
static void settle(const run *r, uint16_t ranks[MAXP][2], double w) {
    badugi_odds_tally *t = r->out;
    int share[MAXP] = {0};
    t->total += w;
    for (int h = 0; h < r->halves; h++) {
        int best = UNRANKED + 1, holders = 0;
        for (int p = 0; p < r->players; p++) {
            int rank = ranks[p][h];
            holders = rank < best ? 1 : holders + (rank == best);
            best = rank < best ? rank : best;
        }
        int unit = BADUGI_ODDS_POT_UNITS / holders;
        for (int p = 0; p < r->players; p++) {
            if (ranks[p][h] != best) continue;
            share[p] += unit / r->halves;
            t->half_share[h][p] += w * unit;
            if (holders == 1)
                t->half_win[h][p] += w;
            else
                t->half_tie[h][p] += w;
        }
    }
    for (int p = 0; p < r->players; p++) {
        t->share[p] += w * share[p];
        t->share_sq[p] += w * share[p] * (double)share[p];
        if (share[p] == BADUGI_ODDS_POT_UNITS)
            t->win[p] += w;
        else if (share[p] > 0)
            t->tie[p] += w;
    }
}

/* Evaluate every hand as it stands and settle it (the one-player rank tally too). */
static void settle_hands(const run *r, double w) {
    uint16_t ranks[MAXP][2];
    for (int p = 0; p < r->players; p++) eval_halves(r->game, r->hand[p], ranks[p]);
    if (r->players == 1) {
        r->out->ranks[ranks[0][0]] += w;
        if (r->halves == 2) r->out->low_ranks[ranks[0][1]] += w;
    }
    settle(r, ranks, w);
}

/* ---- exact enumeration ---------------------------------------------------------------- */

static double choose(int n, int k) {
    double c = 1;
    for (int i = 0; i < k; i++) c = c * (n - i) / (i + 1);
    return c;
}

/* Where a rank stands against the best of the other hands: 0 better, 1 equal, 2 worse. */
static int place(int rank, int best) { return (rank >= best) + (rank > best); }

/* Badugi's innermost loop: the final hand is three fixed cards plus each card x of
 * stub[start..n), in increasing order, so the colex index is a base per interval
 * between the fixed cards plus one binomial of x. */
static void badugi_inner(const uint8_t fixed[3], const uint8_t *stub, int start, int n,
                         int best, double w, double *hist, double counts[3]) {
    uint8_t s[3] = {fixed[0], fixed[1], fixed[2]};
    for (int i = 1; i < 3; i++)
        for (int j = i; j > 0 && s[j - 1] > s[j]; j--) {
            uint8_t t = s[j];
            s[j] = s[j - 1];
            s[j - 1] = t;
        }
    uint32_t a = s[0], b = s[1], c = s[2];
    uint32_t high = choose4[c];
    const uint16_t *table = bdg_badugi_low4;
    uint32_t tally[3] = {0, 0, 0};
    int j = start;
#define INNER(index)                                 \
    do {                                             \
        uint16_t rank_ = table[index];               \
        if (hist) hist[rank_] += w;                  \
        tally[place(rank_, best)]++;                 \
    } while (0)
    for (uint32_t base = choose2[a] + choose3[b] + high; j < n && stub[j] < a; j++)
        INNER(base + stub[j]);
    for (uint32_t base = a + choose3[b] + high; j < n && stub[j] < b; j++)
        INNER(base + choose2[stub[j]]);
    for (uint32_t base = a + choose2[b] + high; j < n && stub[j] < c; j++)
        INNER(base + choose3[stub[j]]);
    for (uint32_t base = a + choose2[b] + choose3[c]; j < n; j++)
        INNER(base + choose4[stub[j]]);
#undef INNER
    for (int i = 0; i < 3; i++) counts[3 + i] += tally[i]; /* the one half: class (i, 1) */
}

/* The last player's last draw: every k-subset of stub joins `keep`. The other hands
 * are final, so each outcome is only placed against their best per half; each of the
 * nine classes (3 per half) is then settled once with its total weight. */
static void last_draw(run *r, const uint8_t *keep, int kept, int k, const uint8_t *stub, int n,
                      double w) {
    int last = r->players - 1;
    uint16_t ranks[MAXP][2];
    int best[2] = {UNRANKED, UNRANKED};
    for (int p = 0; p < last; p++) {
        eval_halves(r->game, r->hand[p], ranks[p]);
        for (int h = 0; h < 2; h++) best[h] = ranks[p][h] < best[h] ? ranks[p][h] : best[h];
    }
    if (r->halves == 1) best[1] = 0; /* the unused half: every hand "equal" */
    double counts[9] = {0};
    double *hist = r->players == 1 ? r->out->ranks : NULL;
    double *low = hist && r->halves == 2 ? r->out->low_ranks : NULL;
    uint8_t final[5];
    memcpy(final, keep, (size_t)kept);
    int idx[5];
    for (int i = 0; i < k; i++) idx[i] = i;
    do { /* over the first k - 1 new cards; the loop below moves the last one */
        for (int i = 0; i + 1 < k; i++) final[kept + i] = stub[idx[i]];
        int start = k > 1 ? idx[k - 2] + 1 : 0;
        if (k == 0) {
            uint16_t rank[2];
            eval_halves(r->game, final, rank);
            if (hist) hist[rank[0]] += w;
            if (low) low[rank[1]] += w;
            counts[place(rank[0], best[0]) + 3 * place(rank[1], best[1])] += 1;
        } else if (r->cards == 4 && r->game->rankings[0] == BADUGI_RANKING_BADUGI) {
            badugi_inner(final, stub, start, n, best[0], w, hist, counts);
        } else {
            for (int j = start; j < n; j++) {
                uint16_t rank[2];
                final[r->cards - 1] = stub[j];
                eval_halves(r->game, final, rank);
                if (hist) hist[rank[0]] += w;
                if (low) low[rank[1]] += w;
                counts[place(rank[0], best[0]) + 3 * place(rank[1], best[1])] += 1;
            }
        }
    } while (k > 1 && next_combo(idx, k - 1, n - 1));
    for (int c = 0; c < 9; c++) {
        if (counts[c] == 0) continue;
        for (int h = 0; h < 2; h++) ranks[last][h] = (uint16_t)(best[h] - 1 + (h ? c / 3 : c % 3));
        settle(r, ranks, w * counts[c]);
    }
}

/* idx[0..k) = the k-subset of 0..n-1 of lexicographic rank `rank` (next_combo's order). */
static void unrank_combo(uint32_t rank, int *idx, int k, int n) {
    int x = 0;
    for (int i = 0; i < k; i++, x++) {
        for (double c; rank >= (c = choose(n - x - 1, k - i - 1)); x++) rank -= (uint32_t)c;
        idx[i] = x;
    }
}

/* Before the split draw is reached, all the work lies in part 0. */
static int outside_part_zero(const run *r) {
    return !r->split && (r->part_first > 0 || r->part_end == 0);
}

/* How many cards player p throws at draw `draw` (negative: an error). The built-in
 * policy's tie-break picks among discards of the same size, so the plain rules say it. */
static int discard_size(const run *r, int p, int draw, const uint8_t *stub, int n) {
    if (draw == 0 || r->spec->pat[p]) return popcount(r->first[p]);
    if (!r->spec->policy) return policy_throws(r->game, r->target, r->hand[p], r->cards);
    choice_set choices;
    int status = discard_choices(r, p, draw, stub, n, 0, &choices);
    return status < 0 ? status : popcount(choices.mask[0]);
}

/* Counting the last draw in closed form: each player's discard there depends on its own
 * hand, which the draw's earlier deals leave alone, so its deals are the product over the
 * players of C(cards left, cards taken). Until a draw has split the run into parts, the
 * first player but the last that takes cards is the split (as visit makes it), and only
 * its subsets in [part_first, part_end) count. */
static void count_last_draw(run *r, const uint8_t *stub, int n) {
    double others = 1, split_ways = 1;
    int left = n, split = -1;
    for (int p = 0; p < r->players; p++) {
        int k = discard_size(r, p, r->draws - 1, stub, n);
        if (k < 0) {
            r->status = k;
            return;
        }
        double ways = choose(left, k);
        left -= k;
        if (!r->split && split < 0 && k > 0 && p + 1 < r->players) {
            split = p;
            split_ways = ways;
        } else {
            others *= ways;
        }
    }
    if (split >= 0) {
        r->split = 1;
        r->parts = (uint32_t)split_ways;
        uint32_t end = r->part_end < r->parts ? r->part_end : r->parts;
        split_ways = r->part_first < end ? end - r->part_first : 0;
    } else if (outside_part_zero(r)) {
        return;
    }
    r->count += others * split_ways;
    if (r->count > r->limit) r->status = STOP;
}

/* Counting the last player's draw before the last draw, once a draw has split the run:
 * the other players' discards in the last draw are fixed, so only the last player's hand
 * is made for each k-subset of stub[0..n) joining `keep`, and its subsets are counted by
 * the size of its last discard. */
static void count_last_two(run *r, const uint8_t *keep, int kept, int k, const uint8_t *stub,
                           int n) {
    int last = r->players - 1, left = n - k;
    double before = 1, by_size[6] = {0};
    for (int p = 0; p < last; p++) {
        int taken = discard_size(r, p, r->draws - 1, stub, n);
        if (taken < 0) {
            r->status = taken;
            return;
        }
        before *= choose(left, taken);
        left -= taken;
    }
    uint8_t saved[5];
    memcpy(saved, r->hand[last], sizeof saved);
    memcpy(r->hand[last], keep, (size_t)kept);
    int idx[5];
    for (int i = 0; i < k; i++) idx[i] = i;
    do {
        for (int i = 0; i < k; i++) r->hand[last][kept + i] = stub[idx[i]];
        int taken = discard_size(r, last, r->draws - 1, stub, n);
        if (taken < 0) {
            r->status = taken;
            break;
        }
        by_size[taken] += 1;
    } while (k > 0 && next_combo(idx, k, n));
    memcpy(r->hand[last], saved, sizeof saved);
    for (int size = 0; size <= r->cards; size++)
        r->count += before * by_size[size] * choose(left, size);
    if (r->count > r->limit && !r->status) r->status = STOP;
}

static void visit(run *r, int draw, int p, const uint8_t *stub, int n, double w);

/* How visit goes on after a player's discard. */
enum { LAST_DEAL, COUNT_LAST_TWO, FURTHER };

/* Player p's draw number `draw` from the sorted stub[0..n), throwing `mask`: every equally
 * likely k-subset in turn, weight w / C(n, k) each, then the next player or draw. When
 * `splits`, this draw is the split: only its subsets of ranks [part_first, part_end) are
 * visited. */
static void visit_discard(run *r, int draw, int p, const uint8_t *stub, int n, double w,
                          int mask, int how, int splits) {
    uint8_t keep[5], saved[5];
    int kept = 0;
    for (int i = 0; i < r->cards; i++)
        if (!(mask >> i & 1)) keep[kept++] = r->hand[p][i];
    int k = r->cards - kept;
    double ways = choose(n, k);
    int next_p = p + 1 == r->players ? 0 : p + 1;
    int next_draw = next_p == 0 ? draw + 1 : draw;
    if (how == COUNT_LAST_TWO) {
        count_last_two(r, keep, kept, k, stub, n);
        return;
    }
    if (how == LAST_DEAL) {
        if (outside_part_zero(r)) return;
        if (r->counting) {
            r->count += ways;
            if (r->count > r->limit) r->status = STOP;
        } else {
            last_draw(r, keep, kept, k, stub, n, w / ways);
        }
        return;
    }
    memcpy(saved, r->hand[p], sizeof saved);
    int idx[5];
    uint8_t rest[52] = {0};
    for (int i = 0; i < k; i++) idx[i] = i;
    uint32_t left = UINT32_MAX; /* subsets still to visit */
    if (splits) {
        uint32_t end = r->part_end < r->parts ? r->part_end : r->parts;
        if (r->part_first >= end) return;
        unrank_combo(r->part_first, idx, k, n);
        left = end - r->part_first;
    }
    do {
        memcpy(r->hand[p], keep, (size_t)kept);
        for (int i = 0; i < k; i++) r->hand[p][kept + i] = stub[idx[i]];
        int m = 0, j = 0;
        for (int i = 0; i < n; i++) {
            if (j < k && idx[j] == i)
                j++;
            else
                rest[m++] = stub[i];
        }
        visit(r, next_draw, next_p, rest, m, w / ways);
    } while (!r->status && k > 0 && --left > 0 && next_combo(idx, k, n));
    memcpy(r->hand[p], saved, sizeof saved);
}

/* Player p's draw number `draw` from the sorted stub[0..n): each discard the policy may
 * make, weighted by its chance (visit_discard). The first draw with k > 0 that enumerates
 * further is the split (its subsets are the parts); the choices there split alike. */
static void visit(run *r, int draw, int p, const uint8_t *stub, int n, double w) {
    if (draw == r->draws) { /* no draws at all: one outcome */
        if (outside_part_zero(r)) return;
        if (r->counting)
            r->count += 1;
        else
            settle_hands(r, w);
        return;
    }
    if (r->counting && p == 0 && draw + 1 == r->draws) {
        count_last_draw(r, stub, n);
        return;
    }
    choice_set choices;
    int status = discard_choices(r, p, draw, stub, n, 1, &choices);
    if (status < 0) {
        r->status = status;
        return;
    }
    int k = popcount(choices.mask[0]); /* every choice throws as many cards */
    if (k > n) { /* excluded by the reshuffle check; kept as a guard */
        r->status = BADUGI_ODDS_NEEDS_RESHUFFLE;
        return;
    }
    int next_p = p + 1 == r->players ? 0 : p + 1;
    int next_draw = next_p == 0 ? draw + 1 : draw;
    int how = next_draw == r->draws                                               ? LAST_DEAL
              : r->counting && r->split && next_p == 0 && next_draw + 1 == r->draws ? COUNT_LAST_TWO
                                                                                  : FURTHER;
    int splits = how == FURTHER && !r->split && k > 0;
    if (splits) {
        r->split = 1;
        r->parts = (uint32_t)choose(n, k);
    }
    uint64_t seen = r->seen[p];
    for (int i = 0; i < choices.count && !r->status; i++) {
        thrown_by(r, p, choices.mask[i]);
        visit_discard(r, draw, p, stub, n, w * choices.chance[i], choices.mask[i], how, splits);
        r->seen[p] = seen;
    }
}

/* Validate the spec (and, for exact runs, that no reshuffle can happen) and the output
 * pointer, then let a policy callback decide the first discards. */
static int start(run *r, const badugi_odds_spec *spec, int exact, const void *out) {
    int status = init(r, spec);
    if (status == BADUGI_ODDS_OK && exact && r->max_need > r->unseen_count)
        status = BADUGI_ODDS_NEEDS_RESHUFFLE;
    if (status == BADUGI_ODDS_OK && !out) status = BADUGI_ODDS_BAD_SPEC;
    if (status == BADUGI_ODDS_OK) status = first_from_policy(r);
    return status;
}

/* Set the parts [first, first + count) to visit (none past the last). */
static void set_parts(run *r, uint32_t first, uint32_t count) {
    r->part_first = first;
    r->part_end = count > UINT32_MAX - first ? UINT32_MAX : first + count;
}

/* The fewest cards player p can keep at a draw after the first under the built-in policy
 * (0 under a custom one). What a draw keeps stays in the hand, and the next draw keeps at
 * least as many: the playing set of a Badugi first half only grows, as do the low cards
 * (value <= BADUGI_ODDS_LOW_KEEP, one per rank) of a low first half. The one loss: a made
 * hand short of the target, or a 2-7 straight or flush, throws its top card. */
static int kept_floor(const run *r, int p) {
    if (r->spec->pat[p]) return r->cards;
    if (r->spec->policy) return 0;
    const uint8_t *h = r->hand[p];
    int first = r->game->rankings[0], high = aces_high(first);
    int n = r->cards, keep = ((1 << n) - 1) & ~r->first[p], most = 0;
    if (badugi_is_badugi_ranking(first)) { /* the largest set of distinct suits and ranks */
        for (int set = keep; set; set = (set - 1) & keep) {
            unsigned suits = 0, ranks = 0;
            int size = 0, clash = 0;
            for (int i = 0; i < n; i++) {
                if (!(set >> i & 1)) continue;
                clash |= (suits >> (h[i] & 3) & 1) | (ranks >> (h[i] >> 2) & 1);
                suits |= 1u << (h[i] & 3);
                ranks |= 1u << (h[i] >> 2);
                size++;
            }
            if (!clash && size > most) most = size;
        }
        int complete = complete_size(r->game); /* a complete hand breaks to one fewer */
        return r->target && most >= complete ? complete - 1 : most;
    }
    unsigned ranks = 0;
    for (int i = 0; i < n; i++)
        if ((keep >> i & 1) && card_value(h[i], high) <= BADUGI_ODDS_LOW_KEEP &&
            !(ranks >> (h[i] >> 2) & 1)) {
            ranks |= 1u << (h[i] >> 2);
            most++;
        }
    int breaks = r->target || first == BADUGI_RANKING_DEUCE_SEVEN;
    return breaks && most > n - 1 ? n - 1 : most;
}

int badugi_odds_bounds(const badugi_odds_spec *spec, double *low, double *high) {
    run r;
    int status = start(&r, spec, 1, low);
    if (status == BADUGI_ODDS_OK && !high) status = BADUGI_ODDS_BAD_SPEC;
    if (status != BADUGI_ODDS_OK) return status;
    double ways = 1, most = 1;
    int n = r.unseen_count;
    for (int p = 0; p < r.players && r.draws > 0; p++) { /* the first draw: known discards */
        int k = popcount(r.first[p]);
        ways *= choose(n, k);
        n -= k;
    }
    for (int draw = 1; draw < r.draws; draw++) /* later: at most what the floor leaves */
        for (int p = 0; p < r.players; p++) {
            double widest = 1;
            for (int k = 1; k <= r.cards - kept_floor(&r, p); k++)
                widest = choose(n, k) > widest ? choose(n, k) : widest;
            most *= widest;
        }
    *low = ways;
    *high = ways * most;
    return BADUGI_ODDS_OK;
}

int badugi_odds_outcomes_part(const badugi_odds_spec *spec, double limit, uint32_t first,
                              uint32_t count, uint32_t *parts, double *outcomes) {
    run r;
    int status = start(&r, spec, 1, outcomes);
    if (status == BADUGI_ODDS_OK && !parts) status = BADUGI_ODDS_BAD_SPEC;
    if (status != BADUGI_ODDS_OK) return status;
    r.counting = 1;
    r.limit = limit;
    set_parts(&r, first, count);
    visit(&r, 0, 0, r.unseen, r.unseen_count, 1.0);
    if (r.status < 0) return r.status;
    *parts = r.parts;
    *outcomes = r.count;
    return BADUGI_ODDS_OK;
}

int badugi_odds_outcomes(const badugi_odds_spec *spec, double limit, double *outcomes) {
    uint32_t parts;
    return badugi_odds_outcomes_part(spec, limit, 0, UINT32_MAX, &parts, outcomes);
}

int badugi_odds_exact_part(const badugi_odds_spec *spec, uint32_t first, uint32_t count,
                           uint32_t *parts, badugi_odds_tally *out) {
    run r;
    int status = start(&r, spec, 1, out);
    if (status == BADUGI_ODDS_OK && !parts) status = BADUGI_ODDS_BAD_SPEC;
    if (status != BADUGI_ODDS_OK) return status;
    memset(out, 0, sizeof *out);
    r.out = out;
    set_parts(&r, first, count);
    visit(&r, 0, 0, r.unseen, r.unseen_count, 1.0);
    if (r.status < 0) return r.status;
    *parts = r.parts;
    return BADUGI_ODDS_OK;
}

int badugi_odds_exact(const badugi_odds_spec *spec, badugi_odds_tally *out) {
    uint32_t parts;
    return badugi_odds_exact_part(spec, 0, UINT32_MAX, &parts, out);
}

/* ---- Monte Carlo ---------------------------------------------------------------------- */

/* The cards outside the hands (docs/rules.md, "How a hand is played", "When the stub runs
 * short"): the stub (an unordered set: every card is dealt uniformly from it, which is a
 * shuffled stub dealt from the top), the muck (dead cards and the discards of earlier
 * draws) and the burns not yet reshuffled. */
typedef struct {
    uint8_t stub[52], muck[52], burns[52];
    int32_t stub_count, muck_count, burn_count;
} deck;

/* The next card when `remaining` cards of the draw are still due (the burn counts as
 * one), restocking a short stub under the deck's rule (deck.c) with `served`, the
 * discards of the players already dealt this draw. NO_CARD only if nothing is left
 * anywhere, which cannot happen: the stub, muck, burns and served players' discards would
 * then be empty, leaving all 52 cards in at most 8 hands of 5. */
static int take(rng *g, deck *d, badugi_pile served, int remaining) {
    if (badugi_stub_short(d->stub_count, remaining)) {
        badugi_pile stub = {d->stub, &d->stub_count}, muck = {d->muck, &d->muck_count},
                    burns = {d->burns, &d->burn_count};
        badugi_restock(stub, muck, burns, served);
    }
    if (d->stub_count == 0) return NO_CARD;
    uint32_t i = below(g, (uint32_t)d->stub_count);
    int card = d->stub[i];
    d->stub[i] = d->stub[--d->stub_count];
    return card;
}

/* The burn and the replacements, card by card, under the reshuffle rule; then this
 * draw's discards (those not reshuffled) join the muck. A player's discards count as
 * served once its replacements are all dealt. */
static int deal_with_reshuffles(run *r, rng *g, deck *d, const int *masks, int need) {
    uint8_t discards[MAXP * 5];
    int32_t served_count = 0;
    badugi_pile served = {discards, &served_count};
    int remaining = need + 1;
    int card = take(g, d, served, remaining--);
    if (card == NO_CARD) return BADUGI_ODDS_NEEDS_RESHUFFLE;
    d->burns[d->burn_count++] = (uint8_t)card;
    for (int p = 0; p < r->players; p++) {
        uint8_t thrown[5];
        int count = 0;
        for (int pos = 0; pos < r->cards; pos++) {
            if (!(masks[p] >> pos & 1)) continue;
            card = take(g, d, served, remaining--);
            if (card == NO_CARD) return BADUGI_ODDS_NEEDS_RESHUFFLE;
            thrown[count++] = r->hand[p][pos];
            r->hand[p][pos] = (uint8_t)card;
        }
        memcpy(discards + served_count, thrown, (size_t)count);
        served_count += count;
    }
    memcpy(d->muck + d->muck_count, discards, (size_t)served_count);
    d->muck_count += served_count;
    return BADUGI_ODDS_OK;
}

/* One draw for every player in order: discards, one burn, then the replacements. When
 * no reshuffle can happen (the stub holds every card the draws could take) the burns
 * and the muck change no probability, so they are skipped and only the stub is used. */
static int play_draw(run *r, rng *g, deck *d, int draw) {
    int masks[MAXP], need = 0;
    for (int p = 0; p < r->players; p++) {
        choice_set choices;
        const choice_set *from = &choices;
        if (draw == 0 && !r->spec->policy && r->spec->discard_count[p] == BADUGI_ODDS_POLICY &&
            !r->spec->pat[p]) {
            from = &r->opening[p]; /* as init found them */
        } else {
            int status = discard_choices(r, p, draw, d->stub, d->stub_count, 0, &choices);
            if (status < 0) return status;
        }
        masks[p] = from->mask[from->count > 1 ? below(g, (uint32_t)from->count) : 0];
        thrown_by(r, p, masks[p]);
        need += popcount(masks[p]);
    }
    if (r->max_need > r->unseen_count) return deal_with_reshuffles(r, g, d, masks, need);
    for (int p = 0; p < r->players; p++)
        for (int pos = 0; pos < r->cards; pos++) {
            if (!(masks[p] >> pos & 1)) continue;
            uint32_t i = below(g, (uint32_t)d->stub_count);
            r->hand[p][pos] = d->stub[i];
            d->stub[i] = d->stub[--d->stub_count];
        }
    return BADUGI_ODDS_OK;
}

/* `samples` random deals from the hands as r stands (started, out set), each settled
 * with weight 1. */
static int play_deals(run *r, rng *g, uint32_t samples) {
    deck start;
    memcpy(start.stub, r->unseen, (size_t)r->unseen_count);
    start.stub_count = r->unseen_count;
    memcpy(start.muck, r->spec->dead, (size_t)r->spec->dead_count);
    start.muck_count = r->spec->dead_count;
    for (int p = 0; p < r->players; p++) { /* the discards before the position */
        memcpy(start.muck + start.muck_count, r->spec->thrown[p], (size_t)r->spec->thrown_count[p]);
        start.muck_count += r->spec->thrown_count[p];
    }
    start.burn_count = 0;
    uint8_t hands[MAXP][5];
    uint64_t seen[MAXP];
    memcpy(hands, r->hand, sizeof hands);
    memcpy(seen, r->seen, sizeof seen);
    for (uint32_t s = 0; s < samples; s++) {
        deck d = start;
        memcpy(r->hand, hands, sizeof hands);
        memcpy(r->seen, seen, sizeof seen);
        for (int draw = 0; draw < r->draws; draw++) {
            int status = play_draw(r, g, &d, draw);
            if (status != BADUGI_ODDS_OK) return status;
        }
        settle_hands(r, 1.0);
    }
    return BADUGI_ODDS_OK;
}

int badugi_odds_sample(const badugi_odds_spec *spec, uint64_t seed, uint64_t chunk,
                       uint32_t samples, badugi_odds_tally *out) {
    run r;
    int status = start(&r, spec, 0, out);
    if (status != BADUGI_ODDS_OK) return status;
    memset(out, 0, sizeof *out);
    r.out = out;
    rng g;
    rng_seed(&g, seed, chunk);
    return play_deals(&r, &g, samples);
}

int badugi_odds_policy_seeing(const badugi_game *game, int target, const uint8_t *cards,
                              int count, const uint8_t *seen, int seen_count) {
    if (!valid_options(game, target) || !cards || count != game->cards || seen_count < 0 ||
        seen_count > BADUGI_CARDS || (seen_count && !seen))
        return BADUGI_ODDS_BAD_SPEC;
    uint64_t used = 0, deck = badugi_game_deck(game);
    for (int i = 0; i < count + seen_count; i++) {
        int card = i < count ? cards[i] : seen[i - count];
        if (card >= BADUGI_CARDS || !(deck >> card & 1)) return BADUGI_ODDS_BAD_CARD;
        if (used >> card & 1) return BADUGI_ODDS_REPEATED_CARD;
        used |= 1ull << card;
    }
    choice_set choices; /* the first of its choices */
    policy_choices(game, target, cards, count, card_set(seen, seen_count), &choices);
    return choices.mask[0];
}

int badugi_odds_policy(const badugi_game *game, int target, const uint8_t *cards, int count) {
    return badugi_odds_policy_seeing(game, target, cards, count, NULL, 0);
}

int badugi_odds_check(const badugi_odds_spec *spec) {
    run r;
    return init(&r, spec);
}

int badugi_odds_throws(const badugi_game *game, const uint8_t *cards, int count) {
    return popcount(builtin_discard(game, 0, cards, count));
}

int badugi_odds_discard(const badugi_game *game, const uint8_t *cards, int count) {
    return builtin_discard(game, 0, cards, count);
}

/* ---- ranges: players whose hand is one of a weighted set of combos ------------------
 * (badugi.h, "Equity against ranges"). Every assignment of one combo to each range
 * player that shares no card with the known hands, the dead cards or another range
 * player's combo is a deal start of weight (the product of the combos' weights). */

typedef struct {
    badugi_odds_spec spec;       /* the spec, with the assigned combos in its hands */
    const badugi_odds_range *ranges;
    int players[MAXP];           /* the range players, in order */
    int uniform[MAXP];           /* per player: every weight of its range is the same */
    int count;                   /* how many */
    uint64_t known;              /* the known hands' and dead cards' ids */
    uint16_t ranks[MAXP][2];     /* no draws: each known hand's ranks */
} ranged;

/* A combo's cards as an id set. */
static uint64_t combo_set(const badugi_odds_range *range, int cards, int32_t i) {
    uint64_t set = 0;
    for (int j = 0; j < cards; j++) set |= 1ull << range->hands[(size_t)i * (size_t)cards + (size_t)j];
    return set;
}

/* Validate the ranges against the spec (combos well formed, weights positive and finite,
 * running sums rising, range players drawing under the policy) and set up `g`. */
static int ranged_start(ranged *g, const badugi_odds_spec *spec, const badugi_odds_range *ranges) {
    if (!spec || !ranges) return BADUGI_ODDS_BAD_SPEC;
    memcpy(&g->spec, spec, sizeof *spec);
    g->ranges = ranges;
    g->count = 0;
    g->known = 0;
    int cards = spec->game.cards;
    if (spec->players < 1 || spec->players > MAXP || cards < 1 || cards > 5 ||
        badugi_game_fault(&spec->game))
        return BADUGI_ODDS_BAD_SPEC;
    uint64_t deck = badugi_game_deck(&spec->game);
    for (int p = 0; p < spec->players; p++) {
        const badugi_odds_range *range = &ranges[p];
        if (range->count < 0) return BADUGI_ODDS_BAD_SPEC;
        if (range->count == 0) continue;
        if (!range->hands || !range->weights || !range->cumulative) return BADUGI_ODDS_BAD_SPEC;
        if (spec->discard_count[p] != BADUGI_ODDS_POLICY) return BADUGI_ODDS_BAD_DISCARD;
        double sum = 0;
        int uniform = 1;
        for (int32_t i = 0; i < range->count; i++) {
            uint64_t set = 0;
            for (int j = 0; j < cards; j++) {
                uint8_t card = range->hands[(size_t)i * (size_t)cards + (size_t)j];
                if (card >= BADUGI_CARDS || !(deck >> card & 1)) return BADUGI_ODDS_BAD_CARD;
                if (set >> card & 1) return BADUGI_ODDS_REPEATED_CARD;
                set |= 1ull << card;
            }
            double w = range->weights[i];
            if (!(w > 0 && w < 1e300) || range->cumulative[i] < sum) return BADUGI_ODDS_BAD_SPEC;
            sum = range->cumulative[i];
            uniform &= w == range->weights[0];
        }
        g->uniform[p] = uniform;
        /* a placeholder hand, for the spec's validation: the assigned combo replaces it */
        memcpy(g->spec.hands[p], range->hands, (size_t)cards);
        g->players[g->count++] = p;
    }
    if (g->count == 0 || spec->history < 0 || spec->history > BADUGI_MAX_DRAWS)
        return BADUGI_ODDS_BAD_SPEC;
    for (int p = 0; p < spec->players; p++) {
        int thrown = spec->thrown_count[p];
        if (thrown < 0 || thrown > 5 * BADUGI_MAX_DRAWS) return BADUGI_ODDS_BAD_SPEC;
        if (ranges[p].count) { /* its discards are dealt; its draws, counts of cards */
            if (thrown || spec->pat[p]) return BADUGI_ODDS_BAD_DISCARD;
            for (int j = 0; j < spec->history; j++)
                if (spec->drawn[p][j] < 0 || spec->drawn[p][j] > cards) return BADUGI_ODDS_BAD_SPEC;
            if (spec->drawing[p] < 0 || spec->drawing[p] > cards + 1 ||
                (spec->drawing[p] && spec->draws == 0))
                return BADUGI_ODDS_BAD_SPEC;
            continue;
        }
        for (int j = 0; j < cards + thrown; j++) {
            uint8_t card = j < cards ? spec->hands[p][j] : spec->thrown[p][j - cards];
            if (card >= BADUGI_CARDS || !(deck >> card & 1)) return BADUGI_ODDS_BAD_CARD;
            if (g->known >> card & 1) return BADUGI_ODDS_REPEATED_CARD;
            g->known |= 1ull << card;
        }
    }
    if (spec->dead_count < 0 || spec->dead_count > BADUGI_CARDS) return BADUGI_ODDS_BAD_SPEC;
    for (int i = 0; i < spec->dead_count; i++) {
        if (spec->dead[i] >= BADUGI_CARDS || !(deck >> spec->dead[i] & 1))
            return BADUGI_ODDS_BAD_CARD;
        if (g->known >> spec->dead[i] & 1) return BADUGI_ODDS_REPEATED_CARD;
        g->known |= 1ull << spec->dead[i];
    }
    return BADUGI_ODDS_OK;
}

/* Put combo i of range player number `which` into the spec's hands. */
static void assign_combo(ranged *g, int which, int32_t i) {
    int p = g->players[which], cards = g->spec.game.cards;
    memcpy(g->spec.hands[p], g->ranges[p].hands + (size_t)i * (size_t)cards, (size_t)cards);
}

/* What an assignment does: count or tally its deals (weight w), or stop with a status. */
typedef struct {
    int counting; /* 1: count deals; 2: count assignments only */
    double limit, count;
    double most, visited; /* counting: stop after `most` assignments; how many so far */
    badugi_odds_tally *out;
    run fast; /* no draws: the run whose settle() every assignment uses */
} ranged_work;

/* The deals of the draws left from the hands as they stand (the assigned combos, played
 * through the draws before the position when there were some). */
static int fits_now(const ranged *g);

static int ranged_future(ranged *g, ranged_work *k, double w) {
    if (!fits_now(g)) return BADUGI_ODDS_OK; /* dropped: nothing to tally */
    if (g->spec.draws == 0) { /* one outcome: settle the hands as they are */
        if (k->counting) {
            k->count += 1;
            return k->count > k->limit ? STOP : BADUGI_ODDS_OK;
        }
        uint16_t ranks[MAXP][2];
        for (int p = 0; p < g->spec.players; p++) {
            if (g->ranges[p].count)
                eval_halves(&g->spec.game, g->spec.hands[p], ranks[p]);
            else
                memcpy(ranks[p], g->ranks[p], sizeof ranks[p]);
        }
        settle(&k->fast, ranks, w);
        return BADUGI_ODDS_OK;
    }
    run r;
    int status = start(&r, &g->spec, 1, &r);
    if (status != BADUGI_ODDS_OK) return status;
    if (k->counting) {
        r.counting = 1;
        r.limit = k->limit - k->count;
    } else {
        r.out = k->out;
    }
    visit(&r, 0, 0, r.unseen, r.unseen_count, w);
    if (r.status < 0) return r.status;
    k->count += r.count;
    return r.status == STOP || k->count > k->limit ? STOP : BADUGI_ODDS_OK;
}

/* ---- the draws before the position (docs/rules.md, "Reviewing a hand") -------------
 * Each range player's assigned combo is his hand as dealt; at each earlier draw, in
 * order, each range player in turn throws what the policy throws (seeing the dead cards
 * and his own discards) and gets his replacements from the cards the asker has not seen
 * that nobody in the deal holds or has thrown. A deal whose player threw another number of
 * cards than spec.drawn says is dropped; the rest go on to the draws left. */

/* Whether every range player who has made the position's first draw (spec.drawing) holds a
 * hand the policy throws that many cards from (its count depends on the hand alone). */
static int fits_now(const ranged *g) {
    for (int i = 0; i < g->count; i++) {
        int p = g->players[i], seen = g->spec.drawing[p];
        if (seen && policy_throws(&g->spec.game, g->spec.target, g->spec.hands[p],
                                  g->spec.game.cards) != seen - 1)
            return 0;
    }
    return 1;
}

/* The cards the deal has used: known to the asker, or held or thrown by a range player. */
static uint64_t deal_used(const ranged *g) {
    uint64_t used = g->known | ~badugi_game_deck(&g->spec.game); /* and cards of no deck */
    for (int i = 0; i < g->count; i++) {
        int p = g->players[i];
        used |= card_set(g->spec.hands[p], g->spec.game.cards) |
                card_set(g->spec.thrown[p], g->spec.thrown_count[p]);
    }
    return used;
}

/* The cards an earlier draw deals from, ascending, and how many. */
static int past_pool(const ranged *g, uint8_t pool[52]) {
    uint64_t used = deal_used(g);
    int n = 0;
    for (int card = 0; card < BADUGI_CARDS; card++)
        if (!(used >> card & 1)) pool[n++] = (uint8_t)card;
    return n;
}

/* What range player p may throw at an earlier draw: the policy, seeing the dead cards and
 * his own discards so far. */
static void past_choices(const ranged *g, int p, choice_set *out) {
    uint64_t seen = card_set(g->spec.dead, g->spec.dead_count) |
                    card_set(g->spec.thrown[p], g->spec.thrown_count[p]);
    policy_choices(&g->spec.game, g->spec.target, g->spec.hands[p], g->spec.game.cards, seen,
                   out);
}

/* Range player number `which` at earlier draw `draw`: each choice of the policy that
 * throws the cards he was seen to throw, with each k-subset of the pool (weight w times
 * the choice's chance over C(n, k)); then the next player or draw, and at the end the
 * draws left. */
static int past_exact(ranged *g, ranged_work *k, int draw, int which, double w) {
    if (draw == g->spec.history) return ranged_future(g, k, w);
    int p = g->players[which], cards = g->spec.game.cards, want = g->spec.drawn[p][draw];
    int next = which + 1 == g->count ? 0 : which + 1, next_draw = next ? draw : draw + 1;
    uint8_t pool[52], saved[5], *hand = g->spec.hands[p];
    int n = past_pool(g, pool), thrown = g->spec.thrown_count[p], status = BADUGI_ODDS_OK;
    if (want > n) return BADUGI_ODDS_NEEDS_RESHUFFLE;
    choice_set choices;
    past_choices(g, p, &choices);
    double ways = choose(n, want);
    memcpy(saved, hand, sizeof saved);
    for (int c = 0; c < choices.count && status == BADUGI_ODDS_OK; c++) {
        int mask = choices.mask[c], at[5], m = 0, idx[5];
        if (popcount(mask) != want) continue;
        for (int pos = 0; pos < cards; pos++)
            if (mask >> pos & 1) {
                g->spec.thrown[p][thrown + m] = saved[pos];
                at[m++] = pos;
            }
        g->spec.thrown_count[p] = thrown + want;
        for (int i = 0; i < want; i++) idx[i] = i;
        do {
            for (int i = 0; i < want; i++) hand[at[i]] = pool[idx[i]];
            status = past_exact(g, k, next_draw, next, w * choices.chance[c] / ways);
        } while (status == BADUGI_ODDS_OK && want > 0 && next_combo(idx, want, n));
        memcpy(hand, saved, sizeof saved);
        g->spec.thrown_count[p] = thrown;
    }
    return status;
}

/* The draws before the position, dealt at random: 1 when every range player threw the
 * cards he was seen to throw, 0 when one did not (the deal is dropped), or an error. At
 * each draw, each range player in order: one of the policy's choices (a uniform draw when
 * there are several), then each replacement in the order of his cards' positions. */
static int play_past(ranged *g, rng *gen) {
    int cards = g->spec.game.cards;
    for (int i = 0; i < g->count; i++) g->spec.thrown_count[g->players[i]] = 0;
    uint8_t pool[52];
    int n = past_pool(g, pool); /* then kept up to date: dealt cards leave it */
    for (int draw = 0; draw < g->spec.history; draw++)
        for (int which = 0; which < g->count; which++) {
            int p = g->players[which], want = g->spec.drawn[p][draw];
            uint8_t *hand = g->spec.hands[p];
            if (policy_throws(&g->spec.game, g->spec.target, hand, cards) != want) return 0;
            choice_set choices;
            past_choices(g, p, &choices);
            int mask = choices.mask[choices.count > 1 ? below(gen, (uint32_t)choices.count) : 0];
            if (want > n) return BADUGI_ODDS_NEEDS_RESHUFFLE;
            for (int pos = 0; pos < cards; pos++) {
                if (!(mask >> pos & 1)) continue;
                uint32_t i = below(gen, (uint32_t)n);
                g->spec.thrown[p][g->spec.thrown_count[p]++] = hand[pos];
                hand[pos] = pool[i];
                pool[i] = pool[--n];
            }
        }
    return 1;
}

int32_t badugi_odds_range_throwing(const badugi_game *game, int target, int throws, int32_t count,
                                   const uint8_t *hands, const double *weights,
                                   uint8_t *out_hands, double *out_weights,
                                   double *out_cumulative) {
    if (!valid_options(game, target) || count < 0 || !hands || !weights || !out_hands ||
        !out_weights || !out_cumulative)
        return BADUGI_ODDS_BAD_SPEC;
    int cards = game->cards;
    int32_t kept = 0;
    double sum = 0;
    for (int32_t i = 0; i < count; i++) {
        const uint8_t *hand = hands + (size_t)i * (size_t)cards;
        uint64_t set = 0;
        for (int j = 0; j < cards; j++) {
            if (hand[j] >= BADUGI_CARDS) return BADUGI_ODDS_BAD_CARD;
            if (set >> hand[j] & 1) return BADUGI_ODDS_REPEATED_CARD;
            set |= 1ull << hand[j];
        }
        if (policy_throws(game, target, hand, cards) != throws) continue;
        memcpy(out_hands + (size_t)kept * (size_t)cards, hand, (size_t)cards);
        sum += weights[i];
        out_weights[kept] = weights[i];
        out_cumulative[kept++] = sum;
    }
    return kept;
}

/* One assignment's deals: counted (counting 2: the assignment alone) or tallied. */
static int ranged_deal(ranged *g, ranged_work *k, double w) {
    if (k->counting == 1) {
        if (k->visited >= k->most) return STOP;
        k->visited++;
    }
    if (k->counting == 2) {
        k->count += 1;
        return k->count > k->limit ? STOP : BADUGI_ODDS_OK;
    }
    return g->spec.history ? past_exact(g, k, 0, 0, w) : ranged_future(g, k, w);
}

/* Every assignment of range players which.. given the cards used so far. */
static int assign_all(ranged *g, ranged_work *k, int which, uint64_t used, double w,
                      int32_t first, int32_t end) {
    if (which == g->count) return ranged_deal(g, k, w);
    const badugi_odds_range *range = &g->ranges[g->players[which]];
    int cards = g->spec.game.cards;
    if (which > 0) first = 0, end = range->count;
    for (int32_t i = first; i < end; i++) {
        uint64_t set = combo_set(range, cards, i);
        if (set & used) continue;
        assign_combo(g, which, i);
        int status = assign_all(g, k, which + 1, used | set, w * range->weights[i], 0, 0);
        if (status != BADUGI_ODDS_OK) return status;
    }
    return BADUGI_ODDS_OK;
}

/* Validate the spec and the ranges (the hands' discards are checked by each deal's
 * start) and set up the work's no-draw run and the known hands' ranks. */
static int ranged_prepare(ranged *g, const badugi_odds_spec *spec,
                          const badugi_odds_range *ranges, ranged_work *k) {
    int status = ranged_start(g, spec, ranges);
    if (status != BADUGI_ODDS_OK) return status;
    if (!valid_options(&spec->game, spec->target) || spec->draws < 0 ||
        spec->draws > spec->game.draws)
        return BADUGI_ODDS_BAD_SPEC;
    for (int p = 0; p < spec->players; p++)
        if (spec->draws == 0 && spec->discard_count[p] != BADUGI_ODDS_POLICY)
            return BADUGI_ODDS_BAD_DISCARD;
    memset(&k->fast, 0, sizeof k->fast);
    k->fast.players = spec->players;
    k->fast.halves = spec->game.halves;
    k->fast.out = k->out;
    for (int p = 0; p < spec->players; p++)
        if (!ranges[p].count) eval_halves(&spec->game, spec->hands[p], g->ranks[p]);
    return BADUGI_ODDS_OK;
}

/* Run the assignments whose first range player's combo is in [first, first + count). */
static int ranged_run(const badugi_odds_spec *spec, const badugi_odds_range *ranges,
                      uint32_t first, uint32_t count, ranged_work *k) {
    ranged g;
    int status = ranged_prepare(&g, spec, ranges, k);
    if (status != BADUGI_ODDS_OK) return status;
    int32_t size = ranges[g.players[0]].count;
    int32_t from = first < (uint32_t)size ? (int32_t)first : size;
    int32_t end = count < (uint32_t)(size - from) ? from + (int32_t)count : size;
    status = assign_all(&g, k, 0, g.known, 1.0, from, end);
    return status == STOP ? BADUGI_ODDS_OK : status;
}

int badugi_odds_range_assignments(const badugi_odds_spec *spec,
                                  const badugi_odds_range *ranges, double limit, uint32_t first,
                                  uint32_t count, double *assignments) {
    if (!assignments) return BADUGI_ODDS_BAD_SPEC;
    ranged_work k = {2, limit, 0, 1e308, 0, NULL, {0}};
    int status = ranged_run(spec, ranges, first, count, &k);
    if (status == BADUGI_ODDS_OK) *assignments = k.count;
    return status;
}

int badugi_odds_range_outcomes(const badugi_odds_spec *spec, const badugi_odds_range *ranges,
                               double limit, uint32_t first, uint32_t count, double most,
                               double *assignments, double *outcomes) {
    if (!outcomes || !assignments) return BADUGI_ODDS_BAD_SPEC;
    ranged_work k = {1, limit, 0, most, 0, NULL, {0}};
    int status = ranged_run(spec, ranges, first, count, &k);
    if (status != BADUGI_ODDS_OK) return status;
    *assignments = k.visited;
    *outcomes = k.count;
    return BADUGI_ODDS_OK;
}

int badugi_odds_range_exact(const badugi_odds_spec *spec, const badugi_odds_range *ranges,
                            uint32_t first, uint32_t count, badugi_odds_tally *out) {
    if (!out) return BADUGI_ODDS_BAD_SPEC;
    memset(out, 0, sizeof *out);
    ranged_work k = {0, 1e308, 0, 1e308, 0, out, {0}};
    return ranged_run(spec, ranges, first, count, &k);
}

/* A combo of `range` drawn with probability proportional to its weight: uniformly when
 * the weights are all equal, else by its running sum. */
static int32_t pick(rng *g, const badugi_odds_range *range, int uniform) {
    if (uniform) return (int32_t)below(g, (uint32_t)range->count);
    double total = range->cumulative[range->count - 1];
    uint64_t high_bits = next32(g);
    uint64_t bits = high_bits << 21 ^ (uint64_t)(next32(g) >> 11);
    double u = (double)bits * 0x1p-53 * total;
    int32_t low = 0, high = range->count - 1; /* the first running sum past u */
    while (low < high) {
        int32_t mid = low + (high - low) / 2;
        if (range->cumulative[mid] > u)
            high = mid;
        else
            low = mid + 1;
    }
    return low;
}

#define MAX_REJECTIONS (1 << 20)

/* One combo for each range player, each drawn by its weight: 1, or 0 when two clash. */
static int pick_assignment(ranged *g, rng *gen) {
    int cards = g->spec.game.cards;
    uint64_t used = g->known;
    for (int which = 0; which < g->count; which++) {
        const badugi_odds_range *range = &g->ranges[g->players[which]];
        int32_t i = pick(gen, range, g->uniform[g->players[which]]);
        uint64_t set = combo_set(range, cards, i);
        if (set & used) return 0;
        used |= set;
        assign_combo(g, which, i);
    }
    return 1;
}

int badugi_odds_range_sample(const badugi_odds_spec *spec, const badugi_odds_range *ranges,
                             uint64_t seed, uint64_t chunk, uint32_t samples,
                             badugi_odds_tally *out) {
    if (!out) return BADUGI_ODDS_BAD_SPEC;
    memset(out, 0, sizeof *out);
    ranged g;
    ranged_work k = {0, 1e308, 0, 1e308, 0, out, {0}};
    int status = ranged_prepare(&g, spec, ranges, &k);
    if (status != BADUGI_ODDS_OK) return status;
    rng gen;
    rng_seed(&gen, seed, chunk);
    for (uint32_t s = 0; s < samples; s++) {
        for (int tries = 0;;) { /* all combos again after a clash or a dropped deal */
            int kept = pick_assignment(&g, &gen);
            if (kept && spec->history) kept = play_past(&g, &gen);
            if (kept > 0) kept = fits_now(&g);
            if (kept < 0) return kept;
            if (kept) break;
            if (++tries == MAX_REJECTIONS) return BADUGI_ODDS_EMPTY_RANGE;
        }
        if (spec->draws == 0) {
            ranged_future(&g, &k, 1.0);
            continue;
        }
        run r;
        status = start(&r, &g.spec, 0, out);
        if (status != BADUGI_ODDS_OK) return status;
        r.out = out;
        status = play_deals(&r, &gen, 1);
        if (status != BADUGI_ODDS_OK) return status;
    }
    return BADUGI_ODDS_OK;
}
