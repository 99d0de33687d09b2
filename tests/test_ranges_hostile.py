"""The raw C range API refuses every malformed input with an error code, writing nothing
(run under ASan/UBSan in CI): range programs, weights, and the equity kernels' ranges."""

from __future__ import annotations

import math
from typing import Any

import pytest

from badugi_fast._binding.game import fill_game
from badugi_fast._core import ffi, lib
from badugi_fast.games import GAMES

BAD = lib.BADUGI_ODDS_BAD_SPEC
HANDS = lib.badugi_range_hands(4)


def game() -> Any:
    g = ffi.new("badugi_game *")
    fill_game(g, GAMES["badugi"])
    return g


def program(*ops: dict[str, Any]) -> Any:
    out = ffi.new("badugi_range_op[]", len(ops))
    for op, fields in zip(out, ops, strict=True):
        for name, value in fields.items():
            if name == "cards":
                for spec, (ranks, suits, rank_var, suit_var) in zip(op.cards, value, strict=False):
                    spec.ranks, spec.suits, spec.rank_var, spec.suit_var = (
                        ranks, suits, rank_var, suit_var,
                    )  # fmt: skip
            else:
                setattr(op, name, value)
    return out


ANY = {"op": lib.BADUGI_RANGE_PATTERN, "count": 1, "cards": [(0x1FFF, 0xF, -1, -1)]}
SHORT_TABLE = ffi.new("double[]", [1.0] * 5_000)
FULL_TABLE = ffi.new("double[]", [1.0] * HANDS)
BAD_PROGRAMS = {
    "unknown op": [{"op": 99}],
    "underflow": [{"op": lib.BADUGI_RANGE_OR}],
    "two values left": [ANY, ANY],
    "too deep": [ANY] * 33 + [{"op": lib.BADUGI_RANGE_OR}] * 32,
    "too many cards": [{**ANY, "count": 5}],
    "negative count": [{**ANY, "count": -1}],
    "rank bits": [{**ANY, "cards": [(0x2000, 0xF, -1, -1)]}],
    "suit bits": [{**ANY, "cards": [(0x1FFF, 0x10, -1, -1)]}],
    "rank variable": [{**ANY, "cards": [(0x1FFF, 0xF, 8, -1)]}],
    "suit variable": [{**ANY, "cards": [(0x1FFF, 0xF, -1, -2)]}],
    "half": [{"op": lib.BADUGI_RANGE_RANK_AT_MOST, "half": 1}],
    "throws": [{"op": lib.BADUGI_RANGE_THROWS, "value": 5}],
    "no table": [{"op": lib.BADUGI_RANGE_TABLE}],
    # issue 41: a table of 5,000 weights was read as 270,725; its stated length is checked
    "short table": [{"op": lib.BADUGI_RANGE_TABLE, "table": SHORT_TABLE, "table_length": 5_000}],
    "table length not stated": [{"op": lib.BADUGI_RANGE_TABLE, "table": FULL_TABLE}],
    "zero weight": [ANY, {"op": lib.BADUGI_RANGE_WEIGHT, "weight": 0.0}],
    "nan weight": [ANY, {"op": lib.BADUGI_RANGE_WEIGHT, "weight": math.nan}],
    "weight of nothing": [{"op": lib.BADUGI_RANGE_WEIGHT, "weight": 1.0}],
    "weight past the bounds": [ANY, {"op": lib.BADUGI_RANGE_WEIGHT, "weight": 1e19}],
    "too long": [ANY] + [{"op": lib.BADUGI_RANGE_NOT}] * lib.BADUGI_RANGE_MAX_OPS,
}


def fill(g: Any, ops: Any, length: int, weights: Any, first: int = 0, count: int = HANDS) -> int:
    """badugi_range_fill over hands [first, first + count) with no step budget."""
    return int(lib.badugi_range_fill(g, ops, length, first, count, 2**64 - 1, STEPS, weights))


STEPS = ffi.new("uint64_t *")


@pytest.mark.parametrize("ops", BAD_PROGRAMS.values(), ids=BAD_PROGRAMS)
def test_bad_programs_are_refused_and_write_nothing(ops: list[dict[str, Any]]) -> None:
    weights = ffi.new("double[]", [7.0] * HANDS)
    assert fill(game(), program(*ops), len(ops), weights) == BAD
    assert weights[0] == 7.0 and weights[HANDS - 1] == 7.0


BAD_TABLES = {"nan": math.nan, "negative": -1.0, "too small": 1e-19, "too big": 1e19}


@pytest.mark.parametrize("weight", BAD_TABLES.values(), ids=BAD_TABLES)
def test_a_table_weight_past_the_bounds_is_refused_before_any_is_written(weight: float) -> None:
    table = ffi.new("double[]", [1.0] * HANDS)
    table[HANDS // 2] = weight
    ops = program({"op": lib.BADUGI_RANGE_TABLE, "table": table, "table_length": HANDS})
    weights = ffi.new("double[]", [7.0] * HANDS)
    assert fill(game(), ops, 1, weights) == lib.BADUGI_RANGE_BAD_WEIGHT
    assert weights[0] == 7.0 and weights[HANDS - 1] == 7.0
    assert fill(game(), ops, 1, weights, 0, HANDS // 2) == lib.BADUGI_ODDS_OK  # not read


def test_a_product_past_the_bounds_stops_the_fill() -> None:
    heavy = {"op": lib.BADUGI_RANGE_WEIGHT, "weight": 1e10}
    ops = program(ANY, heavy, ANY, heavy, {"op": lib.BADUGI_RANGE_AND})
    weights = ffi.new("double[]", HANDS)
    assert fill(game(), ops, 5, weights) == lib.BADUGI_RANGE_BAD_WEIGHT


def test_parts_fill_what_the_whole_fills_and_nothing_else() -> None:
    """Hands [first, first + count) in colex order, from any first hand."""
    ace = {"op": lib.BADUGI_RANGE_PATTERN, "count": 1, "cards": [(1, 0xF, -1, -1)]}
    whole = ffi.new("double[]", HANDS)
    assert fill(game(), program(ace), 1, whole) == lib.BADUGI_ODDS_OK
    parts = ffi.new("double[]", [7.0] * HANDS)
    for first, count in ((0, 1), (1, 999), (1000, 12345), (13345, HANDS - 13346)):
        assert fill(game(), program(ace), 1, parts, first, count) == lib.BADUGI_ODDS_OK
    assert list(parts[0 : HANDS - 1]) == list(whole[0 : HANDS - 1]) and parts[HANDS - 1] == 7.0
    for first, count in ((-1, 1), (0, HANDS + 1), (HANDS, 1), (5, -1)):
        assert fill(game(), program(ace), 1, parts, first, count) == BAD


def test_a_fill_stops_once_it_passes_its_budget() -> None:
    """The steps are counted the same every run; the budget is checked after each hand."""
    steps = ffi.new("uint64_t *")
    weights = ffi.new("double[]", HANDS)
    assert lib.badugi_range_fill(game(), program(ANY), 1, 0, HANDS, 2**64 - 1, steps, weights) == 0
    whole = steps[0]
    steps[0] = 0
    status = lib.badugi_range_fill(game(), program(ANY), 1, 0, HANDS, whole // 2, steps, weights)
    assert status == lib.BADUGI_RANGE_OVER_BUDGET
    assert whole // 2 < steps[0] <= whole // 2 + 64


def test_null_and_empty_arguments() -> None:
    weights = ffi.new("double[]", HANDS)
    assert fill(ffi.NULL, program(ANY), 1, weights) == BAD
    assert fill(game(), ffi.NULL, 1, weights) == BAD
    assert fill(game(), program(ANY), 0, weights) == BAD
    assert fill(game(), program(ANY), 1, ffi.NULL) == BAD
    assert lib.badugi_range_fill(game(), program(ANY), 1, 0, HANDS, 0, ffi.NULL, weights) == BAD
    assert fill(game(), program(ANY), 1, weights) == lib.BADUGI_ODDS_OK
    assert lib.badugi_range_combos(6, weights, 0, ffi.NULL, ffi.NULL, ffi.NULL) == BAD
    assert lib.badugi_range_combos(4, ffi.NULL, 0, ffi.NULL, ffi.NULL, ffi.NULL) == BAD
    weights[5] = -1.0
    assert lib.badugi_range_combos(4, weights, 0, ffi.NULL, ffi.NULL, ffi.NULL) == BAD
    assert lib.badugi_range_hands(0) == lib.badugi_range_hands(6) == -1  # 1 to 5: small games
    for cards in (
        b"",
        b"\x00\x00\x01\x02",
        b"\x00\x01\x02\x34",
        b"\x00\x01\x02\x03\x04\x05",
    ):
        assert lib.badugi_range_index(cards, len(cards)) == -1
    assert lib.badugi_range_index(ffi.NULL, 4) == -1


def spec(players: int = 2) -> Any:
    s = ffi.new("badugi_odds_spec *")
    fill_game(s.game, GAMES["badugi"])
    s.players = players
    s.draws = 1
    s.hands[0][0:4] = [0, 5, 10, 51]
    for p in range(players):
        s.discard_count[p] = lib.BADUGI_ODDS_POLICY
    return s


def ranges(hands: bytes, weights: list[float], cumulative: list[float] | None = None) -> Any:
    out = ffi.new("badugi_odds_range[]", 2)
    keep = (
        ffi.new("uint8_t[]", hands),
        ffi.new("double[]", weights),
        ffi.new("double[]", cumulative if cumulative is not None else weights),
    )
    out[1].count = len(weights)
    out[1].hands, out[1].weights, out[1].cumulative = keep
    return out, keep


def run_all(s: Any, r: Any) -> list[int]:
    """Every range kernel's status on one spec."""
    tally = ffi.new("badugi_odds_tally *")
    n, d = ffi.new("double *"), ffi.new("double *")
    return [
        lib.badugi_odds_range_exact(s, r, 0, 100, tally),
        lib.badugi_odds_range_sample(s, r, 1, 0, 10, tally),
        lib.badugi_odds_range_assignments(s, r, 1e9, 0, 100, n),
        lib.badugi_odds_range_outcomes(s, r, 1e9, 0, 100, 1e9, n, d),
    ]


GOOD = bytes([1, 2, 3, 4])


@pytest.mark.parametrize(
    ("hands", "weights", "cumulative", "status"),
    [
        (bytes([1, 2, 3, 52]), [1.0], None, lib.BADUGI_ODDS_BAD_CARD),
        (bytes([1, 2, 3, 3]), [1.0], None, lib.BADUGI_ODDS_REPEATED_CARD),
        (GOOD, [0.0], None, BAD),
        (GOOD, [math.inf], None, BAD),
        (GOOD + bytes([6, 7, 8, 9]), [1.0, 1.0], [1.0, 0.5], BAD),
    ],
)
def test_bad_ranges_are_refused(
    hands: bytes, weights: list[float], cumulative: list[float] | None, status: int
) -> None:
    r, _keep = ranges(hands, weights, cumulative)
    assert run_all(spec(), r) == [status] * 4


def test_bad_specs_with_ranges() -> None:
    r, _keep = ranges(GOOD, [1.0])
    assert set(run_all(spec(), r)) == {lib.BADUGI_ODDS_OK}
    fixed = spec()
    fixed.discard_count[1] = 1
    assert run_all(fixed, r) == [lib.BADUGI_ODDS_BAD_DISCARD] * 4
    dead = spec()
    dead.dead_count = 1
    dead.dead[0] = 51
    assert run_all(dead, r) == [lib.BADUGI_ODDS_REPEATED_CARD] * 4
    no_range = ffi.new("badugi_odds_range[]", 2)
    assert run_all(spec(), no_range) == [BAD] * 4
    assert run_all(spec(), ffi.NULL) == [BAD] * 4
    assert run_all(ffi.NULL, r) == [BAD] * 4
    negative = ffi.new("badugi_odds_range[]", 2)
    negative[1].count = -1
    assert run_all(spec(), negative) == [BAD] * 4
    empty_pointers = ffi.new("badugi_odds_range[]", 2)
    empty_pointers[1].count = 1
    assert run_all(spec(), empty_pointers) == [BAD] * 4


def test_a_range_that_always_clashes_gives_up() -> None:
    """Two range players whose only combos share a card: no deal exists."""
    s = spec()
    out = ffi.new("badugi_odds_range[]", 2)
    keep = [ffi.new("uint8_t[]", GOOD), ffi.new("double[]", [1.0])]
    for slot in out:
        slot.count = 1
        slot.hands, slot.weights, slot.cumulative = keep[0], keep[1], keep[1]
    tally = ffi.new("badugi_odds_tally *")
    assert lib.badugi_odds_range_sample(s, out, 1, 0, 1, tally) == lib.BADUGI_ODDS_EMPTY_RANGE
    assert lib.badugi_odds_range_exact(s, out, 0, 1, tally) == lib.BADUGI_ODDS_OK
    assert tally.total == 0
