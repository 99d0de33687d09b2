/* compare_hands.c - compare two four-card Badugi hands (aces low) with libbadugi.
 *
 * Usage:  compare_hands HAND1 HAND2
 *   Each hand is one argument of four two-character cards (rank A23456789TJQK,
 *   suit shdc, either case), optionally separated by spaces or commas:
 *     compare_hands "As 2c 3h 4d" "Ks Qh Jd Tc"
 *     compare_hands As2c3h4d ks,qh,jd,tc
 *   Prints each hand's rank (1 = best), playing set and name, then the winner.
 *   Exit status: 0 on success, 2 on bad input (bad card, repeated card, wrong count).
 *
 * Build (see the README, "Using it from C/C++"):
 *   cc compare_hands.c $(pkg-config --cflags --libs badugi) -o compare_hands
 */
#include <stdio.h>
#include <string.h>

#include <badugi.h>

static const char *const RANK_NAMES[] = {"",      "ace",  "deuce", "three", "four",
                                         "five",  "six",  "seven", "eight", "nine",
                                         "ten",   "jack", "queen", "king"};
static const char RANK_CHARS[] = "?A23456789TJQK";

/* Parse one hand argument into four card ids; on error print why and return -1. */
static int parse_hand(const char *arg, int which, uint8_t cards[4]) {
    int count = 0;
    const char *p = arg;
    while (*p) {
        if (*p == ' ' || *p == ',' || *p == '\t') {
            p++;
            continue;
        }
        char text[3] = {p[0], p[1], '\0'}; /* p[1] may be the terminating NUL */
        int id = badugi_card_parse(text);
        if (id < 0) {
            fprintf(stderr, "compare_hands: hand %d (\"%s\"): \"%.2s\" is not a card\n", which,
                    arg, p);
            return -1;
        }
        if (count == 4) {
            fprintf(stderr, "compare_hands: hand %d (\"%s\"): more than four cards\n", which, arg);
            return -1;
        }
        for (int i = 0; i < count; i++) {
            if (cards[i] == id) {
                badugi_card_format(id, text);
                fprintf(stderr, "compare_hands: hand %d (\"%s\"): card %s appears twice\n", which,
                        arg, text);
                return -1;
            }
        }
        cards[count++] = (uint8_t)id;
        p += 2;
    }
    if (count != 4) {
        fprintf(stderr, "compare_hands: hand %d (\"%s\"): %d card%s, a Badugi hand has four\n",
                which, arg, count, count == 1 ? "" : "s");
        return -1;
    }
    return 0;
}

static void describe(int which, const uint8_t cards[4]) {
    uint16_t rank = badugi_eval4(cards[0], cards[1], cards[2], cards[3]);
    uint8_t ranks[4];
    int size = badugi_decode(rank, 0, ranks);
    char text[3];

    printf("hand %d:", which);
    for (int i = 0; i < 4; i++) {
        badugi_card_format(cards[i], text);
        printf(" %s", text);
    }
    printf("  rank %4u  %d-card  ", rank, size);
    for (int i = 0; i < size; i++) printf("%s%c", i ? "-" : "", RANK_CHARS[ranks[i]]);
    if (size == 4 && ranks[0] == 4)
        printf(" (perfect badugi)\n");
    else if (size == 4)
        printf(" (%s badugi)\n", RANK_NAMES[ranks[0]]);
    else
        printf(" (%s-card %s)\n", size == 3 ? "three" : size == 2 ? "two" : "one",
               RANK_NAMES[ranks[0]]);
}

int main(int argc, char **argv) {
    if (argc != 3) {
        fprintf(stderr,
                "usage: %s HAND1 HAND2\n"
                "  each hand is four cards, e.g. \"As 2c 3h 4d\" or As2c3h4d\n"
                "  (libbadugi %s)\n",
                argv[0], badugi_version());
        return 2;
    }
    uint8_t a[4], b[4];
    if (parse_hand(argv[1], 1, a) != 0 || parse_hand(argv[2], 2, b) != 0) return 2;

    describe(1, a);
    describe(2, b);
    int result = badugi_compare4(a, b);
    if (result == BADUGI_COMPARE_ERROR) { /* cannot happen after parse_hand */
        fprintf(stderr, "compare_hands: invalid hand\n");
        return 2;
    }
    if (result > 0)
        printf("hand 1 wins\n");
    else if (result < 0)
        printf("hand 2 wins\n");
    else
        printf("tie: the hands split the pot\n");
    return 0;
}
