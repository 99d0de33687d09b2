"""The games: how many cards each is dealt and which hand judges each half of its pot."""

from __future__ import annotations

from dataclasses import dataclass

from badugi_fast.hands import AceFiveHand, AceHighHand, DeuceSevenHand, Hand, RankedHand


@dataclass(frozen=True)
class HalfRule:
    """One half of a pot: its name and the hand class that judges it."""

    name: str
    hand: type[RankedHand]


@dataclass(frozen=True)
class GameRule:
    """A game: the cards each player holds and the halves its pot is cut into."""

    name: str
    cards: int
    halves: tuple[HalfRule, ...]


BADUGI_HALF = HalfRule("badugi", Hand)
ACE_HIGH_BADUGI_HALF = HalfRule("badugi", AceHighHand)
ACE_FIVE_HALF = HalfRule("ace-five", AceFiveHand)
DEUCE_SEVEN_HALF = HalfRule("deuce-seven", DeuceSevenHand)

GAMES = {
    "badugi": GameRule("badugi", 4, (BADUGI_HALF,)),
    "badacey": GameRule("badacey", 5, (BADUGI_HALF, ACE_FIVE_HALF)),
    "badeucey": GameRule("badeucey", 5, (ACE_HIGH_BADUGI_HALF, DEUCE_SEVEN_HALF)),
}
"""Every game by name; the Badugi half comes first."""

BADEUCEY_ACES_LOW = GameRule("badeucey", 5, (BADUGI_HALF, DEUCE_SEVEN_HALF))
"""The house variant of Badeucey whose Badugi half plays aces low."""


def game_rule(name: str) -> GameRule:
    """The rule for a game name; a ValueError lists the games there are."""
    try:
        return GAMES[name]
    except (KeyError, TypeError):
        raise ValueError(f"unknown game {name!r}: choose one of {', '.join(GAMES)}") from None
