/* Where a hand's cards are, for the C tests that play hands (test_hand.c, fuzz_hand.c). */
#ifndef BADUGI_TESTS_HAND_CARDS_H
#define BADUGI_TESTS_HAND_CARDS_H

#include "badugi.h"

/* The cards in play (hands, stub, muck, burns, this draw's discards), or -1 if a card is in
 * two places or not a card. */
static int cards_in_play(const badugi_hand *h) {
    int seen[BADUGI_CARDS] = {0}, count = 0;
#define COUNT(cards, len)                                                \
    for (int i = 0; i < (len); i++) {                                    \
        if ((cards)[i] >= BADUGI_CARDS || seen[(cards)[i]]++) return -1; \
        count++;                                                         \
    }
    for (int seat = 0; seat < h->n; seat++) COUNT(h->hands[seat], h->hand_len[seat]);
    COUNT(h->stub, h->stub_len);
    COUNT(h->muck, h->muck_len);
    COUNT(h->burns, h->burns_len);
    COUNT(h->current, h->current_len);
#undef COUNT
    return count;
}

#endif
