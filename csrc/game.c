/* game.c - badugi_game_fault: whether a game descriptor is one the hand and the odds
 * kernels can play (badugi.h, "A game"). Both check it at their door. */
#include "internal.h"

const char *badugi_game_fault(const badugi_game *game) {
    if (game->cards < 4 || game->cards > 5) return "game.cards";
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
    return NULL;
}
