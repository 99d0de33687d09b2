/* chacha.c - the ChaCha20 deal (docs/rules.md, "The deal"): a Fisher-Yates
 * shuffle drawing from ChaCha20's keystream (RFC 8439), keyed by the seed.
 *
 * A cryptographic stream as SHAKE-128 is, and cheaper: two 64-byte blocks of 20 rounds of
 * 32-bit adds, rotations and XORs against Keccak's 24 rounds over 200 bytes, and no sort
 * (Fisher-Yates puts each card in place as it draws); a six-handed hand starts in about
 * 40% of the time.
 * tests/test_shuffle.c checks the block against RFC 8439's test vector. */
#include "internal.h"

#include <string.h>

static uint32_t rotl32(uint32_t x, int n) { return (x << n) | (x >> (32 - n)); }

#define QUARTER(a, b, c, d)                                                                  \
    do {                                                                                     \
        a += b, d = rotl32(d ^ a, 16);                                                       \
        c += d, b = rotl32(b ^ c, 12);                                                       \
        a += b, d = rotl32(d ^ a, 8);                                                        \
        c += d, b = rotl32(b ^ c, 7);                                                        \
    } while (0)

void badugi_chacha20_block(const uint32_t key[8], uint32_t counter, const uint32_t nonce[3],
                           uint32_t out[16]) {
    uint32_t in[16] = {0x61707865, 0x3320646e, 0x79622d32, 0x6b206574}, x[16];
    memcpy(in + 4, key, 8 * sizeof *key);
    in[12] = counter;
    memcpy(in + 13, nonce, 3 * sizeof *nonce);
    memcpy(x, in, sizeof x);
    for (int round = 0; round < 10; round++) { /* a column round, then a diagonal round */
        QUARTER(x[0], x[4], x[8], x[12]);
        QUARTER(x[1], x[5], x[9], x[13]);
        QUARTER(x[2], x[6], x[10], x[14]);
        QUARTER(x[3], x[7], x[11], x[15]);
        QUARTER(x[0], x[5], x[10], x[15]);
        QUARTER(x[1], x[6], x[11], x[12]);
        QUARTER(x[2], x[7], x[8], x[13]);
        QUARTER(x[3], x[4], x[9], x[14]);
    }
    for (int i = 0; i < 16; i++) out[i] = x[i] + in[i];
}

void badugi_chacha20_shuffle(uint64_t seed, uint32_t number, uint8_t *cards, int count) {
    uint32_t key[8] = {(uint32_t)seed, (uint32_t)(seed >> 32)}, nonce[3] = {number};
    uint32_t words[16], block = 0;
    int used = 32; /* 16-bit draws of the current block taken (32: none left) */
    for (int i = count - 1; i > 0; i--) {
        uint32_t range = (uint32_t)i + 1, threshold = 65536u % range, product;
        uint8_t swap;
        do { /* Lemire's multiply-and-reject: a draw below 2^16 times range, unbiased */
            uint32_t word;
            if (used == 32) badugi_chacha20_block(key, block++, nonce, words), used = 0;
            word = words[used / 2];
            product = (used % 2 ? word >> 16 : word & 0xFFFF) * range;
            used++;
        } while ((product & 0xFFFF) < threshold);
        swap = cards[i];
        cards[i] = cards[product >> 16];
        cards[product >> 16] = swap;
    }
}
