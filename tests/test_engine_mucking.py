"""Showing or mucking at the showdown (``mucking=True``), and the settings a hand exposes
(docs/rules.md, "How a hand is played", "Showdown")."""

from __future__ import annotations

import pytest
from engine_play import play, stacked_deck

from badugi_fast.cards import parse_cards
from badugi_fast.engine import HandState
from badugi_fast.errors import IllegalAction, InvalidOptionType

# seat 2 holds the best hand, seat 0 the second best, seat 1 the worst
HANDS = {1: "Ks Kh Kd Kc", 2: "As 2h 3d 4c", 0: "5s 6h 7d 8c"}
CHECK_DOWN = ["call", "call", "check"] + ["stand pat"] * 3 + ["bet 2", "call", "call"]
CHECK_DOWN += ["stand pat"] * 3 + ["check"] * 3 + ["stand pat"] * 3 + ["check"] * 3


def at_showdown(mucking: bool = True, stacks: tuple[int, ...] = (100, 100, 100)) -> HandState:
    """Three seats (button 0) check it down after seat 1 bets in round 2."""
    deck = stacked_deck(3, 0, HANDS)
    state = HandState(stacks=list(stacks), button=0, deck=deck, seed=1, mucking=mucking)
    play(state, CHECK_DOWN)
    return state


def test_without_mucking_every_live_hand_shows() -> None:
    state = at_showdown(mucking=False)
    assert state.is_over and not state.mucking and state.to_show is None
    assert [(a.kind, a.seat) for a in state.history[-4:]] == [
        ("show", 1),  # no bet in round 4: the first live seat left of the button
        ("show", 2),
        ("show", 0),
        ("win", 2),
    ]


def test_each_live_seat_shows_or_mucks_in_the_showdown_order() -> None:
    state = at_showdown()
    assert state.phase == "showdown" and not state.is_over and state.mucking
    assert state.to_show == 1 and state.actor is None and state.legal_actions() is None
    assert state.show(1).cards == parse_cards(HANDS[1])
    assert state.to_show == 2
    muck = state.muck()
    assert (muck.kind, muck.seat, muck.cards) == ("muck", 2, ())
    assert state.folded(2) and state.hole_cards(2) == () and state.to_show == 0
    state.apply("show")
    # seat 2's winning hand is in the muck: seat 0 beats seat 1; seat 2's chips stay in
    assert state.is_over and state.stacks == (108, 96, 96)
    assert state.result is not None and state.result.folded == (False, False, True)


def test_the_last_seat_left_must_show_to_take_the_pot() -> None:
    state = at_showdown()
    play(state, ["muck", "seat 2: muck"])
    assert state.to_show == 0 and not state.can_muck()
    with pytest.raises(IllegalAction, match="seat 0 cannot muck: it alone still claims the pot"):
        state.muck()
    state.show()
    assert state.is_over and state.stacks == (108, 96, 96)
    assert [a.kind for a in state.history[-4:]] == ["muck", "muck", "show", "win"]


def test_showing_everything_pays_as_without_mucking() -> None:
    state = at_showdown()
    play(state, ["show"] * 3)
    assert state.stacks == at_showdown(mucking=False).stacks == (96, 96, 108)


def test_a_decision_out_of_turn_or_outside_the_showdown_is_refused() -> None:
    state = at_showdown()
    with pytest.raises(IllegalAction, match=r"seat 0 is not to show or muck \(seat 1 is\)"):
        state.show(0)
    assert not state.can_muck(2) and state.can_show(1) and state.can_muck(1)
    assert not state.can_show(True) and not state.can_show("1")  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="no betting action now: the phase is showdown"):
        state.check()
    before = state.history
    clone = state.copy()
    play(clone, ["show", "show", "show"])
    assert state.history == before and state.to_show == 1
    with pytest.raises(IllegalAction, match="no show or muck now: the hand is over"):
        clone.muck()
    fresh = HandState(stacks=[100] * 3, seed=1, mucking=True)
    with pytest.raises(IllegalAction, match="no show or muck now: the phase is betting"):
        fresh.show()


def test_the_last_claimant_of_a_side_pot_may_not_muck() -> None:
    """Seat 0 is all in for 3; seats 1 and 2 play a side pot. Once seat 1 mucks, seat 2
    alone claims the side pot: it must show (and wins the side pot whatever it holds)."""
    state = HandState(
        stacks=[3, 100, 100], button=0, deck=stacked_deck(3, 0, HANDS), seed=1, mucking=True
    )
    play(state, ["call", "call", "check"] + ["stand pat"] * 3 + ["bet 2", "call", "call"])
    play(state, ["stand pat"] * 3 + ["check"] * 2 + ["stand pat"] * 3 + ["check"] * 2)
    assert state.contributed == (3, 4, 4) and state.to_show == 1
    state.muck()
    assert not state.can_muck()
    with pytest.raises(IllegalAction, match="seat 2 cannot muck: it alone still claims a side"):
        state.muck()
    state.show()
    assert state.to_show == 0
    state.muck()  # seat 0 gives up the main pot: seat 2 takes both
    assert state.stacks == (0, 96, 107)


def test_mucking_must_be_a_bool() -> None:
    with pytest.raises(InvalidOptionType, match="mucking must be True or False, not 'yes'"):
        HandState(stacks=[100] * 3, mucking="yes")  # type: ignore[arg-type]


def test_a_hand_exposes_its_forced_bets_and_settlement_options() -> None:
    state = HandState(
        "badeucey",
        stacks=[1, 100, 100],
        button=2,
        blinds=(2, 4),
        antes=1,
        badeucey_aces_low=True,
        odd_unit_to="low",
        qualifier="Ks Qh Jd Tc",
    )
    assert state.blinds == (2, 4) and state.antes == 1 and state.contributed[0] == 1
    assert state.badeucey_aces_low and state.odd_unit_to == "low"
    assert state.qualifier == "Ks Qh Jd Tc" and not state.mucking
    plain = HandState(stacks=[100] * 2)
    assert (plain.blinds, plain.antes, plain.badeucey_aces_low) == ((1, 2), 0, False)
    assert (plain.odd_unit_to, plain.qualifier) == ("badugi", None)
