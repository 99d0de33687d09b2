"""The range language's macros: what draw players say, defined by the game's own hand value.

``$badugi8`` (a four-card badugi of an eight or better), ``$3card4``, ``$low8`` (an
eight-low or better on the game's low half) are each "a rank no worse than the worst hand
of that class with that top card", the worst found among the game's own ``Hand`` values;
more top cards narrow it as players say (``$low86``: an 8-6 low or better); ``$pat`` and
``$draw1`` .. ``$draw5`` ask the built-in drawing policy (no target) how many cards it
throws; ``$draw(P)`` (parsed in ``syntax``) what it keeps. ``percent`` gives ``15%``: the
best hands by the game's first-half value. Rules: docs/rules.md, "Ranges".
"""

from __future__ import annotations

import re
from bisect import bisect_left
from collections import Counter
from functools import cache
from itertools import combinations, pairwise

from badugi_fast._binding import ranges as kernels
from badugi_fast._binding.ranges import Op
from badugi_fast.cards import RANK_CHARS, format_cards
from badugi_fast.errors import InvalidRange
from badugi_fast.evaluation.hands import RankedHand
from badugi_fast.games import GameRule, HalfRule

_SIZES = {"badugi": 4, "4card": 4, "3card": 3, "2card": 2, "1card": 1}
_MACRO = re.compile(r"(pat|draw[0-5]|badugi|[1-4]card|low)([AKQJT2-9]*)", re.IGNORECASE | re.ASCII)
NAMES = (
    "$pat",
    "$draw1",
    "$badugi8",
    "$badugi86",
    "$3card4",
    "$2card3",
    "$1cardA",
    "$low8",
    "$low86",
    "$draw(432)",
)
"""One example of each macro, for messages and docs."""


def macro(rule: GameRule, word: str) -> Op:
    """The leaf of macro ``$word`` in ``rule``'s game."""
    match = _MACRO.fullmatch(word)
    if match is None:
        raise InvalidRange(f"unknown macro ${word} (macros: {', '.join(NAMES)})")
    name, top = match.group(1).lower(), match.group(2)
    if name == "pat" or name.startswith("draw"):
        if top:
            raise InvalidRange(f"${name} takes no rank")
        thrown = 0 if name == "pat" else int(name[4:])
        if thrown > rule.cards:
            raise InvalidRange(f"{rule.name} hands have {rule.cards} cards, not {thrown} to draw")
        return Op(kernels.THROWS, value=thrown)
    if not top:
        raise InvalidRange(f"${name} needs a top card: ${name}8")
    if name == "low":
        return _low(rule, top.upper())
    return _badugi(rule, _SIZES[name], top.upper())


def _tops(hand: type[RankedHand], chars: str, most: int) -> tuple[int, ...]:
    """The top cards a macro names (``86``: an eight, then a six), as values of ``hand``,
    each lower than the one before, at most ``most`` of them."""
    values = tuple(_value(hand, char) for char in chars)
    if len(values) > most:
        raise InvalidRange(f"{chars}: a hand of this class has {most} cards")
    if any(a <= b for a, b in pairwise(values)):
        raise InvalidRange(f"{chars}: each card must be lower than the one before")
    return values


def _value(hand: type[RankedHand], rank_char: str) -> int:
    """A rank's value as a hand of this kind plays it (an ace 1, or 14 when aces are high)."""
    rank = RANK_CHARS.index(rank_char) + 1
    return hand._ace if rank == 1 else rank


def _values_below(hand: type[RankedHand], top: int) -> list[int]:
    return [v for v in range(1, 15) if v != (15 - hand._ace) and v < top]


def _card(value: int, suit: int) -> int:
    return 4 * ((value - 1) % 13) + suit


def _badugi(rule: GameRule, size: int, top_chars: str) -> Op:
    half = rule.badugi_half
    if half is None:
        raise InvalidRange(f"{rule.name} has no Badugi half: use $low")
    hand = half.hand
    tops = _tops(hand, top_chars, size)
    worst = 0
    for rest in combinations(_values_below(hand, tops[-1]), size - len(tops)):
        values = (*tops, *rest)
        cards = [_card(v, suit) for suit, v in enumerate(values)]
        # more cards that pair the set's ranks, so they cannot make a bigger or better set
        pads = [_card(tops[0], suit) for suit in range(size, 4)] + [_card(v, 0) for v in values[1:]]
        made = hand(format_cards(cards + pads[: rule.cards - size]))
        playing = made.ranks[: len(tops)]  # type: ignore[attr-defined]
        if made.rank == 0 or made.size != size or tuple(playing) != tops:  # type: ignore[attr-defined]
            continue
        worst = max(worst, made.rank)
    if not worst:
        word = "badugi" if size == 4 else f"{size}-card hand"
        raise InvalidRange(f"no {word} has {top_chars} as its top cards")
    return Op(kernels.RANK_AT_MOST, half=0, value=worst)


def _low(rule: GameRule, top_chars: str) -> Op:
    index, half = _low_half(rule)
    hand = half.hand
    tops = _tops(hand, top_chars, 5)
    worst = 0
    for rest in combinations(_values_below(hand, tops[-1]), 5 - len(tops)):
        made = hand(format_cards(_card(v, i % 4) for i, v in enumerate((*tops, *rest))))
        if made.name not in ("straight", "flush", "straight flush"):
            worst = max(worst, made.rank)
    if not worst:
        raise InvalidRange(f"no unpaired low has {top_chars} as its top cards")
    return Op(kernels.RANK_AT_MOST, half=index, value=worst)


def percent(rule: GameRule, share: float) -> Op:
    """``15%``: the best hands by the value of the game's first half (Badugi, or the low
    in the lowball games), whole values at a time, up to the first value that makes at
    least ``share`` percent of all its hands."""
    if not 0 < share <= 100:
        raise InvalidRange(f"{share:g}% is not a share of the hands (more than 0, at most 100)")
    ranks, reached = _cumulative(rule)
    wanted = share / 100 * reached[-1]
    return Op(kernels.RANK_AT_MOST, half=0, value=ranks[bisect_left(reached, wanted - 1e-9)])


@cache
def _cumulative(rule: GameRule) -> tuple[list[int], list[int]]:
    """The values of the game's first half, best first, and how many hands have each
    value or a better one."""
    counts = Counter(kernels.first_half_ranks(rule))
    ranks = sorted(counts)
    reached, total = [], 0
    for rank in ranks:
        total += counts[rank]
        reached.append(total)
    return ranks, reached


def _low_half(rule: GameRule) -> tuple[int, HalfRule]:
    for index, half in enumerate(rule.halves):
        if half.kind != "badugi":
            return index, half
    raise InvalidRange(f"{rule.name} has no low half: use $badugi or $3card")
