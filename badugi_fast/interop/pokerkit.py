"""PokerKit hand classes that evaluate on this library's C core.

Drop-in replacements for PokerKit's ``BadugiHand``, ``StandardBadugiHand``,
``RegularLowHand`` and ``StandardLowHand``: pass them in a game's ``hand_types``
(``FixedLimitBadugi(..., )`` subclasses, or a state built from PokerKit's parts) and its
showdowns run on the perfect-hash tables instead of PokerKit's combination search. Each
class subclasses PokerKit's own, so ``isinstance`` checks, ``lookup``, ``low``, labels
and printing keep working, and orders hands exactly as PokerKit does (docs/rules.md,
"Hand histories"). Needs the optional ``pokerkit`` extra.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from itertools import combinations
from typing import Any, ClassVar

from badugi_fast import (
    evaluate,
    evaluate_ace_five,
    evaluate_badugi5,
    evaluate_badugi_ace_high,
    evaluate_deuce_seven,
)
from badugi_fast.cards import DECK, Card
from badugi_fast.extras import extra

with extra("pokerkit", "badugi_fast.interop.pokerkit"):
    import pokerkit

_FROM_OURS: tuple[Any, ...] = tuple(next(iter(pokerkit.Card.parse(str(card)))) for card in DECK)
"""PokerKit's card object for each of our card ids."""
_REGULAR_DECK: dict[int, tuple[Any, int]] = {
    id(card): (card, DECK.index(Card(repr(card)))) for card in pokerkit.Deck.REGULAR
}
"""Our card id for each card object of PokerKit's deck, keyed by identity (deals reuse them)."""


def _card_id(card: Any) -> int:
    """Our id of a PokerKit card (or card text); unknown cards raise ValueError."""
    known = _REGULAR_DECK.get(id(card))
    if known is not None and known[0] is card:
        return known[1]
    text = repr(card) if isinstance(card, pokerkit.Card) else str(card)
    if "?" in text:
        raise ValueError(f"unknown card {text!r} cannot be evaluated")
    return Card(text)


class _FastHand:
    """The shared machinery: a PokerKit hand whose strength is one of our raw ranks.

    ``_rank`` orders the hands (smaller is stronger, as everywhere in this library);
    ``_source`` keeps the card ids the hand was made of, so that the cards it plays can be
    named on demand.
    """

    _rankers: ClassVar[dict[int, Callable[[tuple[int, ...]], int]]]
    """This library's rank function with the same ordering, by card count."""
    _pokerkit: ClassVar[type[Any]]
    """PokerKit's class this one replaces (it judges hands of other sizes)."""
    _rank: int
    _source: tuple[int, ...]

    @classmethod
    def _make(cls, source: tuple[int, ...], evaluated: tuple[int, ...] | None = None) -> Any:
        """A hand of ``source``, ranked by evaluating ``evaluated`` (default: ``source``)."""
        cards = source if evaluated is None else evaluated
        hand = object.__new__(cls)
        hand._rank = cls._rankers[len(cards)](cards)
        hand._source = source
        return hand

    @classmethod
    def from_game(cls, hole_cards: Any, board_cards: Any = ()) -> Any:
        """The strongest hand of the hole and board cards, as PokerKit's ``from_game``."""
        ids = tuple([_card_id(card) for card in _iterate(hole_cards)])
        if board_cards:
            ids += tuple([_card_id(card) for card in _iterate(board_cards)])
        if len(ids) in cls._rankers:
            return cls._make(ids)
        largest = max(cls._rankers)
        if len(ids) > largest:
            hands = (cls._make(subset) for subset in combinations(ids, largest))
            return min(hands, key=lambda hand: hand._rank)
        return cls._from_pokerkit(cls._pokerkit.from_game(hole_cards, board_cards))

    @classmethod
    def _from_pokerkit(cls, hand: Any) -> Any:
        """Our hand equal to a PokerKit hand of fewer cards than our core takes."""
        raise ValueError(f"no {cls.__qualname__} from {len(hand.cards)} cards")

    def __init__(self, cards: Any) -> None:
        # PokerKit's own rule for a hand built directly: exactly a valid set of cards.
        if not self.lookup.has_entry(pokerkit.Card.clean(cards)):  # type: ignore[attr-defined]
            raise ValueError(f"The cards {cards!r} form an invalid {type(self).__qualname__} hand.")
        fast = type(self).from_game(cards)
        self._rank = fast._rank
        self._source = fast._source

    @property
    def cards(self) -> tuple[Any, ...]:
        """The cards that play, chosen as PokerKit chooses them (only computed when asked)."""
        source = tuple(_FROM_OURS[card] for card in self._source)
        return self._pokerkit.from_game(source).cards  # type: ignore[no-any-return]

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank == other._rank

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._rank))

    def __lt__(self, other: object) -> bool:  # PokerKit's total_ordering derives the rest
        if type(other) is not type(self):
            return NotImplemented
        return self._rank > other._rank


class _FastBadugi(_FastHand):
    """Badugi: hands of fewer than four known cards are padded with cards that never play."""

    @classmethod
    def _from_pokerkit(cls, hand: Any) -> Any:
        # ``hand.cards`` is a playing set: distinct ranks and suits. Other suits of one of
        # its ranks can never join a bigger set (that rank is taken) and leave its value.
        played = tuple(_card_id(card) for card in hand.cards)
        rank = played[0] // 4
        pads = tuple(4 * rank + suit for suit in range(4) if 4 * rank + suit not in played)
        return cls._make(played, played + pads[: 4 - len(played)])


class BadugiHand(_FastBadugi, pokerkit.BadugiHand):
    """PokerKit's ``BadugiHand`` (aces low) on this library's core."""

    _pokerkit = pokerkit.BadugiHand
    _rankers: ClassVar[dict[int, Callable[[tuple[int, ...]], int]]] = {
        4: evaluate,
        5: evaluate_badugi5,
    }


class StandardBadugiHand(_FastBadugi, pokerkit.StandardBadugiHand):
    """PokerKit's ``StandardBadugiHand`` (aces high, as in Badeucey) on this library's core."""

    _pokerkit = pokerkit.StandardBadugiHand
    _rankers: ClassVar[dict[int, Callable[[tuple[int, ...]], int]]] = {
        4: evaluate_badugi_ace_high,
        5: evaluate_badugi_ace_high,
    }


class RegularLowHand(_FastHand, pokerkit.RegularLowHand):
    """PokerKit's ``RegularLowHand`` (ace-to-five low) on this library's core."""

    _pokerkit = pokerkit.RegularLowHand
    _rankers: ClassVar[dict[int, Callable[[tuple[int, ...]], int]]] = {5: evaluate_ace_five}


class StandardLowHand(_FastHand, pokerkit.StandardLowHand):
    """PokerKit's ``StandardLowHand`` (deuce-to-seven low) on this library's core."""

    _pokerkit = pokerkit.StandardLowHand
    _rankers: ClassVar[dict[int, Callable[[tuple[int, ...]], int]]] = {5: evaluate_deuce_seven}


def _iterate(cards: Any) -> Iterable[Any]:
    if isinstance(cards, str):
        return pokerkit.Card.clean(cards)
    if isinstance(cards, pokerkit.Card):
        return (cards,)
    return cards  # type: ignore[no-any-return]
