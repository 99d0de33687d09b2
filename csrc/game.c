/* game.c - badugi_game_fault: whether a game descriptor is one the hand and the odds
 * kernels can play (badugi.h, "A game"), and badugi_game_deck, the cards its deck holds.
 * Both check it at their door. */
#include "internal.h"

/* The deck's ranks and suits: 0 is the whole deck. */
static int deck_ranks(const badugi_game *game) { return game->ranks ? game->ranks : 13; }
static int deck_suits(const badugi_game *game) { return game->suits ? game->suits : 4; }

#define SUIT_PLANE 0x1111111111111ull /* the spades: ids 0, 4, .., 48 */
#define FIRST_RANKS(count) ((count) >= 13 ? ~0ull >> 12 : (1ull << (4 * (count))) - 1)

/* The cards of the `ranks` lowest ranks and `suits` first suits (a few operations: the
 * bots check a game at every decision), the lowest rank the ace when every half plays it
 * low, else the deuce (the ace then the highest, dealt only in a deck of all 13). */
static uint64_t deck_of(const badugi_game *game) {
    int ace_low = 1, ranks = deck_ranks(game);
    for (int half = 0; half < game->halves; half++)
        ace_low &= game->rankings[half] == BADUGI_RANKING_BADUGI ||
                   game->rankings[half] == BADUGI_RANKING_ACE_FIVE;
    uint64_t by_rank = ace_low || ranks == 13 ? FIRST_RANKS(ranks) : FIRST_RANKS(ranks + 1) & ~0xFull;
    uint64_t by_suit = 0;
    for (int suit = 0; suit < deck_suits(game); suit++) by_suit |= SUIT_PLANE << suit;
    return by_rank & by_suit;
}

const char *badugi_game_fault(const badugi_game *game) {
    if (game->cards < 1 || game->cards > 5) return "game.cards";
    if (game->draws < 1 || game->draws > BADUGI_MAX_DRAWS) return "game.draws";
    if (game->halves < 1 || game->halves > 2) return "game.halves";
    for (int half = 0; half < game->halves; half++) {
        int ranking = game->rankings[half];
        if (ranking < BADUGI_RANKING_BADUGI || ranking > BADUGI_RANKING_DEUCE_SEVEN)
            return "game.rankings";
        if (!badugi_is_badugi_ranking(ranking) && game->cards != 5) /* the lows rank five */
            return "game.rankings";
        if (game->halves == 2 && badugi_is_badugi_ranking(ranking) != (half == 0))
            return "game.rankings (two halves: a Badugi half, then a low)";
    }
    if (game->qualifier < 0 || game->qualifier > BADUGI_RANKS) return "game.qualifier";
    if (game->odd_half < 0 || game->odd_half >= game->halves) return "game.odd_half";
    if (game->ranks < 0 || game->ranks > 13) return "game.ranks";
    if (game->suits < 0 || game->suits > 4) return "game.suits";
    if (badugi_count_cards(deck_of(game)) < 3 * game->cards) /* two hands and a draw's worth */
        return "game.ranks (a deck too small for two hands and a draw)";
    return NULL;
}

uint64_t badugi_game_deck(const badugi_game *game) {
    return game && !badugi_game_fault(game) ? deck_of(game) : 0;
}
