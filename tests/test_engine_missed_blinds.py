"""Missed blinds (docs/rules.md, "Seats and the button"): a player back from missing the
blinds posts a live big blind, a bet of round 1 as the big blind's, and dead chips into the
main pot, no bet and never returned. Hand-worked hands, the refusals, and the hand through
pickles and PHH. The engine soak plays them too (engine_invariants.random_options)."""

from __future__ import annotations

import importlib.util
import pickle

import pytest
from engine_play import play

from badugi_fast import phh
from badugi_fast.engine import HandState, Table, simulate
from badugi_fast.errors import IllegalAction, InvalidHistory, InvalidOption, InvalidOptionType

STACKS = [100] * 5  # button 0: seat 1 posts the small blind, seat 2 the big blind


def test_posts_small_and_big_blinds_live_big_dead_small() -> None:
    """A room's "posts small & big blinds": the big blind live, the small blind dead."""
    state = HandState(stacks=STACKS, button=0, seed=1, missed_blinds={3: (2, 1)})
    posts = [(a.kind, a.seat, a.amount) for a in state.history if a.kind.startswith("post")]
    assert posts == [
        ("post-blind", 1, 1),
        ("post-blind", 2, 2),
        ("post-dead", 3, 1),
        ("post-blind", 3, 2),
    ]
    assert state.pot == 6 and state.dead_money == 1 and state.contributed == (0, 1, 2, 2, 0)
    legal = state.legal_actions()  # first to act, its big blind in: it may check (its option)
    assert legal is not None and legal.seat == 3 and legal.can_check and not legal.can_fold
    play(state, ["seat 3: raise 4", "seat 4: fold", "seat 0: fold", "seat 1: fold"])
    play(state, ["seat 2: fold"])
    # the 2 nobody called come back; the blinds and its own dead chip are won
    assert state.is_over and state.stacks == (100, 99, 98, 103, 100)


def test_a_dead_blind_is_no_bet() -> None:
    state = HandState(stacks=STACKS, button=0, seed=1, missed_blinds={3: (0, 1)})
    legal = state.legal_actions()
    assert legal is not None and legal.seat == 3 and legal.call_amount == 2
    with pytest.raises(IllegalAction, match="seat 3 cannot check: 2 to call"):
        state.check()


def test_dead_money_is_never_returned_as_an_uncalled_bet() -> None:
    state = HandState(stacks=STACKS, button=0, seed=1, missed_blinds={3: (0, 1), 0: (0, 1)})
    assert state.dead_money == 2 and state.contributed == (0, 1, 2, 0, 0)
    play(state, ["seat 3: fold", "seat 4: fold", "seat 0: fold", "seat 1: fold"])
    assert state.is_over and state.stacks == (99, 99, 103, 99, 100)  # the big blind takes it


def test_dead_chips_are_posted_first_and_for_the_whole_stack_at_most() -> None:
    state = HandState(stacks=[100, 100, 100, 1, 100], button=0, seed=1, missed_blinds={3: (2, 1)})
    posts = [(a.kind, a.seat, a.amount) for a in state.history if a.seat == 3]
    assert posts[0] == ("post-dead", 3, 1) and state.all_in(3)  # no chip left for the live one
    assert "post-blind" not in {kind for kind, _, _ in posts}
    short = HandState(stacks=[100, 100, 100, 2, 100], button=0, seed=1, missed_blinds={3: (2, 1)})
    assert short.contributed[3] == 1 and short.dead_money == 1 and short.all_in(3)


def test_the_big_blinds_seat_may_post_a_dead_small_blind_besides() -> None:
    state = HandState(stacks=STACKS, button=0, seed=1, missed_blinds={2: (0, 1)})
    assert state.pot == 4 and state.contributed[2] == 2 and state.dead_money == 1


@pytest.mark.parametrize(
    ("missed", "error", "message"),
    [
        ({2: (2, 0)}, InvalidOption, "seat 2 posts the big blind; it posts no live blind"),
        ({1: (2, 1)}, InvalidOption, "seat 1 posts the small blind; it posts no live blind"),
        ({3: (3, 0)}, InvalidOption, "seat 3 posts a live 3: it must be the big blind 2, or 0"),
        ({5: (2, 1)}, InvalidOption, "missed_blinds: seat 5 is not a seat of a 5-seat table"),
        ({"3": (2, 1)}, InvalidOptionType, "missed_blinds: seat '3' is not a seat"),
        ({3: (2, -1)}, InvalidOption, r"missed_blinds: seat 3: dead must be 0\.\."),
        ({3: (2.0, 1)}, InvalidOptionType, "missed_blinds: seat 3: live must be an int"),
        ({3: 2}, InvalidOptionType, r"seat 3 must post \(live, dead\), not 2"),
        ([(3, (2, 1))], InvalidOptionType, "missed_blinds must be a dict of seat"),
    ],
)
def test_bad_missed_blinds_are_refused_by_name(
    missed: object, error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        HandState(stacks=STACKS, button=0, missed_blinds=missed)  # type: ignore[arg-type]


def test_no_live_blind_without_a_big_blind() -> None:
    with pytest.raises(InvalidOption, match="it must be 0: the hand has no big blind"):
        HandState(stacks=STACKS, blinds=(0, 0), antes=1, small_bet=2, missed_blinds={3: (2, 0)})
    state = HandState(stacks=STACKS, blinds=(0, 0), antes=1, small_bet=2, missed_blinds={3: (0, 2)})
    assert state.pot == 7 and state.dead_money == 2


def test_tables_and_simulations_refuse_one_hands_option() -> None:
    makers = [
        lambda: Table(STACKS, missed_blinds={3: (2, 1)}),
        lambda: simulate(10, ["random"] * 5, missed_blinds={3: (2, 1)}),
    ]
    if importlib.util.find_spec("numpy") is not None:  # VectorGame needs numpy
        from badugi_fast.vector import VectorGame

        makers.append(lambda: VectorGame(2, stacks=STACKS, missed_blinds={3: (2, 1)}))
    for make in makers:
        with pytest.raises(InvalidOptionType, match="missed_blinds is one hand's option"):
            make()


def test_a_hand_with_missed_blinds_pickles() -> None:
    state = HandState(stacks=STACKS, button=4, seed=2, missed_blinds={2: (2, 1), 0: (0, 3)})
    again = pickle.loads(pickle.dumps(state))
    assert again.missed_blinds == {0: (0, 3), 2: (2, 1)} and again.dead_money == 4
    assert again.history == state.history and again.legal_actions() == state.legal_actions()


def test_a_hand_with_missed_blinds_round_trips_through_phh() -> None:
    """``_missed_blinds`` carries them, one [live, dead] pair per player (p1 left of the
    button), under the hand's X code."""
    state = HandState(stacks=STACKS, button=2, seed=3, missed_blinds={0: (2, 1), 2: (0, 1)})
    while not state.is_over:
        legal = state.legal_actions()
        assert legal is not None
        state.stand_pat() if legal.can_draw else state.check_or_call()
    history = phh.from_state(state)
    assert history.variant == "XFB"
    # players p1..p5 are seats 3, 4, 0, 1, 2
    assert history.user_fields["_missed_blinds"] == [[0, 0], [0, 0], [2, 1], [0, 0], [0, 1]]
    assert history.starting_stacks == (100,) * 5
    again = phh.replay(phh.loads(phh.dumps(history)))
    assert again.missed_blinds == state.missed_blinds  # each on its own seat again
    assert again.stacks == state.stacks
    assert phh.from_state(again) == history
    wrong = phh.HandHistory(**{**vars(history), "user_fields": {"_missed_blinds": [[2, 1]]}})
    with pytest.raises(InvalidHistory, match="'_missed_blinds': expected one"):
        phh.replay(wrong)
