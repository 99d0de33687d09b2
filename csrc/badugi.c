/* badugi.c - the evaluators: sort the ids, hash them perfectly, look the rank up.
 *
 * Every per-hand path is branch-free up to the table read and safe for any input: an
 * invalid hand (id > 51 or a repeated id) hashes to index 0, is read there, and
 * its rank is replaced by BADUGI_INVALID. Sorting ids also sorts ranks (ace
 * first), which is what both perfect hashes need.
 */
#include "badugi.h"
#include "internal.h"
#include "tables.h"

#define SUIT_MASK 3u
#define RANK_SHIFT 2u

/* Binomial coefficients as tables indexed by a card id 0..255 (every uint8_t), so
 * the hashes below need no multiplication. colex_c2/c3/c4[x] = C(x, 2/3/4) for a
 * valid id; for x > 51 colex_c2/c3 are 0 and colex_c4 is COLEX_INVALID, which
 * puts the index of any hand holding such an id (it sorts last) out of range.
 * multiset_k[id] = C(rank + k, k + 1) with rank = id >> 2, the k-th term of the
 * rank-multiset hash (r_i + i, i = k); 0 for x > 51 (that index is discarded). */
#define COLEX_INVALID 0x40000000u
#define REP4(F, x) F(x), F((x) + 1), F((x) + 2), F((x) + 3)
#define REP16(F, x) REP4(F, x), REP4(F, (x) + 4), REP4(F, (x) + 8), REP4(F, (x) + 12)
#define REP64(F, x) REP16(F, x), REP16(F, (x) + 16), REP16(F, (x) + 32), REP16(F, (x) + 48)
#define REP256(F) REP64(F, 0u), REP64(F, 64u), REP64(F, 128u), REP64(F, 192u)

#define CHOOSE2(x) ((x) * ((x) - 1) / 2)
#define CHOOSE3(x) ((x) * ((x) - 1) * ((x) - 2) / 6)
#define CHOOSE4(x) ((x) * ((x) - 1) * ((x) - 2) * ((x) - 3) / 24)
#define CHOOSE5(x) ((x) * ((x) - 1) * ((x) - 2) * ((x) - 3) * ((x) - 4) / 120)
#define VALID_ID(x) ((x) < BADUGI_CARDS)
#define C2_ENTRY(x) (VALID_ID(x) ? CHOOSE2(x) : 0u)
#define C3_ENTRY(x) (VALID_ID(x) ? CHOOSE3(x) : 0u)
#define C4_ENTRY(x) (VALID_ID(x) ? CHOOSE4(x) : COLEX_INVALID)
#define M1_ENTRY(x) (VALID_ID(x) ? CHOOSE2(((x) >> RANK_SHIFT) + 1) : 0u)
#define M2_ENTRY(x) (VALID_ID(x) ? CHOOSE3(((x) >> RANK_SHIFT) + 2) : 0u)
#define M3_ENTRY(x) (VALID_ID(x) ? CHOOSE4(((x) >> RANK_SHIFT) + 3) : 0u)
#define M4_ENTRY(x) (VALID_ID(x) ? CHOOSE5(((x) >> RANK_SHIFT) + 4) : 0u)

static const uint32_t colex_c2[256] = {REP256(C2_ENTRY)};
static const uint32_t colex_c3[256] = {REP256(C3_ENTRY)};
static const uint32_t colex_c4[256] = {REP256(C4_ENTRY)};
static const uint16_t multiset_1[256] = {REP256(M1_ENTRY)};
static const uint16_t multiset_2[256] = {REP256(M2_ENTRY)};
static const uint16_t multiset_3[256] = {REP256(M3_ENTRY)};
static const uint16_t multiset_4[256] = {REP256(M4_ENTRY)};

#define SORT2(a, b)                          \
    do {                                     \
        uint32_t lo_ = (a) < (b) ? (a) : (b); \
        uint32_t hi_ = (a) < (b) ? (b) : (a); \
        (a) = lo_;                           \
        (b) = hi_;                           \
    } while (0)

/* A sorted hand of up to five ids 0..255 (unused slots ignored) and its validity. */
typedef struct {
    uint32_t c[5];
    uint32_t valid;
} sorted_hand;

static inline sorted_hand sort4(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    sorted_hand h;
    SORT2(a, b);
    SORT2(c, d);
    SORT2(a, c);
    SORT2(b, d);
    SORT2(b, c);
    h.c[0] = a;
    h.c[1] = b;
    h.c[2] = c;
    h.c[3] = d;
    h.c[4] = 0;
    h.valid = (a < b) & (b < c) & (c < d) & (d < BADUGI_CARDS);
    return h;
}

static inline sorted_hand sort5(uint32_t a, uint32_t b, uint32_t c, uint32_t d, uint32_t e) {
    sorted_hand h;
    SORT2(a, b);
    SORT2(d, e);
    SORT2(c, e);
    SORT2(c, d);
    SORT2(a, d);
    SORT2(a, c);
    SORT2(b, e);
    SORT2(b, d);
    SORT2(b, c);
    h.c[0] = a;
    h.c[1] = b;
    h.c[2] = c;
    h.c[3] = d;
    h.c[4] = e;
    h.valid = (a < b) & (b < c) & (c < d) & (d < e) & (e < BADUGI_CARDS);
    return h;
}

/* Colex index of four increasing ids 0..255; >= BDG_HANDS4 if the last is > 51. */
static inline uint32_t colex4(uint32_t a, uint32_t b, uint32_t c, uint32_t d) {
    return a + colex_c2[b] + colex_c3[c] + colex_c4[d];
}

/* Four cards: the hash itself says whether an id is > 51, so validity is three
 * differences (sorted ids are distinct iff each step is >= 1) and the range. */
static inline uint16_t lookup4(const uint16_t *table, sorted_hand h) {
    const uint32_t *c = h.c;
    uint32_t index = colex4(c[0], c[1], c[2], c[3]);
    uint32_t bad = ((c[1] - c[0] - 1) | (c[2] - c[1] - 1) | (c[3] - c[2] - 1) |
                    (BDG_HANDS4 - 1 - index)) >> 31;
    uint16_t rank = table[bad ? 0 : index];
    return bad ? BADUGI_INVALID : rank;
}

/* Best of the five four-card subsets: a five-card Badugi hand plays its best four. */
static inline uint16_t lookup5(const uint16_t *table, sorted_hand h) {
    const uint32_t *c = h.c;
    uint32_t keep = h.valid ? 0xFFFFFFFFu : 0u;
    uint32_t drop4 = colex4(c[0], c[1], c[2], c[3]) & keep;
    uint32_t drop3 = colex4(c[0], c[1], c[2], c[4]) & keep;
    uint32_t drop2 = colex4(c[0], c[1], c[3], c[4]) & keep;
    uint32_t drop1 = colex4(c[0], c[2], c[3], c[4]) & keep;
    uint32_t drop0 = colex4(c[1], c[2], c[3], c[4]) & keep;
    uint16_t best = table[drop4];
    uint16_t r;
    r = table[drop3];
    best = r < best ? r : best;
    r = table[drop2];
    best = r < best ? r : best;
    r = table[drop1];
    best = r < best ? r : best;
    r = table[drop0];
    best = r < best ? r : best;
    return h.valid ? best : BADUGI_INVALID;
}

/* Colex index of the sorted rank multiset, r_i + i strictly increasing. */
static inline uint32_t multiset5(sorted_hand h) {
    uint32_t index = (h.c[0] >> RANK_SHIFT) + multiset_1[h.c[1]] + multiset_2[h.c[2]] +
                     multiset_3[h.c[3]] + multiset_4[h.c[4]];
    return h.valid ? index : 0;
}

static inline uint16_t ace_five(sorted_hand h) {
    uint16_t rank = bdg_ace_five[multiset5(h)];
    return h.valid ? rank : BADUGI_INVALID;
}

static inline uint16_t deuce_seven(sorted_hand h) {
    const uint32_t *c = h.c;
    uint32_t suits = (c[0] ^ c[1]) | (c[0] ^ c[2]) | (c[0] ^ c[3]) | (c[0] ^ c[4]);
    const uint16_t *table = (suits & SUIT_MASK) ? bdg_deuce_seven : bdg_deuce_seven_flush;
    uint16_t rank = table[multiset5(h)];
    return h.valid ? rank : BADUGI_INVALID;
}

/* Single-hand entry points: ints may be anything. Any id outside 0..51 (a
 * negative one too, through its unsigned view) becomes 255, still invalid and
 * inside the hash tables. */
static inline uint32_t U(int x) { return (uint32_t)x < BADUGI_CARDS ? (uint32_t)x : 255u; }

uint16_t badugi_eval4(int c0, int c1, int c2, int c3) {
    return lookup4(bdg_badugi_low4, sort4(U(c0), U(c1), U(c2), U(c3)));
}

uint16_t badugi_eval5(int c0, int c1, int c2, int c3, int c4) {
    return lookup5(bdg_badugi_low4, sort5(U(c0), U(c1), U(c2), U(c3), U(c4)));
}

uint16_t badugi_ace_high_eval4(int c0, int c1, int c2, int c3) {
    return lookup4(bdg_badugi_high4, sort4(U(c0), U(c1), U(c2), U(c3)));
}

uint16_t badugi_ace_high_eval5(int c0, int c1, int c2, int c3, int c4) {
    return lookup5(bdg_badugi_high4, sort5(U(c0), U(c1), U(c2), U(c3), U(c4)));
}

uint16_t badugi_ace_five_eval(int c0, int c1, int c2, int c3, int c4) {
    return ace_five(sort5(U(c0), U(c1), U(c2), U(c3), U(c4)));
}

uint16_t badugi_deuce_seven_eval(int c0, int c1, int c2, int c3, int c4) {
    return deuce_seven(sort5(U(c0), U(c1), U(c2), U(c3), U(c4)));
}

int badugi_compare4(const uint8_t a[4], const uint8_t b[4]) {
    if (!a || !b) return BADUGI_COMPARE_ERROR;
    uint16_t ra = lookup4(bdg_badugi_low4, sort4(a[0], a[1], a[2], a[3]));
    uint16_t rb = lookup4(bdg_badugi_low4, sort4(b[0], b[1], b[2], b[3]));
    if (ra == BADUGI_INVALID || rb == BADUGI_INVALID) return BADUGI_COMPARE_ERROR;
    return (ra < rb) - (ra > rb);
}

/* Per-hand evaluators over a pointer to K ids, for the batch loops. */
static inline uint16_t low4_at(const uint8_t *h) {
    return lookup4(bdg_badugi_low4, sort4(h[0], h[1], h[2], h[3]));
}
static inline uint16_t high4_at(const uint8_t *h) {
    return lookup4(bdg_badugi_high4, sort4(h[0], h[1], h[2], h[3]));
}
static inline uint16_t low5_at(const uint8_t *h) {
    return lookup5(bdg_badugi_low4, sort5(h[0], h[1], h[2], h[3], h[4]));
}
static inline uint16_t high5_at(const uint8_t *h) {
    return lookup5(bdg_badugi_high4, sort5(h[0], h[1], h[2], h[3], h[4]));
}
static inline uint16_t ace_five_at(const uint8_t *h) {
    return ace_five(sort5(h[0], h[1], h[2], h[3], h[4]));
}
static inline uint16_t deuce_seven_at(const uint8_t *h) {
    return deuce_seven(sort5(h[0], h[1], h[2], h[3], h[4]));
}

/* A Badugi hand of one, two or three ids (count), looked up in a small-hand table: sorted,
 * each id checked (distinct, at most 51), then the colex index after the smaller sizes. */
static uint16_t lookup_small(const uint16_t *table, const uint8_t *cards, int count) {
    static const uint32_t offset[4] = {0, 0, BDG_SMALL_OFFSET_2, BDG_SMALL_OFFSET_3};
    uint32_t c[3] = {cards[0], count > 1 ? cards[1] : 0, count > 2 ? cards[2] : 0};
    if (count > 1) SORT2(c[0], c[1]);
    if (count > 2) {
        SORT2(c[1], c[2]);
        SORT2(c[0], c[1]);
    }
    uint32_t valid = c[count - 1] < BADUGI_CARDS;
    for (int i = 1; i < count; i++) valid &= c[i - 1] < c[i];
    if (!valid) return BADUGI_INVALID;
    uint32_t index = c[0] + (count > 1 ? colex_c2[c[1]] : 0) + (count > 2 ? colex_c3[c[2]] : 0);
    return table[offset[count] + index];
}

uint16_t badugi_eval_cards(const uint8_t *cards, int count, int aces_high) {
    if (!cards || count < 1 || count > 5) return BADUGI_INVALID;
    return badugi_rank(aces_high ? BADUGI_RANKING_BADUGI_ACE_HIGH : BADUGI_RANKING_BADUGI, cards,
                       count);
}

uint16_t badugi_rank(int ranking, const uint8_t *cards, int count) {
    switch (ranking) {
    case BADUGI_RANKING_BADUGI:
        if (count < 4) return lookup_small(bdg_badugi_low_small, cards, count);
        return count == 5 ? low5_at(cards) : low4_at(cards);
    case BADUGI_RANKING_BADUGI_ACE_HIGH:
        if (count < 4) return lookup_small(bdg_badugi_high_small, cards, count);
        return count == 5 ? high5_at(cards) : high4_at(cards);
    case BADUGI_RANKING_ACE_FIVE:
        return ace_five_at(cards);
    default:
        return deuce_seven_at(cards);
    }
}

/* Per-hand evaluators of ids already sorted and known valid: lane k of a block
 * sorted by sort16x4/sort16x5 (id j of hand k at s[16 * j + k]). */
static inline sorted_hand lane(const uint8_t *s, int k, int K) {
    sorted_hand h;
    for (int j = 0; j < 5; j++) h.c[j] = j < K ? s[16 * j + k] : 0;
    h.valid = 1;
    return h;
}
static inline uint16_t low4_lane(const uint8_t *s, int k) {
    sorted_hand h = lane(s, k, 4);
    return bdg_badugi_low4[colex4(h.c[0], h.c[1], h.c[2], h.c[3])];
}
static inline uint16_t high4_lane(const uint8_t *s, int k) {
    sorted_hand h = lane(s, k, 4);
    return bdg_badugi_high4[colex4(h.c[0], h.c[1], h.c[2], h.c[3])];
}
static inline uint16_t low5_lane(const uint8_t *s, int k) {
    return lookup5(bdg_badugi_low4, lane(s, k, 5));
}
static inline uint16_t high5_lane(const uint8_t *s, int k) {
    return lookup5(bdg_badugi_high4, lane(s, k, 5));
}
static inline uint16_t ace_five_lane(const uint8_t *s, int k) { return ace_five(lane(s, k, 5)); }
static inline uint16_t deuce_seven_lane(const uint8_t *s, int k) {
    return deuce_seven(lane(s, k, 5));
}

#if defined(__SSE2__) || defined(_M_X64) || (defined(_M_IX86_FP) && _M_IX86_FP >= 2)
/* SSE2 (every x86-64 CPU): sort 16 hands at once with byte min/max. The block
 * loops below take whole blocks of 16 valid hands; the scalar loop does the tail
 * and any block holding an invalid hand, so both batch contracts are unchanged. */
#include <emmintrin.h>

#define CE16(a, b)                        \
    do {                                  \
        __m128i lo_ = _mm_min_epu8(a, b); \
        (b) = _mm_max_epu8(a, b);         \
        (a) = lo_;                        \
    } while (0)

/* Non-zero if a lane repeats an id (equal neighbours once sorted) or its largest id is > 51. */
static inline int invalid16(__m128i same, __m128i last) {
    __m128i over = _mm_subs_epu8(last, _mm_set1_epi8(BADUGI_CARDS - 1));
    __m128i in_range = _mm_cmpeq_epi8(over, _mm_setzero_si128());
    return _mm_movemask_epi8(_mm_or_si128(same, _mm_andnot_si128(in_range, _mm_set1_epi8(-1))));
}

/* 16 hands of 4 ids (64 bytes) -> s[16 * j + k] = j-th smallest id of hand k. */
static inline int sort16x4(const uint8_t *p, uint8_t s[64]) {
    __m128i x0 = _mm_loadu_si128((const __m128i *)p);
    __m128i x1 = _mm_loadu_si128((const __m128i *)(p + 16));
    __m128i x2 = _mm_loadu_si128((const __m128i *)(p + 32));
    __m128i x3 = _mm_loadu_si128((const __m128i *)(p + 48));
    /* a 16 x 4 byte transpose: three rounds of interleaving, then 64-bit halves */
    __m128i t0 = _mm_unpacklo_epi8(x0, x1), t1 = _mm_unpackhi_epi8(x0, x1);
    __m128i t2 = _mm_unpacklo_epi8(x2, x3), t3 = _mm_unpackhi_epi8(x2, x3);
    __m128i u0 = _mm_unpacklo_epi8(t0, t1), u1 = _mm_unpackhi_epi8(t0, t1);
    __m128i u2 = _mm_unpacklo_epi8(t2, t3), u3 = _mm_unpackhi_epi8(t2, t3);
    __m128i v0 = _mm_unpacklo_epi8(u0, u1), v1 = _mm_unpackhi_epi8(u0, u1);
    __m128i v2 = _mm_unpacklo_epi8(u2, u3), v3 = _mm_unpackhi_epi8(u2, u3);
    __m128i a = _mm_unpacklo_epi64(v0, v2), b = _mm_unpackhi_epi64(v0, v2);
    __m128i c = _mm_unpacklo_epi64(v1, v3), d = _mm_unpackhi_epi64(v1, v3);
    CE16(a, b);
    CE16(c, d);
    CE16(a, c);
    CE16(b, d);
    CE16(b, c);
    _mm_storeu_si128((__m128i *)s, a);
    _mm_storeu_si128((__m128i *)(s + 16), b);
    _mm_storeu_si128((__m128i *)(s + 32), c);
    _mm_storeu_si128((__m128i *)(s + 48), d);
    __m128i same = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(a, b), _mm_cmpeq_epi8(b, c)),
                                _mm_cmpeq_epi8(c, d));
    return invalid16(same, d);
}

/* 16 hands of 5 ids (80 bytes) -> s[16 * j + k] = j-th smallest id of hand k. */
static inline int sort16x5(const uint8_t *p, uint8_t s[80]) {
    uint8_t t[80];
    for (int k = 0; k < 16; k++)
        for (int j = 0; j < 5; j++) t[16 * j + k] = p[5 * k + j];
    __m128i a = _mm_loadu_si128((const __m128i *)t);
    __m128i b = _mm_loadu_si128((const __m128i *)(t + 16));
    __m128i c = _mm_loadu_si128((const __m128i *)(t + 32));
    __m128i d = _mm_loadu_si128((const __m128i *)(t + 48));
    __m128i e = _mm_loadu_si128((const __m128i *)(t + 64));
    CE16(a, b);
    CE16(d, e);
    CE16(c, e);
    CE16(c, d);
    CE16(a, d);
    CE16(a, c);
    CE16(b, e);
    CE16(b, d);
    CE16(b, c);
    _mm_storeu_si128((__m128i *)s, a);
    _mm_storeu_si128((__m128i *)(s + 16), b);
    _mm_storeu_si128((__m128i *)(s + 32), c);
    _mm_storeu_si128((__m128i *)(s + 48), d);
    _mm_storeu_si128((__m128i *)(s + 64), e);
    __m128i same = _mm_or_si128(_mm_or_si128(_mm_cmpeq_epi8(a, b), _mm_cmpeq_epi8(b, c)),
                                _mm_or_si128(_mm_cmpeq_epi8(c, d), _mm_cmpeq_epi8(d, e)));
    return invalid16(same, e);
}

/* Evaluate whole blocks of 16 hands while every hand in them is valid; returns how
 * many hands were done (a multiple of 16: it stops before a block with an invalid hand). */
#define DEFINE_BLOCKS(name, K, eval_lane)                                           \
    static size_t name##_blocks(const uint8_t *cards, size_t n, uint16_t *out) {    \
        size_t i = 0;                                                               \
        for (; n - i >= 16; i += 16) {                                              \
            uint8_t s[16 * (K)];                                                    \
            if (sort16x##K(cards + (K) * i, s)) break;                              \
            for (int k = 0; k < 16; k++) out[i + k] = eval_lane(s, k);              \
        }                                                                           \
        return i;                                                                   \
    }
#else
#define DEFINE_BLOCKS(name, K, eval_lane)                                           \
    static size_t name##_blocks(const uint8_t *cards, size_t n, uint16_t *out) {    \
        (void)cards;                                                                \
        (void)n;                                                                    \
        (void)out;                                                                  \
        return 0;                                                                   \
    }
#endif

/* The two batch contracts (see badugi.h), once for every evaluator: 16-hand blocks
 * where the CPU allows, one hand at a time for the tail and for invalid hands. */
#define DEFINE_BATCH(name, K, eval_at, eval_lane)                                        \
    DEFINE_BLOCKS(name, K, eval_lane)                                                    \
    size_t name##_batch(const uint8_t *cards, size_t n, uint16_t *out) {                 \
        if (n && (!cards || !out)) return n;                                             \
        size_t invalid = 0;                                                              \
        size_t i = 0;                                                                    \
        while (i < n) {                                                                  \
            i += name##_blocks(cards + (K) * i, n - i, out + i);                         \
            size_t stop = n - i > 16 ? i + 16 : n; /* the block with an invalid hand */  \
            for (; i < stop; i++) {                                                      \
                uint16_t rank = eval_at(cards + (K) * i);                                \
                out[i] = rank;                                                           \
                invalid += rank == BADUGI_INVALID;                                       \
            }                                                                            \
        }                                                                                \
        return invalid;                                                                  \
    }                                                                                    \
    size_t name##_batch_checked(const uint8_t *cards, size_t n, uint16_t *out) {         \
        if (n && (!cards || !out)) return 0;                                             \
        for (size_t i = name##_blocks(cards, n, out); i < n; i++) {                      \
            uint16_t rank = eval_at(cards + (K) * i);                                    \
            if (rank == BADUGI_INVALID) return i;                                        \
            out[i] = rank;                                                               \
        }                                                                                \
        return n;                                                                        \
    }

DEFINE_BATCH(badugi_eval4, 4, low4_at, low4_lane)
DEFINE_BATCH(badugi_eval5, 5, low5_at, low5_lane)
DEFINE_BATCH(badugi_ace_high_eval4, 4, high4_at, high4_lane)
DEFINE_BATCH(badugi_ace_high_eval5, 5, high5_at, high5_lane)
DEFINE_BATCH(badugi_ace_five_eval, 5, ace_five_at, ace_five_lane)
DEFINE_BATCH(badugi_deuce_seven_eval, 5, deuce_seven_at, deuce_seven_lane)

int badugi_decode(uint16_t rank, int aces_high, uint8_t ranks[4]) {
    if (!ranks) return 0;
    uint32_t valid = rank >= 1 && rank <= BADUGI_RANKS;
    const uint8_t *row = (aces_high ? bdg_badugi_high_decode : bdg_badugi_low_decode) +
                         4 * (valid ? rank : 0);
    int size = 0;
    for (int i = 0; i < 4; i++) {
        ranks[i] = row[i];
        size += row[i] != 0;
    }
    return size;
}

const char *badugi_version(void) { return BADUGI_VERSION_STRING; }
