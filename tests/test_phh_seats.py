"""Seats and names through PHH (issue 28 item 2): ``from_state`` takes names by engine
seat, writes PHH's ``seats``, and the replay puts every player back on its seat with the
button where it was, at every table size with the button on every seat."""

from __future__ import annotations

import random
from pathlib import Path

import pytest
from test_phh_replay import GOOD

from badugi_fast import phh
from badugi_fast.cli import main
from badugi_fast.engine import Action, HandState
from badugi_fast.errors import InvalidHistory, InvalidOption, InvalidOptionType

NAMES = ("Ann", "Bob", "Cy", "Di", "Ed", "Flo", "Gus", "Hal")


def played(n: int, button: int, seed: int) -> HandState:
    """A random hand of ``n`` seats (stacks all different) with the button on ``button``."""
    rng = random.Random(seed)
    stacks = [40 + 7 * seat for seat in range(n)]
    state = HandState("deuce-seven-triple-draw", "no-limit", stacks, button, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal is not None
        if legal.max_discards is not None:
            state.draw(rng.sample(state.hole_cards(legal.seat), rng.randint(0, 2)))
        elif legal.min_raise_to is not None and rng.random() < 0.2:
            state.raise_to(legal.min_raise_to)
        elif legal.can_fold and rng.random() < 0.1:
            state.fold()
        else:
            state.check_or_call()
    return state


def dealt_and_played(state: HandState) -> list[Action]:
    """The record but for burns and reshuffles (the replay's dealer burns unknown cards)."""
    return [record for record in state.history if record.kind not in ("burn", "reshuffle")]


@pytest.mark.parametrize("n", range(2, 9))
def test_names_and_seats_survive_a_round_trip_with_the_button_on_every_seat(n: int) -> None:
    for button in range(n):
        state = played(n, button, seed=10 * n + button)
        names = list(NAMES[:n])
        history = phh.from_state(state, players=names)
        for player, seat in enumerate((button + 1 + step) % n for step in range(n)):
            assert history.players is not None and history.players[player] == names[seat]
            assert history.seats is not None and history.seats[player] == seat + 1
            assert history.starting_stacks[player] == 40 + 7 * seat
        assert phh.from_state(state, players=dict(enumerate(names))) == history
        replayed = phh.replay(phh.loads(phh.dumps(history)))
        assert replayed.button == button and replayed.stacks == state.stacks
        assert dealt_and_played(replayed) == dealt_and_played(state)  # every seat its own
        assert phh.from_state(replayed, players=names) == history


def test_the_issues_hand_keeps_its_names_on_their_seats() -> None:
    state = HandState("badugi", "fixed-limit", [150, 80, 200, 40], button=1, seed=3)
    history = phh.from_state(state, players=["A", "B", "C", "D"])
    assert history.players == ("C", "D", "A", "B") and history.seats == (3, 4, 1, 2)
    assert history.starting_stacks == (200, 40, 150, 80)
    assert phh.replay(history).stacks == state.stacks  # the blinds posted on the same seats
    assert phh.replay(history).contributed == state.contributed


def test_seats_with_gaps_take_the_engine_seats_of_their_ranks() -> None:
    """A room's table of nine with players on seats 5, 8 and 3 (the button): engine seats
    1, 2 and 0. Error messages still name the players as the history does."""
    seated = phh.loads(GOOD + "seats = [5, 8, 3]\nseat_count = 9\n")
    state = phh.replay(seated)
    assert state.button == 0 and state.stacks == (100, 104, 96)
    assert phh.from_state(state).starting_stacks == seated.starting_stacks
    out_of_turn = phh.loads(GOOD.replace('"p3 f"', '"p1 f"') + "seats = [5, 8, 3]\n")
    with pytest.raises(InvalidHistory, match=r"p1 acts out of turn: p3 is to act"):
        phh.replay(out_of_turn)


@pytest.mark.parametrize(
    ("seats", "message"),
    [
        ("[5, 3, 8]", r"'seats': \[5, 3, 8\] is not clockwise from p1"),
        ("[5, 5, 3]", r"'seats': \[5, 5, 3\] are not 3 different seats"),
        ("[0, 1, 2]", r"'seats': \[0, 1, 2\] are not 3 different seats from 1"),
        ("[5, 8, 3]\nseat_count = 6", r"'seats': seat 8 at a table of 6 seats"),
        ("[1, 2, 3]\nseat_count = 2", r"'seat_count': 2 seats for 3 players"),
    ],
)
def test_seats_no_table_could_have_are_refused(seats: str, message: str) -> None:
    with pytest.raises(InvalidHistory, match=message):
        phh.replay(phh.loads(GOOD + f"seats = {seats}\n"))


def test_names_by_seat_are_checked() -> None:
    state = HandState("badugi", "fixed-limit", [150, 80, 200], button=1, seed=3)
    with pytest.raises(InvalidOption, match=r"players names no value for seat 2 of 3"):
        phh.from_state(state, players={0: "A", 1: "B"})
    with pytest.raises(InvalidOption, match=r"players: seat 3 is not a seat of a 3-seat"):
        phh.from_state(state, players={0: "A", 1: "B", 2: "C", 3: "D"})
    with pytest.raises(InvalidOption, match=r"players has 2 entries for the hand's 3 seats"):
        phh.from_state(state, players=["A", "B"])
    with pytest.raises(InvalidOptionType, match=r"players must be a list by engine seat"):
        phh.from_state(state, players="ABC")
    with pytest.raises(InvalidOption, match=r"seats must be different seat numbers rising"):
        phh.from_state(state, seats=[3, 1, 2])
    history = phh.from_state(state, seats=[2, 4, 7], winnings={0: 0, 1: 3, 2: 0})
    assert history.seats == (7, 2, 4) and history.winnings == (0, 0, 3)
    assert phh.replay(history).button == 1


def test_badugi_replay_names_each_seat_as_the_history_does(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "seated.phh"
    path.write_text(GOOD + 'seats = [5, 8, 3]\nplayers = ["Ann", "Bob", "Cy"]\n')
    assert main(["replay", str(path)]) == 0
    out = capsys.readouterr().out
    assert "p3 (Cy) folds" in out and "p1 (Ann) shows 2c 3h 4d 5s" in out
    assert out.splitlines()[-1] == "  stacks: p1 (Ann) 104, p2 (Bob) 96, p3 (Cy) 100"


def test_seats_that_the_seat_count_given_contradicts_are_refused() -> None:
    """from_state wrote a history its own replay refuses: four players at a table of 3."""
    state = HandState("badugi", "fixed-limit", [150, 80, 200, 40], button=1, seed=3)
    with pytest.raises(InvalidHistory, match=r"'seat_count': 3 seats for 4 players"):
        phh.from_state(state, seat_count=3)
    with pytest.raises(InvalidHistory, match=r"'seats': seat 9 at a table of 6 seats"):
        phh.from_state(state, seats=[2, 4, 6, 9], seat_count=6)
    assert (
        phh.replay(phh.from_state(state, seats=[2, 4, 6, 9], seat_count=9)).stacks == state.stacks
    )


@pytest.mark.parametrize("count", [-1, 0, 2])
def test_a_table_of_fewer_seats_than_players_is_refused(count: int) -> None:
    """Without a seats field, seat_count = -1 with three players replayed without a word."""
    with pytest.raises(InvalidHistory, match=f"'seat_count': {count} seats for 3 players"):
        phh.replay(phh.loads(GOOD + f"seat_count = {count}\n"))
