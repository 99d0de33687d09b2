"""Exact when it can be, Monte Carlo when it must, and the Monte Carlo cut into chunks.

The sampling work is cut into fixed chunks of ``CHUNK`` deals by the parallel seam
(:mod:`badugi_fast.parallel`); chunk ``i`` of seed ``s`` is always the same deals (the C
generator is seeded from ``(s, i)``, see docs/rules.md, "Draw odds and equity"), and chunk
tallies are whole numbers, so their sum is the same whether the chunks run in this thread,
in a process pool, on a Dask cluster or anywhere else an executor sends them. Only the
speed changes.
"""

from __future__ import annotations

import secrets
from dataclasses import dataclass
from functools import partial

from badugi_fast._binding import odds as kernels
from badugi_fast.checks import check_int
from badugi_fast.errors import NoFittingDeal
from badugi_fast.odds.position import Position, least_relabelling, seed_value
from badugi_fast.parallel import Chunk, Progress, Work, all_cores, check_arguments, run

CHUNK = 1 << 16
"""Deals per chunk: part of the seed scheme, so changing it changes every seeded result."""
DEFAULT_SAMPLES = 1_000_000
"""Deals sampled when neither `samples` is given nor the position can be enumerated."""
MAX_SAMPLES = 1_000_000_000
"""At most this many deals a run: the tallies' sums then stay whole numbers below 2**53."""
DEFAULT_EXACT_LIMIT = 100_000_000
"""Deals enumerated at most before sampling instead: a second or so on one core."""


@dataclass(frozen=True, slots=True)
class Run:
    """What a run found and how: exact, or from ``samples`` deals of ``seed``."""

    tally: kernels.Tally
    exact: bool
    samples: int
    seed: int | None


def sample_chunk(position: Position, seed: int, chunk: Chunk) -> kernels.Tally:
    """The deals of one chunk of a seeded run. Module level, so it pickles."""
    return kernels.sample(position, seed, chunk.index, chunk.count)


def solve(
    position: Position,
    *,
    samples: object,
    seed: object,
    exact_limit: object,
    executor: object,
    progress: Progress | None,
) -> Run:
    """Enumerate if at most ``exact_limit`` deals and no reshuffle can happen; else sample.

    Without an ``executor``, a run of more than one chunk (or an exact run against
    ranges in more than one part) uses every core through ``parallel.all_cores()``: the
    chunks and parts are the same and summed in the same way, so the result is too."""
    limit = check_int("exact_limit", exact_limit, 0)
    count = check_int("samples", DEFAULT_SAMPLES if samples is None else samples, 1, MAX_SAMPLES)
    chosen = seed_value(seed)
    check_arguments(executor, progress)
    deals = _exact_deals(position, limit)
    if deals is not None:
        pool = all_cores() if executor is None else None
        mapper = map if pool is None else pool.map
        tally = kernels.exact(least_relabelling(position), deals, progress, mapper)
        if not tally.total:  # every deal dropped: none fits the draws seen
            raise NoFittingDeal(kernels.NONE_FITS)
        return Run(tally, True, 0, None)
    if chosen is None:
        chosen = secrets.randbits(64)
    if executor is None and count > CHUNK:
        executor = all_cores()
    zero = kernels.empty_tally(len(position.hands))
    work = Work(partial(sample_chunk, position, chosen), zero, _deals, "deals")
    tally = run(work, count, CHUNK, executor=executor, progress=progress)
    return Run(tally, False, count, chosen)


def _exact_deals(position: Position, limit: int) -> float | None:
    """The deals to enumerate (or a bound on them), or None to sample: decided from
    closed-form bounds when they settle it (always with at most one draw), else by a count
    that stops once past ``limit`` and runs in short C calls (a Ctrl-C is heard)."""
    bounds = kernels.bounds(position) if limit else None
    if bounds is None or bounds[0] > limit:
        return None
    if bounds[1] <= min(limit, kernels.PART):  # one short call: no count needed
        return bounds[1]
    count = kernels.outcomes(position, limit)
    return count if count is not None and count <= limit else None


def _deals(tally: kernels.Tally) -> float:
    """How many deals a chunk's tally covers (one weight per deal)."""
    return tally.total
