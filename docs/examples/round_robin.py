"""The bundled bots' round robin: every pair heads-up, every hand played in C.

Each pair of bundled bots plays ``--hands`` hands of heads-up fixed-limit Badugi (the
engine's defaults: blinds of 1 and 2, stacks of 200), the button moving every hand, with
``simulate()`` given the bots' names. The hands are cut into ``--batches`` runs of
independent seeds; the spread of the runs' means gives each result's 95% interval (a t
interval over the batch means). The table shows the row bot's winnings from the column
bot in big blinds a hand, and each bot's mean over its opponents, best first.

    python docs/examples/round_robin.py                    # the docs' table: 1,000,000 hands a pair
    python docs/examples/round_robin.py --hands 100000 --batches 20
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import dataclass
from itertools import combinations

from badugi_fast.engine import BOTS, simulate

BIG_BLIND = 2
T_975 = {1: 12.706, 9: 2.262, 19: 2.093, 99: 1.984}
"""Student's t at 97.5% for the batch counts the docs and the tests use (degrees of
freedom: batches - 1); 1.96 for any other."""


@dataclass(frozen=True)
class Result:
    """What the first bot of a pair won from the second, in big blinds a hand."""

    mean: float
    half_width: float
    """Of the 95% interval."""

    @property
    def significant(self) -> bool:
        """Whether the interval excludes 0."""
        return abs(self.mean) > self.half_width

    def __neg__(self) -> Result:
        return Result(-self.mean, self.half_width)

    def __str__(self) -> str:
        return f"{self.mean:+.3f} ± {self.half_width:.3f}"


def head_to_head(first: str, second: str, hands: int, batches: int, seed: int = 0) -> Result:
    """``first`` against ``second`` over ``hands`` hands in ``batches`` runs, run k seeded
    ``seed + k``."""
    per_batch = hands // batches
    means = []
    for batch in range(batches):
        result = simulate(per_batch, [first, second], seed=seed + batch)
        means.append(result.net[0] / per_batch / BIG_BLIND)
    spread = statistics.stdev(means) / batches**0.5
    return Result(statistics.fmean(means), T_975.get(batches - 1, 1.96) * spread)


def round_robin(
    hands: int, batches: int, bots: tuple[str, ...] = tuple(BOTS)
) -> dict[tuple[str, str], Result]:
    """Every ordered pair's result (each pair played once, its reverse negated)."""
    results: dict[tuple[str, str], Result] = {}
    for first, second in combinations(bots, 2):
        results[first, second] = head_to_head(first, second, hands, batches)
        results[second, first] = -results[first, second]
    return results


def table(results: dict[tuple[str, str], Result], bots: tuple[str, ...]) -> str:
    """A Markdown table: rows by their mean over their opponents, best first."""

    def mean(bot: str) -> float:
        return statistics.fmean(results[bot, other].mean for other in bots if other != bot)

    order = sorted(bots, key=mean, reverse=True)
    lines = [
        "| bot | " + " | ".join(f"vs {bot}" for bot in order) + " | mean |",
        "|---" * (len(order) + 2) + "|",
    ]
    for bot in order:
        cells = [str(results[bot, other]) if other != bot else "" for other in order]
        lines.append(f"| {bot} | " + " | ".join(cells) + f" | {mean(bot):+.3f} |")
    return "\n".join(lines)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--hands", type=int, default=1_000_000, help="hands a pair")
    parser.add_argument("--batches", type=int, default=100, help="runs a pair")
    args = parser.parse_args()
    bots = tuple(BOTS)
    print(f"{args.hands:,} hands a pair in {args.batches} runs; big blinds a hand, 95% intervals")
    print(table(round_robin(args.hands, args.batches, bots), bots))


if __name__ == "__main__":
    main()
