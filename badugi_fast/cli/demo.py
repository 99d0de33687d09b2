"""A random showdown for ``badugi showdown --demo``: a whole hand's end in one command."""

from __future__ import annotations

import random

from badugi_fast.cards import format_cards
from badugi_fast.errors import InvalidSettlement
from badugi_fast.games import game_rule
from badugi_fast.showdown import Seat

STACK_SIZES = (40, 90, 150, 200, 200, 200)
"""Chips each player can put in: short stacks go all in, which makes side pots."""


def deal_demo(game: str, players: int, rng: random.Random) -> tuple[int, list[Seat]]:
    """Deal a showdown: the button, then cards from one shuffled deck, all-ins, a fold or two.

    Everyone puts in up to the table's final bet, capped by their stack (an all-in);
    folded players stop short of it. At least two players always reach the showdown.
    """
    rule = game_rule(game)
    if not 2 <= players <= 8:
        raise InvalidSettlement(f"players must be 2..8 for a showdown, not {players}")
    button = rng.randrange(players)
    deck = list(range(52))
    rng.shuffle(deck)
    stacks = [rng.choice(STACK_SIZES) for _ in range(players)]
    final_bet = max(sorted(stacks)[-2], 20)  # the two deepest stacks can both call it
    folds = set(rng.sample(range(players), rng.randint(0, max(0, players - 3))))
    seats = []
    for seat in range(players):
        cards = deck[seat * rule.cards : (seat + 1) * rule.cards]
        if seat in folds:
            seats.append(Seat(rng.choice((10, 20, 30)), folded=True))
        else:
            seats.append(Seat(min(stacks[seat], final_bet), cards=format_cards(cards)))
    return button, seats
