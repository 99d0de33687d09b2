"""What a range may cost (issue 41, items 4 to 7): its time bounded by its text and a
stated budget, Ctrl-C heard during a fill, combined ranges held to a size, the odds'
cache keyed on the parsed range and bounded in bytes, and nesting refused past a depth.

Costs are counted in the fill's own steps (``badugi_range_fill``), the same on every
machine, so these tests assert no time.
"""

from __future__ import annotations

import _thread
import signal
from typing import Any

import pytest

import badugi_fast as bf
from badugi_fast._binding import ranges as kernels
from badugi_fast._binding.ranges import Op
from badugi_fast.cli import main
from badugi_fast.errors import InvalidRange
from badugi_fast.ranges import Range, players
from badugi_fast.ranges import range as range_module

TRIPLE = "deuce-seven-triple-draw"


def steps_a_hand(r: Range) -> float:
    _weights, steps = kernels.fill(r.rule, r._program)
    return steps / kernels.hand_count(r.rule.cards)


@pytest.mark.parametrize(
    ("text", "game"),
    [
        (",".join(["BCDEF"] * 20), TRIPLE),  # 26.5 s in one C call before
        (",".join(["$draw(Kx)"] * 100), "badugi"),  # 6 s before
    ],
)
def test_a_range_costs_a_few_steps_a_hand_for_each_character(text: str, game: str) -> None:
    """Repeated terms are found once a hand, a pattern's cards tried in one order of its
    interchangeable cards, the policy asked once a hand: a hand's steps stay within a
    few for each character of the text (plus the hand's own and the policy's)."""
    r = Range.parse(text, game=game)
    assert steps_a_hand(r) <= 2 * len(text) + lib_steps("HAND") + lib_steps("POLICY")


def lib_steps(name: str) -> int:
    return int(getattr(kernels.lib, f"BADUGI_RANGE_STEPS_{name}"))


def test_repeating_a_term_adds_only_the_ops() -> None:
    one = steps_a_hand(Range.parse("BCDE"))
    twenty = steps_a_hand(Range.parse(",".join(["BCDE"] * 20)))
    assert twenty == one + 38  # 19 more leaves read from the first and 19 ORs


def test_a_range_past_the_budget_is_refused_with_the_budget(monkeypatch: Any) -> None:
    monkeypatch.setattr(range_module, "FILL_BUDGET", 5 * 10**6)
    with pytest.raises(InvalidRange, match=r"more than 5,000,000 steps .* the 270,725 of badugi"):
        len(Range.parse("RROO, RRR"))
    assert len(Range.parse("$badugi4")) == 24  # a cheap range is within it


def test_the_default_budget_is_stated_and_fits_every_construct() -> None:
    """Every kind of leaf, the costly ones, in five-card hands: well within the budget
    (its steps a hand counted in Badugi, where each costs as much or more)."""
    assert range_module.FILL_BUDGET == 10**9
    costly = Range.parse("RROO, RRR, xxyy, BxCxDyEy, [2-K][3-K]*, $draw(23), $pat, $badugi8")
    assert steps_a_hand(costly) * kernels.hand_count(5) < range_module.FILL_BUDGET / 2


class Interrupting:
    """The C library, but a Ctrl-C arrives during the first part of a fill."""

    def __init__(self, lib: Any) -> None:
        self.lib, self.parts = lib, 0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.lib, name)

    def badugi_range_fill(self, *args: Any) -> int:
        self.parts += 1
        if self.parts == 1:
            _thread.interrupt_main()  # as Ctrl-C: heard once the C call returns
        return int(self.lib.badugi_range_fill(*args))


def test_ctrl_c_stops_a_long_fill_between_parts(monkeypatch: Any) -> None:
    """Python's own SIGINT handler, as at a terminal (a test run before may have left
    another, and interrupt_main does nothing under SIG_DFL or SIG_IGN)."""
    interrupting = Interrupting(kernels.lib)
    monkeypatch.setattr(kernels, "lib", interrupting)
    handler = signal.signal(signal.SIGINT, signal.default_int_handler)
    try:
        with pytest.raises(KeyboardInterrupt):
            len(Range.parse("BCDEF", game=TRIPLE))
    finally:
        signal.signal(signal.SIGINT, handler)
    parts = -(-kernels.hand_count(5) // kernels.PART)
    assert 1 <= interrupting.parts <= 2 < parts


def test_combining_a_range_with_itself_stops_at_the_limit() -> None:
    """r | r doubled the program: 24 doublings were 33 M ops and a 100 M-character text."""
    r = Range.parse("A2*, $badugi8")
    assert len(r | r | r) == len(r)
    doublings = 0
    with pytest.raises(InvalidRange, match=r"would have 2,047 ops, more than 1,024"):
        while True:
            r = r | r
            doublings += 1
    assert doublings == 8 and len(r._program) == 1023


def test_a_combined_text_past_the_limit_is_described_by_its_size() -> None:
    wide = Range.parse("A" + " " * (range_module.MAX_TEXT - 2))
    assert len(wide.text) == 1
    spaced = Range.parse("A," + " " * 40_000 + "K")
    combined = spaced | spaced
    assert combined.text == f"<a range of {len(combined._program)} ops>"
    with pytest.raises(InvalidRange, match="a range text of 65,537 characters"):
        Range.parse("A" * 65_537)


def test_a_program_past_the_limit_is_refused_however_it_is_written() -> None:
    with pytest.raises(InvalidRange, match="a range of 1,025 ops"):
        Range.parse(",".join(["A"] * 513))
    assert len(Range.parse(",".join(["A"] * 512))._program) == 1023
    r = ~Range.parse(",".join(["A"] * 512))
    with pytest.raises(InvalidRange, match="would have 1,025 ops"):
        ~r  # noqa: B018


def test_the_odds_cache_keys_on_the_parsed_range(monkeypatch: Any) -> None:
    """16 texts differing only in spaces were 16 ranges of about 160 MB each."""
    monkeypatch.setattr(players, "_cache", type(players._cache)())
    hero = "As 2h 3d 4c"
    for spaces in range(16):
        bf.equity([hero, " " * spaces + "K*" + " " * spaces], draws=0)
    assert len(players._cache) == 1
    respelled = players.parsed("  K  * ", bf.games.GAMES["badugi"])
    assert (
        respelled.text == "K  *"
        and respelled._weights is next(iter(players._cache.values()))._weights
    )


def test_the_odds_cache_is_bounded_in_bytes(monkeypatch: Any) -> None:
    monkeypatch.setattr(players, "_cache", type(players._cache)())
    monkeypatch.setattr(players, "CACHE_BYTES", 3_000_000)
    rule = bf.games.GAMES["badugi"]
    for text in ("*", "A*", "K*", "Q*", "J*"):
        len(players.parsed(text, rule))  # each: 2.2 MB of weights and more of combos
    held = [r.held_bytes() for r in players._cache.values()]
    assert len(held) <= 2 and sum(held[:-1]) <= players.CACHE_BYTES
    assert players.parsed("J*", rule) is not None and len(players._cache) >= 1


DEEP = ["(" * 200 + "A" + ")" * 200, "!" * 990 + "A", "(" * 33 + "A" + ")" * 33, "!" * 33 + "A"]


@pytest.mark.parametrize("text", DEEP, ids=["200 groups", "990 nots", "33 groups", "33 nots"])
def test_deep_nesting_is_refused_with_the_depth(text: str, capsys: Any) -> None:
    """About 200 ( or 990 ! raised RecursionError from the parser."""
    with pytest.raises(InvalidRange, match="nest at most 32 deep") as caught:
        Range.parse(text)
    assert caught.value.position == 32
    with pytest.raises(InvalidRange, match="nest at most 32 deep"):
        bf.equity(["As 2h 3d 4c", text])
    assert main(["range", text]) == 2
    assert "nest at most 32 deep" in capsys.readouterr().err


def test_nesting_to_the_depth_is_read() -> None:
    ace = Range.parse("A")._program
    assert Range.parse("(" * 32 + "A" + ")" * 32)._program == ace
    assert Range.parse("!" * 32 + "A")._program == ace + (Op(kernels.NOT),) * 32
