/* test_badugi.c - tests for every function of the public C API (badugi.h).
 *
 * Uses nothing but badugi.h, so it runs against the static or the shared library.
 * The rank tables are checked against brute-force evaluators written here straight
 * from docs/rules.md: for every 4-card hand (Badugi, both ace scales) and every 5-card
 * hand (5-card Badugi, A-5, 2-7) the library's rank must be the dense position of
 * the hand's rule key, i.e. rank(a) < rank(b) exactly when key(a) < key(b).
 *
 * Prints one line per failed check and finally "N passed, N failed"; exits 1 on
 * any failure.
 */
#include <limits.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>

#include "badugi.h"
#include "check.h"
#include "random.h"

/* ---- helpers independent of the library ----------------------------------------- */

static const char RANK_CHARS[] = "A23456789TJQK";
static const char SUIT_CHARS[] = "shdc";

static int rank_of(int card) { return card / 4 + 1; } /* A=1 .. K=13 */
static int suit_of(int card) { return card % 4; }

/* Card id from two characters, written independently of badugi_card_parse. */
static int card_id(const char *text) {
    const char *r = strchr(RANK_CHARS, text[0]);
    const char *s = strchr(SUIT_CHARS, text[1]);
    if (!text[0] || !text[1] || !r || !s) {
        fprintf(stderr, "test bug: bad card text %s\n", text);
        exit(3);
    }
    return 4 * (int)(r - RANK_CHARS) + (int)(s - SUIT_CHARS);
}

/* "As 2c 3h 4d" -> ids; returns the number of cards. */
static int hand_ids(const char *text, uint8_t *out, int max) {
    int n = 0;
    while (*text) {
        if (*text == ' ') {
            text++;
            continue;
        }
        if (n == max) {
            fprintf(stderr, "test bug: too many cards\n");
            exit(3);
        }
        out[n++] = (uint8_t)card_id(text);
        text += 2;
    }
    return n;
}

static uint16_t eval4_text(const char *text) {
    uint8_t h[4];
    if (hand_ids(text, h, 4) != 4) exit(3);
    return badugi_eval4(h[0], h[1], h[2], h[3]);
}
static uint16_t high4_text(const char *text) {
    uint8_t h[4];
    if (hand_ids(text, h, 4) != 4) exit(3);
    return badugi_ace_high_eval4(h[0], h[1], h[2], h[3]);
}
static uint16_t a5_text(const char *text) {
    uint8_t h[5];
    if (hand_ids(text, h, 5) != 5) exit(3);
    return badugi_ace_five_eval(h[0], h[1], h[2], h[3], h[4]);
}
static uint16_t d27_text(const char *text) {
    uint8_t h[5];
    if (hand_ids(text, h, 5) != 5) exit(3);
    return badugi_deuce_seven_eval(h[0], h[1], h[2], h[3], h[4]);
}

/* k distinct random cards, in random order. */
static void random_hand(uint8_t *h, int k) {
    uint8_t deck[52];
    for (int i = 0; i < 52; i++) deck[i] = (uint8_t)i;
    for (int i = 0; i < k; i++) {
        uint32_t j = (uint32_t)i + rng_below((uint32_t)(52 - i));
        uint8_t t = deck[i];
        deck[i] = deck[j];
        deck[j] = t;
        h[i] = deck[i];
    }
}

static void shuffle(uint8_t *h, int k) {
    for (int i = k - 1; i > 0; i--) {
        uint32_t j = rng_below((uint32_t)(i + 1));
        uint8_t t = h[i];
        h[i] = h[j];
        h[j] = t;
    }
}

/* Next permutation in lexicographic order of idx[0..n); 0 after the last one. */
static int next_permutation(int *idx, int n) {
    int i = n - 2;
    while (i >= 0 && idx[i] >= idx[i + 1]) i--;
    if (i < 0) return 0;
    int j = n - 1;
    while (idx[j] <= idx[i]) j--;
    int t = idx[i];
    idx[i] = idx[j];
    idx[j] = t;
    for (int a = i + 1, b = n - 1; a < b; a++, b--) {
        t = idx[a];
        idx[a] = idx[b];
        idx[b] = t;
    }
    return 1;
}

/* ---- brute-force rule keys (docs/rules.md) -------------------------------------- */

/* Badugi: best playing set; key = (4 - size, values high to low, zero padded),
 * encoded in base 15 so integer order is key order. ace_value is 1 or 14. */
#define BADUGI_KEYS (5 * 15 * 15 * 15 * 15)
static int badugi_key(const uint8_t *cards, int n, int ace_value) {
    int best = -1;
    for (int size = n < 4 ? n : 4; size >= 1 && best < 0; size--) {
        for (unsigned mask = 1; mask < (1u << n); mask++) {
            int count = 0, ranks = 0, suits = 0, ok = 1;
            int values[4];
            for (int i = 0; i < n; i++) {
                if (!(mask >> i & 1)) continue;
                int r = rank_of(cards[i]), s = suit_of(cards[i]);
                if ((ranks >> r & 1) || (suits >> s & 1)) ok = 0;
                ranks |= 1 << r;
                suits |= 1 << s;
                if (count < 4) values[count] = r == 1 ? ace_value : r;
                count++;
            }
            if (!ok || count != size) continue;
            /* sort values high to low */
            for (int a = 0; a < size; a++)
                for (int b = a + 1; b < size; b++)
                    if (values[b] > values[a]) {
                        int t = values[a];
                        values[a] = values[b];
                        values[b] = t;
                    }
            int key = 4 - size;
            for (int i = 0; i < 4; i++) key = key * 15 + (i < size ? values[i] : 0);
            if (best < 0 || key < best) best = key;
        }
    }
    return best;
}

/* Group the five values by count (largest count first, then higher value first).
 * Returns the shape category in the order of the pairing ladder, and writes the
 * ordered distinct values (zero padded to 5). */
static int grouped(const int *values, int *order) {
    int counts[16] = {0};
    for (int i = 0; i < 5; i++) counts[values[i]]++;
    int n = 0, maxc = 0;
    for (int c = 4; c >= 1; c--)
        for (int v = 15; v >= 0; v--)
            if (counts[v] == c) order[n++] = v;
    for (int i = n; i < 5; i++) order[i] = 0;
    for (int v = 0; v < 16; v++) maxc = counts[v] > maxc ? counts[v] : maxc;
    /* 0 no pair, 1 pair, 2 two pair, 3 trips, 4 full house, 5 quads */
    if (maxc == 4) return 5;
    if (maxc == 3) return n == 2 ? 4 : 3;
    if (maxc == 2) return n == 3 ? 2 : 1;
    return 0;
}

#define LOW_KEYS (9 * 15 * 15 * 15 * 15 * 15)
static int encode(int category, const int *order) {
    int key = category;
    for (int i = 0; i < 5; i++) key = key * 15 + order[i];
    return key;
}

/* A-5 low: aces low, straights and flushes ignored. */
static int ace_five_key(const uint8_t *cards) {
    int values[5], order[5];
    for (int i = 0; i < 5; i++) values[i] = rank_of(cards[i]);
    int category = grouped(values, order);
    return encode(category, order);
}

/* 2-7 low = reversed high poker, aces high only (A-2-3-4-5 is no straight). */
static int deuce_seven_key(const uint8_t *cards) {
    int values[5], order[5];
    int flush = 1;
    for (int i = 0; i < 5; i++) {
        values[i] = rank_of(cards[i]) == 1 ? 14 : rank_of(cards[i]);
        flush &= suit_of(cards[i]) == suit_of(cards[0]);
    }
    int shape = grouped(values, order);
    int straight = shape == 0 && order[0] - order[4] == 4;
    int category;
    if (straight && flush) category = 8;
    else if (shape == 5) category = 7;
    else if (shape == 4) category = 6;
    else if (flush) category = 5;
    else if (straight) category = 4;
    else category = shape; /* 0..3 */
    return encode(category, order);
}

/* rank_of_key[key] collects the rank each key got; checks one key, one rank. */
typedef struct {
    const char *name;
    uint16_t *rank_of_key;
    int keys;
    int max_rank;
    unsigned long long mismatches;
} key_map;

static void key_map_init(key_map *m, const char *name, int keys, int max_rank) {
    m->name = name;
    m->rank_of_key = calloc((size_t)keys, sizeof(uint16_t));
    if (!m->rank_of_key) {
        perror("calloc");
        exit(3);
    }
    m->keys = keys;
    m->max_rank = max_rank;
    m->mismatches = 0;
}

static void key_map_add(key_map *m, int key, uint16_t rank, const uint8_t *cards, int n) {
    uint16_t *slot = &m->rank_of_key[key];
    if (*slot == 0) *slot = rank;
    if (*slot != rank || rank == 0) {
        m->mismatches++;
        if (m->mismatches <= 5) {
            char text[32] = {0};
            for (int i = 0; i < n; i++) {
                text[3 * i] = RANK_CHARS[cards[i] / 4];
                text[3 * i + 1] = SUIT_CHARS[cards[i] % 4];
                text[3 * i + 2] = ' ';
            }
            fprintf(stderr, "%s: hand %s got rank %u, another hand with its key got %u\n",
                    m->name, text, rank, *slot);
        }
    }
}

/* Every key maps to one rank; ranks in key order are exactly 1, 2, ..., max_rank. */
static void key_map_finish(key_map *m) {
    int expected = 1, ordered = 1;
    for (int key = 0; key < m->keys; key++) {
        uint16_t r = m->rank_of_key[key];
        if (!r) continue;
        if (r != expected && ordered) {
            fprintf(stderr, "%s: key %d has rank %u, expected %d in key order\n", m->name, key, r,
                    expected);
            ordered = 0;
        }
        expected++;
    }
    CHECK(m->mismatches == 0, "%s: %llu hands disagree with their rule key", m->name,
          m->mismatches);
    CHECK(ordered, "%s: ranks are not the dense order of the rule keys", m->name);
    CHECK_EQ(expected - 1, m->max_rank, m->name);
    free(m->rank_of_key);
}

/* ---- the evaluators as a table --------------------------------------------------- */

typedef size_t (*batch_fn)(const uint8_t *, size_t, uint16_t *);

static uint16_t s_low4(const uint8_t *h) { return badugi_eval4(h[0], h[1], h[2], h[3]); }
static uint16_t s_high4(const uint8_t *h) { return badugi_ace_high_eval4(h[0], h[1], h[2], h[3]); }
static uint16_t s_low5(const uint8_t *h) { return badugi_eval5(h[0], h[1], h[2], h[3], h[4]); }
static uint16_t s_high5(const uint8_t *h) {
    return badugi_ace_high_eval5(h[0], h[1], h[2], h[3], h[4]);
}
static uint16_t s_a5(const uint8_t *h) { return badugi_ace_five_eval(h[0], h[1], h[2], h[3], h[4]); }
static uint16_t s_d27(const uint8_t *h) {
    return badugi_deuce_seven_eval(h[0], h[1], h[2], h[3], h[4]);
}

typedef struct {
    const char *name;
    int k;
    int max_rank;
    uint16_t (*single)(const uint8_t *);
    batch_fn batch;
    batch_fn checked;
} evaluator;

static const evaluator EVALUATORS[] = {
    {"eval4", 4, BADUGI_RANKS, s_low4, badugi_eval4_batch, badugi_eval4_batch_checked},
    {"ace_high_eval4", 4, BADUGI_RANKS, s_high4, badugi_ace_high_eval4_batch,
     badugi_ace_high_eval4_batch_checked},
    {"eval5", 5, BADUGI_RANKS, s_low5, badugi_eval5_batch, badugi_eval5_batch_checked},
    {"ace_high_eval5", 5, BADUGI_RANKS, s_high5, badugi_ace_high_eval5_batch,
     badugi_ace_high_eval5_batch_checked},
    {"ace_five_eval", 5, BADUGI_ACE_FIVE_RANKS, s_a5, badugi_ace_five_eval_batch,
     badugi_ace_five_eval_batch_checked},
    {"deuce_seven_eval", 5, BADUGI_DEUCE_SEVEN_RANKS, s_d27, badugi_deuce_seven_eval_batch,
     badugi_deuce_seven_eval_batch_checked},
};
#define N_EVALUATORS (sizeof EVALUATORS / sizeof EVALUATORS[0])

/* ---- tests ------------------------------------------------------------------------ */

static void test_version(void) {
    char expected[32];
    snprintf(expected, sizeof expected, "%d.%d.%d", BADUGI_VERSION_MAJOR, BADUGI_VERSION_MINOR,
             BADUGI_VERSION_PATCH);
    const char *v = badugi_version();
    CHECK(v != NULL, "badugi_version() is NULL");
    if (!v) return;
    CHECK(strcmp(v, BADUGI_VERSION_STRING) == 0, "version %s != BADUGI_VERSION_STRING %s", v,
          BADUGI_VERSION_STRING);
    CHECK(strcmp(v, expected) == 0, "version %s != macros %s", v, expected);
}

static void test_constants(void) {
    CHECK_EQ(BADUGI_FOUR_CARD_RANKS + BADUGI_THREE_CARD_RANKS + BADUGI_TWO_CARD_RANKS +
                 BADUGI_ONE_CARD_RANKS,
             BADUGI_RANKS, "size counts add up");
    CHECK_EQ(BADUGI_INVALID, 0, "BADUGI_INVALID");
    CHECK_EQ(BADUGI_CARDS, 52, "BADUGI_CARDS");
}

static void test_known_badugi(void) {
    /* docs/rules.md, "Badugi hand values", aces low */
    CHECK_EQ(eval4_text("As 2h 3d 4c"), 1, "A-2-3-4 rainbow");
    CHECK_EQ(eval4_text("4c 3d 2h As"), 1, "A-2-3-4 rainbow, reversed");
    CHECK_EQ(eval4_text("As 2h 3d 5c"), 2, "A-2-3-5");
    CHECK_EQ(eval4_text("As 2h 4d 5c"), 3, "A-2-4-5");
    CHECK_EQ(eval4_text("As 3h 4d 5c"), 4, "A-3-4-5");
    CHECK_EQ(eval4_text("2s 3h 4d 5c"), 5, "2-3-4-5");
    CHECK_EQ(eval4_text("As 2h 3d 6c"), 6, "A-2-3-6");
    CHECK_EQ(eval4_text("Ks Qh Jd Tc"), BADUGI_FOUR_CARD_RANKS, "K-Q-J-T rainbow");
    CHECK_EQ(eval4_text("Ks Kh Kd Kc"), BADUGI_RANKS, "one-card king");
    CHECK_EQ(eval4_text("Ah As Ad Ac"), BADUGI_RANKS - 12, "one-card ace");
    CHECK_EQ(eval4_text("As 2h 3d 3c"), BADUGI_FOUR_CARD_RANKS + 1, "best three-card: 3-2-A");
    CHECK_EQ(eval4_text("Ks Qh Jd Js"), BADUGI_FOUR_CARD_RANKS + BADUGI_THREE_CARD_RANKS,
             "worst three-card: K-Q-J");
    CHECK_EQ(eval4_text("As 2h Ad 2c"), 1002, "best two-card: 2-A");
    CHECK_EQ(eval4_text("Ks Qh Kh Qs"), 1079, "worst two-card: K-Q");
    /* aces high */
    CHECK_EQ(high4_text("2s 3h 4d 5c"), 1, "aces high: 2-3-4-5 rainbow");
    CHECK_EQ(high4_text("As Kh Qd Jc"), BADUGI_FOUR_CARD_RANKS, "aces high: A-K-Q-J rainbow");
    CHECK_EQ(high4_text("Ah As Ad Ac"), BADUGI_RANKS, "aces high: one-card ace");
    CHECK_EQ(high4_text("2h 2s 2d 2c"), BADUGI_RANKS - 12, "aces high: one-card deuce");
    CHECK(high4_text("As 2h 3d 4c") > high4_text("Ks 2h 3d 4c"), "aces high: ace plays high");
    CHECK(high4_text("As 2h 3d 4c") <= BADUGI_FOUR_CARD_RANKS, "aces high: A-2-3-4 is a badugi");

    /* worked examples */
    CHECK(eval4_text("Ks 7h 3d 2c") <= BADUGI_FOUR_CARD_RANKS, "Ks 7h 3d 2c is a badugi");
    CHECK(eval4_text("9s 8h 4d 3c") > eval4_text("8s 7h 3d 2c"), "9-high loses to 8-high");
    CHECK(eval4_text("6s 5h 4d Ac") > eval4_text("6s 4h 3d 2c"), "6-5 loses to 6-4");
    uint16_t three_four = eval4_text("6h 4d 3s Ah");
    CHECK(three_four > BADUGI_FOUR_CARD_RANKS && three_four <= 1001, "6h 4d 3s Ah: three cards");
    CHECK(three_four < eval4_text("7h 5d 4d 3s"), "4-3-A beats 7-4-3");
    CHECK(three_four > eval4_text("Ks Qh Jd Tc"), "three cards lose to any badugi");
    CHECK_EQ(eval4_text("As Ac 3h 4d"), three_four, "As Ac 3h 4d plays 4-3-A");
    CHECK_EQ(eval4_text("Ac Ad 2c 3d"), 1002, "Ac Ad 2c 3d plays 2-A");
    CHECK_EQ(eval4_text("2d 2c Ad As"), 1002, "2d 2c Ad As plays 2-A");
    CHECK_EQ(eval4_text("Qd Jd 8d 4d"), 1080 + 3, "Qd Jd 8d 4d plays the 4 alone");
    /* suits never break ties */
    CHECK_EQ(eval4_text("Ks 7h 3d 2c"), eval4_text("Kh 7s 3c 2d"), "suits do not matter");

    /* 5-card Badugi */
    uint8_t h[5];
    hand_ids("7s As 2h 3d 4c", h, 5);
    CHECK_EQ(badugi_eval5(h[0], h[1], h[2], h[3], h[4]), 1, "eval5: A-2-3-4 + 7");
    CHECK_EQ(badugi_ace_high_eval5(h[0], h[1], h[2], h[3], h[4]), 6, "ace_high_eval5: 7-4-3-2");
    hand_ids("7h 5s 2h 3d 4c", h, 5);
    CHECK_EQ(badugi_ace_high_eval5(h[0], h[1], h[2], h[3], h[4]), 1,
             "Badeucey nut: 2-3-4-5 rainbow with a 7");
    CHECK_EQ(badugi_deuce_seven_eval(h[0], h[1], h[2], h[3], h[4]), 1,
             "Badeucey nut: 7-5-4-3-2 for the low");
}

static void test_known_lows(void) {
    CHECK_EQ(a5_text("5s 4h 3d 2c As"), 1, "A-5: 5-4-3-2-A");
    CHECK_EQ(a5_text("5s 4s 3s 2s As"), 1, "A-5: flushes do not count");
    CHECK_EQ(a5_text("6s 4h 3d 2c As"), 2, "A-5: 6-4-3-2-A");
    CHECK_EQ(a5_text("Ks Kh Kd Kc Qs"), BADUGI_ACE_FIVE_RANKS, "A-5: K-K-K-K-Q is the worst");
    CHECK(a5_text("Ks Qh Jd Tc 9s") < a5_text("As Ah 2d 3c 4s"), "A-5: no pair beats a pair");
    CHECK(a5_text("As Ah 2d 3c 4s") < a5_text("2s 2h 3d 4c 5s"), "A-5: pair of aces beats 2s");

    CHECK_EQ(d27_text("7s 5h 4d 3c 2s"), 1, "2-7: 7-5-4-3-2 offsuit");
    CHECK_EQ(d27_text("7s 6h 4d 3c 2s"), 2, "2-7: 7-6-4-3-2");
    CHECK_EQ(d27_text("7s 6h 5d 3c 2s"), 3, "2-7: 7-6-5-3-2");
    CHECK_EQ(d27_text("7s 6h 5d 4c 2s"), 4, "2-7: 7-6-5-4-2");
    CHECK_EQ(d27_text("8s 5h 4d 3c 2s"), 5, "2-7: 8-5-4-3-2 (7-6-5-4-3 is a straight)");
    CHECK_EQ(d27_text("As Ks Qs Js Ts"), BADUGI_DEUCE_SEVEN_RANKS, "2-7: royal flush is worst");
    CHECK(d27_text("7s 5s 4s 3s 2s") > d27_text("As Kh Qd Jc 9s"), "2-7: flush is bad");
    CHECK(d27_text("As 2h 3d 4c 5s") < d27_text("2s 2h 3d 4c 5s"),
          "2-7: A-5-4-3-2 is ace high, not a straight");
    CHECK(d27_text("6s 5h 4d 3c 2s") > d27_text("2s 2h 2d 4c 5s"), "2-7: straight worse than trips");
    CHECK(d27_text("6s 5h 4d 3c 2s") < d27_text("9s 7s 4s 3s 2s"), "2-7: flush worse than straight");
}

/* Every permutation of sample hands gives the same rank, for single and batch calls. */
static void test_order_independence(void) {
    for (size_t e = 0; e < N_EVALUATORS; e++) {
        const evaluator *ev = &EVALUATORS[e];
        for (int sample = 0; sample < 200; sample++) {
            uint8_t base[5], h[5];
            random_hand(base, ev->k);
            if (sample == 0) hand_ids(ev->k == 4 ? "As 2h 3d 4c" : "As 2h 3d 4c 5s", base, 5);
            if (sample == 1) hand_ids(ev->k == 4 ? "Ac Ad 2c 3d" : "Ac Ad 2c 3d 3s", base, 5);
            uint16_t expected = ev->single(base);
            int idx[5] = {0, 1, 2, 3, 4}, perms = 0;
            uint8_t all[120 * 5];
            uint16_t out[121];
            do {
                for (int i = 0; i < ev->k; i++) h[i] = base[idx[i]];
                memcpy(all + perms * ev->k, h, (size_t)ev->k);
                CHECK(ev->single(h) == expected, "%s: permutation changes the rank", ev->name);
                perms++;
            } while (next_permutation(idx, ev->k));
            CHECK_EQ(perms, ev->k == 4 ? 24 : 120, "permutation count");
            out[perms] = 0xBEEF;
            CHECK_EQ(ev->batch(all, (size_t)perms, out), 0, ev->name);
            int same = 1;
            for (int i = 0; i < perms; i++) same &= out[i] == expected;
            CHECK(same, "%s batch: permutation changes the rank", ev->name);
            CHECK_EQ(out[perms], 0xBEEF, "batch wrote past n");
        }
    }
}

/* All 270,725 four-card hands, both scales, single and batch: ranks match the rule
 * keys, are dense, and split by size 715/286/78/13 as decode reports. */
static void test_exhaustive_four(void) {
    enum { HANDS = 270725 };
    uint8_t *cards = malloc((size_t)HANDS * 4);
    uint16_t *low = malloc(HANDS * sizeof *low), *high = malloc(HANDS * sizeof *high);
    uint16_t *out = malloc((HANDS + 1) * sizeof *out);
    if (!cards || !low || !high || !out) exit(3);
    key_map low_keys, high_keys;
    key_map_init(&low_keys, "eval4 vs rules", BADUGI_KEYS, BADUGI_RANKS);
    key_map_init(&high_keys, "ace_high_eval4 vs rules", BADUGI_KEYS, BADUGI_RANKS);
    size_t n = 0;
    unsigned long long bad_single = 0;
    for (int a = 0; a < 52; a++)
        for (int b = a + 1; b < 52; b++)
            for (int c = b + 1; c < 52; c++)
                for (int d = c + 1; d < 52; d++) {
                    uint8_t *h = cards + 4 * n;
                    h[0] = (uint8_t)a, h[1] = (uint8_t)b, h[2] = (uint8_t)c, h[3] = (uint8_t)d;
                    shuffle(h, 4);
                    low[n] = badugi_eval4(h[0], h[1], h[2], h[3]);
                    high[n] = badugi_ace_high_eval4(h[0], h[1], h[2], h[3]);
                    bad_single += low[n] != badugi_eval4(a, b, c, d);
                    bad_single += high[n] != badugi_ace_high_eval4(d, c, b, a);
                    key_map_add(&low_keys, badugi_key(h, 4, 1), low[n], h, 4);
                    key_map_add(&high_keys, badugi_key(h, 4, 14), high[n], h, 4);
                    n++;
                }
    CHECK_EQ(n, HANDS, "four-card hand count");
    CHECK(bad_single == 0, "eval4: %llu hands depend on card order", bad_single);
    key_map_finish(&low_keys);
    key_map_finish(&high_keys);

    for (int scale = 0; scale < 2; scale++) {
        const uint16_t *ranks = scale ? high : low;
        const char *name = scale ? "ace_high_eval4" : "eval4";
        static unsigned char seen[BADUGI_RANKS + 1];
        memset(seen, 0, sizeof seen);
        int in_range = 1;
        for (size_t i = 0; i < n; i++) {
            in_range &= ranks[i] >= 1 && ranks[i] <= BADUGI_RANKS;
            if (ranks[i] <= BADUGI_RANKS) seen[ranks[i]] = 1;
        }
        CHECK(in_range, "%s: a rank outside 1..1092", name);
        int distinct_by_size[5] = {0}, all_seen = 1;
        for (int r = 1; r <= BADUGI_RANKS; r++) {
            all_seen &= seen[r];
            uint8_t pr[4];
            if (seen[r]) distinct_by_size[badugi_decode((uint16_t)r, scale, pr)]++;
        }
        CHECK(all_seen, "%s: not every rank 1..1092 appears", name);
        CHECK_EQ(distinct_by_size[4], BADUGI_FOUR_CARD_RANKS, "distinct four-card ranks");
        CHECK_EQ(distinct_by_size[3], BADUGI_THREE_CARD_RANKS, "distinct three-card ranks");
        CHECK_EQ(distinct_by_size[2], BADUGI_TWO_CARD_RANKS, "distinct two-card ranks");
        CHECK_EQ(distinct_by_size[1], BADUGI_ONE_CARD_RANKS, "distinct one-card ranks");
        CHECK_EQ(distinct_by_size[0], 0, "ranks that decode to nothing");

        /* the batch functions over all hands at once */
        const evaluator *ev = &EVALUATORS[scale];
        out[n] = 0xBEEF;
        CHECK_EQ(ev->batch(cards, n, out), 0, "batch over all four-card hands");
        CHECK(memcmp(out, ranks, n * sizeof *out) == 0, "%s batch != single", name);
        memset(out, 0, n * sizeof *out);
        CHECK_EQ(ev->checked(cards, n, out), n, "checked batch over all four-card hands");
        CHECK(memcmp(out, ranks, n * sizeof *out) == 0, "%s checked batch != single", name);
        CHECK_EQ(out[n], 0xBEEF, "batch wrote past n");
    }

    /* compare4 against the ranks on random pairs */
    unsigned long long bad_compare = 0;
    for (int i = 0; i < 200000; i++) {
        size_t x = rng_below(HANDS), y = rng_below(HANDS);
        if (i % 7 == 0) y = x;
        int expected = (low[x] < low[y]) - (low[x] > low[y]);
        bad_compare += badugi_compare4(cards + 4 * x, cards + 4 * y) != expected;
    }
    CHECK(bad_compare == 0, "compare4 disagrees with eval4 on %llu pairs", bad_compare);
    free(cards);
    free(low);
    free(high);
    free(out);
}

/* All 2,598,960 five-card hands (in random order within each hand): 5-card Badugi
 * is the best of its five 4-card subsets; A-5 and 2-7 match their rule keys and are
 * dense; every batch function equals the single calls. */
static void test_exhaustive_five(void) {
    enum { CHUNK = 4096 };
    static uint8_t cards[CHUNK * 5];
    static uint16_t expect[N_EVALUATORS][CHUNK];
    static uint16_t out[CHUNK + 1];
    key_map a5_keys, d27_keys;
    key_map_init(&a5_keys, "ace_five_eval vs rules", LOW_KEYS, BADUGI_ACE_FIVE_RANKS);
    key_map_init(&d27_keys, "deuce_seven_eval vs rules", LOW_KEYS, BADUGI_DEUCE_SEVEN_RANKS);
    unsigned long long bad_subset[2] = {0, 0}, bad_batch[N_EVALUATORS] = {0};
    unsigned long long bad_checked[N_EVALUATORS] = {0};
    size_t total = 0, n = 0;
    int a[5];
    for (a[0] = 0; a[0] < 52; a[0]++)
        for (a[1] = a[0] + 1; a[1] < 52; a[1]++)
            for (a[2] = a[1] + 1; a[2] < 52; a[2]++)
                for (a[3] = a[2] + 1; a[3] < 52; a[3]++)
                    for (a[4] = a[3] + 1; a[4] < 52; a[4]++) {
                        uint8_t *h = cards + 5 * n;
                        for (int i = 0; i < 5; i++) h[i] = (uint8_t)a[i];
                        shuffle(h, 5);
                        for (size_t e = 0; e < N_EVALUATORS; e++)
                            if (EVALUATORS[e].k == 5) expect[e][n] = EVALUATORS[e].single(h);
                        for (int scale = 0; scale < 2; scale++) {
                            uint16_t (*eval4)(int, int, int, int) =
                                scale ? badugi_ace_high_eval4 : badugi_eval4;
                            uint16_t best = 0xFFFF;
                            for (int drop = 0; drop < 5; drop++) {
                                int s[4], j = 0;
                                for (int i = 0; i < 5; i++)
                                    if (i != drop) s[j++] = h[i];
                                uint16_t r = eval4(s[0], s[1], s[2], s[3]);
                                best = r < best ? r : best;
                            }
                            bad_subset[scale] += expect[2 + scale][n] != best;
                        }
                        key_map_add(&a5_keys, ace_five_key(h), expect[4][n], h, 5);
                        key_map_add(&d27_keys, deuce_seven_key(h), expect[5][n], h, 5);
                        n++;
                        total++;
                        if (n == CHUNK || total == 2598960) {
                            for (size_t e = 2; e < N_EVALUATORS; e++) {
                                out[n] = 0xBEEF;
                                bad_batch[e] += EVALUATORS[e].batch(cards, n, out) != 0;
                                bad_batch[e] += memcmp(out, expect[e], n * sizeof *out) != 0;
                                memset(out, 0, n * sizeof *out);
                                bad_checked[e] += EVALUATORS[e].checked(cards, n, out) != n;
                                bad_checked[e] += memcmp(out, expect[e], n * sizeof *out) != 0;
                                bad_checked[e] += out[n] != 0xBEEF;
                            }
                            n = 0;
                        }
                    }
    CHECK_EQ(total, 2598960, "five-card hand count");
    CHECK(bad_subset[0] == 0, "eval5 != best 4-card subset on %llu hands", bad_subset[0]);
    CHECK(bad_subset[1] == 0, "ace_high_eval5 != best 4-card subset on %llu hands", bad_subset[1]);
    for (size_t e = 2; e < N_EVALUATORS; e++) {
        CHECK(bad_batch[e] == 0, "%s batch != single (%llu chunks)", EVALUATORS[e].name,
              bad_batch[e]);
        CHECK(bad_checked[e] == 0, "%s checked batch != single (%llu chunks)", EVALUATORS[e].name,
              bad_checked[e]);
    }
    key_map_finish(&a5_keys);
    key_map_finish(&d27_keys);
}

/* Many random hands through every batch function, in odd sizes, against single calls. */
static void test_batches_random(void) {
    enum { N = 3001 };
    static uint8_t cards[N * 5];
    static uint16_t out[N + 2], expect[N];
    for (size_t e = 0; e < N_EVALUATORS; e++) {
        const evaluator *ev = &EVALUATORS[e];
        for (int round = 0; round < 5; round++) {
            size_t n = round == 0 ? 1 : rng_below(N) + 1;
            for (size_t i = 0; i < n; i++) {
                random_hand(cards + ev->k * i, ev->k);
                expect[i] = ev->single(cards + ev->k * i);
            }
            out[n] = 0xBEEF;
            CHECK_EQ(ev->batch(cards, n, out), 0, ev->name);
            CHECK(memcmp(out, expect, n * sizeof *out) == 0, "%s batch != single", ev->name);
            CHECK_EQ(out[n], 0xBEEF, "batch wrote past n");
            memset(out, 0, n * sizeof *out);
            CHECK_EQ(ev->checked(cards, n, out), n, ev->name);
            CHECK(memcmp(out, expect, n * sizeof *out) == 0, "%s checked != single", ev->name);
            CHECK_EQ(out[n], 0xBEEF, "checked batch wrote past n");
            int in_range = 1;
            for (size_t i = 0; i < n; i++)
                in_range &= expect[i] >= 1 && expect[i] <= ev->max_rank;
            CHECK(in_range, "%s: rank out of range", ev->name);
        }
    }
}

/* Ways to spoil a hand of k cards. */
static int spoil(uint8_t *h, int k, int how) {
    switch (how) {
        case 0: h[0] = 52; return 1;
        case 1: h[k - 1] = 52; return 1;
        case 2: h[1] = 255; return 1;
        case 3: h[k - 1] = 255; return 1;
        case 4: h[1] = h[0]; return 1;           /* repeat, adjacent at the front */
        case 5: h[k - 1] = h[0]; return 1;       /* repeat, first and last */
        case 6: h[k - 1] = h[k - 2]; return 1;   /* repeat, adjacent at the back */
        case 7: h[2] = h[1]; h[3] = h[1]; return 1; /* three of one card */
        case 8: memset(h, 7, (size_t)k); return 1;  /* all the same card */
        case 9: h[0] = 64; h[1] = 128; return 1;
        default: return 0;
    }
}

/* Checked batches stop at the first invalid hand and write nothing from there on;
 * unchecked batches count invalid hands and write 0 for them. */
static void test_invalid_batches(void) {
    enum { N = 12, GUARD = 0xBEEF };
    for (size_t e = 0; e < N_EVALUATORS; e++) {
        const evaluator *ev = &EVALUATORS[e];
        const int k = ev->k;
        for (int how = 0; how < 10; how++) {
            const size_t positions[] = {0, 1, 5, N - 1};
            for (size_t p = 0; p < sizeof positions / sizeof positions[0]; p++) {
                size_t bad = positions[p];
                uint8_t cards[N * 5];
                uint16_t expect[N], out[N + 2];
                for (size_t i = 0; i < N; i++) {
                    random_hand(cards + k * i, k);
                    expect[i] = ev->single(cards + k * i);
                }
                spoil(cards + k * bad, k, how);
                CHECK_EQ(ev->single(cards + k * bad), BADUGI_INVALID, "spoiled hand single");
                /* a second bad hand later must not change the answer */
                if (bad + 3 < N) spoil(cards + k * (bad + 3), k, (how + 1) % 10);

                for (size_t i = 0; i < N + 2; i++) out[i] = GUARD;
                size_t got = ev->checked(cards, N, out);
                CHECK(got == bad, "%s checked, spoil %d at %zu: returned %zu", ev->name, how, bad,
                      got);
                int ok = 1;
                for (size_t i = 0; i < bad; i++) ok &= out[i] == expect[i];
                for (size_t i = bad; i < N + 2; i++) ok &= out[i] == GUARD;
                CHECK(ok, "%s checked, spoil %d at %zu: wrong output or wrote past the bad hand",
                      ev->name, how, bad);

                for (size_t i = 0; i < N + 2; i++) out[i] = GUARD;
                size_t invalid = ev->batch(cards, N, out);
                size_t expected_invalid = bad + 3 < N ? 2 : 1;
                CHECK(invalid == expected_invalid, "%s batch: %zu invalid, expected %zu", ev->name,
                      invalid, expected_invalid);
                ok = out[N] == GUARD && out[N + 1] == GUARD;
                for (size_t i = 0; i < N; i++) {
                    int is_bad = i == bad || (bad + 3 < N && i == bad + 3);
                    ok &= out[i] == (is_bad ? BADUGI_INVALID : expect[i]);
                }
                CHECK(ok, "%s batch, spoil %d at %zu: wrong output", ev->name, how, bad);
            }
        }
        /* every hand invalid */
        uint8_t junk[8 * 5];
        uint16_t out[9];
        memset(junk, 200, sizeof junk);
        for (int i = 0; i < 9; i++) out[i] = GUARD;
        CHECK_EQ(ev->batch(junk, 8, out), 8, "all invalid: count");
        int zeros = out[8] == GUARD;
        for (int i = 0; i < 8; i++) zeros &= out[i] == 0;
        CHECK(zeros, "%s: all-invalid batch output", ev->name);
        for (int i = 0; i < 9; i++) out[i] = GUARD;
        CHECK_EQ(ev->checked(junk, 8, out), 0, "all invalid: checked");
        CHECK(out[0] == GUARD, "%s: checked wrote for an invalid first hand", ev->name);
    }
}

static void test_null_and_empty(void) {
    enum { GUARD = 0xBEEF };
    for (size_t e = 0; e < N_EVALUATORS; e++) {
        const evaluator *ev = &EVALUATORS[e];
        uint8_t cards[5 * 3];
        uint16_t out[4] = {GUARD, GUARD, GUARD, GUARD};
        for (int i = 0; i < 3; i++) random_hand(cards + ev->k * i, ev->k);
        CHECK_EQ(ev->batch(NULL, 3, out), 3, "batch(NULL cards): n invalid");
        CHECK_EQ(ev->batch(cards, 3, NULL), 3, "batch(NULL out): n invalid");
        CHECK_EQ(ev->batch(NULL, 3, NULL), 3, "batch(NULL, NULL): n invalid");
        CHECK_EQ(ev->checked(NULL, 3, out), 0, "checked(NULL cards): first bad is 0");
        CHECK_EQ(ev->checked(cards, 3, NULL), 0, "checked(NULL out): first bad is 0");
        CHECK_EQ(ev->checked(NULL, 3, NULL), 0, "checked(NULL, NULL): first bad is 0");
        CHECK(out[0] == GUARD && out[1] == GUARD && out[2] == GUARD && out[3] == GUARD,
              "%s: NULL input wrote to out", ev->name);
        CHECK_EQ(ev->batch(NULL, 0, NULL), 0, "batch n=0, NULL");
        CHECK_EQ(ev->checked(NULL, 0, NULL), 0, "checked n=0, NULL");
        CHECK_EQ(ev->batch(cards, 0, out), 0, "batch n=0");
        CHECK_EQ(ev->checked(cards, 0, out), 0, "checked n=0");
        CHECK(out[0] == GUARD, "%s: n=0 wrote to out", ev->name);
    }
    uint8_t a[4] = {0, 5, 10, 15};
    CHECK_EQ(badugi_compare4(NULL, a), BADUGI_COMPARE_ERROR, "compare4(NULL, b)");
    CHECK_EQ(badugi_compare4(a, NULL), BADUGI_COMPARE_ERROR, "compare4(a, NULL)");
    CHECK_EQ(badugi_compare4(NULL, NULL), BADUGI_COMPARE_ERROR, "compare4(NULL, NULL)");
    CHECK_EQ(badugi_decode(1, 0, NULL), 0, "decode(NULL)");
    CHECK_EQ(badugi_card_parse(NULL), -1, "card_parse(NULL)");
    CHECK_EQ(badugi_card_parse(""), -1, "card_parse(\"\")");
    CHECK_EQ(badugi_card_format(0, NULL), -1, "card_format(NULL)");
}

static void test_compare4(void) {
    uint8_t a[4], b[4];
    hand_ids("8s 7h 3d 2c", a, 4);
    hand_ids("9s 8h 4d 3c", b, 4);
    CHECK_EQ(badugi_compare4(a, b), 1, "8-7-3-2 beats 9-8-4-3");
    CHECK_EQ(badugi_compare4(b, a), -1, "9-8-4-3 loses to 8-7-3-2");
    CHECK_EQ(badugi_compare4(a, a), 0, "same hand ties");
    hand_ids("2d 3h 7c 8s", b, 4); /* same ranks, other suits and order */
    CHECK_EQ(badugi_compare4(a, b), 0, "suits never break ties");
    hand_ids("As 2h 3d 3c", b, 4);
    CHECK_EQ(badugi_compare4(a, b), 1, "any badugi beats three cards");
    CHECK_EQ(badugi_compare4(b, a), -1, "three cards lose to any badugi");
    uint8_t bad[4] = {0, 1, 2, 52};
    CHECK_EQ(badugi_compare4(a, bad), BADUGI_COMPARE_ERROR, "compare4 with id 52");
    CHECK_EQ(badugi_compare4(bad, a), BADUGI_COMPARE_ERROR, "compare4 with id 52 first");
    uint8_t rep[4] = {9, 1, 9, 3};
    CHECK_EQ(badugi_compare4(rep, a), BADUGI_COMPARE_ERROR, "compare4 with a repeated card");
    uint8_t big[4] = {255, 1, 2, 3};
    CHECK_EQ(badugi_compare4(a, big), BADUGI_COMPARE_ERROR, "compare4 with id 255");
    CHECK_EQ(badugi_compare4(bad, big), BADUGI_COMPARE_ERROR, "compare4, both invalid");
}

static void test_decode(void) {
    for (int scale = 0; scale < 2; scale++) {
        int prev_key = -1, ordered = 1, shaped = 1;
        for (int r = 1; r <= BADUGI_RANKS; r++) {
            uint8_t pr[4] = {0xAA, 0xAA, 0xAA, 0xAA};
            int size = badugi_decode((uint16_t)r, scale, pr);
            int expected_size = r <= 715 ? 4 : r <= 1001 ? 3 : r <= 1079 ? 2 : 1;
            CHECK(size == expected_size, "decode(%d): size %d, expected %d", r, size,
                  expected_size);
            int lo = scale ? 2 : 1, hi = scale ? 14 : 13;
            for (int i = 0; i < 4; i++) {
                if (i < size)
                    shaped &= pr[i] >= lo && pr[i] <= hi && (i == 0 || pr[i] < pr[i - 1]);
                else
                    shaped &= pr[i] == 0;
            }
            /* ranks in order are keys in order (fewer cards, then higher values, later) */
            int key = 4 - size;
            for (int i = 0; i < 4; i++) key = key * 15 + pr[i];
            ordered &= key > prev_key;
            prev_key = key;
        }
        CHECK(shaped, "decode scale %d: values out of range, unsorted, or not zero padded",
              scale);
        CHECK(ordered, "decode scale %d: ranks not in rule order", scale);
    }
    uint8_t pr[4];
    CHECK_EQ(badugi_decode(1, 0, pr), 4, "decode(1) size");
    CHECK(pr[0] == 4 && pr[1] == 3 && pr[2] == 2 && pr[3] == 1, "decode(1) = 4-3-2-A");
    CHECK_EQ(badugi_decode(1, 1, pr), 4, "decode(1, aces high) size");
    CHECK(pr[0] == 5 && pr[1] == 4 && pr[2] == 3 && pr[3] == 2, "decode(1, high) = 5-4-3-2");
    CHECK_EQ(badugi_decode(715, 0, pr), 4, "decode(715)");
    CHECK(pr[0] == 13 && pr[1] == 12 && pr[2] == 11 && pr[3] == 10, "decode(715) = K-Q-J-T");
    CHECK_EQ(badugi_decode(BADUGI_RANKS, 0, pr), 1, "decode(1092) size");
    CHECK(pr[0] == 13 && pr[1] == 0, "decode(1092) = K");
    CHECK_EQ(badugi_decode(BADUGI_RANKS, 1, pr), 1, "decode(1092, high) size");
    CHECK(pr[0] == 14 && pr[1] == 0, "decode(1092, high) = ace as 14");
    CHECK_EQ(badugi_decode(BADUGI_RANKS, 7, pr), 1, "decode: any non-zero aces_high");
    CHECK(pr[0] == 14, "decode aces_high=7 means aces high");
    CHECK_EQ(badugi_decode(eval4_text("6h 4d 3s Ah"), 0, pr), 3, "decode 6h 4d 3s Ah");
    CHECK(pr[0] == 4 && pr[1] == 3 && pr[2] == 1 && pr[3] == 0, "6h 4d 3s Ah plays 4-3-A");
    CHECK_EQ(badugi_decode(high4_text("6h 4d 3s Ah"), 1, pr), 3, "decode high 6h 4d 3s Ah");
    CHECK(pr[0] == 6 && pr[1] == 4 && pr[2] == 3 && pr[3] == 0,
          "aces high, 6h 4d 3s Ah plays 6-4-3 (the high Ah is dead)");
    CHECK_EQ(badugi_decode(eval4_text("Ac Ad 2c 3d"), 0, pr), 2, "decode Ac Ad 2c 3d");
    CHECK(pr[0] == 2 && pr[1] == 1 && pr[2] == 0, "Ac Ad 2c 3d plays 2-A");
    CHECK_EQ(badugi_decode(eval4_text("Qd Jd 8d 4d"), 0, pr), 1, "decode Qd Jd 8d 4d");
    CHECK(pr[0] == 4 && pr[1] == 0, "Qd Jd 8d 4d plays the 4");
    const uint16_t invalid[] = {0, BADUGI_RANKS + 1, 2000, 0xFFFF};
    for (size_t i = 0; i < sizeof invalid / sizeof invalid[0]; i++)
        for (int scale = 0; scale < 2; scale++) {
            uint8_t z[4] = {0xAA, 0xAA, 0xAA, 0xAA};
            CHECK(badugi_decode(invalid[i], scale, z) == 0, "decode(%u) should be 0", invalid[i]);
            CHECK(z[0] == 0 && z[1] == 0 && z[2] == 0 && z[3] == 0, "decode(%u) must zero ranks",
                  invalid[i]);
        }
}

static void test_cards(void) {
    int all_ok = 1;
    for (int id = 0; id < 52; id++) {
        char text[3] = {'z', 'z', 'z'};
        CHECK_EQ(badugi_card_format(id, text), 0, "card_format");
        all_ok &= text[0] == RANK_CHARS[id / 4] && text[1] == SUIT_CHARS[id % 4] && text[2] == 0;
        all_ok &= badugi_card_parse(text) == id;
        all_ok &= card_id(text) == id;
        char lower[2] = {(char)(text[0] >= 'A' && text[0] <= 'Z' ? text[0] - 'A' + 'a' : text[0]),
                         text[1]};
        char upper[2] = {text[0], (char)(text[1] - 'a' + 'A')};
        all_ok &= badugi_card_parse(lower) == id; /* a 2-char array, no NUL needed */
        all_ok &= badugi_card_parse(upper) == id;
    }
    CHECK(all_ok, "card parse/format round trip over all 52 ids");
    CHECK_EQ(badugi_card_parse("As"), 0, "As");
    CHECK_EQ(badugi_card_parse("AS"), 0, "AS");
    CHECK_EQ(badugi_card_parse("as"), 0, "as");
    CHECK_EQ(badugi_card_parse("Kc"), 51, "Kc");
    CHECK_EQ(badugi_card_parse("td"), 38, "td");
    CHECK_EQ(badugi_card_parse("Th"), 37, "Th");
    CHECK_EQ(badugi_card_parse("2s"), 4, "2s");
    CHECK_EQ(badugi_card_parse("Asx"), 0, "only two characters are read");
    /* garbage; built at run time so the compiler sees full-size buffers */
    const char *garbage[] = {"",   "X",  "A",  "K",  "1s", "10", "Ax", "Kx", "9z", "T1", "sA",
                             " A", "A ", "Q ", "0s", "Zs", "**", "\xff\xff", "A\xff"};
    for (size_t i = 0; i < sizeof garbage / sizeof garbage[0]; i++) {
        char buf[3] = {0, 0, 0};
        memcpy(buf, garbage[i], strlen(garbage[i]));
        CHECK(badugi_card_parse(buf) == -1, "card_parse(\"%s\") should be -1", garbage[i]);
    }
    const int bad_ids[] = {-1, 52, 53, 255, 256, 1000, INT_MIN, INT_MAX};
    for (size_t i = 0; i < sizeof bad_ids / sizeof bad_ids[0]; i++) {
        char text[3] = {'z', 'z', 'z'};
        CHECK(badugi_card_format(bad_ids[i], text) == -1, "card_format(%d) should be -1",
              bad_ids[i]);
        CHECK(text[0] == 'z' && text[1] == 'z' && text[2] == 'z', "card_format(%d) wrote",
              bad_ids[i]);
    }
}

/* The int API: any int that is not 0..51, or a repeat, is invalid, never truncated. */
static void test_single_int_api(void) {
    const int bad[] = {-1, -4, 52, 53, 255, 256, 257, 260, 1 << 16, 1 << 30, INT_MAX, INT_MIN,
                       INT_MIN + 1, -256, -255};
    for (size_t i = 0; i < sizeof bad / sizeof bad[0]; i++) {
        int x = bad[i];
        for (int pos = 0; pos < 5; pos++) {
            int c[5] = {8, 13, 18, 23, 28};
            c[pos] = x;
            if (pos < 4) {
                CHECK(badugi_eval4(c[0], c[1], c[2], c[3]) == 0, "eval4 with %d at %d", x, pos);
                CHECK(badugi_ace_high_eval4(c[0], c[1], c[2], c[3]) == 0,
                      "ace_high_eval4 with %d at %d", x, pos);
            }
            CHECK(badugi_eval5(c[0], c[1], c[2], c[3], c[4]) == 0, "eval5 with %d at %d", x, pos);
            CHECK(badugi_ace_high_eval5(c[0], c[1], c[2], c[3], c[4]) == 0,
                  "ace_high_eval5 with %d at %d", x, pos);
            CHECK(badugi_ace_five_eval(c[0], c[1], c[2], c[3], c[4]) == 0,
                  "ace_five_eval with %d at %d", x, pos);
            CHECK(badugi_deuce_seven_eval(c[0], c[1], c[2], c[3], c[4]) == 0,
                  "deuce_seven_eval with %d at %d", x, pos);
        }
    }
    /* repeated cards at every pair of positions */
    for (int i = 0; i < 5; i++)
        for (int j = i + 1; j < 5; j++) {
            int c[5] = {8, 13, 18, 23, 28};
            c[j] = c[i];
            if (j < 4) CHECK(badugi_eval4(c[0], c[1], c[2], c[3]) == 0, "eval4 repeat %d,%d", i, j);
            if (j < 4)
                CHECK(badugi_ace_high_eval4(c[0], c[1], c[2], c[3]) == 0,
                      "ace_high_eval4 repeat %d,%d", i, j);
            CHECK(badugi_eval5(c[0], c[1], c[2], c[3], c[4]) == 0, "eval5 repeat %d,%d", i, j);
            CHECK(badugi_ace_high_eval5(c[0], c[1], c[2], c[3], c[4]) == 0,
                  "ace_high_eval5 repeat %d,%d", i, j);
            CHECK(badugi_ace_five_eval(c[0], c[1], c[2], c[3], c[4]) == 0, "a5 repeat %d,%d", i,
                  j);
            CHECK(badugi_deuce_seven_eval(c[0], c[1], c[2], c[3], c[4]) == 0, "d27 repeat %d,%d",
                  i, j);
        }
    /* the valid base hand really is valid, at the edges of the id range too */
    CHECK(badugi_eval4(8, 13, 18, 23) != 0, "base hand valid");
    CHECK(badugi_eval4(0, 1, 50, 51) != 0, "ids 0 and 51 valid");
    CHECK(badugi_eval5(51, 0, 50, 1, 25) != 0, "eval5 edge ids valid");
    CHECK(badugi_ace_five_eval(51, 0, 50, 1, 25) != 0, "a5 edge ids valid");
    CHECK(badugi_deuce_seven_eval(51, 0, 50, 1, 25) != 0, "d27 edge ids valid");
}

/* Every byte value 0..255 at every position of a hand, through every batch
 * function and the int API: valid exactly when it is a card not already held. */
static void test_every_byte(void) {
    for (size_t e = 0; e < N_EVALUATORS; e++) {
        const evaluator *ev = &EVALUATORS[e];
        uint8_t base[5];
        random_hand(base, ev->k);
        unsigned long long wrong = 0;
        for (int pos = 0; pos < ev->k; pos++) {
            uint8_t cards[256 * 5];
            uint16_t out[257];
            size_t expected_invalid = 0;
            for (int x = 0; x < 256; x++) {
                uint8_t *h = cards + ev->k * x;
                memcpy(h, base, (size_t)ev->k);
                h[pos] = (uint8_t)x;
                int valid = x < 52;
                for (int i = 0; i < ev->k; i++) valid &= i == pos || base[i] != x;
                expected_invalid += !valid;
                uint16_t r = ev->single(h);
                wrong += valid ? (r < 1 || r > ev->max_rank) : r != BADUGI_INVALID;
            }
            out[256] = 0xBEEF;
            size_t invalid = ev->batch(cards, 256, out);
            wrong += invalid != expected_invalid || out[256] != 0xBEEF;
            for (int x = 0; x < 256; x++) wrong += out[x] != ev->single(cards + ev->k * x);
        }
        CHECK(wrong == 0, "%s: %llu wrong answers with byte values 0..255", ev->name, wrong);
    }
}

int main(void) {
    test_version();
    test_constants();
    test_known_badugi();
    test_known_lows();
    test_cards();
    test_decode();
    test_compare4();
    test_single_int_api();
    test_null_and_empty();
    test_invalid_batches();
    test_every_byte();
    test_order_independence();
    test_batches_random();
    test_exhaustive_four();
    test_exhaustive_five();
    return report("test_badugi");
}
