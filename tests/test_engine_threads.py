"""Threads sharing one HandState or one Table (docs/guide/engine.md, "Threads"): every call
is serialized, so no memory is corrupted, no chip is created or lost and no card is in two
places, whatever the interleaving. The switch interval is set tiny so threads interleave
between almost every bytecode; under the ASan build of CI a race would also be a crash."""

from __future__ import annotations

import random
import sys
import threading
import time
from collections.abc import Callable, Iterator
from typing import Any

import pytest
from engine_invariants import check_places

from badugi_fast.engine import HandState, Table, calling_station
from badugi_fast.engine.bots import RandomBot
from badugi_fast.errors import HandInUse, IllegalAction

THREADS = 6


@pytest.fixture(autouse=True)
def tiny_switch_interval() -> Iterator[None]:
    before = sys.getswitchinterval()
    sys.setswitchinterval(1e-6)
    yield
    sys.setswitchinterval(before)


def hammer(worker: Callable[[int], None], threads: int = THREADS) -> None:
    """Run ``worker(index)`` on ``threads`` threads at once; re-raise the first failure."""
    errors: list[BaseException] = []
    start = threading.Barrier(threads)

    def run(index: int) -> None:
        start.wait()
        try:
            worker(index)
        except BaseException as error:  # reported to the test below
            errors.append(error)

    pool = [threading.Thread(target=run, args=(index,)) for index in range(threads)]
    for thread in pool:
        thread.start()
    for thread in pool:
        thread.join()
    if errors:
        raise errors[0]


def random_step(state: HandState, rng: random.Random) -> int:
    """One random action by whoever is to act: 1 if another thread was inside the hand
    (HandInUse), else 0; refusals are ignored (another thread may have acted first)."""
    try:
        seat = state.decider
        if seat is None:
            return 0
        if state.phase == "draw":
            cards = state.hole_cards(seat)
            state.draw([card for card in cards if rng.random() < 0.5])
        elif state.phase == "showdown":
            (state.muck if rng.random() < 0.5 and state.can_muck() else state.show)()
        else:
            legal = state.legal_actions()
            if legal is None:
                return 0
            choice = rng.random()
            if choice < 0.2 and legal.can_fold:
                state.fold()
            elif choice < 0.5 and legal.min_raise_to is not None:
                state.raise_to(legal.min_raise_to)
            else:
                state.check_or_call()
        if rng.random() < 0.1:
            state.copy()
        if rng.random() < 0.1:
            state.view(rng.randrange(state.n_seats))
        if rng.random() < 0.05:
            state.history  # noqa: B018 (reading it takes the queued steps)
    except IllegalAction:
        pass
    except HandInUse:
        return 1
    return 0


@pytest.mark.parametrize("mucking", [False, True])
@pytest.mark.parametrize("game", ["badugi", "badacey"])
def test_threads_sharing_a_hand_keep_it_whole(game: str, mucking: bool) -> None:
    collisions = [0]
    for trial in range(300):  # 15 hands, and more until two threads have met in one
        if trial >= 15 and collisions[0]:
            break
        stacks = [40, 25, 60, 10, 80, 33]
        state = HandState(game=game, betting="no-limit", stacks=stacks, seed=trial, mucking=mucking)

        def worker(index: int, state: HandState = state, trial: int = trial) -> None:
            rng = random.Random(trial * 100 + index)
            for _ in range(400):
                if state.is_over:
                    return
                collisions[0] += random_step(state, rng)

        hammer(worker)
        while not state.is_over:  # finish what the threads left
            random_step(state, random.Random(trial))
        check_places(state)
        assert sum(state.stacks) + state.pot == sum(stacks)
        assert all(
            len(state.hole_cards(seat)) in (0, 5 if game == "badacey" else 4)
            for seat in range(state.n_seats)
        )
        for seat in range(state.n_seats):
            assert len(state.discard_counts(seat)) <= 3
        assert state.result is not None
        paid = zip(state.stacks, stacks, state.contributed, strict=True)
        assert state.result.payouts == tuple(end - start + put for end, start, put in paid)
    assert collisions[0] > 0, "the threads never met inside the hand: the test tested nothing"


def test_threads_sharing_a_table_conserve_chips() -> None:
    for trial in range(10):
        table = Table([100] * 6, seed=trial)
        bots = [calling_station(seat) for seat in range(6)]

        def worker(index: int, table: Table = table, bots: Any = bots) -> None:
            for _ in range(3):
                table.play_hand(bots)

        hammer(worker, threads=4)
        assert sum(table.stacks) == 600
        assert table.hands_played == 12


def test_threads_with_random_bots_on_one_table() -> None:
    table = Table([50] * 6, seed=5, betting="pot-limit")
    bots = [RandomBot(seed=seat) for seat in range(6)]

    def worker(index: int) -> None:
        for _ in range(5):
            try:
                table.play_hand(bots)
            except IllegalAction:  # another thread's hand left one player with chips
                assert len(table.players) < 2
                return

    hammer(worker, threads=4)
    assert sum(table.stacks) == 300


def test_play_from_two_threads_stops_when_the_game_ends() -> None:
    """A second thread's play() that waited while the first played the hand ending the
    game stops with no hand played: it checks for two players with chips in its turn."""
    table = Table([2, 2], seed=1, blinds=(1, 2))
    others: list[Any] = []

    def second() -> None:
        try:
            others.append(table.play(5, [calling_station(0)] * 2))
        except BaseException as error:  # reported by the assertion below
            others.append(error)

    thread = threading.Thread(target=second)

    station = calling_station(0)

    def first_bot(view: Any) -> Any:
        if not thread.is_alive() and not others:
            thread.start()  # it sees two players with chips, then waits for this hand
            time.sleep(0.2)
        return station(view)

    played = table.play(5, [first_bot] * 2)
    thread.join()
    assert len(played) == 1 and len(table.players) == 1
    assert others == [[]]
