/* games.h - the games of docs/rules.md ("Games") as badugi_game descriptors, for the C
 * tests: three draws each, no qualifier, the odd chip to the first half, the whole deck. */
#ifndef BADUGI_TESTS_GAMES_H
#define BADUGI_TESTS_GAMES_H

#include "badugi.h"

static const badugi_game GAME_BADUGI = {4, 3, 1, {BADUGI_RANKING_BADUGI, 0}, 0, 0, 0, 0};
static const badugi_game GAME_BADACEY = {
    5, 3, 2, {BADUGI_RANKING_BADUGI, BADUGI_RANKING_ACE_FIVE}, 0, 0, 0, 0};
static const badugi_game GAME_BADEUCEY = {
    5, 3, 2, {BADUGI_RANKING_BADUGI_ACE_HIGH, BADUGI_RANKING_DEUCE_SEVEN}, 0, 0, 0, 0};
/* the house variant: Badeucey's Badugi half aces low */
static const badugi_game GAME_BADEUCEY_ACES_LOW = {
    5, 3, 2, {BADUGI_RANKING_BADUGI, BADUGI_RANKING_DEUCE_SEVEN}, 0, 0, 0, 0};
static const badugi_game GAME_DEUCE_SEVEN = {5, 3, 1, {BADUGI_RANKING_DEUCE_SEVEN, 0}, 0, 0, 0, 0};
static const badugi_game GAME_ACE_FIVE = {5, 3, 1, {BADUGI_RANKING_ACE_FIVE, 0}, 0, 0, 0, 0};

#endif
