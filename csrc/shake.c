/* shake.c - SHAKE-128 (FIPS 202), the source of the engine's shuffle keys.
 *
 * A portable Keccak-f[1600] sponge over 64-bit lanes: rate 168 bytes, domain byte 0x1F.
 * tests/test_shuffle.c checks it against known answers from Python's hashlib.shake_128. */
#include "internal.h"

#include <string.h>

#define SHAKE128_RATE 168

static const uint64_t ROUND_CONSTANTS[24] = {
    0x0000000000000001ULL, 0x0000000000008082ULL, 0x800000000000808aULL, 0x8000000080008000ULL,
    0x000000000000808bULL, 0x0000000080000001ULL, 0x8000000080008081ULL, 0x8000000000008009ULL,
    0x000000000000008aULL, 0x0000000000000088ULL, 0x0000000080008009ULL, 0x000000008000000aULL,
    0x000000008000808bULL, 0x800000000000008bULL, 0x8000000000008089ULL, 0x8000000000008003ULL,
    0x8000000000008002ULL, 0x8000000000000080ULL, 0x000000000000800aULL, 0x800000008000000aULL,
    0x8000000080008081ULL, 0x8000000000008080ULL, 0x0000000080000001ULL, 0x8000000080008008ULL,
};
/* Rotation left by n in 0..63 (the mask keeps n = 0 defined); compilers emit one rotate. */
static uint64_t rotl(uint64_t x, int n) { return (x << n) | (x >> ((64 - n) & 63)); }

/* The lanes keccak_f keeps complemented during its rounds ("lane complementing", from the
 * Keccak team's implementation notes), so that chi needs one NOT a row instead of five. */
static const int COMPLEMENTED[6] = {1, 2, 8, 12, 17, 20};

static inline void store_row(uint64_t out[5], uint64_t e0, uint64_t e1, uint64_t e2, uint64_t e3,
                             uint64_t e4) {
    out[0] = e0, out[1] = e1, out[2] = e2, out[3] = e3, out[4] = e4;
}

/* One round from a into e: theta's column parities c and their mix d, then for each row of
 * e, the five lanes b0..b4 that rho and pi move into it, and chi right away (e[x] = b[x] ^
 * (~b[x+1] & b[x+2]), written as AND and OR of the complemented lanes: a wrong form would
 * change every output, which tests/test_shuffle.c checks against hashlib), iota on lane 0. */
static inline void keccak_round(const uint64_t a[25], uint64_t e[25], uint64_t constant) {
    uint64_t c[5], d0, d1, d2, d3, d4, b0, b1, b2, b3, b4;
    for (int x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
    d0 = c[4] ^ rotl(c[1], 1), d1 = c[0] ^ rotl(c[2], 1), d2 = c[1] ^ rotl(c[3], 1);
    d3 = c[2] ^ rotl(c[4], 1), d4 = c[3] ^ rotl(c[0], 1);
    b0 = a[0] ^ d0, b1 = rotl(a[6] ^ d1, 44), b2 = rotl(a[12] ^ d2, 43);
    b3 = rotl(a[18] ^ d3, 21), b4 = rotl(a[24] ^ d4, 14);
    store_row(e, b0 ^ (b1 | b2) ^ constant, b1 ^ (~b2 | b3), b2 ^ (b3 & b4), b3 ^ (b4 | b0),
              b4 ^ (b0 & b1));
    b0 = rotl(a[3] ^ d3, 28), b1 = rotl(a[9] ^ d4, 20), b2 = rotl(a[10] ^ d0, 3);
    b3 = rotl(a[16] ^ d1, 45), b4 = rotl(a[22] ^ d2, 61);
    store_row(e + 5, b0 ^ (b1 | b2), b1 ^ (b2 & b3), b2 ^ (b3 | ~b4), b3 ^ (b4 | b0),
              b4 ^ (b0 & b1));
    b0 = rotl(a[1] ^ d1, 1), b1 = rotl(a[7] ^ d2, 6), b2 = rotl(a[13] ^ d3, 25);
    b3 = rotl(a[19] ^ d4, 8), b4 = rotl(a[20] ^ d0, 18);
    store_row(e + 10, b0 ^ (b1 | b2), b1 ^ (b2 & b3), b2 ^ (~b3 & b4), ~b3 ^ (b4 | b0),
              b4 ^ (b0 & b1));
    b0 = rotl(a[4] ^ d4, 27), b1 = rotl(a[5] ^ d0, 36), b2 = rotl(a[11] ^ d1, 10);
    b3 = rotl(a[17] ^ d2, 15), b4 = rotl(a[23] ^ d3, 56);
    store_row(e + 15, b0 ^ (b1 & b2), b1 ^ (b2 | b3), b2 ^ (~b3 | b4), ~b3 ^ (b4 & b0),
              b4 ^ (b0 | b1));
    b0 = rotl(a[2] ^ d2, 62), b1 = rotl(a[8] ^ d3, 55), b2 = rotl(a[14] ^ d4, 39);
    b3 = rotl(a[15] ^ d0, 41), b4 = rotl(a[21] ^ d1, 2);
    store_row(e + 20, b0 ^ (~b1 & b2), ~b1 ^ (b2 | b3), b2 ^ (b3 & b4), b3 ^ (b4 | b0),
              b4 ^ (b0 & b1));
}

/* Keccak-f[1600] without a temporary for rho and pi: each round writes the other state a
 * row at a time (a to e, then e back to a), and lane complementing saves 20 of chi's 25
 * NOTs; 20% fewer instructions than lane by lane through a temporary. The shuffle's keys
 * cost two of these. */
static void keccak_f(uint64_t a[25]) {
    uint64_t e[25];
    for (int i = 0; i < 6; i++) a[COMPLEMENTED[i]] = ~a[COMPLEMENTED[i]];
    for (int round = 0; round < 24; round += 2) {
        keccak_round(a, e, ROUND_CONSTANTS[round]);
        keccak_round(e, a, ROUND_CONSTANTS[round + 1]);
    }
    for (int i = 0; i < 6; i++) a[COMPLEMENTED[i]] = ~a[COMPLEMENTED[i]];
}

/* Lanes as little-endian bytes, whatever the machine's byte order: a whole lane at a time,
 * which compilers turn into one load or store, where a byte at a time cost as much as
 * the permutations. */
static uint64_t load_lane(const uint8_t *in, size_t count) {
    uint64_t lane = 0;
    for (size_t i = 0; i < count; i++) lane |= (uint64_t)in[i] << (8 * i);
    return lane;
}
static void store_lane(uint64_t lane, uint8_t *out, size_t count) {
    for (size_t i = 0; i < count; i++) out[i] = (uint8_t)(lane >> (8 * i));
}

int badugi_shake128(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_len) {
    uint64_t a[25];
    size_t lanes = SHAKE128_RATE / 8;
    if ((!in && in_len) || (!out && out_len)) return -1;
    memset(a, 0, sizeof a);
    for (; in_len >= SHAKE128_RATE; in += SHAKE128_RATE, in_len -= SHAKE128_RATE) {
        for (size_t i = 0; i < lanes; i++) a[i] ^= load_lane(in + 8 * i, 8);
        keccak_f(a);
    }
    for (size_t i = 0; 8 * i < in_len; i++) {
        size_t count = in_len - 8 * i < 8 ? in_len - 8 * i : 8;
        a[i] ^= load_lane(in + 8 * i, count);
    }
    a[in_len / 8] ^= (uint64_t)0x1F << (8 * (in_len % 8));
    a[lanes - 1] ^= (uint64_t)0x80 << 56;
    for (;;) {
        keccak_f(a);
        for (size_t i = 0; i < lanes && out_len; i++) {
            size_t count = out_len < 8 ? out_len : 8;
            store_lane(a[i], out, count);
            out += count;
            out_len -= count;
        }
        if (!out_len) return 0;
    }
}
