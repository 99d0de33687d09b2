"""VectorGame's step alone on two threads against one, by the number of tables.

    python benchmarks/vector_threads.py [--tables 64 128 256 512 1024 8192] [--rounds R]

The workload is compare_peers' (six-handed fixed-limit Badugi, every seat the caller's),
each action picked before the step (untimed) uniformly among the legal ones. For each
table count, a game on one thread and one on two (``MIN_PART`` lifted, so two threads run
however few the tables) each take a run of steps in turn, as a training loop steps one
game; each figure is ns per table-step of ``VectorGame.step`` alone (wall time), the best
of R interleaved rounds, as the machine is shared. The smallest count at which two threads
beat one by a clear margin sets ``badugi_fast.vector.MIN_PART`` (half of it a thread).
"""

from __future__ import annotations

import argparse
import sys
import timeit
from collections.abc import Callable
from typing import Any

import _engine_workload as workload
import numpy as np

import badugi_fast.vector
from badugi_fast.vector import VectorGame

STEPS = 30


class Steps:
    """The workload's game of ``tables`` tables on ``threads`` threads, stepped a run at a
    time with random legal actions (picked before each step, untimed), each step timed on
    ``clock`` (wall time by default; floor.py times one thread's CPU time)."""

    def __init__(
        self,
        tables: int,
        threads: int,
        clock: Callable[[], float] = timeit.default_timer,
        **options: Any,
    ) -> None:
        self.clock = clock
        self.game = VectorGame(
            tables,
            seed=1,
            threads=threads,
            stacks=[workload.STACK] * workload.SEATS,
            blinds=workload.BLINDS,
            small_bet=workload.SMALL_BET,
            big_bet=workload.BIG_BET,
            **options,
        )
        self.rng = np.random.default_rng(1)

    def seconds(self, steps: int) -> float:
        """Seconds inside ``steps`` calls of ``step``."""
        game, total = self.game, 0.0
        for _ in range(steps):
            mask = game.legal_action_mask
            actions = (self.rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
            start = self.clock()
            game.step(actions)
            total += self.clock() - start
        return total


def measure(tables: int, rounds: int, **options: Any) -> tuple[float, float]:
    """ns per table-step of the step alone on one thread and on two, each the best of
    ``rounds`` interleaved rounds (two threads run at any size here: MIN_PART lifted)."""
    least, badugi_fast.vector.MIN_PART = badugi_fast.vector.MIN_PART, 1
    try:
        runs = [Steps(tables, 1, **options), Steps(tables, 2, **options)]
    finally:
        badugi_fast.vector.MIN_PART = least
    steps = max(3, STEPS * 1024 // tables)
    best = [float("inf")] * 2
    for _ in range(rounds):
        for k, run in enumerate(runs):
            best[k] = min(best[k], run.seconds(steps) / (steps * tables) * 1e9)
    return best[0], best[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--tables", type=int, nargs="+", default=[64, 128, 256, 512, 1024, 8192])
    parser.add_argument("--rounds", type=int, default=15)
    parser.add_argument("--compact", action="store_true", help="the compact observation")
    args = parser.parse_args()
    options = {"observation": "compact"} if args.compact else {}
    print(f"ns per table-step of VectorGame.step, best of {args.rounds} rounds:")
    print(f"{'tables':>8}{'1 thread':>12}{'2 threads':>12}{'ratio':>8}")
    for tables in args.tables:
        one, two = measure(tables, args.rounds, **options)
        print(f"{tables:>8,}{one:>12.1f}{two:>12.1f}{one / two:>7.2f}x")


if __name__ == "__main__":
    sys.exit(main())
