"""Table order: blinds, dealing order and show order, with hostile seat numbers refused."""

from __future__ import annotations

from typing import get_args

import numpy as np
import pytest

import badugi_fast
from badugi_fast._binding.hand import KINDS
from badugi_fast._core import lib
from badugi_fast.engine.actions import ActionKind
from badugi_fast.engine.order import blind_seats, from_left_of_button, show_order
from badugi_fast.errors import InvalidOptionType, InvalidSettlement


def test_show_order_takes_a_bounded_table() -> None:
    assert show_order([1, 65_000], button=65_535, n_seats=65_536) == (1, 65_000)
    for size in (2**40, 65_537, 1, -5):  # each a value out of range, as a seat out of range is
        with pytest.raises(badugi_fast.InvalidOption, match=r"n_seats must be 2\.\.65536"):
            show_order([0, 1], n_seats=size)


def test_show_order_is_exported_from_its_new_home() -> None:
    assert badugi_fast.show_order is show_order


@pytest.mark.parametrize(
    ("args", "kwargs", "error", "message"),
    [
        (([-1, 2],), {}, InvalidSettlement, "seat -1 is not a seat"),
        (([0.5, 2],), {}, InvalidOptionType, "seat 0.5 is not a seat"),
        (([True, 2],), {}, InvalidOptionType, "seat True is not a seat"),
        (([0, 2, 3],), {"button": 99}, InvalidSettlement, "button 99 is not a seat"),
        (([0, 2, 3],), {"button": False}, InvalidOptionType, "button False is not a seat"),
        (([0, 2],), {"last_aggressor": 1.0}, InvalidOptionType, "last aggressor 1.0 is not a"),
        (([0, 3],), {"last_aggressor": np.float64(3)}, InvalidOptionType, "seats are ints"),
        (([0, 3],), {"last_aggressor": np.bool_(True)}, InvalidOptionType, "seats are ints"),
        (([0, 3],), {"last_aggressor": True}, InvalidOptionType, "last aggressor True is not a"),
        (([0, 3],), {"last_aggressor": 2}, InvalidSettlement, "last aggressor 2 is not a live"),
        (([0, 3],), {"n_seats": np.float64(4)}, InvalidOptionType, "n_seats must be an int"),
        (([0, 8],), {"n_seats": 9, "button": 9}, InvalidSettlement, "button 9 is not a seat"),
        (([],), {}, InvalidSettlement, "no live seat"),
        (([0, 1],), {"n_seats": "6"}, InvalidOptionType, "n_seats"),
    ],
)
def test_show_order_names_the_bad_seat(
    args: tuple[object, ...], kwargs: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        show_order(*args, **kwargs)  # type: ignore[arg-type]


def test_blinds_and_dealing_order() -> None:
    assert blind_seats(6, 5) == (0, 1)
    assert blind_seats(2, 1) == (1, 0)  # heads-up: the button posts the small blind
    assert from_left_of_button(4, 1) == (2, 3, 0, 1)


def test_action_kinds_follow_the_c_event_codes() -> None:
    for code, kind in enumerate(KINDS):
        assert getattr(lib, "BADUGI_EVENT_" + kind.upper().replace("-", "_")) == code
    assert len(KINDS) == lib.BADUGI_EVENT_RUN + 1  # the last code
    assert sorted(KINDS) == sorted(get_args(ActionKind))  # the engine's names are the C hand's
