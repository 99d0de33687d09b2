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
static uint64_t rotl(uint64_t x, int n) { return (x << n) | (x >> (64 - n)); }

/* Keccak-f[1600], each round written out lane by lane (theta, rho and pi into b, chi back
 * into a, iota), so the lanes stay in registers: the shuffle's keys cost two of these. */
static void keccak_f(uint64_t a[25]) {
    uint64_t b[25], c0, c1, c2, c3, c4, d0, d1, d2, d3, d4;
    for (int round = 0; round < 24; round++) {
        c0 = a[0] ^ a[5] ^ a[10] ^ a[15] ^ a[20];
        c1 = a[1] ^ a[6] ^ a[11] ^ a[16] ^ a[21];
        c2 = a[2] ^ a[7] ^ a[12] ^ a[17] ^ a[22];
        c3 = a[3] ^ a[8] ^ a[13] ^ a[18] ^ a[23];
        c4 = a[4] ^ a[9] ^ a[14] ^ a[19] ^ a[24];
        d0 = c4 ^ rotl(c1, 1);
        d1 = c0 ^ rotl(c2, 1);
        d2 = c1 ^ rotl(c3, 1);
        d3 = c2 ^ rotl(c4, 1);
        d4 = c3 ^ rotl(c0, 1);
        b[0] = a[0] ^ d0;
        b[10] = rotl(a[1] ^ d1, 1);
        b[20] = rotl(a[2] ^ d2, 62);
        b[5] = rotl(a[3] ^ d3, 28);
        b[15] = rotl(a[4] ^ d4, 27);
        b[16] = rotl(a[5] ^ d0, 36);
        b[1] = rotl(a[6] ^ d1, 44);
        b[11] = rotl(a[7] ^ d2, 6);
        b[21] = rotl(a[8] ^ d3, 55);
        b[6] = rotl(a[9] ^ d4, 20);
        b[7] = rotl(a[10] ^ d0, 3);
        b[17] = rotl(a[11] ^ d1, 10);
        b[2] = rotl(a[12] ^ d2, 43);
        b[12] = rotl(a[13] ^ d3, 25);
        b[22] = rotl(a[14] ^ d4, 39);
        b[23] = rotl(a[15] ^ d0, 41);
        b[8] = rotl(a[16] ^ d1, 45);
        b[18] = rotl(a[17] ^ d2, 15);
        b[3] = rotl(a[18] ^ d3, 21);
        b[13] = rotl(a[19] ^ d4, 8);
        b[14] = rotl(a[20] ^ d0, 18);
        b[24] = rotl(a[21] ^ d1, 2);
        b[9] = rotl(a[22] ^ d2, 61);
        b[19] = rotl(a[23] ^ d3, 56);
        b[4] = rotl(a[24] ^ d4, 14);
        a[0] = b[0] ^ (~b[1] & b[2]);
        a[1] = b[1] ^ (~b[2] & b[3]);
        a[2] = b[2] ^ (~b[3] & b[4]);
        a[3] = b[3] ^ (~b[4] & b[0]);
        a[4] = b[4] ^ (~b[0] & b[1]);
        a[5] = b[5] ^ (~b[6] & b[7]);
        a[6] = b[6] ^ (~b[7] & b[8]);
        a[7] = b[7] ^ (~b[8] & b[9]);
        a[8] = b[8] ^ (~b[9] & b[5]);
        a[9] = b[9] ^ (~b[5] & b[6]);
        a[10] = b[10] ^ (~b[11] & b[12]);
        a[11] = b[11] ^ (~b[12] & b[13]);
        a[12] = b[12] ^ (~b[13] & b[14]);
        a[13] = b[13] ^ (~b[14] & b[10]);
        a[14] = b[14] ^ (~b[10] & b[11]);
        a[15] = b[15] ^ (~b[16] & b[17]);
        a[16] = b[16] ^ (~b[17] & b[18]);
        a[17] = b[17] ^ (~b[18] & b[19]);
        a[18] = b[18] ^ (~b[19] & b[15]);
        a[19] = b[19] ^ (~b[15] & b[16]);
        a[20] = b[20] ^ (~b[21] & b[22]);
        a[21] = b[21] ^ (~b[22] & b[23]);
        a[22] = b[22] ^ (~b[23] & b[24]);
        a[23] = b[23] ^ (~b[24] & b[20]);
        a[24] = b[24] ^ (~b[20] & b[21]);
        a[0] ^= ROUND_CONSTANTS[round];
    }
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
