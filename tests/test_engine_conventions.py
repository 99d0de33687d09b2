"""The betting conventions where card rooms and PokerKit differ, side by side (docs/rules.md,
"Betting in FB and F2L3D"): what the cap counts, a short big blind, what an all-in for less
reopens and the size of the raise after it. Each hand is played under both conventions."""

from __future__ import annotations

import pickle

import pytest
from engine_play import play

from badugi_fast.engine import BettingRules, HandState
from badugi_fast.errors import InvalidOption, InvalidOptionType, InvalidState


def both(**options: object) -> tuple[HandState, HandState]:
    """The same hand under the card rooms' and PokerKit's conventions."""
    return (
        HandState(**options, conventions="card-room"),  # type: ignore[arg-type]
        HandState(**options, conventions="pokerkit"),  # type: ignore[arg-type]
    )


def raise_to(state: HandState) -> int | None:
    legal = state.legal_actions()
    assert legal is not None
    return legal.min_raise_to


def played_to_a_short_bet(conventions: str) -> HandState:
    """Four seats, bets of 4; round 2 opens with seat 0's all-in bet of 1."""
    state = HandState(
        stacks=[3, 20, 20, 20],
        button=3,
        seed=1,
        small_bet=4,
        big_bet=8,
        conventions=conventions,  # type: ignore[arg-type]
    )
    play(state, ["seat 2: call", "seat 3: call", "seat 0: call", "seat 1: check"])
    play(state, [f"seat {seat}: stand pat" for seat in (0, 1, 2, 3)])
    play(state, ["seat 0: bet 1"])  # all in for less than the bet of 2
    return state


def test_the_raise_after_an_all_in_bet_for_less() -> None:
    """The issue's case: ``p1 cbr 1`` all in with a bet of 4."""
    assert raise_to(played_to_a_short_bet("card-room")) == 4  # completes the bet
    assert raise_to(played_to_a_short_bet("pokerkit")) == 5  # a bet above the all-in


def after_the_draw(stacks: list[int], conventions: str) -> HandState:
    """Four seats, the button on seat 3, everyone calls round 1 and stands pat."""
    state = HandState(stacks=stacks, button=3, seed=3, conventions=conventions)  # type: ignore[arg-type]
    play(state, ["seat 2: call", "seat 3: call", "seat 0: call", "seat 1: check"])
    play(state, [f"seat {seat}: stand pat" for seat in (0, 1, 2, 3)])
    return state


def test_what_an_all_in_raise_for_half_a_bet_reopens() -> None:
    for conventions, reopened in (("card-room", True), ("pokerkit", False)):
        state = after_the_draw([50, 5, 50, 50], conventions)
        play(state, ["seat 0: bet 2", "seat 1: raise 3", "seat 2: call", "seat 3: call"])
        legal = state.legal_actions()  # seat 1 went all in for half a bet more
        assert legal is not None and legal.seat == 0 and legal.call_amount == 1
        assert (legal.min_raise_to is not None) == reopened, conventions


def test_all_ins_for_less_that_add_up_to_a_full_raise_reopen() -> None:
    for seat_2, reopened in (("call", False), ("raise 4", True)):
        state = after_the_draw([50, 5, 6, 50], "pokerkit")
        play(state, ["seat 0: bet 2", "seat 1: raise 3", f"seat 2: {seat_2}", "seat 3: call"])
        legal = state.legal_actions()
        assert legal is not None and legal.seat == 0
        assert legal.min_raise_to == (6 if reopened else None), seat_2


def test_the_cap_counts_bets_by_players_under_pokerkit() -> None:
    """max_raises=3: card rooms allow the blind and three raises before the draw, PokerKit
    four bets and raises by players (the blind not counted)."""
    for conventions, raises in (("card-room", 3), ("pokerkit", 4)):
        state = HandState(stacks=[100] * 3, button=0, seed=4, conventions=conventions)  # type: ignore[arg-type]
        made = 0
        while (to := raise_to(state)) is not None:
            state.raise_to(to)
            made += 1
        assert made == raises, conventions
    rules = BettingRules.phh_fixed_limit(2, 4)
    assert (rules.max_raises, rules.cap_heads_up, rules.conventions) == (3, True, "pokerkit")


def test_a_short_big_blind_sets_the_bet_to_call_under_pokerkit() -> None:
    hands = both(stacks=[50, 50, 1], button=0, seed=5)  # the big blind posts 1 of 2
    calls = [legal.call_amount for state in hands if (legal := state.legal_actions())]
    assert calls == [2, 1]


def test_a_seat_with_something_to_play_for_acts_once_under_pokerkit() -> None:
    """The big blind's option after a call all in and a fold: PokerKit still asks it."""
    room, pokerkit = both(stacks=[9, 9, 2], button=2, seed=6)
    for state in (room, pokerkit):
        play(state, ["seat 2: call", "seat 0: fold"])  # seat 2 all in
    assert room.phase == "draw"
    assert pokerkit.phase == "betting" and pokerkit.actor == 1
    assert pokerkit.legal_actions().min_raise_to is None  # type: ignore[union-attr]
    pokerkit.check(1)
    assert pokerkit.phase == "draw"


def test_pickles_carry_the_conventions() -> None:
    state = played_to_a_short_bet("pokerkit")
    again = pickle.loads(pickle.dumps(state))
    assert again.rules.conventions == "pokerkit" and raise_to(again) == 5
    kind, options, start, history = state.__getstate__()
    with pytest.raises(InvalidState, match="options are refused: conventions"):
        HandState.__new__(HandState).__setstate__(
            (kind, (*options[:16], "house", *options[17:]), start, history)  # type: ignore[index]
        )
    # the hand is played again under the pickle's conventions: nothing of it is read as given
    room = HandState.__new__(HandState)
    room.__setstate__((kind, (*options[:16], "card-room", *options[17:]), start, history))  # type: ignore[index]
    assert raise_to(room) == raise_to(played_to_a_short_bet("card-room")) != 5


def test_a_bad_conventions_option_is_named() -> None:
    with pytest.raises(InvalidOption, match="conventions must be one of 'card-room', 'pokerkit'"):
        HandState(conventions="house")  # type: ignore[arg-type]
    with pytest.raises(InvalidOptionType, match=r"conventions must be one of .* not a int"):
        HandState(conventions=1)  # type: ignore[arg-type]
