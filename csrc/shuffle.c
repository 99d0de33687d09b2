/* shuffle.c - the engine's shuffle: cards in the order of their pseudo-random sort keys. */
#include "internal.h"

int badugi_sort_keys(const uint8_t *keys, int count, uint8_t *order) {
    uint64_t packed[BADUGI_CARDS]; /* key << 6 | index: ties fall back to the index */
    if (!keys || !order || count < 0 || count > BADUGI_CARDS) return -1;
    for (int i = 0; i < count; i++) {
        const uint8_t *k = keys + 4 * i;
        uint64_t key = (uint64_t)k[0] | (uint64_t)k[1] << 8 | (uint64_t)k[2] << 16 |
                       (uint64_t)k[3] << 24;
        uint64_t value = key << 6 | (uint64_t)i;
        int j = i; /* insertion sort: at most 52 entries */
        while (j > 0 && packed[j - 1] > value) {
            packed[j] = packed[j - 1];
            j--;
        }
        packed[j] = value;
    }
    for (int i = 0; i < count; i++) order[i] = (uint8_t)(packed[i] & 63);
    return 0;
}
