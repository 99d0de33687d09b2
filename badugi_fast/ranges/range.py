"""``Range``: a weighted set of hands of one game, from range text or from Python.

A range is a postfix program (``syntax``) that ``csrc/ranges.c`` runs over every hand of
the game, giving each hand a weight (0: not in the range). Ranges combine with ``|``
(union: a hand keeps the left range's weight when it has one), ``&`` (intersection: the
weights multiply), ``-`` (difference) and ``~`` (complement); each such range is a new
program, run the first time its hands are asked for. Rules: docs/rules.md, "Ranges".
"""

from __future__ import annotations

import threading
from array import array
from collections.abc import Callable, Iterable, Iterator, Sequence
from functools import cached_property
from itertools import combinations

from badugi_fast._binding import ranges as kernels
from badugi_fast._binding.ranges import Combos, Op
from badugi_fast.cards import DECK, Card, CardsLike
from badugi_fast.checks import named_cards
from badugi_fast.errors import (
    InvalidCards,
    InvalidOption,
    InvalidOptionType,
    InvalidRange,
)
from badugi_fast.evaluation.hands import RankedHand
from badugi_fast.games import BADEUCEY_ACES_LOW, GameRule, game_rule
from badugi_fast.ranges.macros import macro, percent
from badugi_fast.ranges.program import (
    WEIGHTS,
    checked,
    checked_rule,
    from_plain,
    in_bounds,
    plain,
    weight_problem,
)
from badugi_fast.ranges.syntax import parse

COMBOS_KEPT = 4
"""Card removals whose combos a range keeps (the latest), so asking again is free."""
MAX_TEXT = 65_536
"""The longest range text ``parse`` reads; a longer text is refused, and a range built by
the operators whose text would be longer is described by its size instead."""
FILL_BUDGET = 1_000_000_000
"""The most steps a range takes to find its hands (``badugi_range_fill``'s steps: about a
nanosecond each, so at most about two seconds); a range that takes more is refused."""


class Range:
    """A weighted set of hands of one game: the hands a player may hold.

    >>> r = Range.parse("$badugi8", game="badugi")
    >>> len(r), Hand("8s 7h 6d 5c").cards in r, Hand("9s 2h 3d 4c").cards in r
    (1680, True, False)
    """

    __slots__ = ("__dict__", "_combos", "_lock", "_program", "_rule", "_text")

    def __init__(self, program: Sequence[Op], rule: GameRule, text: str) -> None:
        """Private: build ranges with ``parse``, ``from_hands``, ``from_predicate`` or the
        operators. Every argument is checked (``program.checked``), as a pickle's are."""
        if not isinstance(text, str):
            raise InvalidRange(f"a range's text is a str, not {type(text).__name__}")
        self._rule = checked_rule(rule)
        self._program = checked(program, self._rule, text)
        self._text = text
        self._combos: dict[frozenset[int], Combos] = {}
        self._lock = threading.Lock()

    @classmethod
    def parse(cls, text: str, *, game: str = "badugi", badeucey_aces_low: bool = False) -> Range:
        """The range that ``text`` describes in ``game`` (syntax: docs/rules.md, "Ranges");
        ``InvalidRange`` points at the first character it cannot read."""
        if not isinstance(text, str):
            raise InvalidOptionType(f"range text must be a str, not {type(text).__name__}")
        rule = game_rule(game, badeucey_aces_low=badeucey_aces_low)
        return cls(parse_text(text, rule), rule, text.strip())

    @classmethod
    def from_hands(
        cls,
        hands: Iterable[CardsLike],
        *,
        game: str = "badugi",
        weights: Iterable[float] | None = None,
        badeucey_aces_low: bool = False,
    ) -> Range:
        """The range of the given hands (each weight 1, or ``weights[i]`` > 0); a hand
        given twice keeps its first weight."""
        rule = game_rule(game, badeucey_aces_low=badeucey_aces_low)
        table = array("d", bytes(8 * kernels.hand_count(rule.cards)))
        given = list(hands)
        weight_list = [1.0] * len(given) if weights is None else list(weights)
        if len(weight_list) != len(given):
            raise InvalidOption(
                f"weights needs one entry per hand ({len(given)}), not {len(weight_list)}"
            )
        for i, (hand, weight) in enumerate(zip(given, weight_list, strict=True)):
            cards = rule.check_deck(f"hands[{i}]", named_cards(f"hands[{i}]", hand, (rule.cards,)))
            index = kernels.hand_index(cards)
            if table[index] == 0:
                table[index] = _weight(f"weights[{i}]", weight)
        return cls((Op(kernels.TABLE, table=table),), rule, f"<{len(given)} hands>")

    @classmethod
    def from_predicate(
        cls,
        predicate: Callable[[RankedHand], object],
        *,
        game: str = "badugi",
        badeucey_aces_low: bool = False,
    ) -> Range:
        """The hands for which ``predicate(hand)`` is true, ``hand`` the hand valued by
        the game's first half (``Hand``, ``AceHighHand``, ``DeuceSevenHand`` or
        ``AceFiveHand``). Python runs once per hand of the game (270,725 or 2,598,960),
        so this is the slow way: the language's macros run in C."""
        if not callable(predicate):
            raise InvalidOptionType(f"predicate must be callable, not {type(predicate).__name__}")
        rule = game_rule(game, badeucey_aces_low=badeucey_aces_low)
        hand = rule.halves[0].hand
        table = array("d", bytes(8 * kernels.hand_count(rule.cards)))
        for cards in combinations(rule.deck, rule.cards):
            if predicate(hand.from_checked(cards)):
                table[kernels.hand_index(cards)] = 1.0
        name = getattr(predicate, "__name__", "predicate")
        return cls((Op(kernels.TABLE, table=table),), rule, f"<{name}>")

    @property
    def game(self) -> str:
        """The game whose hands the range holds."""
        return self._rule.name

    @property
    def rule(self) -> GameRule:
        """The game's rule (``games.GameRule``)."""
        return self._rule

    @property
    def text(self) -> str:
        """The range's text, or a description of how it was built."""
        return self._text

    @cached_property
    def _weights(self) -> array[float]:
        try:
            return kernels.fill(self._rule, self._program, FILL_BUDGET)[0]
        except kernels.OverBudget:
            hands = kernels.hand_count(self._rule.cards)
            raise InvalidRange(
                f"the range {_short(self._text)} takes more than {FILL_BUDGET:,} steps to find "
                f"its hands among the {hands:,} of {self.game} (the budget: about two "
                "seconds); each op is a step a hand and a pattern a step for each card it "
                "tries: write fewer patterns with rank or suit variables"
            ) from None
        except kernels.WeightOutOfBounds:
            problem = weight_problem(self._program)
            raise InvalidRange(
                f"{problem} for a hand of the range {_short(self._text)}: a hand's weight is 0 or "
                f"{WEIGHTS}, and weights multiply under ':', '&' and .weighted()"
            ) from None

    def combos(self, removed: CardsLike = ()) -> Combos:
        """The hands that share no card with ``removed`` (known or dead cards), with their
        weights, as the equity kernels take them."""
        key = frozenset(int(card) for card in named_cards("removed", removed, range(53)))
        with self._lock:
            cached = self._combos.pop(key, None)
        if cached is None:
            cached = kernels.combos(self._rule.cards, self._weights, sorted(key))
        with self._lock:
            self._combos[key] = cached  # the latest last: the first is the least recent
            while len(self._combos) > COMBOS_KEPT:
                del self._combos[next(iter(self._combos))]
        return cached

    def count(self, removed: CardsLike = ()) -> int:
        """How many hands remain once the hands holding any card of ``removed`` go."""
        return len(self.combos(removed))

    def __len__(self) -> int:
        return len(self._all)

    @cached_property
    def _all(self) -> Combos:
        return kernels.combos(self._rule.cards, self._weights, ())

    def __iter__(self) -> Iterator[tuple[Card, ...]]:
        """The hands, each as sorted cards, in order of their card ids."""
        combos, size = self._all, self._rule.cards
        for start in range(0, len(combos.hands), size):
            yield tuple(DECK[card] for card in combos.hands[start : start + size])

    def items(self) -> Iterator[tuple[tuple[Card, ...], float]]:
        """``(hand, weight)`` for every hand of the range."""
        weights = array("d", self._all.weights)
        return zip(iter(self), weights, strict=True)

    def weight(self, cards: CardsLike) -> float:
        """A hand's weight: 0 when the range does not hold it."""
        checked = named_cards("cards", cards, (self._rule.cards,))
        return self._weights[kernels.hand_index(checked)]

    def __contains__(self, cards: object) -> bool:
        try:
            return self.weight(cards) > 0  # type: ignore[arg-type]
        except (InvalidCards, TypeError):
            return False

    def weighted(self, weight: float) -> Range:
        """The same hands, each weight multiplied by ``weight`` (> 0)."""
        value = _weight("weight", weight)
        return self._derived(
            (*self._program, Op(kernels.WEIGHT, weight=value)), f"{value}:({self._text})"
        )

    def _combine(self, other: object, op: int, symbol: str) -> Range:
        if not isinstance(other, Range):
            return NotImplemented  # type: ignore[no-any-return]
        if other._rule != self._rule:
            raise InvalidOption(f"cannot combine a {self.game} range with a {other.game} range")
        text = f"({self._text}){symbol}({other._text})"
        return self._derived((*self._program, *other._program, Op(op)), text)

    def _derived(self, program: tuple[Op, ...], text: str) -> Range:
        """A range built from this one by an operator: ``program``, at most ``MAX_OPS``
        ops, and ``text``, described by its size past ``MAX_TEXT`` characters."""
        if len(program) > kernels.MAX_OPS:
            raise InvalidRange(
                f"the combined range would have {len(program):,} ops, more than "
                f"{kernels.MAX_OPS:,}: a range (its text, or the ranges it combines) holds "
                "at most that many"
            )
        if len(text) > MAX_TEXT:
            text = f"<a range of {len(program)} ops>"
        return Range(program, self._rule, text)

    def _respelled(self, text: str) -> Range:
        """This range under another spelling of its text, sharing its weights and combos
        as they are found (``players``: texts that differ only in spaces are one range)."""
        twin = object.__new__(Range)
        twin._program, twin._rule, twin._text = self._program, self._rule, text
        twin._combos, twin._lock = self._combos, self._lock
        twin.__dict__ = self.__dict__  # the cached properties: _weights, _all
        return twin

    def held_bytes(self) -> int:
        """The bytes its weights and combos hold now (they are found when first asked)."""
        with self._lock:
            combos = [*self._combos.values(), self.__dict__.get("_all")]
        weights = self.__dict__.get("_weights")
        held = sum(
            len(c.hands) + len(c.weights) + len(c.cumulative) for c in combos if c is not None
        )
        return held + (0 if weights is None else len(weights) * weights.itemsize)

    def __or__(self, other: object) -> Range:
        return self._combine(other, kernels.OR, ",")

    def __and__(self, other: object) -> Range:
        return self._combine(other, kernels.AND, ":")

    def __sub__(self, other: object) -> Range:
        return self._combine(other, kernels.MINUS, "!")

    def __invert__(self) -> Range:
        return self._derived((*self._program, Op(kernels.NOT)), f"!({self._text})")

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, Range):
            return NotImplemented
        return self._rule == other._rule and self._weights == other._weights

    __hash__ = None  # type: ignore[assignment]

    def __repr__(self) -> str:
        return f"Range.parse({self._text!r}, game={self.game!r})"

    def __reduce__(self) -> tuple[Callable[..., Range], tuple[object, ...]]:
        """The game by name, the text and the program's plain fields: ``_restore``
        checks them as the parser's output is checked, so a forged pickle is refused."""
        aces_low = self._rule.halves == BADEUCEY_ACES_LOW.halves
        return _restore, (self._rule.name, aces_low, self._text, plain(self._program))


def _restore(game: object, aces_low: object, text: object, ops: object) -> Range:
    """A pickled range, every part checked (``Range.__init__``)."""
    rule = game_rule(game, badeucey_aces_low=aces_low)
    return Range(from_plain(ops, rule), rule, text)  # type: ignore[arg-type]


def _weight(name: str, value: object) -> float:
    if isinstance(value, bool) or not isinstance(value, (int, float)):
        raise InvalidOptionType(f"{name} must be a number, not {type(value).__name__}")
    if not in_bounds(value):
        raise InvalidOption(f"{name} must be {WEIGHTS}, not {value}")
    return float(value)


def parse_text(text: str, rule: GameRule) -> list[Op]:
    """The program of range text (``syntax.parse`` with the macros), at most ``MAX_TEXT``
    characters."""
    if len(text) > MAX_TEXT:
        raise InvalidRange(f"a range text of {len(text):,} characters: at most {MAX_TEXT:,}")
    return parse(text, rule, macro, percent)


def _short(text: str) -> str:
    """A range's text for a message: quoted, and cut past 60 characters."""
    return repr(text) if len(text) <= 60 else repr(text[:57] + "...")
