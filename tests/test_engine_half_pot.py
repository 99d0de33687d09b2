"""Half-pot limit (docs/rules.md, "Betting rounds"): hand-worked maxima on each street, the
rounding and the smallest bet where half the pot is less (the cross-check against PokerKit's
pot limit is in test_engine_half_pot_pokerkit.py)."""

from __future__ import annotations

import pytest
from engine_play import play

from badugi_fast import phh
from badugi_fast.engine import HandState
from badugi_fast.errors import IllegalAction


def bounds(state: HandState) -> tuple[int | None, int | None]:
    legal = state.legal_actions()
    assert legal is not None
    return legal.min_raise_to, legal.max_raise_to


def test_half_pot_maximum_on_each_street() -> None:
    state = HandState(betting="half-pot-limit", stacks=[1000] * 3, button=0, seed=1)
    assert bounds(state) == (4, 4)  # call 2, the pot is 5: raise 2 (5 / 2 rounded down)
    play(state, ["seat 0: raise 4"])
    assert bounds(state) == (6, 9)  # pot 7, call 3 more: 4 + 10 / 2
    with pytest.raises(IllegalAction, match="raise to 10 is above the maximum 9"):
        state.raise_to(10)
    play(state, ["seat 1: raise 9"])
    assert bounds(state) == (14, 20)  # pot 15, call 7 more: 9 + 22 / 2
    play(state, ["seat 2: call"])
    assert bounds(state) == (14, 22)  # pot 22, call 5 more: 9 + 27 / 2 rounded down
    play(state, ["seat 0: call"] + ["stand pat"] * 3)
    assert state.pot == 27 and bounds(state) == (2, 13)  # a bet of half the pot
    play(state, ["seat 1: bet 13"])
    assert bounds(state) == (26, 39)  # pot 40, call 13: 13 + 53 / 2
    play(state, ["seat 2: fold", "seat 0: call"] + ["stand pat"] * 2)
    assert state.pot == 53 and bounds(state) == (2, 26)
    play(state, ["seat 1: check", "seat 0: check"] + ["stand pat"] * 2)
    play(state, ["seat 1: check", "seat 0: check"])
    assert state.is_over and sum(state.stacks) == 3000


def test_the_rules_examples() -> None:
    """docs/rules.md, "Betting rounds", "Half-pot limit": blinds 5-10, first to act."""
    state = HandState(betting="half-pot-limit", stacks=[1000] * 3, blinds=(5, 10), seed=1)
    assert bounds(state) == (20, 22)  # 10 + 25 / 2
    play(state, ["seat 0: call"])
    assert bounds(state) == (20, 25)  # the small blind: 10 + 30 / 2


def test_dead_money_and_antes_count_in_the_half_pot() -> None:
    state = HandState(
        betting="half-pot-limit", stacks=[1000] * 3, button=0, seed=1, antes=1, dead_money=30
    )
    assert state.pot == 36 and bounds(state) == (4, 21)  # call 2, pot 38: 2 + 19


def test_half_the_pot_below_the_smallest_bet_is_the_smallest_bet() -> None:
    state = HandState(
        betting="half-pot-limit", stacks=[100, 100], blinds=(0, 0), antes=1, small_bet=10, seed=1
    )
    assert state.pot == 2 and bounds(state) == (10, 10)  # half the pot is 1
    short = HandState(
        betting="half-pot-limit", stacks=[6, 100], blinds=(0, 0), antes=1, small_bet=10, seed=1
    )
    assert short.actor == 1 and bounds(short) == (10, 10)
    play(short, ["seat 1: check"])
    assert bounds(short) == (5, 5)  # all in for less than the smallest bet


def test_a_half_pot_hand_writes_its_x_code_and_replays() -> None:
    state = HandState("badacey", "half-pot-limit", [300, 200, 100], button=1, seed=7)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal is not None
        if legal.can_draw:
            state.stand_pat()
        elif legal.max_raise_to is not None and state.street < 2:
            state.raise_to(legal.max_raise_to)
        else:
            state.check_or_call()
    history = phh.from_state(state)
    assert history.variant == "XHBA"
    again = phh.replay(phh.loads(phh.dumps(history)))
    assert again.rules.structure == "half-pot-limit"
    assert again.stacks == state.stacks  # the replay sits every player on its own seat
