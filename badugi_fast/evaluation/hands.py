"""Hand value objects: evaluated hands that order by strength and name themselves.

Hand values and names follow docs/rules.md ("Badugi hand values", "Five-card split games").

``Hand`` (Badugi, aces low), ``AceHighHand`` (Badugi, aces high, for Badeucey),
``AceFiveHand`` and ``DeuceSevenHand`` (the five-card lows). Each keeps its cards
and raw rank (smaller is stronger, see ``csrc/badugi.h``), and compares so that the
stronger hand is greater: ``max(hands)`` is the winner. Equal ranks compare equal
(a tie) and hash alike; hands of different kinds do not compare.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping
from functools import cache
from itertools import combinations
from typing import TYPE_CHECKING, ClassVar

from badugi_fast._binding.evaluate import RANK_COUNTS, SMALL_BADUGI, decode
from badugi_fast.cards import RANK_CHARS, Card, CardsLike, card_ids, quick_cards
from badugi_fast.evaluation.ranks import ACE_FIVE, BADUGI, BADUGI_ACE_HIGH, DEUCE_SEVEN

if TYPE_CHECKING:
    from typing_extensions import Self

ACE_HIGH = 14
Evaluators = Mapping[int, Callable[..., int]]
"""C rank functions of one kind of hand, keyed by how many cards they take."""
# Card-room words for rank values 1..14 (index 0 unused; 14 is an ace played high).
_WORDS = "- ace deuce three four five six seven eight nine ten jack queen king ace".split()
_PLURALS = [word + ("es" if word == "six" else "s") for word in _WORDS]
_SET_SIZES = ("", "one", "two", "three")


def _label(value: int) -> str:
    """``"A"``, ``"2"`` .. ``"K"`` for a rank value 1..14 (14 is an ace played high)."""
    return RANK_CHARS[(value - 1) % 13]


class RankedHand:
    """An evaluated hand: its cards and raw rank, ordered so that stronger is greater."""

    __slots__ = ("_cards", "_rank")
    RANKING: ClassVar[str]
    """How the C core ranks hands of this kind (a key of _binding.evaluate's tables)."""
    RANK_COUNT: ClassVar[int]
    """How many distinct values hands of this kind take: ranks run 1..RANK_COUNT."""
    _evaluators: ClassVar[Evaluators]
    _counts: ClassVar[tuple[int, ...]]  # the card counts _evaluators take
    _ace: ClassVar[int]  # the value an ace plays as: 1 (low) or 14 (high)

    def __init_subclass__(cls) -> None:
        if "_evaluators" in cls.__dict__:
            cls._counts = tuple(cls._evaluators)

    def __init__(self, cards: CardsLike) -> None:
        if type(cards) is str:  # fast path: C reports a repeated card as rank 0
            quick = quick_cards(cards)
            evaluator = self._evaluators.get(len(quick))
            if evaluator is not None and None not in quick:
                rank = evaluator(*quick)
                if rank:
                    self._cards: tuple[Card, ...] = quick  # type: ignore[assignment]
                    self._rank: int = rank
                    return
        self._cards = checked = card_ids(cards, self._counts)
        self._rank = self._evaluators[len(checked)](*checked)

    @classmethod
    def from_checked(cls, cards: tuple[Card, ...]) -> Self:
        """A hand of cards already checked to be distinct and as many as this kind takes.

        For settlement, which checks every seat's cards at once: the C evaluator ranks
        them with nothing checked again.
        """
        hand = cls.__new__(cls)
        hand._cards = cards
        hand._rank = cls._evaluators[len(cards)](*cards)
        return hand

    @property
    def cards(self) -> tuple[Card, ...]:
        """The cards as given."""
        return self._cards

    @property
    def rank(self) -> int:
        """The raw rank: 1 is the best hand of this kind, larger is weaker."""
        return self._rank

    @property
    def name(self) -> str:
        raise NotImplementedError

    @property
    def playing(self) -> tuple[Card, ...]:
        raise NotImplementedError

    @property
    def dead(self) -> tuple[Card, ...]:
        """The cards that do not play."""
        playing = set(self.playing)
        return tuple(card for card in self._cards if card not in playing)

    def to_dict(self) -> dict[str, object]:
        """Plain data for JSON: cards as text, rank, name, playing and dead cards."""
        return {
            "cards": [str(card) for card in self._cards],
            "rank": self._rank,
            "name": self.name,
            "playing": [str(card) for card in self.playing],
            "dead": [str(card) for card in self.dead],
        }

    def __str__(self) -> str:
        labels = "-".join(_label(value) for value in self._display_values())
        return f"{labels} ({self.name})"

    def _display_values(self) -> tuple[int, ...]:
        raise NotImplementedError

    def _value(self, card: Card) -> int:
        """The card's rank as this kind of hand plays it."""
        return self._ace if card.rank == 1 else card.rank

    def __repr__(self) -> str:
        return f"{type(self).__name__}({' '.join(map(str, self._cards))!r})"

    def __reduce__(self) -> tuple[type[RankedHand], tuple[tuple[Card, ...]]]:
        """Pickle the cards alone, which loading checks and ranks again; this works under
        every protocol (Python 3.10's protocols 0 and 1 would drop the slots)."""
        return type(self), (self._cards,)

    def __hash__(self) -> int:
        return hash((type(self).__name__, self._rank))

    def __eq__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank == other._rank

    def __lt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank > other._rank

    def __le__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank >= other._rank

    def __gt__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank < other._rank

    def __ge__(self, other: object) -> bool:
        if type(other) is not type(self):
            return NotImplemented
        return self._rank <= other._rank


_decode = cache(decode)


class _BadugiHand(RankedHand):
    """A Badugi hand: its value is its best playing set."""

    __slots__ = ()

    @property
    def size(self) -> int:
        """How many cards play: 4 for a badugi, down to 1."""
        return len(self.ranks)

    @property
    def ranks(self) -> tuple[int, ...]:
        """The playing ranks, high to low: 1 = ace .. 13 = king (14 = ace when aces are high)."""
        return _decode(self._rank, self._ace == ACE_HIGH)

    @property
    def playing(self) -> tuple[Card, ...]:
        """The cards of the best playing set, high to low (no two share a rank or a suit).

        Where several sets are equally good, the one of the lowest card ids plays, so
        the answer never depends on the order the cards were given in.
        """
        wanted = self.ranks
        for subset in combinations(sorted(self._cards), len(wanted)):
            ordered = tuple(sorted(subset, key=self._value, reverse=True))
            values = tuple(self._value(card) for card in ordered)
            if values == wanted and len({card.suit for card in subset}) == len(subset):
                return ordered
        raise AssertionError(f"no playing set {wanted} in {self!r}")

    @property
    def name(self) -> str:
        """``"perfect badugi"``, ``"eight badugi"``, ``"three-card four"``, ``"one-card ace"``."""
        ranks = self.ranks
        if self._rank == 1:
            return "perfect badugi"
        if len(ranks) == 4:
            return f"{_WORDS[ranks[0]]} badugi"
        return f"{_SET_SIZES[len(ranks)]}-card {_WORDS[ranks[0]]}"

    def _display_values(self) -> tuple[int, ...]:
        return self.ranks


class Hand(_BadugiHand):
    """A Badugi hand of four or five cards, aces low; five cards play their best four.

    >>> str(Hand("Ks 7h 3d 2c"))
    'K-7-3-2 (king badugi)'
    """

    __slots__ = ()
    RANKING = "badugi"
    RANK_COUNT = RANK_COUNTS["badugi"]
    _evaluators: ClassVar[Evaluators] = BADUGI
    _ace = 1


class AceHighHand(_BadugiHand):
    """A Badugi hand of four or five cards with aces high, as in Badeucey (best 2-3-4-5)."""

    __slots__ = ()
    RANKING = "badugi-ace-high"
    RANK_COUNT = RANK_COUNTS["badugi"]
    _evaluators: ClassVar[Evaluators] = BADUGI_ACE_HIGH
    _ace = ACE_HIGH


class FewCardHand(Hand):
    """A Badugi hand of one to three cards, aces low, as the small games deal them
    (games.variant; docs/rules.md, "Small games"): worth its best playing set, on
    :class:`Hand`'s scale (a two-card hand whose two cards play ranks as a two-card set of
    a four-card hand does).

    >>> str(FewCardHand("3s 2h"))
    '3-2 (two-card three)'
    """

    __slots__ = ()
    _evaluators: ClassVar[Evaluators] = SMALL_BADUGI["badugi"]


class FewCardAceHighHand(AceHighHand):
    """A Badugi hand of one to three cards with aces high: a small Badeucey's."""

    __slots__ = ()
    _evaluators: ClassVar[Evaluators] = SMALL_BADUGI["badugi-ace-high"]


def _groups(values: list[int]) -> list[tuple[int, int]]:
    """(count, value) pairs, biggest groups first, then highest values."""
    return sorted(((count, value) for value, count in Counter(values).items()), reverse=True)


def _paired_name(groups: list[tuple[int, int]]) -> str | None:
    """The name of a hand with a pair or better, or None when no two cards pair."""
    shape = tuple(count for count, _ in groups)
    top, second = groups[0][1], groups[1][1]
    names = {
        (4, 1): f"four {_PLURALS[top]}",
        (3, 2): f"{_PLURALS[top]} full of {_PLURALS[second]}",
        (3, 1, 1): f"three {_PLURALS[top]}",
        (2, 2, 1): f"two pair, {_PLURALS[top]} and {_PLURALS[second]}",
        (2, 1, 1, 1): f"pair of {_PLURALS[top]}",
    }
    return names.get(shape)


class _LowHand(RankedHand):
    """A five-card low: every card plays."""

    __slots__ = ()

    def _values(self) -> list[int]:
        return [self._value(card) for card in self._cards]

    def _display_values(self) -> tuple[int, ...]:
        return tuple(value for count, value in _groups(self._values()) for _ in range(count))

    @property
    def playing(self) -> tuple[Card, ...]:
        """All five cards, in the order the name reads them."""
        order = {value: position for position, value in enumerate(self._display_values())}
        return tuple(sorted(self._cards, key=lambda card: order[self._value(card)]))


class AceFiveHand(_LowHand):
    """An ace-to-five low (Badacey's low half): aces low, straights and flushes ignored."""

    __slots__ = ()
    RANKING = "ace-five"
    RANK_COUNT = RANK_COUNTS["ace-five"]
    _evaluators: ClassVar[Evaluators] = ACE_FIVE
    _ace = 1

    @property
    def name(self) -> str:
        """``"wheel"``, ``"seven-five"``, ``"pair of threes"``, ``"fives full of threes"``."""
        groups = _groups(self._values())
        paired = _paired_name(groups)
        if paired is not None:
            return paired
        if self._rank == 1:
            return "wheel"
        return f"{_WORDS[groups[0][1]]}-{_WORDS[groups[1][1]]}"


class DeuceSevenHand(_LowHand):
    """A deuce-to-seven low (Badeucey's low half): aces high, straights and flushes count."""

    __slots__ = ()
    RANKING = "deuce-seven"
    RANK_COUNT = RANK_COUNTS["deuce-seven"]
    _evaluators: ClassVar[Evaluators] = DEUCE_SEVEN
    _ace = ACE_HIGH

    @property
    def name(self) -> str:
        """``"seven-five"``, ``"eight-six"``, ``"ace high"``, ``"flush"``, ``"pair of kings"``."""
        values = self._values()
        groups = _groups(values)
        paired = _paired_name(groups)
        if paired is not None:
            return paired
        flush = len({card.suit for card in self._cards}) == 1
        straight = max(values) - min(values) == 4
        if straight and flush:
            return "straight flush"
        if flush:
            return "flush"
        if straight:
            return "straight"
        if groups[0][1] == ACE_HIGH:
            return "ace high"
        return f"{_WORDS[groups[0][1]]}-{_WORDS[groups[1][1]]}"
