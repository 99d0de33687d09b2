"""Where a VectorGame step's time goes, per table and step, on one thread.

    python benchmarks/step_parts.py [--tables N] [--repeat R]

The workload is compare_peers' (six-handed fixed-limit Badugi, every seat the caller's,
each action picked at random among the legal ones with numpy). The parts, each the best
of ``R`` interleaved rounds because the machine is shared:

- policy: the caller's random masked pick (numpy), which is not the library's;
- round trip: ``VectorGame.step`` but its C call (copying the actions, making the new
  arrays and their read-only views);
- C step: the call of ``badugi_vector_step``, timed inside the same steps, split into
  - encoding: the mask and observation of every table (C steps with no actions, which
    only read the tables, on a copy of the game),
  - deal: starting a hand (``badugi_vector_start`` of every table: the shuffle, the cards,
    the blinds) times the hands a table starts per step,
  - actions: the rest (the moves, paying the hands, the log).
"""

from __future__ import annotations

import argparse
import copy
import timeit
from typing import Any

import _engine_workload as workload
import numpy as np

from badugi_fast._core import ffi, lib
from badugi_fast.vector import VectorGame

STEPS = 20


def game(tables: int) -> VectorGame:
    """The workload's game, on one thread."""
    return VectorGame(
        tables,
        seed=1,
        threads=1,
        stacks=[workload.STACK] * workload.SEATS,
        blinds=workload.BLINDS,
        small_bet=workload.SMALL_BET,
        big_bet=workload.BIG_BET,
    )


class TimedTables:
    """A game's C tables whose step adds its seconds to ``seconds``."""

    def __init__(self, tables: Any) -> None:
        self.tables = tables
        self.seconds = 0.0

    def __getattr__(self, name: str) -> Any:
        return getattr(self.tables, name)

    def step(self, *args: Any) -> int:
        start = timeit.default_timer()
        code: int = self.tables.step(*args)
        self.seconds += timeit.default_timer() - start
        return code


class Parts:
    """The workload's game and the loops that time its parts."""

    def __init__(self, tables: int) -> None:
        self.game = game(tables)
        self.timed = TimedTables(self.game._tables)
        self.game._tables = self.timed  # type: ignore[assignment]
        self.rng = np.random.default_rng(1)
        self.hands = self.table_steps = 0
        self.reader = copy.copy(self.game)
        self.fresh = ffi.new("badugi_table[]", tables)

    def steps(self) -> tuple[float, float, float]:
        """``STEPS`` steps: the seconds picking, in the C step, and in all."""
        vector, picking = self.game, 0.0
        self.timed.seconds = 0.0
        start = timeit.default_timer()
        for _ in range(STEPS):
            picked = timeit.default_timer()
            mask = vector.legal_action_mask
            actions = (self.rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
            picking += timeit.default_timer() - picked
            _, ended = vector.step(actions)
            self.hands += int(ended.sum())
        self.table_steps += STEPS * vector.n
        return picking, self.timed.seconds, timeit.default_timer() - start

    def encoding(self) -> float:
        """Seconds of ``STEPS`` C steps that only read every table."""
        start = timeit.default_timer()
        for _ in range(STEPS):
            self.reader._run(None)
        return timeit.default_timer() - start

    def deal(self) -> float:
        """Seconds to start a hand at every table."""
        start = timeit.default_timer()
        lib.badugi_vector_start(self.timed.vector, self.fresh, 0, self.game.n)
        return timeit.default_timer() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--tables", type=int, default=1024)
    parser.add_argument("--repeat", type=int, default=9)
    args = parser.parse_args()
    parts = Parts(args.tables)
    per_step = STEPS * args.tables
    names = ("policy", "round_trip", "c_step", "step", "encoding", "deal")
    best = dict.fromkeys(names, float("inf"))
    for _ in range(args.repeat):  # interleaved: each part once a round
        policy, c_step, step = parts.steps()
        measured = {
            "policy": policy / per_step,
            "round_trip": (step - policy - c_step) / per_step,  # within the same round
            "c_step": c_step / per_step,
            "step": step / per_step,
            "encoding": parts.encoding() / per_step,
            "deal": parts.deal() / args.tables,
        }
        best = {name: min(best[name], seconds) for name, seconds in measured.items()}
    hands = parts.hands / parts.table_steps
    deal = best["deal"] * hands
    rows = {
        "policy (the caller's numpy pick)": best["policy"],
        "round trip (VectorGame.step but its C call)": best["round_trip"],
        "C step": best["c_step"],
        "  encoding (mask and observation)": best["encoding"],
        f"  deal ({best['deal'] * 1e9:,.0f} ns a hand, {hands:.4f} hands a step)": deal,
        "  actions (the rest)": best["c_step"] - best["encoding"] - deal,
    }
    print(f"{args.tables:,} tables, ns per table and step (the best of {args.repeat} rounds):")
    for what, seconds in rows.items():
        print(f"{what:<60}{seconds * 1e9:>7,.0f}  {seconds / best['step']:>4.0%}")
    print(f"{'a step in all':<60}{best['step'] * 1e9:>7,.0f}")


if __name__ == "__main__":
    main()
