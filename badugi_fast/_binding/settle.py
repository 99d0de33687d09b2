"""The showdown (csrc/settle.c) on plain arrays: ``badugi_show_order``, the one show order,
and ``badugi_settle``, the one settlement.

The caller has checked its arguments; a refusal left possible (or a bug) raises
InvalidSettlement worded from :data:`REFUSALS`. The words C writes are laid out in
``csrc/badugi.h``.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import partial

from badugi_fast._core import ffi, lib
from badugi_fast.errors import InvalidSettlement

REFUSALS: dict[int, str] = {
    lib.BADUGI_SETTLE_E_ARGS: "a pot two or more seats are eligible for needs halves to judge",
    lib.BADUGI_SETTLE_E_AMOUNT: "an amount is negative or not a multiple of the unit",
    lib.BADUGI_SETTLE_E_OVERFLOW: "the chips add up to more than a 64-bit count",
    lib.BADUGI_SETTLE_E_NO_LIVE: "every seat folded",
    lib.BADUGI_SETTLE_E_ROOM: "the result does not fit the room given for it",
}
"""Why ``badugi_settle`` refused, by BADUGI_SETTLE_E_* code."""


_new_words = partial(ffi.new_allocator(should_clear_after_alloc=False), "int64_t[]")
"""Room for the words ``badugi_settle`` writes: left uncleared, as only the words it
reports writing are read."""


def odd_half(odd_unit_to: str, halves: int) -> int:
    """The half given the odd unit of a cut first (C's ``odd_half``) for the settle option
    ``odd_unit_to``: the Badugi half comes first, the low last."""
    return 0 if odd_unit_to == "badugi" else halves - 1


def show_order(folded: Sequence[bool], first: int, button: int) -> tuple[int, ...]:
    """The live seats in the order they show: from ``first`` (-1: left of the button)."""
    order = ffi.new("int32_t[]", len(folded))
    count = lib.badugi_show_order(len(folded), folded, first, button, order)
    if count < 0:
        raise InvalidSettlement(f"no show order for {len(folded)} seats from seat {first}")
    return tuple(order[0:count])


def settle(
    contributed: Sequence[int],
    dead_money: int,
    folded: Sequence[bool],
    halves: int,
    ranks: Sequence[int],
    worst: Sequence[int],
    button: int,
    unit: int,
    odd_half: int,
) -> list[int]:
    """The words ``badugi_settle`` writes for these seats and dead money: ``ranks`` holds
    each half's rank per seat, half after half, and ``worst`` each half's qualifier."""
    n = len(contributed)
    # the header's bound on the words C may write, with at most n + 1 pots (dead money one)
    # of n eligible seats; a large table counts its pots and live seats to keep it small
    pots, live = (n + 1, n) if n <= 16 else (len(set(contributed)) + 1, n - sum(folded))
    room = 2 * n + 3 + pots * (5 + live) * (1 + 3 * halves)
    out = _new_words(room)
    used = lib.badugi_settle(
        n,
        contributed,
        dead_money,
        folded,
        halves,
        ranks,
        worst,
        button,
        unit,
        odd_half,
        out,
        room,
    )
    if used < 0:
        raise InvalidSettlement(REFUSALS.get(used, f"settlement refused (code {used})"))
    words: list[int] = ffi.unpack(out, used)
    return words
