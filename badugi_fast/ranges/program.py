"""A range's program, checked whole: the one gate every ``Range`` passes.

The parser (``syntax``), the Python constructors and the operators build programs, and a
pickle carries one. Each is checked here before a ``Range`` holds it, against what the
parser and the constructors can write: an op the parser could not write (an unknown code,
a pattern of six cards, a rank variable with a rank list, a table of the wrong length, a
weight of 0) is refused by name and place before the C kernel reads it. The C kernel
checks again what memory safety needs (csrc/ranges.c), so no program reaches past a
buffer even from C.
"""

from __future__ import annotations

from array import array
from collections.abc import Sequence

from badugi_fast._binding import ranges as kernels
from badugi_fast._binding.ranges import Op
from badugi_fast.errors import BadugiError, InvalidRange
from badugi_fast.games import GameRule, game_rule

ALL_RANKS = (1 << 13) - 1
ALL_SUITS = 0xF
SUIT_VARIABLES = "wxyz"
MAX_DEPTH = 32
"""The C stack's depth: a program needing more is refused as nested too deep."""


def _number(value: float) -> str:
    """A weight as a message writes it: 0.5, 1e-10, 1e10."""
    return f"{value:g}".replace("e+", "e")


WEIGHTS = f"between {_number(kernels.MIN_WEIGHT)} and {_number(kernels.MAX_WEIGHT)}"
"""The weights a hand may take, in words (docs/rules.md, "Ranges", "Weights")."""

NAMES = {
    kernels.PATTERN: "pattern",
    kernels.RANK_AT_MOST: "made hand",
    kernels.THROWS: "draw count",
    kernels.KEEPS: "draw to",
    kernels.TABLE: "table",
    kernels.WEIGHT: "weight",
    kernels.NOT: "not",
    kernels.OR: "or",
    kernels.AND: "and",
    kernels.MINUS: "and not",
}
"""Each op code by what it does (for messages)."""

_FIELDS = {
    kernels.PATTERN: {"cards"},
    kernels.KEEPS: {"cards"},
    kernels.RANK_AT_MOST: {"half", "value"},
    kernels.THROWS: {"value"},
    kernels.TABLE: {"table"},
    kernels.WEIGHT: {"weight"},
}
"""The fields each op reads; every other field keeps its default."""

_TYPES: dict[str, tuple[type, ...]] = {
    "op": (int,),
    "cards": (tuple,),
    "half": (int,),
    "value": (int,),
    "weight": (float,),
    "table": (array, type(None)),
}
"""Each field's type, exactly (a subclass could convert to C as something else)."""
_DEFAULT = Op(0)
_STACK = {kernels.OR: -1, kernels.AND: -1, kernels.MINUS: -1, kernels.WEIGHT: 0, kernels.NOT: 0}
"""How each op changes the stack of values (a leaf pushes one)."""


def checked_rule(rule: object) -> GameRule:
    """The game of a range: a game ``game_rule`` reads back from its name, a small one too,
    Badeucey's Badugi half aces high or low (a pickle may carry any object)."""
    if type(rule) is GameRule and isinstance(rule.name, str):
        for aces_low in (False, True):
            try:
                known = game_rule(rule.name, badeucey_aces_low=aces_low)
            except BadugiError:
                break
            if rule == known:
                return known
    raise InvalidRange(f"a range of an unknown game: {rule!r}")


def checked(program: object, rule: GameRule, text: str = "") -> tuple[Op, ...]:
    """``program`` as a tuple of ops, or ``InvalidRange`` naming the first op the parser
    and the constructors could not have written, or a program that does not leave one
    value, or one nested more than ``MAX_DEPTH`` deep."""
    if not isinstance(program, (tuple, list)):
        raise InvalidRange(f"a range program is a tuple of ops, not {type(program).__name__}")
    ops = tuple(program)
    if len(ops) > kernels.MAX_OPS:
        raise InvalidRange(
            f"a range of {len(ops):,} ops: a range (its text, or the ranges it combines) "
            f"holds at most {kernels.MAX_OPS:,}",
            text,
        )
    level = 0
    for at, op in enumerate(ops):
        if type(op) is not Op:
            raise InvalidRange(f"range op {at} is a {type(op).__name__}, not an Op", text)
        problem = _problem(op, rule)
        if problem:
            raise InvalidRange(f"range op {at} ({NAMES.get(op.op, op.op)}): {problem}", text)
        needs = 2 if _STACK.get(op.op) == -1 else 1 if op.op in _STACK else 0
        if level < needs:
            raise InvalidRange(f"range op {at} ({NAMES[op.op]}) has no value to work on", text)
        level += _STACK.get(op.op, 1)
    if level != 1:
        raise InvalidRange(f"a range program leaves {level} values, not 1", text)
    if depth(ops) > MAX_DEPTH:
        raise InvalidRange(f"the range is nested more than {MAX_DEPTH} deep", text)
    return ops


def _problem(op: Op, rule: GameRule) -> str:
    """What is wrong with one op in ``rule``'s game ("" when nothing)."""
    for name, kind in _TYPES.items():
        value = getattr(op, name)
        if type(value) not in kind:
            return f"its {name} is a {type(value).__name__}"
    if op.op not in NAMES:
        return "an unknown op code"
    for name in {"cards", "half", "value", "weight", "table"} - _FIELDS.get(op.op, set()):
        if getattr(op, name) != getattr(_DEFAULT, name):
            return f"it carries a {name}, which it does not read"
    if op.op in (kernels.PATTERN, kernels.KEEPS):
        most = rule.cards - (op.op == kernels.KEEPS)
        if not 1 <= len(op.cards) <= most:
            return f"{len(op.cards)} cards, not 1 to {most}"
        return _cards_problem(op.cards)
    if op.op == kernels.RANK_AT_MOST:
        if not 0 <= op.half < len(rule.halves):
            return f"half {op.half}: {rule.name} has {len(rule.halves)}"
        count = rule.halves[op.half].hand.RANK_COUNT
        return "" if 1 <= op.value <= count else f"rank {op.value}, not 1 to {count}"
    if op.op == kernels.THROWS:
        return "" if 0 <= op.value <= rule.cards else f"{op.value} cards thrown"
    if op.op == kernels.WEIGHT:
        return "" if in_bounds(op.weight) else f"weight {op.weight}, not {WEIGHTS}"
    if op.op == kernels.TABLE:
        return _table_problem(op.table, rule)
    return ""


def _cards_problem(cards: tuple[object, ...]) -> str:
    """What is wrong with a pattern's card specs: each a (ranks, suits, rank variable,
    suit variable) of ints, variables numbered in order of first use, as the parser does."""
    rank_vars: list[int] = []
    suit_vars: list[int] = []
    for at, spec in enumerate(cards):
        if type(spec) is not tuple or len(spec) != 4 or any(type(v) is not int for v in spec):
            return f"card {at} is not four ints"
        ranks, suits, rank_var, suit_var = spec
        if not (0 < ranks <= ALL_RANKS and 0 < suits <= ALL_SUITS):
            return f"card {at} has rank bits {ranks:#x} and suit bits {suits:#x}"
        for var, every, mask, seen, most in (
            (rank_var, ALL_RANKS, ranks, rank_vars, kernels.VARIABLES),
            (suit_var, ALL_SUITS, suits, suit_vars, len(SUIT_VARIABLES)),
        ):
            if var == -1:
                continue
            if not (var in seen or var == len(seen) < most) or mask != every:
                return f"card {at} has variable {var}"
            if var not in seen:
                seen.append(var)
    return ""


def _table_problem(table: array[float] | None, rule: GameRule) -> str:
    hands = kernels.hand_count(rule.cards)
    if table is None or table.typecode != "d":
        return "no table of doubles"
    if len(table) != hands:
        return f"{len(table):,} weights, not one for each of the {hands:,} hands"
    if not kernels.table_valid(rule, table):
        return f"a weight that is neither 0 nor {WEIGHTS}"
    return ""


def plain(program: Sequence[Op]) -> tuple[tuple[object, ...], ...]:
    """A program as a pickle carries it: each op's fields (``Op``'s, in order), its table
    as the hands of non-zero weight (their indices as uint32 bytes, their weights as
    double bytes), so a range of a few hands pickles small."""
    return tuple(
        (
            op.op,
            op.cards,
            op.half,
            op.value,
            op.weight,
            None if op.table is None else _sparse(op.table),
        )
        for op in program
    )


def from_plain(ops: object, rule: GameRule) -> list[Op]:
    """The ops of ``plain``'s form, their shape checked (``checked`` reads the values)."""
    if not isinstance(ops, tuple) or not all(isinstance(op, tuple) and len(op) == 6 for op in ops):
        raise InvalidRange("a pickled range's ops are tuples of 6 fields")
    return [
        Op(op[0], op[1], op[2], op[3], op[4], None if op[5] is None else _dense(op[5], rule))
        for op in ops
    ]


def _sparse(table: array[float]) -> tuple[bytes, bytes]:
    held = [index for index, weight in enumerate(table) if weight]
    return array("I", held).tobytes(), array("d", (table[index] for index in held)).tobytes()


def _dense(sparse: object, rule: GameRule) -> array[float]:
    """A table from ``_sparse``'s form; a forged one is refused by what it gets wrong."""
    indices, weights = array("I"), array("d")
    if not (
        isinstance(sparse, tuple)
        and len(sparse) == 2
        and all(isinstance(part, bytes) for part in sparse)
        and len(sparse[0]) % indices.itemsize == 0
        and len(sparse[1]) == len(sparse[0]) // indices.itemsize * weights.itemsize
    ):
        raise InvalidRange("a pickled range's table is its hands' indices and weights as bytes")
    indices.frombytes(sparse[0])
    weights.frombytes(sparse[1])
    hands = kernels.hand_count(rule.cards)
    table = array("d", bytes(weights.itemsize * hands))
    last = -1
    for index, weight in zip(indices, weights, strict=True):
        if not last < index < hands:
            raise InvalidRange(f"a pickled range's table holds hand {index} after hand {last}")
        table[index], last = weight, index
    return table


def in_bounds(weight: float) -> bool:
    """Whether a weight is one a hand may take (not 0)."""
    return kernels.MIN_WEIGHT <= weight <= kernels.MAX_WEIGHT


Factors = tuple[float, ...]


def weight_problem(program: Sequence[Op]) -> str:
    """The first product of weights in ``program`` that can leave the bounds, by its
    factors (the C kernel found a hand whose weight did): bounds on each value's
    least and greatest weight, each the product of the weights named."""
    stack: list[tuple[tuple[float, Factors], tuple[float, Factors]]] = []
    for op in program:
        if op.op in (kernels.WEIGHT, kernels.AND):
            other = ((op.weight, (op.weight,)),) * 2 if op.op == kernels.WEIGHT else stack.pop()
            low, high = stack.pop()
            low = (low[0] * other[0][0], low[1] + other[0][1])
            high = (high[0] * other[1][0], high[1] + other[1][1])
            for value, factors in (low, high):
                if value and not in_bounds(value):
                    named = " and ".join(map(_number, factors))
                    return f"the weights {named} multiply to {_number(value)}"
            stack.append((low, high))
        elif op.op == kernels.OR:
            second, first = stack.pop(), stack.pop()
            stack.append((min(first[0], second[0]), max(first[1], second[1])))
        elif op.op == kernels.MINUS:
            stack.pop()
        elif op.op == kernels.TABLE and op.table is not None:
            held = [weight for weight in op.table if weight] or [1.0]
            stack.append(((min(held), (min(held),)), (max(held), (max(held),))))
        else:  # a leaf, or NOT: 1
            if op.op == kernels.NOT:
                stack.pop()
            stack.append(((1.0, ()), (1.0, ())))
    return "a weight left the bounds"


def depth(program: Sequence[Op]) -> int:
    """The most values a program keeps on the C stack at once."""
    most = level = 0
    for op in program:
        level += _STACK.get(op.op, 1)
        most = max(most, level)
    return most
