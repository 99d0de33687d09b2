/* deck.c - the one rule for cards outside the hands (docs/rules.md, "How a hand is played",
 * "When the stub runs short"), shared by the hand (hand.c) and the odds (odds.c). Each
 * brings its own generator: the hand shuffles the new stub from its seed, the odds deal
 * uniformly from it. */
#include "internal.h"

#include <string.h>

static void join(badugi_pile to, badugi_pile from) {
    memcpy(to.cards + *to.len, from.cards, (size_t)*from.len);
    *to.len += *from.len;
    *from.len = 0;
}

int badugi_restock(badugi_pile stub, badugi_pile muck, badugi_pile burns, badugi_pile served) {
    int before = *stub.len;
    if (*muck.len) {
        join(stub, muck);
    } else {
        join(stub, burns);
        join(stub, served);
    }
    return *stub.len - before;
}
