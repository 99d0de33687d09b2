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

/* The rank of cards[0..count) under a BADUGI_RANKING_* (badugi.c): the one evaluation by
 * ranking behind the hand's showdown and the odds kernels. count is 4 or 5 (the lows read
 * five); an invalid hand ranks BADUGI_INVALID. */
BADUGI_INTERNAL uint16_t badugi_rank(int ranking, const uint8_t *cards, int count);

/* Whether a game is valid (badugi.h, "A game"; game.c): NULL, or a static string naming
 * its first bad field ("game.cards", "game.rankings", ...). */
BADUGI_INTERNAL const char *badugi_game_fault(const badugi_game *game);

/* Whether a ranking judges Badugi hands (else a low). */
static inline int badugi_is_badugi_ranking(int ranking) {
    return ranking == BADUGI_RANKING_BADUGI || ranking == BADUGI_RANKING_BADUGI_ACE_HIGH;
}

#endif
