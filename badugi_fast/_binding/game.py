"""A game as the C core takes it: the ``badugi_game`` descriptor (csrc/badugi.h, "A game"),
filled from the table of games (games.py) for the C hand and the odds kernels alike."""

from __future__ import annotations

from typing import Any

from badugi_fast._binding.settle import odd_half
from badugi_fast._core import lib
from badugi_fast.evaluation.hands import AceFiveHand, AceHighHand, DeuceSevenHand, Hand
from badugi_fast.games import GameRule

RANKINGS = {
    Hand: lib.BADUGI_RANKING_BADUGI,
    AceHighHand: lib.BADUGI_RANKING_BADUGI_ACE_HIGH,
    AceFiveHand: lib.BADUGI_RANKING_ACE_FIVE,
    DeuceSevenHand: lib.BADUGI_RANKING_DEUCE_SEVEN,
}
"""The C ranking of each half's hand class."""


def fill_game(
    game: Any, rule: GameRule, worst: int | None = None, odd_unit_to: str = "badugi"
) -> None:
    """Fill a ``badugi_game`` (cdata) with a game's cards, draws and halves, the qualifier
    as a raw rank (None: any hand wins) and the half ``odd_unit_to`` names."""
    game.cards = rule.cards
    game.draws = rule.draws
    game.halves = len(rule.halves)
    game.rankings[0 : game.halves] = [RANKINGS[half.hand] for half in rule.halves]
    game.qualifier = worst or 0
    game.odd_half = odd_half(odd_unit_to, game.halves)
