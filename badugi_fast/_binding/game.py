"""A game as the C core takes it: the ``badugi_game`` descriptor (csrc/badugi.h, "A game"),
filled from a game of the table of games (games.py) for the C hand and the odds kernels
alike."""

from __future__ import annotations

from collections.abc import Hashable
from typing import Any, Protocol

from badugi_fast._binding.settle import odd_half
from badugi_fast._core import ffi, lib

RANKINGS = {
    "badugi": lib.BADUGI_RANKING_BADUGI,
    "badugi-ace-high": lib.BADUGI_RANKING_BADUGI_ACE_HIGH,
    "ace-five": lib.BADUGI_RANKING_ACE_FIVE,
    "deuce-seven": lib.BADUGI_RANKING_DEUCE_SEVEN,
}
"""The C ranking of each ranking name (``RankedHand.RANKING``)."""


class Game(Hashable, Protocol):
    """What the descriptor reads of a game (a ``games.GameRule``, frozen and hashable)."""

    @property
    def cards(self) -> int: ...
    @property
    def draws(self) -> int: ...
    @property
    def rankings(self) -> tuple[str, ...]: ...
    @property
    def ranks(self) -> int: ...
    @property
    def suits(self) -> int: ...


def fill_game(game: Any, rule: Game, worst: int | None = None, odd_unit_to: str = "badugi") -> None:
    """Fill a ``badugi_game`` (cdata) with a game's cards, draws and halves, the qualifier
    as a raw rank (None: any hand wins), the half ``odd_unit_to`` names and the deck."""
    game.cards = rule.cards
    game.draws = rule.draws
    game.halves = len(rule.rankings)
    game.rankings[0 : game.halves] = [RANKINGS[ranking] for ranking in rule.rankings]
    game.qualifier = worst or 0
    game.odd_half = odd_half(odd_unit_to, game.halves)
    game.ranks = rule.ranks
    game.suits = rule.suits


def game_deck(rule: Game) -> tuple[int, ...]:
    """The card ids of a game's deck (badugi_game_deck), ascending; () for a game the C core
    refuses (badugi.h, "A game")."""
    game = ffi.new("badugi_game *")
    fill_game(game, rule)
    deck = lib.badugi_game_deck(game)
    return tuple(card for card in range(lib.BADUGI_CARDS) if deck >> card & 1)
