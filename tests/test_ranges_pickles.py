"""Range pickles: every range round-trips under every protocol, and a forged pickle is
refused by name before the C kernel reads any of it (issue 41, item 2: a table op of
5,000 weights was read as 270,725; CI runs this file under ASan+UBSan too).

A pickle reaches a range two ways: through ``Range.__reduce__``'s restore function
(game by name, text, plain op fields), or by calling the class with a program, a game
rule and a text, as any pickle may. Both pass the same check (``ranges.program``).
"""

from __future__ import annotations

import math
import pickle
from array import array
from collections.abc import Callable
from typing import Any

import pytest

from badugi_fast._binding import ranges as kernels
from badugi_fast._binding.ranges import Op
from badugi_fast.errors import InvalidOption, InvalidRange
from badugi_fast.games import GAMES, GameRule, HalfRule
from badugi_fast.ranges import Range

PROTOCOLS = range(pickle.HIGHEST_PROTOCOL + 1)
BADUGI = GAMES["badugi"]
HANDS = kernels.hand_count(4)
ANY = (0x1FFF, 0xF, -1, -1)


class Forged:
    """A pickle that calls ``restore`` with ``args``, as a hostile file can."""

    def __init__(self, restore: Callable[..., object], *args: object) -> None:
        self.restore, self.args = restore, args

    def __reduce__(self) -> tuple[Callable[..., object], tuple[object, ...]]:
        return self.restore, self.args


def restore() -> Callable[..., object]:
    """The function a real range pickle calls."""
    function, _args = Range.parse("*").__reduce__()
    return function


def fields(op: Op, table: object = None) -> tuple[object, ...]:
    """An op as a pickle carries it, with ``table`` (pickled: hand indices, weights)."""
    return (op.op, op.cards, op.half, op.value, op.weight, table)


def loads_through_restore(ops: tuple[Op, ...], table: object = None) -> object:
    plain = tuple(fields(op, table) for op in ops)
    return pickle.loads(pickle.dumps(Forged(restore(), "badugi", False, "forged", plain)))


def loads_through_class(ops: tuple[Op, ...], rule: object = BADUGI) -> object:
    """A pickle that calls the class, as one written before the checked format did."""
    return pickle.loads(pickle.dumps(Forged(Range, ops, rule, "forged")))


ENTRIES = {"restore": loads_through_restore, "class": loads_through_class}


def ranges() -> list[Range]:
    """One range of each kind of op, in each game (a table only in two: each five-card
    table costs a pass over 2,598,960 weights)."""
    out = []
    for name in GAMES:
        out += [
            Range.parse("A2*, 0.5:RR!$pat, (Kx Qx):!$draw1, [2-5]s", game=name),
            Range.parse("$draw(A2)" if name == "badugi" else "$draw(A23)", game=name),
            Range.parse("$low8" if name != "badugi" else "$badugi8", game=name),
        ]
    out.append(Range.parse("$badugi7", game="badeucey", badeucey_aces_low=True))
    out.append(Range.from_hands(["As 2h 3d 4c", "Ks Qh Jd Tc"], weights=[1, 2.5]))
    r, table = out[0], out[-1]
    out += [r | table, r & out[2], r - out[2], ~r, r.weighted(3.5)]
    return out


@pytest.mark.parametrize("protocol", PROTOCOLS)
def test_every_kind_of_range_round_trips(protocol: int) -> None:
    """The same program, text and game, so the same hands (filled for the ranges that
    are quick to fill)."""
    for r in ranges():
        copy: Any = pickle.loads(pickle.dumps(r, protocol=protocol))
        assert copy._program == r._program, r.text
        assert copy.text == r.text and copy.rule is r.rule, r.text
        if r.text in ("<2 hands>", "$badugi8"):
            assert copy == r and len(copy) == len(r), r.text


def test_the_table_of_issue_41_is_refused_before_it_is_read() -> None:
    """5,000 weights where the game has 270,725 hands: refused on load, by count."""
    table = array("d", [1.0] * 5_000)
    with pytest.raises(InvalidRange, match="5,000 weights, not one for each of the 270,725"):
        loads_through_class((Op(kernels.TABLE, table=table),))


def sparse(indices: list[int], weights: list[float]) -> tuple[bytes, bytes]:
    return array("I", indices).tobytes(), array("d", weights).tobytes()


SPARSE_TABLES = {
    "one past the last hand": (sparse([HANDS], [1.0]), "holds hand 270725 after hand -1"),
    "a hand twice": (sparse([5, 5], [1.0, 1.0]), "holds hand 5 after hand 5"),
    "out of order": (sparse([9, 5], [1.0, 1.0]), "holds hand 5 after hand 9"),
    "a weight short": ((sparse([5, 6], [1.0])), "indices and weights as bytes"),
    "ragged indices": ((b"\x01\x02\x03", b""), "indices and weights as bytes"),
    "not bytes": ((array("I", [1]), array("d", [1.0])), "indices and weights as bytes"),
    "a dense table": (array("d", [1.0] * HANDS), "indices and weights as bytes"),
    "nan": (sparse([5], [math.nan]), "neither 0 nor between 1e-18 and 1e"),
    "negative": (sparse([5], [-1.0]), "neither 0 nor"),
    "too small": (sparse([5], [1e-19]), "neither 0 nor"),
}


@pytest.mark.parametrize("case", SPARSE_TABLES)
def test_a_forged_pickled_table_is_refused_by_name(case: str) -> None:
    table, message = SPARSE_TABLES[case]
    with pytest.raises(InvalidRange, match=message):
        loads_through_restore((Op(kernels.TABLE),), table)


def test_a_pickled_table_is_as_small_as_its_hands() -> None:
    r = Range.from_hands(["As 2h 3d 4c", "Ks Qh Jd Tc"], weights=[1, 2.5])
    data = pickle.dumps(r)
    assert len(data) < 1_000
    copy: Any = pickle.loads(data)
    assert copy._program == r._program and copy.weight("Ks Qh Jd Tc") == 2.5


def pattern(*cards: tuple[int, int, int, int]) -> Op:
    return Op(kernels.PATTERN, cards=cards)


LEAF = pattern(ANY)
FULL = array("d", [1.0] * HANDS)
FORGED: dict[str, tuple[tuple[Op, ...], str]] = {
    "unknown op": ((Op(99),), "unknown op code"),
    "bool op": ((Op(True),), "its op is a bool"),  # type: ignore[arg-type]
    "str op": ((Op("1"),), "its op is a str"),  # type: ignore[arg-type]
    "no cards": ((pattern(),), "0 cards, not 1 to 4"),
    "five cards in Badugi": ((pattern(*[ANY] * 5),), "5 cards, not 1 to 4"),
    "a draw keeping four": ((Op(kernels.KEEPS, cards=(ANY,) * 4),), "4 cards, not 1 to 3"),
    "cards not a tuple": ((Op(kernels.PATTERN, cards=[ANY]),), "its cards is a list"),  # type: ignore[arg-type]
    "card of three": ((pattern((1, 1, -1)),), "card 0 is not four ints"),  # type: ignore[arg-type]
    "no ranks": ((pattern((0, 0xF, -1, -1)),), "rank bits 0x0"),
    "rank bits": ((pattern((0x2000, 0xF, -1, -1)),), "rank bits 0x2000"),
    "suit bits": ((pattern((0x1FFF, 0x10, -1, -1)),), "suit bits 0x10"),
    "rank variable 8": ((pattern((0x1FFF, 0xF, 8, -1)),), "variable 8"),
    "rank variable out of order": ((pattern((0x1FFF, 0xF, 1, -1)),), "variable 1"),
    "rank variable with a rank": ((pattern((1, 0xF, 0, -1)),), "variable 0"),
    "suit variable out of order": (
        (pattern((0x1FFF, 0xF, -1, 0), (0x1FFF, 0xF, -1, 2)),),
        "variable 2",
    ),
    "suit variable -2": ((pattern((0x1FFF, 0xF, -1, -2)),), "variable -2"),
    "half 1 in Badugi": ((Op(kernels.RANK_AT_MOST, half=1, value=1),), "half 1"),
    "rank 0": ((Op(kernels.RANK_AT_MOST, value=0),), "rank 0"),
    "rank past the scale": ((Op(kernels.RANK_AT_MOST, value=10**6),), "rank 1000000"),
    "throws 5 in Badugi": ((Op(kernels.THROWS, value=5),), "5 cards thrown"),
    "throws -1": ((Op(kernels.THROWS, value=-1),), "-1 cards thrown"),
    "no table": ((Op(kernels.TABLE),), "no table"),
    "a pattern with a weight": ((Op(kernels.PATTERN, cards=(ANY,), weight=2.0),), "a weight"),
    "zero weight": ((LEAF, Op(kernels.WEIGHT, weight=0.0)), "weight 0.0"),
    "weight past the bounds": ((LEAF, Op(kernels.WEIGHT, weight=1e19)), "weight 1e\\+19"),
    "too long": ((LEAF,) + (Op(kernels.NOT),) * kernels.MAX_OPS, "1,025 ops"),
    "negative weight": ((LEAF, Op(kernels.WEIGHT, weight=-1.0)), "weight -1.0"),
    "nan weight": ((LEAF, Op(kernels.WEIGHT, weight=math.nan)), "weight nan"),
    "infinite weight": ((LEAF, Op(kernels.WEIGHT, weight=math.inf)), "weight inf"),
    "int weight": ((LEAF, Op(kernels.WEIGHT, weight=2)), "its weight is a int"),
    "weight of nothing": ((Op(kernels.WEIGHT, weight=1.0),), "no value to work on"),
    "or of one": ((LEAF, Op(kernels.OR)), "no value to work on"),
    "two values left": ((LEAF, LEAF), "leaves 2 values"),
    "empty": ((), "leaves 0 values"),
    "too deep": ((LEAF,) * 33 + (Op(kernels.OR),) * 32, "nested more than 32 deep"),
}


@pytest.mark.parametrize("entry", ENTRIES)
@pytest.mark.parametrize("case", FORGED)
def test_a_forged_op_is_refused_by_name(entry: str, case: str) -> None:
    ops, message = FORGED[case]
    with pytest.raises(InvalidRange, match=message):
        ENTRIES[entry](ops)


DENSE_TABLES: dict[str, tuple[tuple[Op, ...], str]] = {
    "table of floats": ((Op(kernels.TABLE, table=array("f", [1.0] * HANDS)),), "no table"),
    "table a list": ((Op(kernels.TABLE, table=[1.0] * HANDS),), "its table is a list"),  # type: ignore[arg-type]
    "table too long": ((Op(kernels.TABLE, table=FULL + array("d", [1.0])),), "270,726"),
    "nan in the table": (
        (Op(kernels.TABLE, table=array("d", [1.0] * (HANDS - 1) + [math.nan])),),
        "neither 0 nor",
    ),
    "negative weight in the table": (
        (Op(kernels.TABLE, table=array("d", [-1.0] + [1.0] * (HANDS - 1))),),
        "neither 0 nor",
    ),
    "a pattern with a table": ((Op(kernels.PATTERN, cards=(ANY,), table=FULL),), "a table"),
}


@pytest.mark.parametrize("case", DENSE_TABLES)
def test_a_forged_table_given_to_the_class_is_refused_by_name(case: str) -> None:
    ops, message = DENSE_TABLES[case]
    with pytest.raises(InvalidRange, match=message):
        loads_through_class(ops)


def test_forged_games_and_texts_are_refused() -> None:
    plain = tuple(fields(op) for op in (LEAF,))
    with pytest.raises(InvalidOption, match="game"):
        pickle.loads(pickle.dumps(Forged(restore(), "holdem", False, "x", plain)))
    with pytest.raises(TypeError, match="badeucey_aces_low"):
        pickle.loads(pickle.dumps(Forged(restore(), "badugi", 1, "x", plain)))
    with pytest.raises(InvalidRange, match="text is a str"):
        pickle.loads(pickle.dumps(Forged(restore(), "badugi", False, b"x", plain)))
    for ops in ((list(fields(LEAF)),), (fields(LEAF)[:5],), "ops"):
        with pytest.raises(InvalidRange, match="tuples of 6 fields"):
            pickle.loads(pickle.dumps(Forged(restore(), "badugi", False, "x", ops)))
    seven = GameRule("badugi", 7, BADUGI.halves)
    other_half = GameRule("badugi", 4, (HalfRule("badugi", len, BADUGI.halves[0].hand),))
    for rule in (seven, other_half, "badugi", None):
        with pytest.raises(InvalidRange, match="unknown game"):
            loads_through_class((LEAF,), rule)
    with pytest.raises(InvalidRange, match="not an Op"):
        loads_through_class(((kernels.PATTERN, (ANY,), 0, 0, 0.0, None),))  # type: ignore[arg-type]
