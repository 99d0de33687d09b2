/* cards.c - two-character card text <-> card id, for C users of the library. */
#include "badugi.h"

static const char RANK_CHARS[] = "A23456789TJQK";
static const char SUIT_CHARS[] = "shdc";

static int index_of(const char *chars, int count, char wanted) {
    char lower = (wanted >= 'A' && wanted <= 'Z') ? (char)(wanted - 'A' + 'a') : wanted;
    for (int i = 0; i < count; i++) {
        char c = chars[i];
        char c_lower = (c >= 'A' && c <= 'Z') ? (char)(c - 'A' + 'a') : c;
        if (c_lower == lower) return i;
    }
    return -1;
}

int badugi_card_parse(const char *text) {
    if (!text || !text[0]) return -1;
    int rank = index_of(RANK_CHARS, 13, text[0]);
    int suit = index_of(SUIT_CHARS, 4, text[1]);
    if (rank < 0 || suit < 0) return -1;
    return 4 * rank + suit;
}

int badugi_card_format(int card, char text[3]) {
    if (!text || card < 0 || card >= BADUGI_CARDS) return -1;
    text[0] = RANK_CHARS[card / 4];
    text[1] = SUIT_CHARS[card % 4];
    text[2] = '\0';
    return 0;
}
