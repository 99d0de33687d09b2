"""The equity of A-2-3 (with a dead king) against an opponent's range as the range narrows.

The opponent holds a random hand, then only the hands the drawing policy stands pat on,
then only its one-card draws, then its two-card draws (docs/rules.md, "Ranges"); A-2-3
draws one card at a time to its badugi. Each bar is ``equity()`` against that range with
one, two or three draws left: exact where the deals fit under ``--exact-limit``, else
seeded Monte Carlo on every core.

    python docs/examples/range_equity.py        # the docs' figure: 1,000,000 samples a bar
    python docs/examples/range_equity.py --samples 20000 --out /tmp/range_equity.png
"""

from __future__ import annotations

import argparse
from pathlib import Path

import badugi_fast as bf

HERO = "As 2h 3d Kd"
RANGES = {
    "any hand": "*",
    "pat hands": "$pat",
    "one-card draws": "$draw1",
    "two-card draws": "$draw2",
}
DRAWS = (1, 2, 3)


def equities(samples: int, exact_limit: int, seed: int = 1) -> dict[str, list[bf.Equity]]:
    """For each range, A-2-3's equity against it with each number of draws left."""
    return {
        label: [
            bf.equity(
                [HERO, text], draws=draws, samples=samples, exact_limit=exact_limit, seed=seed
            )
            for draws in DRAWS
        ]
        for label, text in RANGES.items()
    }


def plot(results: dict[str, list[bf.Equity]], out: Path) -> None:
    """Grouped bars: one group per range, one bar per number of draws left."""
    import matplotlib

    matplotlib.use("Agg")
    import matplotlib.pyplot as plt

    fig, ax = plt.subplots(figsize=(7, 4.4))
    width = 0.8 / len(DRAWS)
    for i, draws in enumerate(DRAWS):
        xs = [group + (i - 1) * width for group in range(len(results))]
        heights = [100 * runs[i].equity[0] for runs in results.values()]
        errors = [200 * runs[i].stderr[0] for runs in results.values()]
        ax.bar(xs, heights, width, yerr=errors, label=f"{draws} draw{'s' * (draws > 1)} left")
    labels = [f"{label}\n{RANGES[label]}" for label in results]
    ax.set_xticks(range(len(results)), labels)
    ax.set_ylabel(f"equity of {HERO} (%)")
    ax.set_title("A-2-3 against a range as it narrows (Badugi)")
    ax.set_ylim(0, 100)
    fig.legend(*ax.get_legend_handles_labels(), loc="lower center", ncol=len(DRAWS))
    fig.tight_layout(rect=(0, 0.07, 1, 1))
    fig.savefig(out, dpi=100)


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--samples", type=int, default=1_000_000, help="Monte Carlo deals")
    parser.add_argument(
        "--exact-limit", type=int, default=bf.odds.DEFAULT_EXACT_LIMIT, help="enumerate up to"
    )
    parser.add_argument("--out", type=Path, default=Path(__file__).with_suffix(".png"))
    args = parser.parse_args(argv)
    results = equities(args.samples, args.exact_limit)
    print(f"{'range':<16}" + "".join(f"{f'{d} draw(s)':>12}" for d in DRAWS))
    for label, runs in results.items():
        row = "".join(f"{run.equity[0]:>11.2%}{'*' if run.exact else ' '}" for run in runs)
        print(f"{label:<16}{row}")
    print("(* exact; the others sampled)")
    plot(results, args.out)


if __name__ == "__main__":
    main()
