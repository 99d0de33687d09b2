/* test_shuffle.c - the deck's internal helpers (internal.h): SHAKE-128 against known
 * answers from Python's hashlib.shake_128, across the 168-byte block boundary on both the
 * input and the output side, the sort of the keys by its definition, ChaCha20's block
 * against RFC 8439's test vector and its shuffle against tests/test_deal_chacha.py's plain
 * Python reference, and the restocking of a short stub (deck.c). Linked statically: the shared library does not export these.
 *
 * Prints one line per failed check and "N passed, N failed"; exits 1 on any failure. */
#include <limits.h>
#include <stdio.h>
#include <string.h>

#include "internal.h"
#include "check.h"
#include "random.h"

static int hex_equal(const uint8_t *bytes, const char *hex) {
    for (size_t i = 0; hex[2 * i]; i++) {
        unsigned value;
        if (sscanf(hex + 2 * i, "%2x", &value) != 1 || bytes[i] != value) return 0;
    }
    return 1;
}

/* Message `size` is the bytes (7 * j + size) % 251; of its first 400 output bytes, bytes
 * 0..8, 160..176 and 392..400 are given (hashlib.shake_128(message).digest(400)). */
static void test_shake128(void) {
    static const struct {
        int size;
        const char *head, *middle, *tail;
    } known[] = {
        {0, "7f9c2ba4e88f827d", "aee7eef47cb0fca9767be1fda69419df", "62b8d654db53d09b"},
        {1, "44b9b48dabe99470", "a186e64d43150f2fcec92bea26bc0428", "a3d94863ee5224d9"},
        {3, "cf0bd6b206ac4e35", "297340e9641dfc63e9e13b7df097b4fe", "6c474a87c8fe2807"},
        {135, "3ea6e686e3dc7ca6", "d726b5f9481c9be931f2fc5365d8e61a", "fecf43f32d113ace"},
        {136, "dc45119de821d6a8", "0b6d95ebf90fecb0013f8ebce56b5070", "90ff49289ec2e049"},
        {167, "6b9c3c8952a04613", "6c46933d22753023b14c571377ca5d48", "264539a3d7add342"},
        {168, "95632871c3219c8c", "f1d15c40c55d15fd162547e868d8343a", "d4310c1aeb836c0f"},
        {169, "846a653eb883486b", "39f099e8328cfa148612712eb50814d3", "483b6afe4bbc10fd"},
        {200, "3fe510e4ce1c0e18", "d98b7e2e0c65b01f72332bf5b94a0021", "56d5488e7881d720"},
        {335, "a29c95762e21e244", "fd378d9e487c5d3cd099617d71deda26", "12daa3478da910f3"},
        {336, "8254be6a3b608f77", "52ab4b54c2711115baa6816d643e42cc", "77ba02b0f9f19190"},
        {337, "8c33dd459c6590f1", "25d80a307de10a20c95a6ea23411b152", "e9f8c56b8cfcf6e2"},
        {1000, "da428d2f3dbdbd42", "21b0b085d32af7aaaa941fa2a42393c3", "0546628d78c6e596"},
    };
    uint8_t message[1000], out[400], prefix[400];
    for (size_t k = 0; k < sizeof known / sizeof known[0]; k++) {
        int size = known[k].size;
        for (int j = 0; j < size; j++) message[j] = (uint8_t)((7 * j + size) % 251);
        CHECK_EQ(badugi_shake128(message, (size_t)size, out, sizeof out), 0, "shake128");
        CHECK(hex_equal(out, known[k].head) && hex_equal(out + 160, known[k].middle) &&
                  hex_equal(out + 392, known[k].tail),
              "shake128 of %d bytes: not hashlib's", size);
        size_t length = rng_below(sizeof prefix); /* a shorter output is a prefix */
        memset(prefix, 0xEE, sizeof prefix);
        badugi_shake128(message, (size_t)size, prefix, length);
        CHECK(memcmp(prefix, out, length) == 0 &&
                  (length == sizeof prefix || prefix[length] == 0xEE),
              "shake128 of %d bytes into %zu: not the prefix, or wrote past it", size, length);
    }
    CHECK_EQ(badugi_shake128(NULL, 1, out, 1), -1, "shake128 NULL input");
    CHECK_EQ(badugi_shake128(message, 1, NULL, 1), -1, "shake128 NULL output");
    CHECK_EQ(badugi_shake128(NULL, 0, out, 0), 0, "shake128 nothing in, nothing out");
}

/* badugi_sort_keys is a stable sort: checked by its definition (a permutation whose keys
 * never decrease, equal keys in index order) on random keys, many of them tied. */
static void test_sort_keys(void) {
    uint8_t keys[4 * 52], order[52];
    int all_ok = 1;
    for (int trial = 0; trial < 20000; trial++) {
        int count = (int)rng_below(53);
        uint32_t spread = trial % 2 ? 0xFFFFFFFFu : 1u + rng_below(8); /* odd trials: no ties */
        uint32_t value[52];
        for (int i = 0; i < count; i++) {
            uint32_t tied = rng_below(spread) * 0x01010101u; /* few values, every byte used */
            value[i] = trial % 2 ? rng() : tied ^ (trial % 3 ? 0u : 0x80000000u);
            for (int b = 0; b < 4; b++) keys[4 * i + b] = (uint8_t)(value[i] >> (8 * b));
        }
        memset(order, 0xEE, sizeof order);
        all_ok &= badugi_sort_keys(keys, count, order) == 0;
        int seen[52] = {0};
        for (int i = 0; i < count; i++) {
            all_ok &= order[i] < count && !seen[order[i]];
            if (order[i] < count) seen[order[i]] = 1;
            if (i > 0 && order[i] < count && order[i - 1] < count) {
                uint32_t a = value[order[i - 1]], b = value[order[i]];
                all_ok &= a < b || (a == b && order[i - 1] < order[i]);
            }
        }
        for (int i = count; i < 52; i++) all_ok &= order[i] == 0xEE; /* nothing past count */
    }
    CHECK(all_ok, "sort_keys: a stable sort of random keys");
    for (int i = 0; i < 4 * 52; i++) keys[i] = 0;
    CHECK_EQ(badugi_sort_keys(keys, 52, order), 0, "sort_keys all equal");
    int identity = 1;
    for (int i = 0; i < 52; i++) identity &= order[i] == i;
    CHECK(identity, "sort_keys: equal keys keep the index order");
    const int bad_counts[] = {-1, 53, INT_MIN, INT_MAX};
    memset(order, 0xEE, sizeof order);
    for (size_t i = 0; i < sizeof bad_counts / sizeof bad_counts[0]; i++) {
        CHECK_EQ(badugi_sort_keys(keys, bad_counts[i], order), -1, "sort_keys bad count");
    }
    CHECK_EQ(badugi_sort_keys(NULL, 1, order), -1, "sort_keys NULL keys");
    CHECK_EQ(badugi_sort_keys(keys, 1, NULL), -1, "sort_keys NULL order");
    CHECK(order[0] == 0xEE, "sort_keys wrote on an error");
}

/* The restock rule: the muck alone when it holds cards, else the burns then the served
 * discards; the piles added are emptied, the rest untouched. */
static void test_restock(void) {
    uint8_t stub[52] = {7}, muck[52] = {1, 2}, burns[52] = {3}, served[52] = {4, 5};
    int32_t stub_len = 1, muck_len = 2, burns_len = 1, served_len = 2;
    badugi_pile s = {stub, &stub_len}, m = {muck, &muck_len}, b = {burns, &burns_len},
                d = {served, &served_len};
    CHECK_EQ(badugi_stub_short(0, 1), 1, "an empty stub is short");
    CHECK_EQ(badugi_stub_short(1, 1), 0, "the last card completes the round");
    CHECK_EQ(badugi_stub_short(1, 2), 1, "the last card would not complete the round");
    CHECK_EQ(badugi_stub_short(2, 9), 0, "two cards are not short");
    CHECK_EQ(badugi_restock(s, m, b, d), 2, "the muck restocks");
    CHECK(stub_len == 3 && stub[1] == 1 && stub[2] == 2 && muck_len == 0,
          "the muck joins the stub and empties");
    CHECK(burns_len == 1 && served_len == 2, "burns and served stay while the muck has cards");
    CHECK_EQ(badugi_restock(s, m, b, d), 3, "the last resort restocks");
    CHECK(stub_len == 6 && stub[3] == 3 && stub[4] == 4 && stub[5] == 5,
          "the burns, then the served discards, join the stub");
    CHECK(burns_len == 0 && served_len == 0, "the last resort empties burns and served");
    CHECK_EQ(badugi_restock(s, m, b, d), 0, "nothing left to restock");
}

/* ChaCha20's block against RFC 8439, 2.3.2; its shuffle against tests/test_deal_chacha.py's
 * reference (written from docs/rules.md) for a reshuffle of 20 cards and a deal of 52. */
static void test_chacha20(void) {
    uint32_t key[8], nonce[3] = {0x09000000, 0x4a000000, 0}, out[16];
    uint8_t bytes[64], cards[52];
    static const uint8_t reshuffle[20] = {18, 12, 6, 15, 5, 7, 13, 2, 8, 1,
                                          0,  9,  16, 14, 19, 17, 11, 10, 3, 4};
    static const uint8_t deal[52] = {12, 48, 0,  23, 9,  40, 25, 31, 14, 26, 49, 11, 4,
                                     15, 18, 41, 43, 5,  17, 21, 6,  39, 35, 44, 3,  1,
                                     32, 33, 42, 45, 47, 13, 8,  27, 19, 37, 30, 28, 36,
                                     16, 50, 51, 2,  46, 34, 10, 38, 29, 7,  24, 22, 20};
    for (int i = 0; i < 8; i++)
        key[i] = (uint32_t)(4 * i) | (uint32_t)(4 * i + 1) << 8 | (uint32_t)(4 * i + 2) << 16 |
                 (uint32_t)(4 * i + 3) << 24;
    badugi_chacha20_block(key, 1, nonce, out);
    for (int i = 0; i < 64; i++) bytes[i] = (uint8_t)(out[i / 4] >> (8 * (i % 4)));
    CHECK(hex_equal(bytes, "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
                           "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"),
          "chacha20 block: not RFC 8439's test vector");
    for (int i = 0; i < 20; i++) cards[i] = (uint8_t)i;
    badugi_chacha20_shuffle(123456789012345u, 3, cards, 20);
    CHECK(memcmp(cards, reshuffle, 20) == 0, "chacha20 shuffle of 20 cards, reshuffle 3");
    for (int i = 0; i < 52; i++) cards[i] = (uint8_t)i;
    badugi_chacha20_shuffle(UINT64_MAX, 1, cards, 52);
    CHECK(memcmp(cards, deal, 52) == 0, "chacha20 shuffle of 52 cards, seed 2**64 - 1");
    badugi_chacha20_shuffle(7, 0, cards, 1); /* one card or none: nothing to draw */
    badugi_chacha20_shuffle(7, 0, cards, 0);
    CHECK(memcmp(cards, deal, 52) == 0, "chacha20 shuffle of one card moved it");
}

int main(void) {
    test_shake128();
    test_chacha20();
    test_sort_keys();
    test_restock();
    return report("test_shuffle");
}
