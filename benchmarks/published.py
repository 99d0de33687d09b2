"""Every published figure from one place: the results file of one compare_peers run.

    python benchmarks/compare_peers.py --publish   # run, write results.json, rebuild pages
    python benchmarks/published.py                 # rebuild the pages from results.json

``compare_peers.py --publish`` writes ``benchmarks/results.json`` (the date, the machine,
every row and note of the run) and rebuilds each block of figures in the README and the
guide pages from it: a block is the text between ``<!-- figures: NAME -->`` and
``<!-- /figures -->``. The test suite checks that every block still reads what the file
says (tests/test_published_figures.py), so a page cannot quote another run.
"""

from __future__ import annotations

import json
import sys
from collections.abc import Callable, Sequence
from dataclasses import asdict, dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
RESULTS = Path(__file__).resolve().with_name("results.json")
HEADER = ["Measurement", "badugi_fast", "Reference (same hands)", "Ratio", "Target", "Status"]
COLUMNS = ["what", "ours", "reference", "ratio", "target", "status"]
MISS = "**MISS**"
END = "<!-- /figures -->"


@dataclass(frozen=True)
class Results:
    """One run of compare_peers: when, where, how busy the machine was, what it measured."""

    date: str
    machine: str
    load: tuple[str, str]  # the 1-minute load average before and after
    mode: str  # "quick" or "full"
    rows: list[dict[str, str]]  # the table's rows, keyed by COLUMNS
    notes: list[str]


def table(rows: Sequence[dict[str, str]]) -> str:
    """Rows as a markdown table (what compare_peers prints)."""
    lines = ["| " + " | ".join(HEADER) + " |", "|" + "---|" * len(HEADER)]
    lines += ["| " + " | ".join(row[c] for c in COLUMNS) + " |" for row in rows]
    return "\n".join(lines)


def read(path: Path = RESULTS) -> Results:
    data = json.loads(path.read_text(encoding="utf-8"))
    return Results(**{**data, "load": tuple(data["load"])})


def write(results: Results, path: Path = RESULTS) -> None:
    path.write_text(json.dumps(asdict(results), indent=1) + "\n", encoding="utf-8")


def misses(results: Results) -> list[str]:
    """The measurements of the run that miss their target."""
    return [row["what"] for row in results.rows if row["status"] == MISS]


def _run(results: Results) -> str:
    return (
        f"one {results.mode} run of `python benchmarks/compare_peers.py --publish` on "
        f"{results.date} ({results.machine}; load average before {results.load[0]}, after "
        f"{results.load[1]}), kept in `benchmarks/results.json`"
    )


def _rows(results: Results, *prefixes: str) -> list[dict[str, str]]:
    """The rows whose measurement starts with one of ``prefixes``, in the run's order."""
    return [row for row in results.rows if row["what"].startswith(prefixes)]


def _missed(results: Results, link: str) -> str:
    missed = misses(results)
    if not missed:
        return f"Every measurement of the run meets its target ([the whole table]({link}))."
    return (
        f"{len(missed)} of the run's {len(results.rows)} measurements miss their target "
        f"({MISS}); each is explained in [Performance]({link})."
    )


def _performance(results: Results) -> str:
    notes = "\n".join(f"- {note}" for note in results.notes)
    return (
        f'From {_run(results)}. "Target" is the bar each measurement was built to, and a '
        f"{MISS} stays in the table until it is met.\n\n{table(results.rows)}\n\n{notes}\n\n"
        + _missed(results, "#misses-explained")
    )


def _readme(results: Results) -> str:
    rows = _rows(
        results,
        "`evaluate(list of 4 ints)`",
        "`evaluate_many`",
        "`evaluate_badugi5(list of 5 ints)`",
        "engine: six-handed fixed-limit",
        "engine: `HandState.copy()`",
        "`VectorGame`",
        "`simulate()`",
        "`settle()`",
        "exact `equity`",
        "Monte Carlo `equity`",
        "two workers",
        "`import badugi_fast`",
    )
    link = "docs/guide/performance.md"
    return (
        f"Measured side by side with PokerKit in {_run(results)}; trust the ratios more than "
        f"the absolute times on a shared machine. The whole table and how to rerun it: "
        f"[Performance]({link}).\n\n{table(rows)}\n\n" + _missed(results, link)
    )


def _odds(results: Results) -> str:
    rows = _rows(results, "exact `equity`", "Monte Carlo `equity`", "two workers")
    return f"From {_run(results)}:\n\n{table(rows)}"


def _engine(results: Results) -> str:
    rows = _rows(results, "engine:", "`VectorGame`", "`simulate()`")
    return f"From {_run(results)}:\n\n{table(rows)}"


BLOCKS: dict[str, tuple[str, Callable[[Results], str]]] = {
    "readme": ("README.md", _readme),
    "performance": ("docs/guide/performance.md", _performance),
    "odds": ("docs/guide/odds.md", _odds),
    "engine": ("docs/guide/engine.md", _engine),
}
"""Each block of figures: the page it is in and how it is written from the results."""


def _span(text: str, name: str, page: str) -> tuple[int, int]:
    """Where block ``name``'s text lies in a page (after its start marker, before its end)."""
    start = f"<!-- figures: {name} -->\n"
    begin = text.find(start)
    end = text.find("\n" + END, begin)
    if begin < 0 or end < 0:
        raise ValueError(f"{page} has no block {start.strip()} ... {END}")
    return begin + len(start), end


def quoted(name: str, root: Path = ROOT) -> str:
    """What block ``name`` of its page reads now."""
    page, _ = BLOCKS[name]
    text = (root / page).read_text(encoding="utf-8")
    begin, end = _span(text, name, page)
    return text[begin:end]


def expected(results: Results, name: str) -> str:
    """What block ``name`` must read for ``results``."""
    return BLOCKS[name][1](results)


def publish(results: Results, root: Path = ROOT) -> list[str]:
    """Rewrite every block from ``results``; the pages rewritten."""
    pages = []
    for name, (page, _) in BLOCKS.items():
        path = root / page
        text = path.read_text(encoding="utf-8")
        begin, end = _span(text, name, page)
        path.write_text(text[:begin] + expected(results, name) + text[end:], encoding="utf-8")
        pages.append(page)
    return pages


if __name__ == "__main__":
    print("rebuilt", ", ".join(publish(read())))
    sys.exit(0)
