"""Side-by-side ratios: badugi_fast vs PokerKit, the bare cffi call and a plain C loop.

    python benchmarks/compare_peers.py [--quick] [--baseline PYTHON] [--publish]

Every number comes from one run on the same seeded random hands, and is the
minimum over several interleaved repeats (each long enough to swamp timer noise),
because the machine is shared. Prints a markdown table of ratios and targets
(issues 2, 3 and 9). ``--baseline`` names another interpreter whose badugi_fast (an
earlier checkout) settle() is timed against ours on the same deals, interleaved, in the
same run. ``--publish`` writes the run to ``benchmarks/results.json`` (with its date and
machine) and rebuilds every published figure from it (``published.py``: the README and
the guide pages). Exits 1 if any result disagrees with our own API.
"""

from __future__ import annotations

import argparse
import dataclasses
import datetime
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
import _rooms_workload
import _workload
import floor
import numpy as np
import pokerkit
import published
import vector_threads

import badugi_fast as bf
from badugi_fast import _core
from badugi_fast.cli.rooms import import_text

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
    settle_rounds: int  # interleaved runs of the settle() probe in each interpreter
    settle_number: int  # passes over the deals per timing
    settle_repeat: int  # timings per run; the minimum is reported


QUICK = Settings(
    single_hands=200, engine_hands=100, batch_hands=1_000_000, repeat=7, min_time=0.01,
    import_runs=7, settle_rounds=2, settle_number=2, settle_repeat=5,
)  # fmt: skip
FULL = Settings(
    single_hands=1000, engine_hands=300, batch_hands=1_000_000, repeat=31, min_time=0.03,
    import_runs=21, settle_rounds=5, settle_number=5, settle_repeat=9,
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
    """Six-handed fixed-limit Badugi and no-limit 2-7 single draw under one random policy,
    ours vs PokerKit, and copy()."""
    seeds = range(s.engine_hands)
    for seed in seeds:
        ours, theirs = _engine_workload.play_ours(seed), _engine_workload.play_pokerkit(seed)
        check(ours.is_over and not theirs.status, "an engine hand did not finish")
        total = _engine_workload.STACK * _engine_workload.SEATS
        check(sum(ours.stacks) == total == sum(theirs.stacks), "chips not conserved")
        ours = _engine_workload.play_ours(seed, single_draw=True)
        theirs = _engine_workload.play_pokerkit(seed, single_draw=True)
        check(ours.is_over and not theirs.status, "a single-draw hand did not finish")
        check(sum(ours.stacks) == total == sum(theirs.stacks), "chips not conserved")
    state = _engine_workload.mid_hand()
    n = len(seeds)
    t = measure(
        {
            "ours": (each(_engine_workload.play_ours, seeds), n),
            "pokerkit": (each(_engine_workload.play_pokerkit, seeds), n),
            "ours_single": (each(partial(_engine_workload.play_ours, single_draw=True), seeds), n),
            "pokerkit_single": (
                each(partial(_engine_workload.play_pokerkit, single_draw=True), seeds),
                n,
            ),
            "copy": (state.copy, 1),
        },
        s,
    )
    ratio = t["pokerkit"] / t["ours"]
    single_ratio = t["pokerkit_single"] / t["ours_single"]
    against_triple = t["ours"] / t["ours_single"]
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
            "engine: six-handed no-limit 2-7 single draw hands, random policy",
            f"{1 / t['ours_single']:,.0f} hands/s"
            f" ({against_triple:,.2f}x the fixed-limit Badugi hands' rate)",
            f"PokerKit `NoLimitDeuceToSevenLowballSingleDraw`: {1 / t['pokerkit_single']:,.0f}"
            " hands/s",
            f"{single_ratio:,.1f}x faster",
            "not slower than a fixed-limit triple-draw hand",
            status(against_triple >= 1),
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


def rooms_rows(s: Settings, rows_out: list[Row]) -> None:
    """``badugi import`` of PokerStars hands: the reading alone, and with every hand replayed
    and its payouts checked (what the command does)."""
    text, hands = _rooms_workload.room_text(max(1, s.engine_hands // 10))
    report = import_text("bench.txt", text)
    check(report.imported == hands and not report.disagree, "an imported hand failed")
    t = measure(
        {
            "read": (partial(bf.phh.from_room, text), hands),
            "import": (partial(import_text, "bench.txt", text), hands),
        },
        s,
    )
    rows_out += [
        Row(
            "`badugi import`: PokerStars draw hands, read, replayed and their payouts checked",
            f"{1 / t['import']:,.0f} hands/s",
            f"reading alone (`phh.from_room`): {1 / t['read']:,.0f} hands/s",
            "",
            ">= 2,000 hands/s",
            status(1 / t["import"] >= 2000),
        )
    ]


VECTOR_TABLES = 1024
LEARNER = (None, "random", "calling-station", "hand-strength", "random", "hand-strength")
"""One seat the caller's, five bundled bots in C: how a learner trains against fixed
opponents."""


def vector_game(
    threads: int, bots: Sequence[str | None] | None = None, observation: str = "full"
) -> Any:
    """VECTOR_TABLES six-handed fixed-limit Badugi tables, the engine workload's settings,
    stepped on ``threads`` threads (``bots``: every seat the caller's)."""
    from badugi_fast.vector import VectorGame

    return VectorGame(
        VECTOR_TABLES,
        seed=1,
        threads=threads,
        bots=bots,
        observation=observation,
        stacks=[_engine_workload.STACK] * _engine_workload.SEATS,
        blinds=_engine_workload.BLINDS,
        small_bet=_engine_workload.SMALL_BET,
        big_bet=_engine_workload.BIG_BET,
    )


class VectorSteps:
    """``steps`` steps of :func:`vector_game`, each table's action uniformly random among
    the legal ones (picked with numpy). A call returns the hands finished (those the bots
    played out alone too, also kept in ``hands``) and leaves in ``stepping`` the seconds it
    spent inside ``VectorGame.step``, the caller's pick left out."""

    def __init__(
        self,
        steps: int,
        threads: int = 1,
        bots: Sequence[str | None] | None = None,
        observation: str = "full",
    ) -> None:
        self.steps, self.game = steps, vector_game(threads, bots, observation)
        self.rng = np.random.default_rng(1)
        self.stepping, self.hands = 0.0, 0

    def __call__(self) -> int:
        game, hands, self.stepping = self.game, 0, 0.0
        for _ in range(self.steps):
            mask = game.legal_action_mask
            picks = (self.rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
            start = timeit.default_timer()
            _, terminated = game.step(picks)
            self.stepping += timeit.default_timer() - start
            hands += int(terminated.sum()) + int(game.skipped_hands.sum())
        self.hands = hands
        return hands


def threads_agree(steps: int, bots: Sequence[str | None] | None = None) -> None:
    """Games on one and two threads, given the same actions, expose the same arrays, and
    no step creates or loses a chip (checked here, outside the timed runs, as the peers'
    runs check nothing)."""
    one, two = vector_game(1, bots), vector_game(2, bots)
    rng = np.random.default_rng(2)
    for _ in range(steps):
        mask = one.legal_action_mask
        picks = (rng.random(mask.shape, dtype=np.float32) * mask).argmax(axis=1)
        rewards = (one.step(picks), two.step(picks))
        chips = one.chips.sum(axis=1) + one.skipped_chips.sum(axis=1) + one.carried
        check(not chips.any(), "VectorGame chips")
        check(
            all((a == b).all() for a, b in zip(*rewards, strict=True))
            and all(
                (getattr(one, name) == getattr(two, name)).all()
                for name in (
                    "current_player",
                    "legal_action_mask",
                    "observation",
                    "chips",
                    "skipped_chips",
                )
            ),
            "VectorGame on two threads",
        )


def hands_of(play: Callable[[int], object], seeds: Sequence[int]) -> Callable[[], int]:
    """A run playing one hand per seed; it returns the hands played."""

    def run() -> int:
        for seed in seeds:
            play(seed)
        return len(seeds)

    return run


def per_hand(run: Callable[[], int], repeat: int) -> float:
    """Seconds per hand of ``run`` (which returns the hands it played): the best of
    ``repeat`` runs."""
    best = math.inf
    for _ in range(repeat):
        start = timeit.default_timer()
        hands = run()
        best = min(best, (timeit.default_timer() - start) / hands)
    return best


def vector_rows(s: Settings, rows_out: list[Row]) -> None:
    """VectorGame (on one thread) against PokerKit's and HandState's self-play, and
    simulate() with the bundled bots in C against the same bots in Python; then both on two
    threads against one."""
    from badugi_fast.engine import BOTS, simulate

    seeds = range(s.engine_hands)
    names = ["random", "calling-station", "hand-strength"] * 2
    factories = [BOTS[name] for name in names]
    sim_hands = 10 * s.engine_hands
    threads_agree(60)
    threads_agree(20, LEARNER)
    sims = {k: simulate(50 * sim_hands, names, seed=3, threads=k) for k in (1, 2)}
    check(sims[1] == sims[2], "simulate() on two threads")

    def sim_c(threads: int) -> Callable[[], int]:
        return lambda: simulate(50 * sim_hands, names, seed=3, threads=threads).hands

    def sim_python() -> int:
        return simulate(sim_hands, factories, seed=3, chunk_size=sim_hands).hands

    vectors = {
        "vector": VectorSteps(60),
        "vector_compact": VectorSteps(60, observation="compact"),
        "vector_2": VectorSteps(60, threads=2),
        "learner": VectorSteps(30, bots=LEARNER),
        "learner_2": VectorSteps(30, threads=2, bots=LEARNER),
    }
    cases: dict[str, Callable[[], int]] = {
        **vectors,
        "pokerkit": hands_of(_engine_workload.play_pokerkit, seeds),
        "handstate": hands_of(_engine_workload.play_ours, seeds),
        "sim_c": sim_c(1),
        "sim_c_2": sim_c(2),
        "sim_python": sim_python,
    }
    best = dict.fromkeys(cases, math.inf)
    stepping = dict.fromkeys(vectors, math.inf)  # the seconds a hand spent in step()
    for _ in range(max(3, s.repeat // 6)):  # interleaved: each case once a round
        for name, run in cases.items():
            best[name] = min(best[name], per_hand(run, 1))
            if name in vectors:
                stepping[name] = min(stepping[name], vectors[name].stepping / vectors[name].hands)
    caller = {  # the share of the loop outside step(): the caller's numpy pick
        name: 1 - stepping[name] / best[name] for name in ("vector", "vector_compact")
    }
    versus_compact = best["pokerkit"] / best["vector_compact"]
    versus_pokerkit = best["pokerkit"] / best["vector"]
    versus_handstate = best["handstate"] / best["vector"]
    simulated = best["sim_python"] / best["sim_c"]
    vector_threads = best["vector"] / best["vector_2"]
    learner_threads = best["learner"] / best["learner_2"]
    step_alone = {  # the library's own part of the loop: what two threads can speed up
        name: stepping[name] / stepping[f"{name}_2"] for name in ("vector", "learner")
    }
    sim_threads = best["sim_c"] / best["sim_c_2"]
    rows_out += [
        Row(
            f"`VectorGame`, {VECTOR_TABLES:,} six-handed fixed-limit Badugi tables,"
            " random masked actions (numpy), one thread",
            f"{1 / best['vector']:,.0f} hands/s",
            f"PokerKit self-play: {1 / best['pokerkit']:,.0f} hands/s;"
            f" `HandState`: {1 / best['handstate']:,.0f} hands/s",
            f"{versus_pokerkit:,.0f}x PokerKit; {versus_handstate:,.1f}x HandState"
            f" (the caller's pick: {caller['vector']:.0%} of the loop)",
            "published; >= 5x HandState",
            status(versus_handstate >= 5),
        ),
        Row(
            '`VectorGame`, the same tables and loop, `observation="compact"`, one thread',
            f"{1 / best['vector_compact']:,.0f} hands/s",
            f"PokerKit self-play: {1 / best['pokerkit']:,.0f} hands/s",
            f"{versus_compact:,.0f}x PokerKit"
            f" (the caller's pick: {caller['vector_compact']:.0%} of the loop)",
            "published",
            "",
        ),
        Row(
            "`VectorGame`, the same tables, `threads=2` (the same arrays as one thread)",
            f"{1 / best['vector_2']:,.0f} hands/s",
            f"`threads=1`: {1 / best['vector']:,.0f} hands/s",
            f"{vector_threads:,.2f}x (the step alone: {step_alone['vector']:,.2f}x)",
            "none: the caller's numpy pick, on one thread, is a sixth of a step",
            "",
        ),
        Row(
            "`VectorGame`, the same tables, one seat the caller's against five bundled bots"
            " in C, `threads=2` (the same arrays as one thread)",
            f"{1 / best['learner_2']:,.0f} hands/s",
            f"`threads=1`: {1 / best['learner']:,.0f} hands/s",
            f"{learner_threads:,.2f}x (the step alone: {step_alone['learner']:,.2f}x)",
            ">= 1.8x on 2 cores",
            status(learner_threads >= 1.8),
        ),
        Row(
            "`simulate()`, six bundled bots by name (in C), one thread",
            f"{1 / best['sim_c']:,.0f} hands/s",
            f"the same bots as Python factories: {1 / best['sim_python']:,.0f} hands/s",
            f"{simulated:,.0f}x faster",
            ">= 30x",
            status(simulated >= 30),
        ),
        Row(
            "`simulate()`, the same bots, `threads=2` (the same result as one thread)",
            f"{1 / best['sim_c_2']:,.0f} hands/s",
            f"`threads=1`: {1 / best['sim_c']:,.0f} hands/s",
            f"{sim_threads:,.2f}x",
            ">= 1.8x on 2 cores",
            status(sim_threads >= 1.8),
        ),
    ]


FLOOR_BAR = 1.3
"""The step alone within this of its floor (issue 40)."""


def floor_rows(s: Settings, rows_out: list[Row]) -> None:
    """``VectorGame.step`` alone (the caller's pick untimed) against its floor,
    benchmarks/floor.c, per table-step on one thread in the same run (CPU time of the
    thread, interleaved rounds: floor.py); then the step alone on two threads against one
    at 1,024 and 8,192 tables (wall time: vector_threads.py)."""
    with tempfile.TemporaryDirectory(prefix="badugi_floor_") as workdir:
        module = floor.build(Path(workdir))
    rounds = max(5, s.repeat // 3)
    best = floor.measure(VECTOR_TABLES, 30, rounds, module)
    full = best["floor: ChaCha20, 329 floats written plainly"]
    compact = best["floor: ChaCha20, compact observation"]
    library = {
        "the default (SHAKE-128 deal, full observation)": (
            best["VectorGame.step, SHAKE-128 deal (the default)"],
            best["floor: SHAKE-128, 329 floats written plainly"],
        ),
        '`shuffle="chacha20"`': (best["VectorGame.step, ChaCha20 deal"], full),
        '`shuffle="chacha20"`, `observation="compact"`': (
            best["VectorGame.step, ChaCha20 deal, compact"],
            compact,
        ),
    }
    for what, (ours, theirs) in library.items():
        rows_out.append(
            Row(
                f"`VectorGame.step` alone, {VECTOR_TABLES:,} tables, one thread, {what}",
                f"{ours:,.0f} ns a table-step",
                f"floor.c, the same game and observation: {theirs:,.0f} ns",
                f"{ours / theirs:.2f}x the floor",
                f"<= {FLOOR_BAR}x",
                status(ours / theirs <= FLOOR_BAR),
            )
        )
    for tables in (VECTOR_TABLES, 8 * VECTOR_TABLES):
        one, two = vector_threads.measure(tables, rounds)
        rows_out.append(
            Row(
                f"`VectorGame.step` alone, {tables:,} tables, `threads=2`",
                f"{two:,.0f} ns a table-step",
                f"`threads=1`: {one:,.0f} ns",
                f"{one / two:.2f}x",
                ">= 1.8x on 2 cores",
                status(one / two >= 1.8),
            )
        )


ODDS_HANDS = ["As 2h 3d Kd", "8s 7h 5d Qc"]
"""The odds question: A-2-3 drawing one (Kd out) against 8-7-5 drawing one (Qc out)."""
ODDS_BIG_DISCARDS = ["Kd 3d 2h", "Qc 8s"]
"""For the exact rate: three cards against two, C(44, 3) * C(41, 2) deals."""
ODDS_SAMPLES = 1_000_000
PEER_SAMPLES = 2_000


def _peer_equity_question() -> Callable[[], list[float]]:
    """The same heads-up one-draw question for PokerKit, which has no draws: each player
    holds its kept cards and PokerKit deals the missing ones from the deck without the
    eight cards dealt (the discards included), exactly what a draw does."""
    kept = [list(pokerkit.Card.parse(text)) for text in ("As2h3d", "8s7h5d")]
    gone = set(pokerkit.Card.parse("".join(ODDS_HANDS).replace(" ", "")))
    deck = [card for card in pokerkit.Deck.STANDARD if card not in gone]
    return partial(
        pokerkit.calculate_equities,
        ([kept[0]], [kept[1]]),
        (),
        4,
        0,
        deck,
        (pokerkit.BadugiHand,),
        sample_count=PEER_SAMPLES,
    )


def odds_rows(s: Settings, rows_out: list[Row], notes: list[str]) -> None:
    """Exact deals per second, Monte Carlo against PokerKit, and two workers against one."""
    from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

    one_draw = {"draws": 1, "discards": ["Kd", "Qc"]}
    exact = bf.equity(ODDS_HANDS, **one_draw)
    sampled = partial(
        bf.equity, ODDS_HANDS, exact_limit=0, samples=ODDS_SAMPLES, seed=1, **one_draw
    )
    mc = sampled()
    peer = _peer_equity_question()
    theirs = peer()
    check(exact.exact and not mc.exact, "exact and sampled runs")
    check(abs(mc.equity[0] - exact.equity[0]) < 4 * mc.stderr[0], "Monte Carlo vs exact")
    peer_error = math.sqrt(0.25 / PEER_SAMPLES)
    check(abs(theirs[0] - exact.equity[0]) < 4 * peer_error, "PokerKit vs our exact equity")
    big = partial(bf.equity, ODDS_HANDS, draws=1, discards=ODDS_BIG_DISCARDS)
    deals = math.comb(44, 3) * math.comb(41, 2)
    check(big().exact, "the big question is enumerated")
    five = partial(
        bf.equity,
        ["As 2h 3d Kd 4c", "8s 7h 5d Qc 6c"],
        game="badacey",
        draws=1,
        discards=["Kd 3d", "Qc 8s"],
    )
    five_deals = math.comb(42, 2) * math.comb(40, 2)
    check(five().exact, "the five-card question is enumerated")
    many = 4 * ODDS_SAMPLES
    with ThreadPoolExecutor(2) as threads, ProcessPoolExecutor(2) as processes:
        runs = {
            name: partial(
                bf.equity,
                ODDS_HANDS,
                exact_limit=0,
                samples=many,
                seed=2,
                executor=executor,
                **one_draw,
            )
            for name, executor in (
                ("one", bf.parallel.HERE),
                ("threads", threads),
                ("processes", processes),
            )
        }
        results = {name: run() for name, run in runs.items()}
        check(len(set(results.values())) == 1, "the same seed gives the same result anywhere")
        t = measure(
            {
                "exact": (big, deals),
                "five": (five, five_deals),
                "mc": (sampled, ODDS_SAMPLES),
                "peer": (peer, PEER_SAMPLES),
                **{name: (run, many) for name, run in runs.items()},
            },
            s,
        )
    speedup = t["peer"] / t["mc"]
    threads_gain, processes_gain = t["one"] / t["threads"], t["one"] / t["processes"]
    rows_out += [
        Row(
            f"exact `equity`, heads-up one draw, {deals:,} Badugi deals",
            f"{1e-6 / t['exact']:,.0f} M deals/s",
            f"Badacey, {five_deals:,} deals: {1e-6 / t['five']:,.0f} M deals/s",
            "",
            ">= 300 M/s per core",
            status(1 / t["exact"] >= 300e6),
        ),
        Row(
            "Monte Carlo `equity`, heads-up one draw, per deal",
            ns(t["mc"]),
            f"PokerKit `calculate_equities` (kept cards as hole cards, no draws): {ns(t['peer'])}",
            f"{speedup:,.0f}x faster",
            ">= 1,000x",
            status(speedup >= 1000),
        ),
        Row(
            f"two workers vs one, {many:,} deals",
            f"threads {threads_gain:.2f}x, processes {processes_gain:.2f}x",
            f"one: {t['one'] * many * 1e3:,.0f} ms",
            "",
            ">= 1.7x",
            status(max(threads_gain, processes_gain) >= 1.7),
        ),
    ]
    notes.append(
        "Odds: PokerKit has no draws, so it is asked the closest equivalent question: each"
        " player's kept cards as hole cards, dealt up to four from the deck without the eight"
        " cards dealt (a one-draw deal). Both agree with our exact equity"
        f" {exact.equity[0]:.4f} (ours sampled {mc.equity[0]:.4f}, PokerKit {theirs[0]:.4f}"
        f" from {PEER_SAMPLES:,} samples). Workers run with the GIL released; the machine"
        " has two cores shared with other jobs."
    )


RANGE_HERO = "As 2h 3d Kd"
"""The range questions: A-2-3 with a dead king (a three-card three) against a random hand."""
RANGE_SAMPLES = 200_000


def _peer_random_hand() -> Callable[[], list[float]]:
    """PokerKit's `calculate_equities` on a hand against a random hand, no draw: the second
    player's range is one empty hand that PokerKit deals four cards to."""
    hero = list(pokerkit.Card.parse(RANGE_HERO.replace(" ", "")))
    deck = [card for card in pokerkit.Deck.STANDARD if card not in hero]
    return partial(
        pokerkit.calculate_equities,
        ([hero], [[]]),
        (),
        4,
        0,
        deck,
        (pokerkit.BadugiHand,),
        sample_count=PEER_SAMPLES,
    )


def range_rows(s: Settings, rows_out: list[Row], notes: list[str]) -> None:
    """Equity against ranges: a random hand against PokerKit, draws in samples/s, and every
    core against one."""
    here = bf.parallel.HERE
    combos = math.comb(48, 4)
    exact = partial(bf.equity, [RANGE_HERO, "*"], draws=0, executor=here)
    ours = exact()
    peer = _peer_random_hand()
    theirs = peer()
    check(ours.exact, "a random hand without a draw is enumerated")
    check(
        abs(theirs[0] - ours.equity[0]) < 4 * math.sqrt(0.25 / PEER_SAMPLES),
        "PokerKit vs our exact equity against a random hand",
    )
    drawn = {
        draws: partial(
            bf.equity,
            [RANGE_HERO, "*"],
            draws=draws,
            exact_limit=0,
            samples=RANGE_SAMPLES,
            seed=draws,
            executor=here,
        )
        for draws in (1, 3)
    }
    many = 8 * bf.odds.CHUNK
    cores = {
        name: partial(
            bf.equity,
            [RANGE_HERO, "*"],
            draws=1,
            exact_limit=0,
            samples=many,
            seed=9,
            executor=executor,
        )
        for name, executor in (("one_core", here), ("all_cores", None))
    }
    check(cores["one_core"]() == cores["all_cores"](), "every core gives one core's result")
    t = measure(
        {
            "exact": (exact, 1),
            "peer": (peer, PEER_SAMPLES),
            **{f"draws{d}": (run, RANGE_SAMPLES) for d, run in drawn.items()},
            **{name: (run, many) for name, run in cores.items()},
        },
        s,
    )
    peer_question = t["peer"] * combos  # PokerKit's time for as many hands as we enumerate
    ratio = peer_question / t["exact"]
    gain = t["one_core"] / t["all_cores"]
    rows_out += [
        Row(
            f"`equity` of a hand against a random hand, no draw ({combos:,} combos, exact)",
            f"{t['exact'] * 1e3:,.1f} ms",
            f"PokerKit `calculate_equities`, as many samples: {peer_question:,.1f} s"
            f" ({ns(t['peer'])} a sample)",
            f"{ratio:,.0f}x faster",
            ">= 1,000x",
            status(ratio >= 1000),
        ),
        Row(
            "`equity` against a random hand, Monte Carlo on one core",
            f"one draw: {1 / t['draws1'] / 1e6:,.2f} M samples/s;"
            f" three draws: {1 / t['draws3'] / 1e6:,.2f} M samples/s",
        ),
        Row(
            f"every core vs one, against a random hand, one draw, {many:,} samples",
            f"{gain:.2f}x",
            f"one core: {t['one_core'] * many * 1e3:,.0f} ms",
            "",
            ">= 1.8x on 2 cores",
            status(gain >= 1.8),
        ),
    ]
    notes.append(
        "Ranges: PokerKit's `calculate_equities` samples; ours enumerates every combo of the"
        f" random hand, so PokerKit is timed for as many samples ({combos:,}). Exact"
        f" {ours.equity[0]:.4f}, PokerKit {theirs[0]:.4f} from {PEER_SAMPLES:,} samples."
    )


SETTLE_PROBE = r"""
import hashlib, json, sys, timeit
sys.path.insert(0, sys.argv[1])
import bench_settle
import badugi_fast as bf
tables = bench_settle.deals(bench_settle.GAMES["badugi"])
def run():
    for seats in tables:
        bf.settle(seats, game="badugi", button=5)
def run_reading_pots():
    for seats in tables:
        bf.settle(seats, game="badugi", button=5).pots
results = [bf.settle(seats, game="badugi", button=5).to_dict() for seats in tables]
def digest(values):
    return hashlib.sha256(json.dumps(values, sort_keys=True).encode()).hexdigest()
digests = {field: digest([result[field] for result in results]) for field in results[0]}
def seconds(call):
    best = min(timeit.Timer(call).repeat(repeat=int(sys.argv[3]), number=int(sys.argv[2])))
    return best / int(sys.argv[2]) / len(tables)
times = {"settle": seconds(run), "reading pots": seconds(run_reading_pots)}
print(json.dumps({"seconds": times, "digests": digests, "package": bf.__file__}))
"""
"""Times settle() over bench_settle's seeded six-way deals (a main pot and two side pots)
in whichever interpreter runs it, alone and with its pot records read, and prints a digest
of every result field by field (so results can be compared on the fields two versions
share)."""


def _settle_probe(python: str, s: Settings) -> dict[str, Any]:
    """One run of SETTLE_PROBE in ``python``: seconds per settle() (alone, and reading its
    pots) and the results' digest."""
    benchmarks = str(Path(__file__).resolve().parent)
    run = subprocess.run(
        # -I: not the checkout in the working directory, but the interpreter's own install
        [python, "-I", "-c", SETTLE_PROBE, benchmarks, str(s.settle_number), str(s.settle_repeat)],
        capture_output=True,
        text=True,
        check=True,
    )
    result: dict[str, Any] = json.loads(run.stdout)
    return result


SETTLE_ROWS = {
    "settle": ("`settle()`, six-way showdown with side pots", 0.5),
    "reading pots": ("`settle()`, the same, then its `pots` read", None),
}
"""The settle() timings: their rows, and the bar on the ratio to the baseline (None: none).
A settlement builds its pot records when they are first read (a caller that wants only the
chips never pays for them), so the second row times the whole result."""


def settle_rows(s: Settings, baseline: str | None, rows_out: list[Row]) -> None:
    """settle() of a six-way showdown with side pots: ours, and a baseline interpreter's
    (an earlier badugi_fast) on the same deals, the two probes interleaved."""
    pythons = {"ours": sys.executable} | ({"baseline": baseline} if baseline else {})
    best = {(name, timing): math.inf for name in pythons for timing in SETTLE_ROWS}
    digests: dict[str, dict[str, str]] = {}
    packages = {}
    for _ in range(s.settle_rounds):
        for name, python in pythons.items():
            probe = _settle_probe(python, s)
            for timing, seconds in probe["seconds"].items():
                best[name, timing] = min(best[name, timing], seconds)
            digests[name] = probe["digests"]
            packages[name] = probe["package"]
    # a field one version lacks (one added since the baseline) cannot be compared; every
    # field both have must agree on every deal
    shared = set.intersection(*(set(fields) for fields in digests.values()))
    unshared = sorted(set.union(*(set(fields) for fields in digests.values())) - shared)
    for field in sorted(shared):
        agree = len({fields[field] for fields in digests.values()}) == 1
        check(agree, f"settle() results' {field} differ from the baseline's")
    check(len(set(packages.values())) == len(pythons), "the baseline imports this badugi_fast")
    aside = f" ({', '.join(unshared)}: in one version only, not compared)" if unshared else ""
    for timing, (what, bar) in SETTLE_ROWS.items():
        ours = best["ours", timing]
        if baseline is None:
            hint = "(`--baseline PYTHON` times an earlier badugi_fast beside it)"
            rows_out.append(Row(what, ns(ours), hint, "", "<= 30 us", status(ours <= 30e-6)))
            continue
        ratio = ours / best["baseline", timing]
        rows_out.append(
            Row(
                what,
                ns(ours),
                f"baseline `{baseline}`: {ns(best['baseline', timing])}{aside}",
                f"{ratio:.2f}x the baseline's time",
                "" if bar is None else f"<= {bar}x the baseline",
                "" if bar is None else status(ratio <= bar),
            )
        )


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
    return published.table([dataclasses.asdict(row) for row in rows])


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
    parser.add_argument(
        "--baseline",
        metavar="PYTHON",
        help="an interpreter with an earlier badugi_fast to time settle() against",
    )
    parser.add_argument(
        "--only-settle", action="store_true", help="only the settle() row (with --baseline)"
    )
    parser.add_argument(
        "--publish",
        action="store_true",
        help="write benchmarks/results.json and rebuild the README's and the guide's figures",
    )
    parser.add_argument("--only-ranges", action="store_true", help="only the ranges rows")
    args = parser.parse_args(argv)
    s = QUICK if args.quick else FULL
    load = _load()
    rows: list[Row] = []
    notes: list[str] = []
    try:
        if args.only_ranges:
            range_rows(s, rows, notes)
        elif not args.only_settle:
            with tempfile.TemporaryDirectory(prefix="badugi_plain_loop_") as workdir:
                plain = _plain_loop.build(Path(workdir))
            four_card_rows(s, plain, rows, notes)
            five_card_rows(s, rows)
            engine_rows(s, rows)
            rooms_rows(s, rows)
            vector_rows(s, rows)
            floor_rows(s, rows)
        if not args.only_ranges:
            settle_rows(s, args.baseline, rows)
        if not (args.only_settle or args.only_ranges):
            odds_rows(s, rows, notes)
            range_rows(s, rows, notes)
    except Mismatch as error:
        print(f"results disagree, not benchmarking a broken path: {error}", file=sys.stderr)
        return 1
    if not (args.only_settle or args.only_ranges):
        process_rows(s, rows, notes)
    mode = "quick" if args.quick else "full"
    after = _load()
    print(f"## badugi_fast vs peers ({mode} run)\n")
    print(f"{machine()}; load average before {load}, after {after}\n")
    print(render(rows))
    print()
    notes.append(
        f"Min of {s.repeat} interleaved repeats, each >= {s.min_time * 1e3:.0f} ms;"
        f" single calls over the same {s.single_hands:,} random hands (PokerKit given pre-parsed"
        f" `Card`s), batches over {s.batch_hands:,} unsorted random uint8 hands."
    )
    for note in notes:
        print(f"- {note}")
    if args.publish:
        results = published.Results(
            date=datetime.date.today().isoformat(),
            machine=machine(),
            load=(load, after),
            mode=mode,
            rows=[dataclasses.asdict(row) for row in rows],
            notes=notes,
        )
        published.write(results)
        print(f"\nwrote {published.RESULTS.name}; rebuilt {', '.join(published.publish(results))}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
