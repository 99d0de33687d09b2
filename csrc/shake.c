/* shake.c - SHAKE-128 (FIPS 202), the source of the engine's shuffle keys.
 *
 * A plain, byte-oriented Keccak-f[1600] sponge: rate 168 bytes, domain byte 0x1F.
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
/* rho rotations and pi destinations, in the order the lanes are visited */
static const int ROTATIONS[24] = {1,  3,  6,  10, 15, 21, 28, 36, 45, 55, 2,  14,
                                  27, 41, 56, 8,  25, 43, 62, 18, 39, 61, 20, 44};
static const int PI_LANES[24] = {10, 7,  11, 17, 18, 3, 5,  16, 8,  21, 24, 4,
                                 15, 23, 19, 13, 12, 2, 20, 14, 22, 9,  6,  1};

static uint64_t rotl(uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

static void keccak_f(uint64_t a[25]) {
    for (int round = 0; round < 24; round++) {
        uint64_t c[5], t;
        for (int x = 0; x < 5; x++) c[x] = a[x] ^ a[x + 5] ^ a[x + 10] ^ a[x + 15] ^ a[x + 20];
        for (int x = 0; x < 5; x++) {
            t = c[(x + 4) % 5] ^ rotl(c[(x + 1) % 5], 1);
            for (int y = 0; y < 25; y += 5) a[y + x] ^= t;
        }
        t = a[1];
        for (int i = 0; i < 24; i++) {
            int lane = PI_LANES[i];
            uint64_t next = a[lane];
            a[lane] = rotl(t, ROTATIONS[i]);
            t = next;
        }
        for (int y = 0; y < 25; y += 5) {
            for (int x = 0; x < 5; x++) c[x] = a[y + x];
            for (int x = 0; x < 5; x++) a[y + x] = c[x] ^ (~c[(x + 1) % 5] & c[(x + 2) % 5]);
        }
        a[0] ^= ROUND_CONSTANTS[round];
    }
}

/* The state as bytes, little-endian lanes, whatever the machine's byte order. */
static void xor_byte(uint64_t a[25], size_t i, uint8_t byte) {
    a[i / 8] ^= (uint64_t)byte << (8 * (i % 8));
}
static uint8_t get_byte(const uint64_t a[25], size_t i) {
    return (uint8_t)(a[i / 8] >> (8 * (i % 8)));
}

int badugi_shake128(const uint8_t *in, size_t in_len, uint8_t *out, size_t out_len) {
    uint64_t a[25];
    size_t at = 0;
    if ((!in && in_len) || (!out && out_len)) return -1;
    memset(a, 0, sizeof a);
    for (size_t i = 0; i < in_len; i++) {
        xor_byte(a, at++, in[i]);
        if (at == SHAKE128_RATE) {
            keccak_f(a);
            at = 0;
        }
    }
    xor_byte(a, at, 0x1F);
    xor_byte(a, SHAKE128_RATE - 1, 0x80);
    keccak_f(a);
    at = 0;
    for (size_t i = 0; i < out_len; i++) {
        if (at == SHAKE128_RATE) {
            keccak_f(a);
            at = 0;
        }
        out[i] = get_byte(a, at++);
    }
    return 0;
}
