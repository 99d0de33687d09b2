"""The range kernels of ``csrc/ranges.c``: a compiled range program in, a weight per hand
out, and the combos (hands, weights, running sums) the equity kernels deal from.

A range's weights are an ``array('d')`` indexed by ``badugi_range_index`` (the colex index
of the sorted card ids); the program is a list of plain ``Op`` values that this module
packs into ``badugi_range_op`` structs. Each call releases the GIL (cffi API mode).
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence
from dataclasses import dataclass

from badugi_fast._binding.evaluate import BATCHES
from badugi_fast._binding.game import Game, fill_game
from badugi_fast._core import ffi, lib
from badugi_fast.errors import InvalidOption

PATTERN: int = lib.BADUGI_RANGE_PATTERN
RANK_AT_MOST: int = lib.BADUGI_RANGE_RANK_AT_MOST
THROWS: int = lib.BADUGI_RANGE_THROWS
KEEPS: int = lib.BADUGI_RANGE_KEEPS
TABLE: int = lib.BADUGI_RANGE_TABLE
WEIGHT: int = lib.BADUGI_RANGE_WEIGHT
NOT: int = lib.BADUGI_RANGE_NOT
OR: int = lib.BADUGI_RANGE_OR
AND: int = lib.BADUGI_RANGE_AND
MINUS: int = lib.BADUGI_RANGE_MINUS
VARIABLES: int = lib.BADUGI_RANGE_VARIABLES
"""Rank (or suit) variables a pattern may use, at most."""

CardSpec = tuple[int, int, int, int]
"""One card of a pattern: (rank bits, suit bits, rank variable or -1, suit variable or -1)."""


@dataclass(frozen=True, slots=True)
class Op:
    """One instruction of a range program (``badugi_range_op``)."""

    op: int
    cards: tuple[CardSpec, ...] = ()
    half: int = 0
    value: int = 0
    weight: float = 0.0
    table: array[float] | None = None


@dataclass(frozen=True, slots=True)
class Combos:
    """A range's hands with a weight, none sharing a card with the cards removed: sorted
    card ids, ``cards`` a hand, in lexicographic order; picklable, for executor workers."""

    cards: int
    hands: bytes
    weights: bytes
    cumulative: bytes

    def __len__(self) -> int:
        return len(self.hands) // self.cards


def hand_count(cards: int) -> int:
    """How many hands of ``cards`` cards there are: C(52, cards)."""
    return int(lib.badugi_range_hands(cards))


def hand_index(cards: Sequence[int]) -> int:
    """The colex index of a hand (card ids, any order): its place in a weights array."""
    index = int(lib.badugi_range_index(bytes(cards), len(cards)))
    if index < 0:
        raise InvalidOption(f"not a hand of 1 to 5 distinct card ids: {tuple(cards)}")
    return index


MAX_OPS: int = lib.BADUGI_RANGE_MAX_OPS
"""Ops a range program holds at most."""
MIN_WEIGHT = float(f"1e-{lib.BADUGI_RANGE_WEIGHT_DIGITS}")
MAX_WEIGHT = float(f"1e{lib.BADUGI_RANGE_WEIGHT_DIGITS}")
"""The least and the most weight a hand of a range may take (0: not in it)."""
PART = 1 << 16
"""Hands one C call fills: a long fill goes in parts, and Ctrl-C stops it between two."""


class WeightOutOfBounds(InvalidOption):
    """A hand's weight left [MIN_WEIGHT, MAX_WEIGHT] (the caller names the weights)."""


class OverBudget(InvalidOption):
    """A fill that took more steps than its budget."""


def fill(rule: Game, program: Sequence[Op], budget: int = 2**64 - 1) -> tuple[array[float], int]:
    """Every hand's weight under ``program`` (postfix, checked whole by C first), and the
    steps it took (``badugi_range_fill``'s count), in parts of ``PART`` hands with the
    GIL released; ``WeightOutOfBounds`` when a weight leaves the bounds, ``OverBudget``
    past ``budget`` steps."""
    game = ffi.new("badugi_game *")
    fill_game(game, rule)
    ops = ffi.new("badugi_range_op[]", len(program))
    keep = []  # the tables' buffers, alive through the call
    for op, given in zip(ops, program, strict=True):
        op.op = given.op
        op.count = len(given.cards)
        op.half = given.half
        op.value = given.value
        op.weight = given.weight
        for spec, (ranks, suits, rank_var, suit_var) in zip(op.cards, given.cards, strict=False):
            spec.ranks, spec.suits, spec.rank_var, spec.suit_var = ranks, suits, rank_var, suit_var
        if given.table is not None:
            buffer = ffi.from_buffer("double[]", given.table)
            keep.append(buffer)
            op.table = buffer
            op.table_length = len(given.table)
    hands = hand_count(rule.cards)
    weights = array("d", bytes(8 * hands))
    out = ffi.from_buffer("double[]", weights)
    steps = ffi.new("uint64_t *")
    for first in range(0, hands, PART):
        count = min(PART, hands - first)
        status = lib.badugi_range_fill(game, ops, len(program), first, count, budget, steps, out)
        if status == lib.BADUGI_RANGE_BAD_WEIGHT:
            raise WeightOutOfBounds(f"a weight left {MIN_WEIGHT:g} to {MAX_WEIGHT:g}")
        if status == lib.BADUGI_RANGE_OVER_BUDGET:
            raise OverBudget(f"more than {budget:,} steps")
        if status != lib.BADUGI_ODDS_OK:
            raise InvalidOption(f"the range kernel refused the program (error {status})")
    return weights, int(steps[0])


def table_valid(rule: Game, table: array[float]) -> bool:
    """Whether every weight of a table (one for each hand of ``rule``'s game) is 0 or
    within the bounds, as the C kernel checks it."""
    try:
        fill(rule, [Op(TABLE, table=table)])
    except WeightOutOfBounds:
        return False
    return True


def combos(cards: int, weights: array[float], removed: Sequence[int]) -> Combos:
    """The hands of non-zero weight that share no card with ``removed`` (card ids)."""
    dead = sum(1 << card for card in set(removed))
    source = ffi.from_buffer("double[]", weights)
    count = lib.badugi_range_combos(cards, source, dead, ffi.NULL, ffi.NULL, ffi.NULL)
    if count < 0:
        raise InvalidOption(f"the range kernel refused the weights (error {count})")
    hands = bytearray(count * cards)
    combo_weights = array("d", bytes(8 * count))
    cumulative = array("d", bytes(8 * count))
    lib.badugi_range_combos(
        cards,
        source,
        dead,
        ffi.from_buffer("uint8_t[]", hands),
        ffi.from_buffer("double[]", combo_weights),
        ffi.from_buffer("double[]", cumulative),
    )
    return Combos(cards, bytes(hands), combo_weights.tobytes(), cumulative.tobytes())


def first_half_ranks(rule: Game) -> array[int]:
    """The rank in the game's first half of each of its hands (any order)."""
    everything = combos(rule.cards, array("d", [1.0]) * hand_count(rule.cards), ())
    ranks = array("H", bytes(2 * len(everything)))
    BATCHES[rule.rankings[0]][rule.cards](
        ffi.from_buffer("uint8_t[]", everything.hands),
        len(everything),
        ffi.from_buffer("uint16_t[]", ranks),
    )
    return ranks
