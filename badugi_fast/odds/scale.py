"""Exact when it can be, Monte Carlo when it must, and the Monte Carlo cut into chunks.

The sampling work is cut into fixed chunks of ``CHUNK`` deals; chunk ``i`` of seed ``s``
is always the same deals (the C generator is seeded from ``(s, i)``, see
docs/rules.md, "Draw odds and equity"), and chunk tallies are whole numbers, so their
sum is the same whether the chunks run in this thread, in a process pool, on a Dask
cluster or anywhere else an executor sends them. Only the speed changes.
"""

from __future__ import annotations

import secrets
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import reduce
from operator import add
from typing import Any

from badugi_fast.checks import check_int
from badugi_fast.errors import InvalidOptionType
from badugi_fast.odds import _kernel
from badugi_fast.odds.position import Position, seed_value

CHUNK = 1 << 16
"""Deals per chunk: part of the seed scheme, so changing it changes every seeded result."""
DEFAULT_SAMPLES = 1_000_000
"""Deals sampled when neither `samples` is given nor the position can be enumerated."""
MAX_SAMPLES = 1_000_000_000
"""At most this many deals a run: the tallies' sums then stay whole numbers below 2**53."""
DEFAULT_EXACT_LIMIT = 100_000_000
"""Deals enumerated at most before sampling instead: a second or so on one core."""

Task = tuple[Position, int, int, int]
Progress = Callable[[int, int], object]
"""Called as ``progress(deals done, deals in all)`` after each Monte Carlo chunk."""


@dataclass(frozen=True, slots=True)
class Run:
    """What a run found and how: exact, or from ``samples`` deals of ``seed``."""

    tally: _kernel.Tally
    exact: bool
    samples: int
    seed: int | None


def run_chunk(task: Task) -> _kernel.Tally:
    """One chunk: ``(position, seed, chunk index, deals)``. Module level, so it pickles."""
    position, seed, chunk, samples = task
    return _kernel.sample(position, seed, chunk, samples)


def chunk_tasks(position: Position, seed: int, samples: int) -> list[Task]:
    """The chunks of a run: full chunks of CHUNK deals, then the rest."""
    return [
        (position, seed, index, min(CHUNK, samples - start))
        for index, start in enumerate(range(0, samples, CHUNK))
    ]


def solve(
    position: Position,
    *,
    samples: object,
    seed: object,
    exact_limit: object,
    executor: object,
    progress: Progress | None,
) -> Run:
    """Enumerate if at most ``exact_limit`` deals and no reshuffle can happen; else sample."""
    limit = check_int("exact_limit", exact_limit, 0)
    count = check_int("samples", DEFAULT_SAMPLES if samples is None else samples, 1, MAX_SAMPLES)
    chosen = seed_value(seed)
    mapper = _mapper(executor)
    if limit:
        outcomes = _kernel.outcomes(position, limit)
        if outcomes is not None and outcomes <= limit:
            return Run(_kernel.exact(position), True, 0, None)
    if chosen is None:
        chosen = secrets.randbits(64)
    tasks = chunk_tasks(position, chosen, count)
    tallies: Iterable[_kernel.Tally] = mapper(run_chunk, tasks)
    if progress is not None:
        tallies = _reporting(tallies, tasks, progress)
    return Run(reduce(add, tallies), False, count, chosen)


def _reporting(
    tallies: Iterable[_kernel.Tally], tasks: list[Task], progress: Progress
) -> Iterator[_kernel.Tally]:
    """The tallies, calling ``progress`` as each chunk's arrives (in chunk order)."""
    total = sum(task[3] for task in tasks)
    done = 0
    for task, tally in zip(tasks, tallies, strict=True):
        done += task[3]
        progress(done, total)
        yield tally


def _mapper(executor: object) -> Any:
    """``map`` itself, or the executor's (concurrent.futures, Dask, Ray's Pool, ...)."""
    if executor is None:
        return map
    mapper = getattr(executor, "map", None)
    if not callable(mapper):
        raise InvalidOptionType(
            f"executor must have a map method, like concurrent.futures.Executor; "
            f"{type(executor).__name__} has none"
        )
    return mapper
