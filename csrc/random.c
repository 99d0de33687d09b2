/* random.c - the sampling stream's outputs and state (badugi.h, "Random numbers"); the
 * generator itself is badugi_rng (internal.h), which the odds kernels draw from too. */
#include "internal.h"

#include <string.h>

int badugi_random(uint64_t seed, uint64_t chunk, size_t count, uint64_t *out) {
    if (out == NULL && count > 0) return -1;
    badugi_rng g;
    badugi_rng_seed(&g, seed, chunk);
    for (size_t i = 0; i < count; i++) out[i] = badugi_rng_next(&g);
    return 0;
}

int badugi_random_state(uint64_t seed, uint64_t chunk, uint64_t state[4]) {
    badugi_rng g;
    if (state == NULL) return -1;
    badugi_rng_seed(&g, seed, chunk);
    memcpy(state, g.s, sizeof g.s);
    return 0;
}
