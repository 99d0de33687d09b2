"""Running it twice (docs/rules.md, "Running it twice"): when nobody can bet any more before a
draw, the draws left are played ``runs`` times, each run from the stub the last one left,
for its share of each pot. The rules' example, odd chips, uncalled chips, when a hand splits
and when it does not, the refusals, pickles, the rake and PHH. The engine soak plays random hands
run two and three times against settle() run by run (engine_invariants.play_checked)."""

from __future__ import annotations

import pickle
import random
from pathlib import Path

import pytest
from engine_invariants import play_checked, random_options

from badugi_fast import format_settlement, phh
from badugi_fast.cli import main
from badugi_fast.engine import BOTS, HandState, Table
from badugi_fast.engine.rake import raked_payouts
from badugi_fast.errors import (
    IllegalAction,
    InvalidHistory,
    InvalidOption,
    InvalidOptionType,
    InvalidState,
)
from badugi_fast.games import game_rule

SEAT_1 = "2c 3d 4h 7s Kd"  # heads up, button 0: seat 1 is dealt first
SEAT_0 = "2d 3c 5h 8s Kh"
STUB = "Js 6c 9c Jh 4c 7d"  # run 1: burn, seat 1, seat 0; run 2 the same


def all_in(
    stacks: tuple[int, int] = (100, 100), runs: int = 2, more: str = "", **options: object
) -> HandState:
    """No-limit 2-7 single draw heads-up, the rules' deal (``more`` cards after its stub),
    both players all in before the draw: the hand split into ``runs`` runs."""
    dealt = [card for pair in zip(SEAT_1.split(), SEAT_0.split(), strict=True) for card in pair]
    state = HandState(
        game="deuce-seven-single-draw",
        betting="no-limit",
        stacks=stacks,
        button=0,
        runs=runs,
        deck=" ".join([*dealt, STUB, more]).strip(),
        **options,  # type: ignore[arg-type]
    )
    state.raise_to(max(stacks))
    state.call()
    return state


def rules_example(stacks: tuple[int, int] = (100, 100), **options: object) -> HandState:
    """The rules' example: no-limit 2-7 single draw, both all in before the draw, run twice,
    each player throwing its king in both runs."""
    state = all_in(stacks, **options)
    assert state.run == 1 and state.phase == "draw"
    for _ in range(2):
        state.draw(["Kd"])
        state.draw(["Kh"])
    return state


def test_the_rules_example() -> None:
    state = rules_example()
    steps = [(a.kind, a.seat, a.amount, " ".join(map(str, a.cards))) for a in state.history]
    assert steps[6:] == [
        ("run", None, 1, ""),
        ("discard", 1, None, "Kd"),
        ("discard", 0, None, "Kh"),
        ("burn", None, None, "Js"),
        ("deal", 1, None, "6c"),
        ("deal", 0, None, "9c"),
        ("show", 1, None, "2c 3d 4h 7s 6c"),
        ("show", 0, None, "2d 3c 5h 8s 9c"),
        ("run", None, 2, ""),  # both pick up the hands they held: the kings again
        ("discard", 1, None, "Kd"),
        ("discard", 0, None, "Kh"),
        ("burn", None, None, "Jh"),
        ("deal", 1, None, "4c"),
        ("deal", 0, None, "7d"),
        ("show", 1, None, "2c 3d 4h 7s 4c"),
        ("show", 0, None, "2d 3c 5h 8s 7d"),
        ("win", 0, 100, ""),
        ("win", 1, 100, ""),
    ]
    assert state.is_over and state.stacks == (100, 100)
    assert [run.payouts for run in state.run_results] == [(0, 100), (100, 0)]
    result = state.result
    assert result is not None and result.payouts == (100, 100) and result.net == (0, 0)
    assert [pot.amount for pot in result.pots] == [100, 100]
    # run 1's hands went to the muck but for the cards held at the split, picked up again
    # (the kings were thrown again in run 2); run 2's hands stay with the players
    places = {place: sorted(map(str, cards)) for place, cards in state.cards_in_play().items()}
    assert places["muck"] == ["6c", "9c", "Kd", "Kh"] and places["burns"] == ["Jh", "Js"]


def test_the_odd_chip_of_a_pot_goes_to_the_first_run() -> None:
    state = rules_example(dead_money=1)  # a pot of 201: 101 in run 1, 100 in run 2
    assert [run.payouts for run in state.run_results] == [(0, 101), (100, 0)]
    assert state.stacks == (100, 101)


def test_uncalled_chips_come_back_once_whole() -> None:
    state = all_in((150, 100), runs=3, more="Qs Qd Qc")  # all in for 100: 50 come back
    for _ in range(3):
        state.stand_pat()
        state.stand_pat()
    result = state.result
    assert result is not None and result.returned == (50, 0)
    # a pot of 200 run three times: 67, 67, 66, each to the 7-5 low... of seat 1 (Kd kept:
    # both stand pat on king-high, and seat 1's K-7 beats seat 0's K-8)
    assert [run.payouts for run in state.run_results] == [(0, 67), (0, 67), (0, 66)]
    assert state.stacks == (50, 200)


def test_the_hand_splits_only_when_nobody_can_bet() -> None:
    """Two seats with chips behind an all-in keep betting through the draws: no split."""
    state = HandState(betting="no-limit", stacks=(200, 200, 10), button=2, runs=2, seed=4)
    state.raise_to(10)  # seat 2, the button, all in
    state.call()
    state.call()
    assert state.phase == "draw" and state.run == 0
    while not state.is_over:
        if state.phase == "draw":
            state.stand_pat()
        else:
            state.check()
    assert state.run == 0 and not state.run_results
    assert not [a for a in state.history if a.kind == "run"]


def test_all_in_after_the_last_draw_is_no_split() -> None:
    state = HandState(game="deuce-seven-single-draw", betting="no-limit", runs=4, seed=2)
    for _ in range(6):
        state.check_or_call()
    while state.phase == "draw":
        state.stand_pat()
    state.raise_to(state.legal_actions().max_raise_to)  # type: ignore[union-attr,arg-type]
    while not state.is_over:
        state.call()
    assert state.run == 0 and not state.run_results


def test_with_mucking_a_seat_that_mucks_a_run_gives_up_that_run_alone() -> None:
    """With mucking, each run's showdown is decided: the big blind mucks run 1's winning
    7-6-4-3-2, so the button takes run 1's 100 (the last claimant may not muck), then the
    big blind picks up its split hand again and shows run 2's pair of fours."""
    state = all_in(mucking=True)
    state.draw(["Kd"])
    state.draw(["Kh"])
    assert state.phase == "showdown" and state.to_show == 1
    state.muck()
    with pytest.raises(IllegalAction, match="alone still claims the pot"):
        state.muck()
    state.show()
    assert state.run == 2 and "Kd" in map(str, state.hole_cards(1))
    state.draw(["Kd"])
    state.draw(["Kh"])
    state.show()
    state.show()
    assert [run.payouts for run in state.run_results] == [(100, 0), (100, 0)]
    assert state.run_results[0].folded == (False, True) and state.run_results[0].hands[1] is None
    assert state.stacks == (200, 0)


def test_a_split_hand_refuses_bets() -> None:
    state = all_in()
    with pytest.raises(IllegalAction, match="no betting action now"):
        state.raise_to(5)


@pytest.mark.parametrize(("runs", "error"), [(0, InvalidOption), (5, InvalidOption)])
def test_a_bad_runs_option_is_named(runs: object, error: type[Exception]) -> None:
    with pytest.raises(error, match=r"runs must be 1\.\.4"):
        HandState(runs=runs)  # type: ignore[arg-type]


@pytest.mark.parametrize("runs", ["2", 2.0, True])
def test_a_runs_option_of_a_wrong_type_is_named(runs: object) -> None:
    with pytest.raises(InvalidOptionType, match="runs must be an int"):
        HandState(runs=runs)  # type: ignore[arg-type]


def test_a_pickled_hand_between_runs_plays_on_the_same() -> None:
    state = all_in()
    state.draw(["Kd"])
    state.draw(["Kh"])
    assert state.run == 2
    again = pickle.loads(pickle.dumps(state))
    assert again.run == 2 and again.history == state.history
    for hand in (state, again):
        hand.draw(["Kd"])
        hand.draw(["Kh"])
    assert again.history == state.history and again.run_results == state.run_results
    kind, options, start, history = state.__getstate__()
    assert type(history) is list
    split = max(at for at, step in enumerate(history) if step[0] == "run")
    once = (*options[:18], 1, *options[19:])  # runs: 1  # type: ignore[index]
    for forged in ((kind, options, start, history[:split] + history[split + 1 :]),
                   (kind, once, start, history)):  # fmt: skip
        with pytest.raises(InvalidState, match="history is not the one the rules play"):
            HandState.__new__(HandState).__setstate__(forged)


def test_the_rake_of_a_split_hand_is_shared_between_its_runs() -> None:
    state = rules_example()
    assert raked_payouts(state, 0) == (100, 100)
    assert raked_payouts(state, 9) == (96, 95)  # 5 out of run 1's pot, 4 out of run 2's
    with pytest.raises(InvalidOption, match="one total, not one per pot"):
        raked_payouts(state, [1, 1])


def test_the_uncalled_chips_of_a_split_hand_come_back_whole_with_or_without_rake() -> None:
    """The rules' example with seat 0 all in for 150 over seat 1's 100: its 50 uncalled come
    back once, outside the runs' pots, raked or not."""
    state = rules_example(stacks=(150, 100))
    assert state.result is not None and state.result.returned == (50, 0)
    assert raked_payouts(state, 0) == state.result.payouts == (150, 100)
    assert raked_payouts(state, 9) == (146, 95)  # 5 out of run 1's pot, 4 out of run 2's


def test_the_settlement_report_names_each_runs_share_as_its_run() -> None:
    """Run 2's part of the pot is run 2's main pot, not a side pot of the hand, and a run's
    own settlement holds its share of the pots, not dead money carried in."""
    state = rules_example()
    assert state.result is not None
    text = format_settlement(state.result, runs=state.run)
    assert "run 1 main pot 100" in text and "run 2 main pot 100" in text
    assert "side pot" not in text
    alone = format_settlement(state.run_results[1], run=2)
    assert "run 2's share of the pots: 100" in alone and "run 2 main pot 100" in alone
    assert "dead money" not in alone
    with pytest.raises(InvalidOption, match="is not 3 runs'"):
        format_settlement(state.result, runs=3)
    with pytest.raises(InvalidOptionType, match="runs must be an int"):
        format_settlement(state.result, runs="2")  # type: ignore[arg-type]


def test_a_table_runs_its_hands_twice() -> None:
    table = Table([20, 20, 20], game="deuce-seven-single-draw", betting="no-limit", runs=2, seed=3)
    hands = table.play(30, [BOTS["calling-station"](0), BOTS["random"](1), BOTS["random"](2)])
    assert any(hand.run == 2 for hand in hands) and sum(table.stacks) + table.carried == 60


def test_the_rules_example_round_trips_through_phh() -> None:
    """``_runs`` and ``_run_starts`` (the line each run begins on) carry it, under the X
    code; each run's ``sm`` lines are checked against that run's shown hands."""
    state = rules_example()
    history = phh.from_state(state)
    assert history.variant == "XN2L1D"
    assert history.user_fields["_runs"] == 2 and history.user_fields["_run_starts"] == [4, 10]
    assert history.actions[4:] == (
        "p1 sd Kd",
        "p2 sd Kh",
        "d dh p1 6c",
        "d dh p2 9c",
        "p1 sm 2c3d4h7s6c",
        "p2 sm 2d3c5h8s9c",
        "p1 sd Kd",
        "p2 sd Kh",
        "d dh p1 4c",
        "d dh p2 7d",
        "p1 sm 2c3d4h7s4c",
        "p2 sm 2d3c5h8s7d",
    )
    again = phh.replay(phh.loads(phh.dumps(history)))
    assert again.stacks == state.stacks and again.run_results == state.run_results
    assert phh.from_state(again) == history


def _with(history: phh.HandHistory, **changes: object) -> phh.HandHistory:
    return phh.HandHistory(**{**vars(history), **changes})


def test_a_history_whose_runs_do_not_match_the_hand_is_refused() -> None:
    history = phh.from_state(rules_example())
    fields = history.user_fields
    misplaced = (([5, 10], "action 4 .*puts this line in no run"), ([4, 9], "action 9 .*run 2"))
    for starts, named in misplaced:
        with pytest.raises(InvalidHistory, match=named):
            phh.replay(_with(history, user_fields={**fields, "_run_starts": starts}))
    with pytest.raises(InvalidHistory, match="'_run_starts': expected rising"):
        phh.replay(_with(history, user_fields={**fields, "_run_starts": [10, 4]}))
    with pytest.raises(InvalidHistory, match=r"runs must be 1\.\.4, not 9"):
        phh.replay(_with(history, user_fields={**fields, "_runs": 9}))
    once = {key: value for key, value in fields.items() if key != "_runs"}
    with pytest.raises(InvalidHistory, match="the hand is not split"):
        phh.replay(_with(history, user_fields=once))
    actions = list(history.actions)
    actions[8] = "p1 sm 2c3d4h7s4c"  # run 2's hand shown in run 1
    with pytest.raises(InvalidHistory, match="shows 4c, which p1 does not hold in run 1"):
        phh.replay(_with(history, actions=tuple(actions)))
    actions[8:10] = ["p1 sm", "p2 sm 2d3c5h8s9c"]  # p1 mucks run 1's winner: p2 takes it
    mucked = phh.replay(_with(history, actions=tuple(actions), finishing_stacks=None))
    assert [run.payouts for run in mucked.run_results] == [(100, 0), (100, 0)]  # by seat
    actions[8:10] = ["p1 sm 2c3d4h7s6c", "p1 sm"]
    with pytest.raises(InvalidHistory, match="p1 mucks in run 1, after showing its hand"):
        phh.replay(_with(history, actions=tuple(actions)))


@pytest.mark.parametrize("seed", range(6))
def test_random_hands_run_more_than_once_round_trip_through_phh(seed: int) -> None:
    rng = random.Random(seed)
    split = 0
    while split < 3:
        options = {**random_options(rng), "runs": rng.choice([2, 3]), "mucking": False}
        if not game_rule(options["game"]).is_full:  # PHH has no small games
            continue
        state = play_checked(options, rng, probe=False)
        if not state.run:
            continue
        split += 1
        again = phh.replay(phh.loads(phh.dumps(phh.from_state(state))))
        assert again.stacks == state.stacks and again.run_results == state.run_results


def test_badugi_replay_prints_each_run_with_its_draws(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """All in after the first of three draws: each run plays draws 2 and 3."""
    state = HandState(betting="no-limit", stacks=(50, 50), button=0, runs=2, seed=11)
    state.check_or_call()
    state.check_or_call()
    state.stand_pat()
    state.stand_pat()
    state.raise_to(48)
    state.call()
    while not state.is_over:
        state.stand_pat()
    path = tmp_path / "runs.phh"
    path.write_text(phh.dumps(phh.from_state(state)))
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    labels = [line.split(":")[0].strip() for line in lines[1:]]
    run = ["draw 2", "draw 3", "showdown"]
    assert labels == [
        "deal",
        "betting round 1",
        "draw 1",
        "betting round 2",
        "run 1",
        *run,
        "run 2",
        *run,
        "result",
        "stacks",
    ]
    assert lines[5] == "  run 1: nobody can bet any more: the draws left are run more than once"
    assert lines[9] == "  run 2: the players pick up the hands they held before run 1"
