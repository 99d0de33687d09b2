/* Playing hands in the C tests (test_hand.c, fuzz_hand.c, test_settle.c): a hand's chips,
 * where its cards are, and one random legal step. */
#ifndef BADUGI_TESTS_HAND_PLAY_H
#define BADUGI_TESTS_HAND_PLAY_H

#include <stdint.h>

#include "badugi.h"
#include "random.h"

/* Every chip at the table: the stacks and the carried pots, and until the payout (which the
 * stacks then hold) what the seats put in and the dead money. */
static inline int64_t table_chips(const badugi_hand *h) {
    int paid = h->phase == BADUGI_PHASE_OVER;
    int64_t total = h->carried + (paid ? 0 : h->dead_money);
    for (int seat = 0; seat < h->n; seat++)
        total += h->stacks[seat] + (paid ? 0 : h->contributed[seat]);
    return total;
}

/* The cards in play (hands, stub, muck, burns, this draw's discards), or -1 if a card is in
 * two places or not a card. */
static inline int cards_in_play(const badugi_hand *h) {
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

/* A random valid game of `cards` cards (badugi.h, "A game"): 1 to 3 draws, one half of any
 * ranking a hand of that size allows or a Badugi half and a low, maybe a qualifier. */
static inline badugi_game random_game(int cards) {
    badugi_game game;
    game.cards = cards;
    game.draws = 1 + (int)next_random(BADUGI_MAX_DRAWS);
    game.halves = cards == 5 ? 1 + (int)next_random(2) : 1;
    game.rankings[0] = (int)next_random(cards == 5 && game.halves == 1 ? 4 : 2);
    game.rankings[1] = BADUGI_RANKING_ACE_FIVE + (int)next_random(2);
    game.qualifier = next_random(3) ? 0 : 1 + (int)next_random(BADUGI_RANKS);
    game.odd_half = (int)next_random((unsigned)game.halves);
    game.ranks = game.suits = 0; /* the whole deck */
    return game;
}

/* The cards of a game's deck, in id order, into deck[]; their count. */
static inline int deck_cards(const badugi_game *game, uint8_t deck[BADUGI_CARDS]) {
    uint64_t set = badugi_game_deck(game);
    int count = 0;
    for (int card = 0; card < BADUGI_CARDS; card++)
        if (set >> card & 1) deck[count++] = (uint8_t)card;
    return count;
}

/* Now and then a small game's deck (docs/rules.md, "Small games"): fewer ranks or suits,
 * still enough for the hands of n seats and a draw's worth; else the whole deck. */
static inline void random_deck(badugi_game *game, int n) {
    uint8_t deck[BADUGI_CARDS];
    if (next_random(3)) return;
    do {
        game->ranks = 1 + (int)next_random(13);
        game->suits = 1 + (int)next_random(4);
    } while (deck_cards(game, deck) < game->cards * (n + 1));
}

/* One random legal step of the seat the hand waits on (the manual dealer's steps are the
 * caller's); returns the action's result. */
static inline int random_step(badugi_hand *h) {
    int64_t legal[5];
    if (h->phase == BADUGI_PHASE_SHOWDOWN)
        return next_random(2) && badugi_hand_muck(h, 0) >= 0 ? badugi_hand_muck(h, 1)
                                                              : badugi_hand_show(h, 1);
    if (h->phase == BADUGI_PHASE_DRAW) {
        uint8_t thrown[BADUGI_HAND_MAX_CARDS];
        int count = 0;
        for (int i = 0; i < h->hand_len[h->actor]; i++)
            if (next_random(2)) thrown[count++] = h->hands[h->actor][i];
        return badugi_hand_draw(h, thrown, count, 1);
    }
    if (badugi_hand_legal(h, legal) < 0) return BADUGI_HAND_E_PHASE;
    switch (next_random(5)) {
    case 0:
        if (legal[0]) return badugi_hand_fold(h, 1);
        break;
    case 4: /* with free folds, a seat all in folded out of turn */
        for (int seat = 0; seat < h->n; seat++)
            if (h->free_folds && !h->folded[seat] && !h->stacks[seat] && next_random(2))
                return badugi_hand_fold_all_in(h, seat, 1);
        break;
    case 1:
        if (legal[4]) {
            uint64_t span = (uint64_t)(legal[4] - legal[3]) + 1;
            return badugi_hand_raise_to(h, legal[3] + (int64_t)(next64() % span), 1);
        }
        break;
    }
    return badugi_hand_check_or_call(h, 1);
}

#endif
