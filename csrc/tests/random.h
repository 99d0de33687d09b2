/* random.h - the C tests' seeded random source (xorshift64*): deterministic, so a failure
 * reproduces. */
#ifndef BADUGI_TESTS_RANDOM_H
#define BADUGI_TESTS_RANDOM_H

#include <stdint.h>

static uint64_t rng_state = 0x9e3779b97f4a7c15ULL;
static inline uint64_t next64(void) {
    rng_state ^= rng_state >> 12;
    rng_state ^= rng_state << 25;
    rng_state ^= rng_state >> 27;
    return rng_state * 2685821657736338717ULL;
}
static inline uint32_t rng(void) { return (uint32_t)(next64() >> 32); }
/* Uniform enough below n for tests: the high half of rng() * n. */
static inline uint32_t rng_below(uint32_t n) { return (uint32_t)(((uint64_t)rng() * n) >> 32); }
static inline unsigned next_random(unsigned bound) { return (unsigned)(next64() % bound); }

#endif
