"""The games: how many cards each is dealt, its draws, and what judges each half of its pot.

The one table of game rules that the showdown, the engine, the odds and the CLI read
(docs/rules.md, "Games"). ``Game`` lists the names; a test checks it matches ``GAMES``.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import Literal

from badugi_fast.cards import DECK_SIZE, CardsLike, card_ids
from badugi_fast.checks import check_choice
from badugi_fast.errors import InvalidCards, InvalidOptionType
from badugi_fast.evaluation.hands import AceFiveHand, AceHighHand, DeuceSevenHand, Hand, RankedHand
from badugi_fast.evaluation.ranks import (
    evaluate,
    evaluate_ace_five,
    evaluate_badugi5,
    evaluate_badugi_ace_high,
    evaluate_deuce_seven,
)
from badugi_fast.pots.results import HalfKind

Game = Literal[
    "badugi",
    "badacey",
    "badeucey",
    "deuce-seven-triple-draw",
    "ace-five-triple-draw",
    "deuce-seven-single-draw",
    "ace-five-single-draw",
]
"""The games this library deals, judges and settles."""


@dataclass(frozen=True, slots=True)
class HalfRule:
    """One half of a pot: its kind, the fast raw-rank function and the hand class."""

    kind: HalfKind
    rank: Callable[[CardsLike], int]
    hand: type[RankedHand]


@dataclass(frozen=True, slots=True)
class GameRule:
    """A game: the cards each player holds, its draws and the halves its pot is cut into."""

    name: Game
    cards: int
    halves: tuple[HalfRule, ...]
    draws: int = 3
    """Draws in a hand, with a betting round before each and after the last."""

    @property
    def rounds(self) -> int:
        """Betting rounds in a hand: one before each draw and one after the last."""
        return self.draws + 1

    @property
    def big_bet_from(self) -> int:
        """The first betting round of a fixed-limit hand played with the big bet by default:
        the later half (small-small-big-big in triple draw, small-big in single draw)."""
        return self.rounds // 2

    @property
    def rankings(self) -> tuple[str, ...]:
        """How each half ranks hands, as the C core names it (``RankedHand.RANKING``)."""
        return tuple(half.hand.RANKING for half in self.halves)

    @property
    def badugi_half(self) -> HalfRule | None:
        """The half a Badugi qualifier applies to (the first), or None in the lowball games."""
        first = self.halves[0]
        return first if first.kind == "badugi" else None

    def hands(self, cards: CardsLike) -> tuple[RankedHand, ...]:
        """One seat's hand for every half, checking that it holds exactly ``self.cards`` cards
        (counted before a half reads them: a Badugi half would take 4 or 5)."""
        ids = card_ids(cards, range(DECK_SIZE + 1))
        if len(ids) != self.cards:
            raise InvalidCards(f"{self.name} hands have {self.cards} cards, got {len(ids)}")
        return tuple(half.hand(ids) for half in self.halves)


_BADUGI5 = HalfRule("badugi", evaluate_badugi5, Hand)
_ACE_FIVE = HalfRule("ace-five", evaluate_ace_five, AceFiveHand)
_DEUCE_SEVEN = HalfRule("deuce-seven", evaluate_deuce_seven, DeuceSevenHand)

GAMES: dict[str, GameRule] = {
    "badugi": GameRule("badugi", 4, (HalfRule("badugi", evaluate, Hand),)),
    "badacey": GameRule("badacey", 5, (_BADUGI5, _ACE_FIVE)),
    "badeucey": GameRule(
        "badeucey",
        5,
        (HalfRule("badugi", evaluate_badugi_ace_high, AceHighHand), _DEUCE_SEVEN),
    ),
    "deuce-seven-triple-draw": GameRule("deuce-seven-triple-draw", 5, (_DEUCE_SEVEN,)),
    "ace-five-triple-draw": GameRule("ace-five-triple-draw", 5, (_ACE_FIVE,)),
    "deuce-seven-single-draw": GameRule("deuce-seven-single-draw", 5, (_DEUCE_SEVEN,), draws=1),
    "ace-five-single-draw": GameRule("ace-five-single-draw", 5, (_ACE_FIVE,), draws=1),
}
"""Every game by name; in the split games the Badugi half comes first."""

BADEUCEY_ACES_LOW = GameRule("badeucey", 5, (_BADUGI5, _DEUCE_SEVEN))
"""The house variant of Badeucey whose Badugi half plays aces low."""


def game_rule(name: object, *, badeucey_aces_low: object = False) -> GameRule:
    """The rule for a game name; an InvalidOption lists the games there are."""
    if badeucey_aces_low is not True and badeucey_aces_low is not False:
        raise InvalidOptionType(
            f"badeucey_aces_low must be a bool, not {type(badeucey_aces_low).__name__}"
        )
    rule = GAMES.get(name) if isinstance(name, str) else None
    if rule is None:
        rule = GAMES[check_choice("game", name, GAMES)]
    if badeucey_aces_low and rule.name == "badeucey":
        return BADEUCEY_ACES_LOW
    return rule
