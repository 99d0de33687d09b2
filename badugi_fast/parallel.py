"""The one parallel seam: a run cut into chunks, run here or on any executor, checked, summed.

A run of ``total`` units (hands, deals) is cut into chunks of ``size`` units, the last one
taking the rest; chunk ``i`` starts at unit ``i * size``. Each chunk is one call of a
picklable ``function(chunk)`` that derives its seed from the run's seed and the chunk's
index, so a chunk gives the same result wherever it runs, and the run's sum depends on the
seed and the chunk size, never on the executor or the number of workers.

Chunks are made as they are handed out, so a run of 10**13 hands costs no memory up front.
An executor with ``submit`` (``concurrent.futures`` pools, Dask's ``Client.get_executor()``)
has at most ``MAX_IN_FLIGHT`` chunks at a time; an object with only ``map`` (Ray's
``Pool``) gets them ``MAX_IN_FLIGHT`` at a time. A Ctrl-C, or any error, cancels the chunks
not yet started and is raised again. Every result is checked: one per chunk, of the
expected type, covering the chunk's units; anything else raises ``ExecutorError``.
"""

from __future__ import annotations

import os
import threading
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from itertools import islice
from queue import SimpleQueue
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from badugi_fast.errors import ExecutorError, InvalidOptionType

if TYPE_CHECKING:  # concurrent.futures is imported only when an executor is used
    from concurrent.futures import Future, ThreadPoolExecutor

MAX_IN_FLIGHT = 256
"""Chunks handed to an executor and not yet collected, at most."""

Progress = Callable[[int, int], object]
"""Called as ``progress(units done, units in all)`` after each chunk."""


@dataclass(frozen=True, slots=True)
class Chunk:
    """Chunk ``index`` of a run: ``count`` units from unit ``start``."""

    index: int
    start: int
    count: int


class Summable(Protocol):
    """A chunk's result: the results of the chunks add up to the run's."""

    def __add__(self, other: Any, /) -> Any: ...


R = TypeVar("R", bound=Summable)


@dataclass(frozen=True, slots=True)
class Work(Generic[R]):
    """What a run does with each chunk, and what each chunk's result must look like."""

    function: Callable[[Chunk], R]
    """Module-level (or a ``functools.partial`` of one), so it pickles to other processes."""
    kind: type[R]
    """The type of every result."""
    units: Callable[[R], float]
    """How many units a result covers: its chunk's ``count``."""
    unit: str
    """The units' name in messages: ``"hands"``, ``"deals"``."""


class _Here:
    """An executor that runs every chunk in the calling thread, in order."""

    @staticmethod
    def map(function: Callable[..., Any], *iterables: Iterable[Any]) -> Iterator[Any]:
        return map(function, *iterables)

    def __repr__(self) -> str:
        return "badugi_fast.parallel.HERE"


HERE = _Here()
"""Pass as ``executor`` to run every chunk in the calling thread, on one core."""

_pool: ThreadPoolExecutor | None = None
_pool_lock = threading.Lock()


def all_cores() -> ThreadPoolExecutor | None:
    """The process's shared pool of one thread per CPU, made on first use (None on a
    one-CPU machine): long odds runs use it when no executor is given. The C kernels
    release the GIL, so its threads run on every core."""
    global _pool
    cpus = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count()
    if (cpus or 1) < 2:
        return None
    with _pool_lock:
        if _pool is None:
            from concurrent.futures import ThreadPoolExecutor

            _pool = ThreadPoolExecutor(cpus, thread_name_prefix="badugi-odds")
        return _pool


def chunks(total: int, size: int) -> Iterator[Chunk]:
    """The chunks of a run of ``total`` units, made one at a time."""
    return (
        Chunk(index, start, min(size, total - start))
        for index, start in enumerate(range(0, total, size))
    )


def check_arguments(executor: object, progress: object) -> None:
    """Refuse, before any work, an executor that can run nothing and a progress that
    cannot be called."""
    if progress is not None and not callable(progress):
        raise InvalidOptionType(f"progress must be callable, not {type(progress).__name__}")
    if executor is not None and not (_method(executor, "submit") or _method(executor, "map")):
        raise InvalidOptionType(
            "executor must have a submit or map method, like concurrent.futures.Executor; "
            f"{type(executor).__name__} has neither"
        )


def run(work: Work[R], total: int, size: int, *, executor: object, progress: Progress | None) -> R:
    """The sum of ``work`` over the chunks of a run, run by ``executor`` (None: here)."""
    check_arguments(executor, progress)
    tally: _Tally[R] = _Tally(work, total, progress)
    submit = _method(executor, "submit")
    if submit is not None:
        _submitting(work, chunks(total, size), submit, tally)
    else:
        _mapping(work, chunks(total, size), _method(executor, "map") or map, tally)
    assert tally.sum is not None  # a run has at least one unit, so one chunk
    return tally.sum


class _Tally(Generic[R]):
    """The running sum: each result checked against its chunk, then added."""

    def __init__(self, work: Work[R], total: int, progress: Progress | None) -> None:
        self.work = work
        self.total = total
        self.progress = progress
        self.done = 0
        self.sum: R | None = None

    def add(self, chunk: Chunk, result: object) -> None:
        work = self.work
        if not isinstance(result, work.kind):
            raise ExecutorError(
                f"the executor returned a {type(result).__name__}, not a "
                f"{work.kind.__name__}, for chunk {chunk.index}"
            )
        covered = work.units(result)
        if covered != chunk.count:
            raise ExecutorError(
                f"the executor returned {covered:.0f} {work.unit} for a chunk of "
                f"{chunk.count} (chunk {chunk.index})"
            )
        try:
            self.sum = result if self.sum is None else self.sum + result
        except (TypeError, ValueError):
            raise ExecutorError(
                f"the executor returned a {work.kind.__name__} of another shape for chunk "
                f"{chunk.index}"
            ) from None
        self.done += chunk.count
        if self.progress is not None:
            self.progress(self.done, self.total)


def _method(executor: object, name: str) -> Callable[..., Any] | None:
    """The executor's method ``name``, if it has one (None has none)."""
    method = getattr(executor, name, None)
    return method if callable(method) else None


def _submitting(
    work: Work[R], source: Iterator[Chunk], submit: Callable[..., Future[Any]], tally: _Tally[R]
) -> None:
    """Keep at most MAX_IN_FLIGHT futures pending; cancel those left on any exception.

    Each future's done-callback puts it on a queue that this thread waits on. A Ctrl-C then
    lands between two steps of this loop, never inside ``concurrent.futures.wait``, whose
    loop over the futures' locks it could leave holding some: their workers would block
    on them, and the pool's shutdown would wait forever."""
    finished: SimpleQueue[Future[Any]] = SimpleQueue()
    pending: dict[Future[Any], Chunk] = {}

    def top_up() -> None:
        for chunk in islice(source, MAX_IN_FLIGHT - len(pending)):
            future = submit(work.function, chunk)
            pending[future] = chunk
            future.add_done_callback(finished.put)

    try:
        top_up()
        while pending:
            future = finished.get()
            tally.add(pending.pop(future), future.result())
            top_up()
    except BaseException:
        for future in pending:
            future.cancel()
        raise


def _mapping(
    work: Work[R], source: Iterator[Chunk], mapper: Callable[..., Any], tally: _Tally[R]
) -> None:
    """Hand ``mapper`` MAX_IN_FLIGHT chunks at a time; exactly one result must come per chunk."""
    missing = object()
    while window := list(islice(source, MAX_IN_FLIGHT)):
        results = iter(mapper(work.function, window))
        for got, chunk in enumerate(window):
            result = next(results, missing)
            if result is missing:
                raise ExecutorError(
                    f"the executor's map returned {got} result{'' if got == 1 else 's'} "
                    f"for {len(window)} chunks"
                )
            tally.add(chunk, result)
        if next(results, missing) is not missing:
            raise ExecutorError(
                f"the executor's map returned more than {len(window)} results for "
                f"{len(window)} chunks"
            )
