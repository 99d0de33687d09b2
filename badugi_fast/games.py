"""The games: how many cards each is dealt and what judges each half of its pot.

The one table of game rules that the showdown, the demo deal and the CLI read.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from badugi_fast.cards import CardsLike
from badugi_fast.evaluate import (
    evaluate,
    evaluate_ace_five,
    evaluate_badugi5,
    evaluate_badugi_ace_high,
    evaluate_deuce_seven,
)
from badugi_fast.hands import AceFiveHand, AceHighHand, DeuceSevenHand, Hand, RankedHand
from badugi_fast.settlement import HalfKind


@dataclass(frozen=True, slots=True)
class HalfRule:
    """One half of a pot: its kind, the fast raw-rank function and the hand class."""

    kind: HalfKind
    rank: Callable[[CardsLike], int]
    hand: type[RankedHand]


@dataclass(frozen=True, slots=True)
class GameRule:
    """A game: the cards each player holds and the halves its pot is cut into."""

    name: str
    cards: int
    halves: tuple[HalfRule, ...]


_BADUGI5 = HalfRule("badugi", evaluate_badugi5, Hand)
_DEUCE_SEVEN = HalfRule("deuce-seven", evaluate_deuce_seven, DeuceSevenHand)

GAMES = {
    "badugi": GameRule("badugi", 4, (HalfRule("badugi", evaluate, Hand),)),
    "badacey": GameRule(
        "badacey", 5, (_BADUGI5, HalfRule("ace-five", evaluate_ace_five, AceFiveHand))
    ),
    "badeucey": GameRule(
        "badeucey",
        5,
        (HalfRule("badugi", evaluate_badugi_ace_high, AceHighHand), _DEUCE_SEVEN),
    ),
}
"""Every game by name; the Badugi half comes first."""

BADEUCEY_ACES_LOW = GameRule("badeucey", 5, (_BADUGI5, _DEUCE_SEVEN))
"""The house variant of Badeucey whose Badugi half plays aces low."""


def game_rule(name: object, *, badeucey_aces_low: bool = False) -> GameRule:
    """The rule for a game name; a ValueError lists the games there are."""
    if badeucey_aces_low and name == "badeucey":
        return BADEUCEY_ACES_LOW
    rule = GAMES.get(name) if isinstance(name, str) else None
    if rule is None:
        raise ValueError(f"game must be one of {', '.join(map(repr, GAMES))}, not {name!r}")
    return rule
