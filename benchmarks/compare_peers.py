"""Side-by-side ratios: badugi_fast vs PokerKit, the bare cffi call and a plain C loop.

    python benchmarks/compare_peers.py [--quick]

Every number comes from one run on the same seeded random hands, and is the
minimum over several interleaved repeats (each long enough to swamp timer noise),
because the machine is shared. Prints a markdown table of ratios and targets
(issues 2 and 3). Exits 1 if any result disagrees with our own API.
"""

from __future__ import annotations

import argparse
import json
import math
import os
import platform
import re
import subprocess
import sys
import tempfile
import timeit
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from pathlib import Path
from typing import Any

import _engine_workload
import _plain_loop
import _workload
import numpy as np
import pokerkit

import badugi_fast as bf
from badugi_fast import _core

lib = _core.lib


@dataclass(frozen=True)
class Settings:
    """How hard to measure."""

    single_hands: int  # hands per single-call loop, the same hands for every peer
    engine_hands: int  # seeded hands of the engine workload, the same seeds for both engines
    batch_hands: int
    repeat: int  # interleaved repeats; the minimum is reported
    min_time: float  # seconds each repeat of each case runs at least
    import_runs: int


QUICK = Settings(
    single_hands=200, engine_hands=100, batch_hands=1_000_000, repeat=7, min_time=0.01,
    import_runs=7,
)  # fmt: skip
FULL = Settings(
    single_hands=1000, engine_hands=300, batch_hands=1_000_000, repeat=31, min_time=0.03,
    import_runs=21,
)  # fmt: skip


@dataclass
class Row:
    """One line of the report."""

    what: str
    ours: str
    reference: str = ""
    ratio: str = ""
    target: str = ""
    status: str = ""


def _loops(fn: Callable[[], object], min_time: float) -> int:
    """How many calls of ``fn`` take at least ``min_time`` seconds."""
    number = 1
    while True:
        elapsed = timeit.Timer(fn).timeit(number)
        if elapsed >= min_time:
            return number
        number = max(number * 2, math.ceil(number * 1.2 * min_time / max(elapsed, 1e-9)))


def measure(cases: dict[str, tuple[Callable[[], object], int]], s: Settings) -> dict[str, float]:
    """Seconds per item of each case (fn, items per call): min over interleaved repeats."""
    numbers = {name: _loops(fn, s.min_time) for name, (fn, _) in cases.items()}
    best = dict.fromkeys(cases, math.inf)
    for _ in range(s.repeat):
        for name, (fn, items) in cases.items():
            elapsed = timeit.Timer(fn).timeit(numbers[name])
            best[name] = min(best[name], elapsed / numbers[name] / items)
    return best


def each(fn: Callable[[Any], object], items: Sequence[Any]) -> Callable[[], None]:
    """A loop calling ``fn(item)`` for every item (the loop's own cost is reported apart)."""

    def loop() -> None:
        for item in items:
            fn(item)

    return loop


def each_star(fn: Callable[..., object], rows: Sequence[Sequence[int]]) -> Callable[[], None]:
    """A loop calling ``fn(*row)`` for every row: the bare cffi call."""

    def loop() -> None:
        for row in rows:
            fn(*row)

    return loop


def empty_loop(items: Sequence[Any]) -> Callable[[], None]:
    """The loop alone, to show what every single-call figure includes."""

    def loop() -> None:
        for _item in items:
            pass

    return loop


def ns(seconds: float) -> str:
    """``"152 ns"`` or ``"1.43 us"``."""
    if seconds >= 1e-6:
        return f"{seconds * 1e6:,.2f} us"
    return f"{seconds * 1e9:,.0f} ns"


def mhps(seconds_per_hand: float) -> str:
    """Throughput as ``"312 M hands/s"``."""
    return f"{1e-6 / seconds_per_hand:,.0f} M hands/s"


def status(*checks: bool) -> str:
    """``ok`` if every check holds, else a bold MISS."""
    return "ok" if all(checks) else "**MISS**"


def same_order(theirs: Sequence[Any], ours: Sequence[int]) -> bool:
    """PokerKit hands (stronger is greater) order like our ranks (smaller is stronger)."""
    for i in range(len(ours) - 1):
        mine = (ours[i] < ours[i + 1]) - (ours[i] > ours[i + 1])
        peer = (theirs[i] > theirs[i + 1]) - (theirs[i] < theirs[i + 1])
        if peer != mine:
            return False
    return True


class Mismatch(AssertionError):
    """A benchmarked path returned wrong results."""


def check(condition: bool, what: str) -> None:
    """Refuse to time a path whose results are wrong."""
    if not condition:
        raise Mismatch(what)


FIVE_CARD_GAMES = [game for game in _workload.EVALUATORS if game.name != "badugi4"]
"""The evaluators after the 4-card ``evaluate``, which has rows of its own."""


def four_card_rows(s: Settings, plain: Any, rows_out: list[Row], notes: list[str]) -> None:
    """Single evaluate, the cffi floor, Hand from text, evaluate_many vs the plain C loop."""
    batch = _workload.random_hands(s.batch_hands, 4)
    hands = batch[: s.single_hands]
    rows = _workload.hand_lists(hands)
    spaced = [_workload.hand_text(row) for row in hands]
    glued = [_workload.hand_text(row, "") for row in hands]
    pk_cards = _workload.pokerkit_cards(hands)
    expected = bf.evaluate_many(hands).tolist()

    check([bf.evaluate(row) for row in rows] == expected, "evaluate vs evaluate_many")
    check([lib.badugi_eval4(*row) for row in rows] == expected, "lib.badugi_eval4")
    check([bf.Hand(text).rank for text in spaced] == expected, "Hand(spaced text)")
    check([bf.Hand(text).rank for text in glued] == expected, "Hand(glued text)")
    from_game = pokerkit.BadugiHand.from_game
    check(same_order([from_game(c) for c in pk_cards], expected), "PokerKit 4-card order")
    check(same_order([from_game(t) for t in glued], expected), "PokerKit 4-card text order")

    out = np.empty(len(batch), dtype=np.uint16)
    cards_ptr = plain.ffi.from_buffer("uint8_t[]", batch)
    out_ptr = plain.ffi.from_buffer("uint16_t[]", out)
    many = bf.evaluate_many(batch)
    for loop in (plain.lib.plain_eval4, plain.lib.plain_eval4_tables):
        out[:] = 0
        loop(cards_ptr, len(batch), out_ptr)
        check(np.array_equal(out, many), "plain C loop vs evaluate_many")
    step = max(1, len(batch) // 20_000)
    sample = _workload.hand_lists(batch[::step])
    check([bf.evaluate(r) for r in sample] == many[::step].tolist(), "evaluate_many vs evaluate")

    n = len(rows)
    t = measure(
        {
            "loop": (empty_loop(rows), n),
            "evaluate": (each(bf.evaluate, rows), n),
            "bare": (each_star(lib.badugi_eval4, rows), n),
            "hand_spaced": (each(bf.Hand, spaced), n),
            "hand_glued": (each(bf.Hand, glued), n),
            "pokerkit": (each(from_game, pk_cards), n),
            "pokerkit_text": (each(from_game, glued), n),
        },
        s,
    )
    b = measure(
        {
            "many": (lambda: bf.evaluate_many(batch), len(batch)),
            "plain": (lambda: plain.lib.plain_eval4(cards_ptr, len(batch), out_ptr), len(batch)),
            "plain_tables": (
                lambda: plain.lib.plain_eval4_tables(cards_ptr, len(batch), out_ptr),
                len(batch),
            ),
        },
        s,
    )
    speedup = t["pokerkit"] / t["evaluate"]
    rows_out += [
        Row(
            "`evaluate(list of 4 ints)`, validated",
            ns(t["evaluate"]),
            f"PokerKit `BadugiHand.from_game` (4 cards): {ns(t['pokerkit'])}",
            f"{speedup:,.0f}x faster",
            "<= 300 ns; >= 200x",
            status(t["evaluate"] <= 300e-9, speedup >= 200),
        ),
        Row(
            "bare cffi `lib.badugi_eval4(*ids)` (floor)",
            ns(t["bare"]),
            "",
            f"validation + wrapper cost {ns(t['evaluate'] - t['bare'])}"
            f" ({t['evaluate'] / t['bare']:.2f}x the floor)",
        ),
        Row(
            '`Hand("Ks 7h 3d 2c")` (text, spaced)',
            ns(t["hand_spaced"]),
            f'PokerKit `BadugiHand.from_game("Ks7h3d2c")`: {ns(t["pokerkit_text"])}',
            f"{t['pokerkit_text'] / t['hand_spaced']:,.1f}x faster",
            "<= 1.5 us",
            status(t["hand_spaced"] <= 1.5e-6),
        ),
        Row(
            '`Hand("Ks7h3d2c")` (text, glued)',
            ns(t["hand_glued"]),
            "",
            f"{t['pokerkit_text'] / t['hand_glued']:,.1f}x faster",
            "<= 1.5 us",
            status(t["hand_glued"] <= 1.5e-6),
        ),
        Row(
            f"`evaluate_many`, {len(batch):,} unsorted random hands",
            mhps(b["many"]),
            f"plain C loop, same table: {mhps(b['plain'])}; with binomial tables:"
            f" {mhps(b['plain_tables'])}",
            f"{b['plain'] / b['many']:.2f}x the plain loop's speed;"
            f" {b['plain_tables'] / b['many']:.2f}x the one with tables",
            ">= 300 M/s; >= 0.75x",
            status(
                1 / b["many"] >= 300e6,
                min(b["plain"], b["plain_tables"]) / b["many"] >= 0.75,
            ),
        ),
    ]
    notes.append(
        f"Every single-call figure includes the Python `for` loop around it: {ns(t['loop'])}"
        f" per iteration ({n:,} hands per loop)."
    )


def five_card_rows(s: Settings, rows_out: list[Row]) -> None:
    """Batch throughput, single call, bare cffi call and PokerKit for each five-card evaluator."""
    batches = {size: _workload.random_hands(s.batch_hands, size) for size in (4, 5)}
    for game in FIVE_CARD_GAMES:
        batch = batches[game.size]
        hands = batch[: s.single_hands]
        rows = _workload.hand_lists(hands)
        pk_cards = _workload.pokerkit_cards(hands)
        expected = game.many(hands).tolist()
        check([game.single(row) for row in rows] == expected, f"{game.label} vs its _many")
        check([game.bare(*row) for row in rows] == expected, f"bare {game.label}")
        check(
            same_order([game.peer(c) for c in pk_cards], expected),
            f"{game.peer_label} order",
        )
        step = max(1, len(batch) // 20_000)
        many = game.many(batch)
        sample = _workload.hand_lists(batch[::step])
        check([game.single(r) for r in sample] == many[::step].tolist(), f"{game.label} batch")

        n = len(rows)
        t = measure(
            {
                "single": (each(game.single, rows), n),
                "bare": (each_star(game.bare, rows), n),
                "pokerkit": (each(game.peer, pk_cards), n),
                "many": (partial(game.many, batch), len(batch)),
            },
            s,
        )
        name = game.label.split(" ")[0]
        suffix = game.label[len(name) :]
        rows_out += [
            Row(
                f"`{name}_many`{suffix}, {len(batch):,} hands",
                mhps(t["many"]),
                "",
                "",
                ">= 100 M/s",
                status(1 / t["many"] >= 100e6),
            ),
            Row(
                f"`{name}(list of {game.size} ints)`{suffix}",
                f"{ns(t['single'])} (bare cffi {ns(t['bare'])})",
                f"{game.peer_label}: {ns(t['pokerkit'])}",
                f"{t['pokerkit'] / t['single']:,.0f}x faster",
                "<= 300 ns",
                status(t["single"] <= 300e-9),
            ),
        ]


def engine_rows(s: Settings, rows_out: list[Row]) -> None:
    """Six-handed fixed-limit Badugi under one random policy, ours vs PokerKit, and copy()."""
    seeds = range(s.engine_hands)
    for seed in seeds:
        ours, theirs = _engine_workload.play_ours(seed), _engine_workload.play_pokerkit(seed)
        check(ours.is_over and not theirs.status, "an engine hand did not finish")
        total = _engine_workload.STACK * _engine_workload.SEATS
        check(sum(ours.stacks) == total == sum(theirs.stacks), "chips not conserved")
    state = _engine_workload.mid_hand()
    n = len(seeds)
    t = measure(
        {
            "ours": (each(_engine_workload.play_ours, seeds), n),
            "pokerkit": (each(_engine_workload.play_pokerkit, seeds), n),
            "copy": (state.copy, 1),
        },
        s,
    )
    ratio = t["pokerkit"] / t["ours"]
    rows_out += [
        Row(
            "engine: six-handed fixed-limit Badugi hands, random policy",
            f"{1 / t['ours']:,.0f} hands/s",
            f"PokerKit `FixedLimitBadugi`: {1 / t['pokerkit']:,.0f} hands/s",
            f"{ratio:,.1f}x faster",
            ">= 20x",
            status(ratio >= 20),
        ),
        Row(
            "engine: `HandState.copy()`, six-handed, mid-hand",
            ns(t["copy"]),
            "",
            "",
            "< 10 us",
            status(t["copy"] < 10e-6),
        ),
    ]


MEMORY_PROBE = r"""
import json, os, numpy as np, cffi
def rss():
    with open("/proc/self/statm") as f:
        return int(f.read().split()[1]) * os.sysconf("SC_PAGE_SIZE")
rng = np.random.default_rng(1)
hands = {k: np.argsort(rng.random((20000, 52)), axis=1)[:, :k].astype(np.uint8) for k in (4, 5)}
out = np.empty(20000, dtype=np.uint16)
base = rss()
import badugi_fast
from badugi_fast._core import ffi, lib
imported = rss()
for name in dir(lib):
    if name.endswith("_batch"):
        k = 4 if name.endswith("4_batch") else 5
        getattr(lib, name)(ffi.from_buffer("uint8_t[]", hands[k]), 20000,
                           ffi.from_buffer("uint16_t[]", out))
ranks = ffi.new("uint8_t[4]")
for rank in range(1093):
    lib.badugi_decode(rank, 0, ranks)
    lib.badugi_decode(rank, 1, ranks)
print(json.dumps({"import": imported - base, "used": rss() - base}))
"""

IMPORT_PROBE = (
    "import time; t = time.perf_counter(); import badugi_fast; print(time.perf_counter() - t)"
)


def table_bytes() -> dict[str, int] | None:
    """Sizes of the generated ``bdg_*`` tables in the built extension, from its symbols."""
    try:
        listing = subprocess.run(
            ["nm", "-S", "--defined-only", _core.__file__],
            capture_output=True,
            text=True,
            check=True,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return None
    sizes = {}
    for line in listing.splitlines():
        match = re.fullmatch(r"[0-9a-f]+ ([0-9a-f]+) [rR] (bdg_\w+)", line.strip())
        if match:
            sizes[match.group(2)] = int(match.group(1), 16)
    return sizes or None


def _package_imports(importtime: str) -> list[tuple[int, str]]:
    """(self us, module) of the modules ``import badugi_fast`` itself pulled in."""
    entries = [
        (int(m.group(1)), m.group(2))
        for m in re.finditer(r"import time:\s+(\d+) \|\s+\d+ \|( *\S+)", importtime)
    ]
    names = [name for _, name in entries]
    if " badugi_fast" not in names:
        return []
    start = end = names.index(" badugi_fast")
    while start > 0 and len(entries[start - 1][1]) - len(entries[start - 1][1].lstrip()) > 1:
        start -= 1
    return [(us, name.strip()) for us, name in entries[start : end + 1]]


def process_rows(s: Settings, rows_out: list[Row], notes: list[str]) -> None:
    """Memory the tables add and the import time, each in fresh interpreters."""
    sizes = table_bytes()
    probe = subprocess.run(
        [sys.executable, "-c", MEMORY_PROBE], capture_output=True, text=True, check=True
    )
    rss = json.loads(probe.stdout)
    mb = 1024 * 1024
    total = sum(sizes.values()) / mb if sizes else math.nan
    rows_out.append(
        Row(
            "memory the tables add",
            f"{total:.2f} MiB ({len(sizes or {})} tables, static const)",
            f"RSS +{rss['import'] / mb:.2f} MiB after import,"
            f" +{rss['used'] / mb:.2f} MiB with every table touched",
            "",
            "<= 16 MB",
            status(total <= 16e6 / mb and rss["used"] <= 16e6),
        )
    )
    if sizes:
        notes.append(
            "Tables: "
            + ", ".join(f"`{name}` {size / 1024:,.1f} KiB" for name, size in sorted(sizes.items()))
            + "."
        )
    # Import as an installed package does: from cached bytecode (pip compiles it at install),
    # so a PYTHONDONTWRITEBYTECODE environment would only time the compiler.
    env = {key: value for key, value in os.environ.items() if key != "PYTHONDONTWRITEBYTECODE"}
    times = []
    for _ in range(s.import_runs + 1):  # the first run writes the bytecode cache
        run = subprocess.run(
            [sys.executable, "-c", IMPORT_PROBE],
            capture_output=True,
            text=True,
            check=True,
            env=env,
        )
        times.append(float(run.stdout))
    times = times[1:]
    importtime = subprocess.run(
        [sys.executable, "-X", "importtime", "-c", "import badugi_fast"],
        capture_output=True,
        text=True,
        check=True,
        env=env,
    ).stderr
    heavy = sorted(_package_imports(importtime), reverse=True)[:3]
    rows_out.append(
        Row(
            "`import badugi_fast` (fresh interpreter)",
            f"{min(times) * 1e3:.1f} ms",
            f"min of {s.import_runs}; median {sorted(times)[len(times) // 2] * 1e3:.1f} ms",
            "",
            "<= 30 ms",
            status(min(times) <= 30e-3),
        )
    )
    notes.append(
        "Slowest modules to import (self time, -X importtime): "
        + ", ".join(f"`{name}` {us / 1e3:.1f} ms" for us, name in heavy)
        + "."
    )


def render(rows: list[Row]) -> str:
    """The rows as a markdown table."""
    header = ["Measurement", "badugi_fast", "Reference (same hands)", "Ratio", "Target", "Status"]
    lines = ["| " + " | ".join(header) + " |", "|" + "---|" * len(header)]
    for row in rows:
        cells = [row.what, row.ours, row.reference, row.ratio, row.target, row.status]
        lines.append("| " + " | ".join(cells) + " |")
    return "\n".join(lines)


def machine() -> str:
    """CPU and versions, for the report header."""
    cpu = platform.processor() or platform.machine()
    try:
        with open("/proc/cpuinfo") as info:
            for line in info:
                if line.startswith("model name"):
                    cpu = line.split(":", 1)[1].strip()
                    break
    except OSError:
        pass
    return (
        f"{cpu}; Python {platform.python_version()}; badugi_fast {bf.__version__};"
        f" PokerKit {_version('pokerkit')}; numpy {np.__version__}"
    )


def _load() -> str:
    """The 1-minute load average: the machine is shared, so say how busy it was."""
    try:
        return f"{os.getloadavg()[0]:.2f}"
    except OSError:
        return "?"


def _version(package: str) -> str:
    """An installed distribution's version, or ``?``."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        return version(package)
    except PackageNotFoundError:
        return "?"


def main(argv: Sequence[str] | None = None) -> int:
    """Measure everything, print the report; 1 if a benchmarked path gave wrong results."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="fewer, shorter repeats (< 30 s)")
    args = parser.parse_args(argv)
    s = QUICK if args.quick else FULL
    load = _load()
    rows: list[Row] = []
    notes: list[str] = []
    try:
        with tempfile.TemporaryDirectory(prefix="badugi_plain_loop_") as workdir:
            plain = _plain_loop.build(Path(workdir))
        four_card_rows(s, plain, rows, notes)
        five_card_rows(s, rows)
        engine_rows(s, rows)
    except Mismatch as error:
        print(f"results disagree, not benchmarking a broken path: {error}", file=sys.stderr)
        return 1
    process_rows(s, rows, notes)
    print(f"## badugi_fast vs peers ({'quick' if args.quick else 'full'} run)\n")
    print(f"{machine()}; load average before {load}, after {_load()}\n")
    print(render(rows))
    print()
    notes.append(
        f"Min of {s.repeat} interleaved repeats, each >= {s.min_time * 1e3:.0f} ms;"
        f" single calls over the same {s.single_hands:,} random hands (PokerKit given pre-parsed"
        f" `Card`s), batches over {s.batch_hands:,} unsorted random uint8 hands."
    )
    for note in notes:
        print(f"- {note}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
