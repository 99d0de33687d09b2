"""Outcome-sampling MCCFR, OpenSpiel's own solver, on heads-up fixed-limit deuce-to-seven
single draw (docs/guide/training.md, "OpenSpiel").

Runs the solver for ``--iterations``, then plays its average policy against uniformly
random play for ``--eval-hands`` hands, taking each seat in turn, and prints the big blinds
it won a hand with their standard error. Needs the ``openspiel`` extra.
"""

from __future__ import annotations

import argparse
import math
import random
import time
from typing import Any

import pyspiel

import badugi_fast.envs.openspiel  # noqa: F401  registers "python_badugi"

GAME = {"game": "deuce-seven-single-draw", "betting": "fixed-limit", "players": 2}


def play(game: Any, policy: Any, seat: int, rng: random.Random) -> float:
    """One hand: ``policy`` plays ``seat``, uniformly random play the other; ``seat``'s
    result in big blinds. Cards come from the chance nodes' own probabilities."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
        elif state.current_player() == seat:
            outcomes, weights = zip(*policy.action_probabilities(state).items(), strict=True)
        else:
            outcomes = weights = None
        if outcomes is None:
            state.apply_action(rng.choice(state.legal_actions()))
        else:
            state.apply_action(rng.choices(outcomes, weights)[0])
    result: float = state.returns()[seat]
    return result


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--iterations", type=int, default=20_000)
    parser.add_argument("--eval-hands", type=int, default=4_000)
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)

    game = pyspiel.load_game("python_badugi", GAME)
    solver = pyspiel.OutcomeSamplingMCCFRSolver(game, seed=args.seed)
    start = time.perf_counter()
    for _ in range(args.iterations):
        solver.run_iteration()
    elapsed = time.perf_counter() - start
    print(f"{args.iterations} iterations in {elapsed:.1f} s")

    policy = solver.average_policy()
    rng = random.Random(args.seed)
    won = [play(game, policy, hand % 2, rng) for hand in range(args.eval_hands)]
    mean = sum(won) / len(won)
    stderr = math.sqrt(sum((x - mean) ** 2 for x in won) / (len(won) - 1) / len(won))
    print(f"vs random: {mean:+.2f} +- {stderr:.2f} big blinds a hand ({len(won)} hands)")


if __name__ == "__main__":
    main()
