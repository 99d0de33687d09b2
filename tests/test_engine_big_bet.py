"""Hand-worked pot-limit and no-limit hands (docs/rules.md, "How a hand is played"):
the pot-limit maximum on each street, the minimum raise after a raise, short all-ins that
do not reopen the betting, consecutive all-ins that together do, and antes-only games."""

from __future__ import annotations

from typing import Literal

import pytest
from engine_play import play

from badugi_fast.engine import HandState
from badugi_fast.errors import IllegalAction


def bounds(state: HandState) -> tuple[int | None, int | None]:
    legal = state.legal_actions()
    assert legal is not None
    return legal.min_raise_to, legal.max_raise_to


def test_pot_limit_maximum_on_each_street() -> None:
    state = HandState(betting="pot-limit", stacks=[1000] * 3, button=0, seed=1)
    assert bounds(state) == (4, 7)  # call 2, then raise the pot of 5
    play(state, ["seat 0: raise 7"])
    assert bounds(state) == (12, 23)  # pot 10, call 6 more: 7 + 16
    play(state, ["seat 1: call"])
    assert bounds(state) == (12, 28)  # pot 16, call 5 more: 7 + 21
    with pytest.raises(IllegalAction, match="raise to 29 is above the maximum 28"):
        state.raise_to(29)
    play(state, ["seat 2: call"] + ["stand pat"] * 3)
    assert state.pot == 21 and bounds(state) == (2, 21)  # a bet of at most the pot
    play(state, ["seat 1: bet 10"])
    assert bounds(state) == (20, 51)
    play(state, ["seat 2: raise 51"])
    assert bounds(state) == (92, 184)
    play(state, ["seat 0: fold"])
    assert bounds(state) == (92, 174)
    play(state, ["seat 1: call"] + ["stand pat"] * 2)
    assert bounds(state) == (2, 123)  # the smallest bet is the big blind on every street
    play(state, ["seat 1: check", "seat 2: bet 123"])
    assert bounds(state) == (246, 492)
    play(state, ["seat 1: call"] + ["stand pat"] * 2)
    assert bounds(state) == (2, 369)
    play(state, ["check", "check"])
    assert state.is_over and state.contributed == (7, 181, 181)
    assert sum(state.stacks) == 3000


def test_dead_money_counts_in_the_pot_limit() -> None:
    """A pot carried in is in the pot (docs/rules.md, "Settling a pot"): the pot-limit maximum
    grows by it, and the hand pays it out."""
    state = HandState(betting="pot-limit", stacks=[1000] * 3, button=0, seed=1, dead_money=30)
    assert state.pot == 33 and state.dead_money == 30
    assert bounds(state) == (4, 37)  # call 2, then raise the pot of 35
    play(state, ["seat 0: fold", "seat 1: fold"])
    assert state.is_over and state.stacks == (1000, 999, 1031)


def test_no_limit_minimum_raise_is_the_last_full_raise() -> None:
    state = HandState(betting="no-limit", stacks=[1000] * 3, button=0, seed=2)
    assert bounds(state) == (4, 1000)
    play(state, ["seat 0: raise 7"])  # a raise of 5
    assert bounds(state) == (12, 1000)
    with pytest.raises(IllegalAction, match="raise to 11 is below the minimum 12"):
        state.raise_to(11)
    play(state, ["seat 1: raise 30"])  # a raise of 23
    assert bounds(state) == (53, 1000)


def test_short_all_in_does_not_reopen_the_betting() -> None:
    state = HandState(betting="no-limit", stacks=[100, 15, 100], button=0, seed=3)
    play(state, ["seat 0: raise 10", "seat 1: raise 15"])  # all in: 5 more, short of 8
    assert bounds(state) == (23, 100)  # the big blind has not acted: may raise
    play(state, ["seat 2: call"])
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.call_amount == 5
    assert legal.min_raise_to is None and not state.can_raise_to(100)


def test_consecutive_all_ins_adding_up_to_a_full_raise_reopen() -> None:
    state = HandState(betting="no-limit", stacks=[14, 19, 100, 100], button=0, seed=4)
    play(state, ["seat 3: raise 10", "seat 0: raise 14", "seat 1: raise 19", "seat 2: call"])
    assert state.actor == 3 and bounds(state) == (27, 100)  # 9 more since it acted >= 8


def test_no_raise_when_everyone_else_is_all_in() -> None:
    state = HandState(betting="no-limit", stacks=[100, 300], button=0, seed=5)
    play(state, ["seat 0: raise 100"])
    legal = state.legal_actions()
    assert legal is not None and legal.call_amount == 98 and legal.min_raise_to is None
    play(state, ["call"])
    assert state.phase == "draw"  # all in: no more betting, but the draws go on
    play(state, ["stand pat"] * 6)
    assert state.is_over and sum(state.stacks) == 400


def test_antes_only_game() -> None:
    state = HandState(stacks=[50] * 3, button=0, blinds=(0, 0), antes=1, small_bet=2, seed=6)
    assert state.contributed == (1, 1, 1) and state.bets == (0, 0, 0)
    assert state.actor == 1 and state.can_check() and not state.can_fold()
    play(state, ["check", "bet 2", "fold", "fold"])
    assert state.is_over and state.stacks == (49, 49, 52)


def test_no_limit_with_antes_and_blinds_min_bet() -> None:
    state = HandState(betting="no-limit", stacks=[100] * 3, antes=1, seed=7)
    assert state.pot == 6 and bounds(state) == (4, 99)  # all in: the 99 left after the ante


def test_big_blind_keeps_its_option_when_the_small_blind_is_all_in_from_its_ante() -> None:
    # seat 1, the small blind, has only its ante: it posts no blind and can never act again,
    # but seat 4 can still bet, so the big blind must still be asked once everyone limped
    state = HandState(
        betting="no-limit", stacks=[5, 1, 20, 400, 60], blinds=(1, 2), antes=1, seed=1
    )
    posts = [(a.seat, a.amount) for a in state.history if a.kind == "post-blind"]
    assert posts == [(1, 0), (2, 2)]
    state.fold()  # seat 3
    state.call()  # seat 4
    state.fold()  # seat 0
    legal = state.legal_actions()
    assert state.actor == 2 and legal is not None and legal.can_check
    assert legal.min_raise_to == 4


@pytest.mark.parametrize("betting", ["pot-limit", "no-limit"])
@pytest.mark.parametrize("antes", [0, 1])
def test_a_bet_into_a_small_pot_is_at_least_the_smallest_bet(
    betting: Literal["pot-limit", "no-limit"], antes: int
) -> None:
    # an empty pot, or antes smaller than a bet, still allows the smallest bet and nothing
    # less (docs/rules.md, "Betting rounds")
    state = HandState(betting=betting, stacks=[100] * 3, blinds=(0, 0), antes=antes,
                      small_bet=4, seed=1)  # fmt: skip
    low, high = bounds(state)
    assert low == 4 and high is not None and high >= 4
    for amount in (0, 1, 3):
        assert not state.can_raise_to(amount)
        with pytest.raises(IllegalAction, match=f"^bet {amount} is below the minimum 4"):
            state.raise_to(amount)
    assert state.can_raise_to(4)
    bettor = state.actor
    play(state, ["bet 4"])
    assert bettor is not None and state.bets[bettor] == 4 and state.pot == 4 + 3 * antes


def test_a_pot_limit_bet_all_in_for_less_than_the_smallest_bet() -> None:
    state = HandState(betting="pot-limit", stacks=[1, 100, 100], button=0, blinds=(0, 0),
                      small_bet=4, seed=1)  # fmt: skip
    play(state, ["check", "check"])
    assert state.actor == 0 and bounds(state) == (1, 1)  # all in for less
    assert not state.can_raise_to(0) and state.can_raise_to(1)
