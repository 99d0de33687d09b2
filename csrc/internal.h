/* internal.h - helpers shared by the library's own sources and its tests: neither
 * installed, nor part of the API, nor exported from the shared library. */
#ifndef BADUGI_INTERNAL_H
#define BADUGI_INTERNAL_H

#include "badugi.h"

#if defined(__GNUC__) || defined(__clang__)
#define BADUGI_INTERNAL __attribute__((visibility("hidden")))
#else
#define BADUGI_INTERNAL
#endif

/* The engine's shuffle (shuffle.c): keys holds `count` (0..BADUGI_CARDS) unsigned 32-bit
 * sort keys, little-endian, 4 bytes each. Writes into order[0..count) the indices
 * 0..count-1 in ascending order of their keys, equal keys in index order (a stable sort),
 * and returns 0; returns -1, writing nothing, for a NULL pointer or a count out of range. */
BADUGI_INTERNAL int badugi_sort_keys(const uint8_t *keys, int count, uint8_t *order);

/* SHAKE-128 (FIPS 202) of in[0..in_len) into out[0..out_len) (shake.c): the source of the
 * shuffle's sort keys. Returns 0, or -1 for a NULL pointer with a non-zero length. */
BADUGI_INTERNAL int badugi_shake128(const uint8_t *in, size_t in_len, uint8_t *out,
                                    size_t out_len);

/* ChaCha20's block function (RFC 8439, 2.3; chacha.c): the 16 words of keystream block
 * `counter` of a key and nonce, as little-endian words. */
BADUGI_INTERNAL void badugi_chacha20_block(const uint32_t key[8], uint32_t counter,
                                           const uint32_t nonce[3], uint32_t out[16]);

/* The ChaCha20 deal's shuffle of cards[0..count) (docs/rules.md, "The deal"):
 * Fisher-Yates from the last card down, each swap drawn from the keystream of the key
 * `seed` (little-endian, then zeros) and the nonce `number` (0 the deal, k the k-th
 * reshuffle), 16 bits at a time, by Lemire's multiply-and-reject. */
BADUGI_INTERNAL void badugi_chacha20_shuffle(uint64_t seed, uint32_t number, uint8_t *cards,
                                             int count);

/* The rank of cards[0..count) under a BADUGI_RANKING_* (badugi.c): the one evaluation by
 * ranking behind the hand's showdown and the odds kernels. count is 1..5 for a Badugi
 * ranking, 5 for a low; an invalid hand ranks BADUGI_INVALID. */
BADUGI_INTERNAL uint16_t badugi_rank(int ranking, const uint8_t *cards, int count);

/* Whether a game is valid (badugi.h, "A game"; game.c): NULL, or a static string naming
 * its first bad field ("game.cards", "game.rankings", ...). */
BADUGI_INTERNAL const char *badugi_game_fault(const badugi_game *game);

/* How many cards a set of card ids (bit `id`) holds. */
static inline int badugi_count_cards(uint64_t cards) {
    int n = 0;
    for (; cards; cards &= cards - 1) n++;
    return n;
}

/* Whether a hand's missed blinds (badugi.h, missed_live and missed_dead) are valid for its
 * seats, button and blinds, each at most `most` chips: NULL, or a static string naming the
 * first bad field (hand.c). */
BADUGI_INTERNAL const char *badugi_missed_blinds_fault(const badugi_hand *h, int64_t most);

/* The seat to decide now in a hand (hand.c): the actor of a betting round or a draw, or
 * the seat to show or muck at a showdown, after the door checks of the move functions;
 * else a BADUGI_HAND_E_* code (no seat to decide, or a state the checks refuse). And
 * whether a seat at the showdown must show rather than muck: it alone still claims a pot. */
BADUGI_INTERNAL int badugi_hand_turn(const badugi_hand *h);
BADUGI_INTERNAL int badugi_hand_must_show(const badugi_hand *h, int seat);
/* badugi_hand_legal for the actor `seat` of a betting round, the door checks done. */
BADUGI_INTERNAL void badugi_hand_bounds(const badugi_hand *h, int seat, int64_t legal[5]);

/* The training encoding's steps (encoding.c) for a hand whose settings are known good, with
 * `count` (badugi_action_count of them) given rather than worked out and checked again.
 * badugi_hand_decode_counted is badugi_hand_decode, with the betting bounds badugi_hand_legal
 * gives now if known (else NULL). badugi_hand_read finds the seat to decide (after the door
 * checks of badugi_hand_turn) and its mask (count values), and writes into legal[5] the
 * bounds the observation lists (badugi_hand_legal's in a betting round, else zeros): the
 * seat, or a BADUGI_HAND_E_*. */
BADUGI_INTERNAL int badugi_hand_decode_counted(const badugi_hand *h, const badugi_actions *actions,
                                               int count, const int64_t *bounds, int action,
                                               int64_t *amount);
BADUGI_INTERNAL int badugi_hand_read(const badugi_hand *h, const badugi_actions *actions, int count,
                                     int64_t legal[5], uint8_t *mask);

/* The observation in parts (encoding.c; badugi.h, "Training encoding"). Every observer lists
 * the same values for a seat, only in another place, so a VectorGame keeps each seat's and
 * recomputes them only when they may have changed. A badugi_encoding says how the values
 * are written: as int32s (compact), or as floats scaled by the reciprocals of the chip unit,
 * the draws and the cards a hand holds (badugi_encoding_of works them out for a hand's
 * settings). badugi_seat_values writes seat s's values, 4 bytes each: its seat block
 * (7 + draws values) into seat_out and its betting history (2 * (draws + 1)) into
 * history_out. badugi_observation_write writes seat `seat`'s observation into out from
 * every seat's values (seats[] the n seat blocks one after another, histories[] the n
 * history blocks) and legal[5] (badugi_hand_read's); the hand's street is one of its
 * betting rounds. */
typedef struct {
    int compact;
    float chip, draw, card;
} badugi_encoding;
BADUGI_INTERNAL badugi_encoding badugi_encoding_of(const badugi_hand *h, int compact);
BADUGI_INTERNAL void badugi_seat_values(const badugi_hand *h, const badugi_history *history,
                                        int s, const badugi_encoding *e, uint32_t *seat_out,
                                        uint32_t *history_out);
BADUGI_INTERNAL void badugi_observation_write(const badugi_hand *h, int seat,
                                              const int64_t legal[5], const uint32_t *seats,
                                              const uint32_t *histories,
                                              const badugi_encoding *e, void *out);

/* A part of a call a badugi_pool runs: work(context, part) for part 0..parts-1. */
typedef void badugi_work(void *context, int part);

/* Run work's `parts` parts on at most `threads` of the pool's threads, the caller's one
 * of them (pool.c): each part once, all ended when it returns. A NULL pool, or a run on
 * one thread, runs them here. */
BADUGI_INTERNAL void badugi_pool_run(badugi_pool *pool, int threads, int parts,
                                     badugi_work *work, void *context);

/* A pile of cards outside the hands: ids in cards[0..*len). The hand keeps its piles in
 * badugi_hand's fields and the odds in their own arrays; the deck's rule moves cards
 * between them (deck.c). */
typedef struct {
    uint8_t *cards;
    int32_t *len;
} badugi_pile;

/* Room for badugi_settle's words (its bound in badugi.h) in a hand: 8 seats, 9 pots (dead
 * money one), two halves. */
#define BADUGI_SETTLE_ROOM \
    (2 * BADUGI_HAND_MAX_SEATS + 3 + (BADUGI_HAND_MAX_SEATS + 1) * (5 + BADUGI_HAND_MAX_SEATS) * 7)

/* Whether the stub must be restocked before the next card, when `remaining` cards of the
 * round are still due, that card included (the burn counts as one): the stub's last card
 * is dealt only if it completes the round. */
static inline int badugi_stub_short(int32_t stub_len, int remaining) {
    return stub_len == 0 || (stub_len == 1 && remaining > 1);
}

/* Restock a short stub: the muck joins it; with an empty muck, as the last resort, the
 * burns and `served` (the discards of the players already dealt their replacements this
 * draw) do. The piles added are emptied; returns the number of cards added (0: none
 * anywhere). The caller shuffles or samples the new stub with its own generator. */
BADUGI_INTERNAL int badugi_restock(badugi_pile stub, badugi_pile muck, badugi_pile burns,
                                   badugi_pile served);

/* How many cards the built-in drawing policy (no target) throws from a valid hand of the
 * game (odds.c): the count alone, which the suits' tie-break never changes, so it skips
 * the tie-break's relabellings (the range macros ask it of every hand). */
BADUGI_INTERNAL int badugi_odds_throws(const badugi_game *game, const uint8_t *cards, int count);
/* The same policy's discard (no target) as a position mask, before the suits' tie-break:
 * the ranks badugi_odds_policy keeps, a paired rank's card chosen by its id (the equity
 * tables, which ask it of every hand they count, read only the ranks kept). */
BADUGI_INTERNAL int badugi_odds_discard(const badugi_game *game, const uint8_t *cards, int count);

/* Whether a badugi_equity (equity.c) holds the tables of `game` (its cards, draws and
 * rankings; 0 for NULL). */
BADUGI_INTERNAL int badugi_equity_fits(const badugi_equity *equity, const badugi_game *game);

/* The discard (a position mask) of cards[0..count) with the best equity (badugi_equity_of,
 * `mine` draws to come, this one included) among the built-in policy's (no target) and
 * those keeping part of what it keeps, the policy's on a tie; in a split game, the
 * policy's. -1 for a bad argument or mine 0. */
BADUGI_INTERNAL int badugi_equity_draw(const badugi_equity *equity, const uint8_t *cards,
                                       int count, int mine, int theirs, int opponents);

/* Whether a ranking judges Badugi hands (else a low). */
static inline int badugi_is_badugi_ranking(int ranking) {
    return ranking == BADUGI_RANKING_BADUGI || ranking == BADUGI_RANKING_BADUGI_ACE_HIGH;
}

/* The seat to decide now in a hand: the actor of a betting round or draw, the seat to show
 * or muck at a showdown; -1 for none (or a seat out of the table's range). */
static inline int badugi_hand_decider(const badugi_hand *h) {
    int seat = -1;
    if (h->phase == BADUGI_PHASE_BETTING || h->phase == BADUGI_PHASE_DRAW) seat = h->actor;
    if (h->phase == BADUGI_PHASE_SHOWDOWN && h->showing_len > 0) seat = h->showing[0];
    return seat >= 0 && seat < h->n && seat < BADUGI_HAND_MAX_SEATS ? seat : -1;
}

/* How many ranks a BADUGI_RANKING_* has (the worst hand's rank). */
static inline int badugi_ranking_scale(int ranking) {
    if (ranking == BADUGI_RANKING_DEUCE_SEVEN) return BADUGI_DEUCE_SEVEN_RANKS;
    if (ranking == BADUGI_RANKING_ACE_FIVE) return BADUGI_ACE_FIVE_RANKS;
    return BADUGI_RANKS;
}

/* The random stream of a (seed, chunk) as badugi.h ("Random numbers") defines it: the
 * generator behind badugi_random and badugi_odds_sample, inline because the odds draw
 * from it in their innermost loop. */
typedef struct {
    uint64_t s[4];
} badugi_rng;

static inline uint64_t badugi_splitmix64(uint64_t *x) {
    uint64_t z = (*x += 0x9E3779B97F4A7C15ull);
    z = (z ^ (z >> 30)) * 0xBF58476D1CE4E5B9ull;
    z = (z ^ (z >> 27)) * 0x94D049BB133111EBull;
    return z ^ (z >> 31);
}

static inline void badugi_rng_seed(badugi_rng *g, uint64_t seed, uint64_t chunk) {
    uint64_t x = seed;
    x = badugi_splitmix64(&x) ^ chunk;
    for (int i = 0; i < 4; i++) g->s[i] = badugi_splitmix64(&x);
}

static inline uint64_t badugi_rotl(uint64_t x, int k) { return (x << k) | (x >> (64 - k)); }

/* The stream's next 64-bit output. */
static inline uint64_t badugi_rng_next(badugi_rng *g) {
    uint64_t *s = g->s;
    uint64_t result = badugi_rotl(s[1] * 5, 7) * 9;
    uint64_t t = s[1] << 17;
    s[2] ^= s[0];
    s[3] ^= s[1];
    s[1] ^= s[2];
    s[0] ^= s[3];
    s[2] ^= t;
    s[3] = badugi_rotl(s[3], 45);
    return result;
}

#endif
