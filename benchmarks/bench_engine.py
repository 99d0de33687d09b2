"""pytest-benchmark: the dealer engine (issue 11).

Run: ``pytest benchmarks/bench_engine.py --benchmark-enable``. Targets: six-handed
fixed-limit Badugi under a random policy at >= 20x PokerKit's hands per second (measured
side by side in ``compare_peers.py``), and ``HandState.copy()`` of a six-handed mid-hand
state in < 10 us. Every benchmark checks its results.
"""

from __future__ import annotations

import itertools
from collections.abc import Callable
from typing import Any

import _engine_workload as work
import pytest

from badugi_fast.engine import RandomBot, simulate


@pytest.mark.benchmark(group="engine: one six-handed fixed-limit Badugi hand, random policy")
def test_hand_ours(benchmark: Callable[..., Any]) -> None:
    seeds = itertools.count()
    state = benchmark(lambda: work.play_ours(next(seeds)))
    assert state.is_over and sum(state.stacks) == work.STACK * work.SEATS


@pytest.mark.benchmark(group="engine: one six-handed fixed-limit Badugi hand, random policy")
def test_hand_pokerkit(benchmark: Callable[..., Any]) -> None:
    seeds = itertools.count()
    state = benchmark(lambda: work.play_pokerkit(next(seeds)))
    assert not state.status and sum(state.stacks) == work.STACK * work.SEATS


@pytest.mark.benchmark(group="engine: HandState.copy(), six-handed mid-hand")
def test_copy(benchmark: Callable[..., Any]) -> None:
    state = work.mid_hand()
    other = benchmark(state.copy)
    other.stand_pat()
    assert len(other.history) == len(state.history) + 1


@pytest.mark.benchmark(group="engine: simulate(), 20 six-handed fixed-limit Badugi hands")
def test_simulate_random_bots(benchmark: Callable[..., Any]) -> None:
    """The benchmark's table through simulate() and six RandomBots, which are shown a seat's
    view at every decision: the bare loop's work plus views and Action dispatch."""
    seeds = itertools.count()
    table = {"stack": work.STACK, "blinds": work.BLINDS, "small_bet": work.SMALL_BET,
             "big_bet": work.BIG_BET}  # fmt: skip
    bots = [RandomBot] * work.SEATS
    result = benchmark(lambda: simulate(hands=20, bots=bots, seed=next(seeds), **table))
    assert result.hands == 20 and sum(result.net) + result.carried_over == 0
