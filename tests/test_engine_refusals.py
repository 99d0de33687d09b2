"""Every refusal of the C hand is worded once, in _binding.hand.REFUSALS, and reaches the
user as an IllegalAction that names the seat, amount or card at fault."""

from __future__ import annotations

import pytest

from badugi_fast._binding.hand import REFUSALS
from badugi_fast._core import lib
from badugi_fast.engine import HandState
from badugi_fast.errors import IllegalAction


def test_every_error_code_of_the_c_hand_has_its_words() -> None:
    codes = {getattr(lib, name) for name in dir(lib) if name.startswith("BADUGI_HAND_E_")}
    assert codes == set(REFUSALS)


@pytest.mark.parametrize(
    ("act", "words"),
    [
        (lambda s: s.check(), "seat 0 cannot check: 2 to call"),
        (lambda s: s.raise_to(3), "raise to 3 is below the minimum 4"),
        (lambda s: s.raise_to(2**70), "is above the maximum 4"),
        (lambda s: s.raise_to(-(2**70)), "is below the minimum 4"),
        (lambda s: s.draw([]), "no draw action now: the phase is betting"),
        (lambda s: s.deal(0, "As"), "no cards to deal now: the phase is betting"),
    ],
)
def test_refusals_say_why(act: object, words: str) -> None:
    state = HandState(stacks=[100] * 3, button=0, seed=7)
    with pytest.raises(IllegalAction, match=words):
        act(state)  # type: ignore[operator]


def test_a_manual_deal_names_the_card_held_and_the_count_owed() -> None:
    state = HandState(stacks=[100] * 2, dealer="manual", seed=1)
    seat = state.pending_deal
    assert seat is not None
    state.deal(seat[0], "As 2c 3h 4d")
    other = state.pending_deal
    assert other is not None
    with pytest.raises(IllegalAction, match=f"cannot deal As: seat {seat[0]} holds it"):
        state.deal(other[0], "As")
    with pytest.raises(IllegalAction, match=f"seat {other[0]} is owed 4 cards, not 5"):
        state.deal(other[0], "5s 6s 7s 8s 9s")
