"""Hand-worked fixed-limit hands (docs/rules.md, "How a hand is played").

Blinds and action order (heads-up too), the cap of a bet and three raises (none heads-up,
or capped when configured), the half-bet rule for all-ins, an all-in blind, folding to
the big blind, and illegal actions that name the reason and change nothing.
"""

from __future__ import annotations

import pytest
from engine_play import play, stacked_deck

from badugi_fast import Seat, settle
from badugi_fast.cards import parse_cards
from badugi_fast.engine import HandState
from badugi_fast.errors import IllegalAction


def test_heads_up_button_posts_small_blind_acts_first_then_last() -> None:
    deck = stacked_deck(2, 0, {1: "As 2h 3d 4c", 0: "Ks Qh Jd Tc"}, then="9s 5s")
    state = HandState(stacks=[100, 100], button=0, deck=deck, seed=1)
    kinds = [(a.kind, a.seat, a.amount) for a in state.history[:2]]
    assert kinds == [("post-blind", 0, 1), ("post-blind", 1, 2)]
    assert state.history[2].seat == 1  # the big blind is dealt first, the button last
    assert state.hole_cards(1) == parse_cards("As 2h 3d 4c")
    assert state.actor == 0
    play(state, ["seat 0: call", "seat 1: check"])
    assert (state.phase, state.street, state.actor) == ("draw", 1, 1)
    play(state, ["seat 1: stand pat", "seat 0: draw Ks"])
    burn, replacement = state.history[-2:]
    assert (burn.kind, burn.cards) == ("burn", parse_cards("9s"))
    assert (replacement.seat, replacement.cards) == (0, parse_cards("5s"))
    assert (state.phase, state.street, state.actor) == ("betting", 1, 1)  # button acts last
    play(state, ["seat 1: bet 2", "seat 0: call"])
    assert state.actor == 1 and state.street == 2


def test_order_of_action_multiway() -> None:
    state = HandState(stacks=[100] * 5, button=3, seed=2)
    assert [a.seat for a in state.history if a.kind == "post-blind"] == [4, 0]
    assert state.actor == 1  # left of the big blind
    play(state, ["call", "call", "call", "call", "check"])  # seats 1, 2, 3, 4 and the BB
    assert state.phase == "draw" and state.actor == 4  # first live seat left of the button
    for _ in range(5):
        state.stand_pat()
    assert state.actor == 4


def test_cap_is_a_bet_and_three_raises_multiway() -> None:
    state = HandState(stacks=[100] * 3, button=0, seed=3)
    play(state, ["seat 0: raise 4", "seat 1: raise 6", "seat 2: raise 8"])
    legal = state.legal_actions()
    assert legal is not None and legal.call_amount == 4 and legal.min_raise_to is None
    with pytest.raises(IllegalAction, match="cannot bet or raise"):
        state.raise_to(10)
    play(state, ["call", "call"])
    play(state, ["stand pat"] * 3)
    play(state, ["seat 1: bet 2", "seat 2: raise 4", "seat 0: raise 6", "seat 1: raise 8"])
    assert state.legal_actions().max_raise_to is None  # type: ignore[union-attr]


def test_no_cap_heads_up_by_default() -> None:
    state = HandState(stacks=[100] * 2, button=0, seed=4)
    play(state, [f"raise {to}" for to in range(4, 22, 2)])  # nine raises after the blind
    assert state.bets == (20, 18) and state.legal_actions().min_raise_to == 22  # type: ignore[union-attr]


def test_cap_is_lifted_when_two_players_remain() -> None:
    state = HandState(stacks=[100] * 3, button=0, seed=5)
    play(state, ["seat 0: fold", "seat 1: raise 4", "seat 2: raise 6", "raise 8", "raise 10"])
    assert state.bets == (0, 8, 10)


def test_capped_heads_up_when_configured() -> None:
    state = HandState(stacks=[100] * 2, button=0, seed=6, max_raises=4, cap_heads_up=True)
    play(state, ["raise 4", "raise 6", "raise 8", "raise 10"])
    assert state.legal_actions().min_raise_to is None  # type: ignore[union-attr]
    assert not state.can_raise_to(12)


def test_everyone_folds_to_the_big_blind() -> None:
    state = HandState(stacks=[50] * 4, button=0, seed=7)
    play(state, ["seat 3: fold", "seat 0: fold", "seat 1: fold"])
    assert state.is_over and state.phase == "over" and state.actor is None
    assert state.stacks == (50, 49, 51, 50)
    assert state.result == settle([Seat(0, True), Seat(1, True), Seat(2), Seat(0, True)])
    assert [a.kind for a in state.history[-1:]] == ["win"]


def test_all_in_big_blind_is_called_for_the_full_blind() -> None:
    deck = stacked_deck(
        3, 0, {1: "Ks Qh Jd Tc", 2: "As 2h 3d 4c", 0: "5s 6h 7d 8c"}, then="9s 9h 9d"
    )
    state = HandState(stacks=[20, 20, 1], button=0, deck=deck, seed=8)
    assert state.contributed == (0, 1, 1) and state.all_in(2)
    legal = state.legal_actions()
    assert legal is not None and legal.call_amount == 2 and legal.min_raise_to == 4
    play(state, ["seat 0: call", "seat 1: call"])
    assert state.phase == "draw" and state.actor == 1
    play(state, ["stand pat"] * 3)  # the all-in big blind draws too
    play(state, ["seat 1: check", "seat 0: check"])
    play(state, ["stand pat"] * 3)
    play(state, ["check", "check"])
    play(state, ["stand pat"] * 3)
    play(state, ["check", "check"])
    result = state.result
    assert result is not None and [pot.amount for pot in result.pots] == [3, 2]
    assert result.payouts == (2, 0, 3)  # the BB's wheel wins the main pot; 8-high the side
    assert state.stacks == (20, 18, 3)


def test_all_in_for_half_a_bet_reopens_the_betting() -> None:
    state = HandState(stacks=[50, 3, 50], button=0, seed=9)
    play(state, ["seat 0: call", "seat 1: raise 3"])  # all in: one more than 2, half a bet
    play(state, ["seat 2: call"])
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.min_raise_to == 5


def test_all_in_for_less_than_half_a_bet_does_not_reopen() -> None:
    state = HandState(stacks=[50, 5, 50], button=0, blinds=(2, 4), seed=10)
    play(state, ["seat 0: call", "seat 1: raise 5"])  # all in: one more than 4
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 2 and legal.min_raise_to == 8  # completes
    play(state, ["seat 2: call"])
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 0 and legal.call_amount == 1
    assert legal.min_raise_to is None


def test_illegal_actions_say_why_and_change_nothing() -> None:
    deck = stacked_deck(3, 0, {1: "Ks Qh Jd Tc", 2: "As 2h 3d 4c", 0: "5s 6h 7d 8c"})
    state = HandState(stacks=[100] * 3, button=0, deck=deck, seed=11)
    before = state.copy()
    for step, message in [
        ("seat 1: call", "seat 1 is not to act"),
        ("raise 5", "raise to 5 is above the maximum 4"),
        ("raise 3", "raise to 3 is below the minimum 4"),
        ("check", "cannot check: 2 to call"),
        ("draw 5s", "no draw action now"),
        ("deal 1 9s", "no cards to deal"),
    ]:
        with pytest.raises(IllegalAction, match=message):
            state.apply(step)
        assert state.history == before.history and state.stacks == before.stacks
        assert state.actor == before.actor and state.legal_actions() == before.legal_actions()
    play(state, ["call", "call", "check"])
    with pytest.raises(IllegalAction, match="cannot discard Kd: not in seat 1's hand"):
        state.draw("Kd")
    with pytest.raises(IllegalAction, match="repeated card Ks"):
        state.draw(["Ks", "Ks"])
    assert state.hole_cards(1) == parse_cards("Ks Qh Jd Tc")


def test_short_big_blind_heads_up_gets_the_uncalled_chip_back_to_the_button() -> None:
    state = HandState(stacks=[100, 1], button=0, seed=12)
    legal = state.legal_actions()
    assert legal is not None and legal.call_amount == 1 and legal.min_raise_to is None
    play(state, ["call"] + ["stand pat"] * 6)
    result = state.result
    assert result is not None and result.contributed == (2, 1) and result.returned == (1, 0)
    assert sum(state.stacks) == 101


def test_small_blind_all_in_leaves_nobody_to_bet() -> None:
    state = HandState(stacks=[1, 100], button=0, seed=13)
    assert state.phase == "draw" and state.actor == 1  # the big blind draws first
    play(state, ["stand pat"] * 6)
    assert state.is_over and sum(state.stacks) == 101
