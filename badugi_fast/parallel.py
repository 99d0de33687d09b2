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
not yet started and is raised again. Each chunk's result comes back with the chunk it was
computed for (the worker pairs them), and every result is checked: exactly one per chunk,
from that chunk, of the run's type, adding to the sum (which starts from the run's zero, so
a field of another length or a str for a number is refused, never summed cut short),
covering the chunk's units. An executor that loses, repeats or swaps a chunk, or answers
with something that is not a result (a ``map`` that returns None, a ``submit`` that returns
no future, a future that calls back twice), raises ``ExecutorError``.

Work that releases the GIL (the C loops: simulate()'s chunks by name, the odds) runs on
the library's own threads by default: :func:`thread_pool` of ``threads``
workers (:func:`default_threads`: one per CPU this process may use). A VectorGame's step
runs on C threads instead (``_binding/pool.py``).
"""

from __future__ import annotations

import os
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from functools import partial
from itertools import islice
from queue import SimpleQueue
from typing import TYPE_CHECKING, Any, Generic, Protocol, TypeVar

from badugi_fast.checks import check_int
from badugi_fast.errors import ExecutorError, InvalidOptionType

if TYPE_CHECKING:  # concurrent.futures is imported only when an executor is used
    from concurrent.futures import Future, ThreadPoolExecutor

MAX_IN_FLIGHT = 256
"""Chunks handed to an executor and not yet collected, at most."""

Progress = Callable[[int, int], object]
"""Called as ``progress(units done, units in all)`` after each chunk."""

MAX_THREADS = 256
"""The most threads one call runs on (``threads=`` above it is refused)."""


def cpu_count() -> int:
    """The CPUs this process may run on (its affinity mask, where the system has one)."""
    if hasattr(os, "sched_getaffinity"):
        return len(os.sched_getaffinity(0))
    return os.cpu_count() or 1


def default_threads() -> int:
    """The threads a GIL-releasing call runs on unless told: one per CPU it may use."""
    return min(cpu_count(), MAX_THREADS)


def check_threads(threads: object) -> int:
    """``threads`` (1 to MAX_THREADS), or :func:`default_threads` for None."""
    if threads is None:
        return default_threads()
    return check_int("threads", threads, 1, MAX_THREADS)


_pools: dict[int, ThreadPoolExecutor] = {}
"""The library's thread pools, by size: made on first use, in this process."""


def thread_pool(threads: int) -> ThreadPoolExecutor:
    """The library's pool of ``threads`` workers for work that releases the GIL, made once
    per size (its threads start as work comes). A forked child makes its own: the parent's
    threads are not in it."""
    pool = _pools.get(threads)
    if pool is None:  # two threads here at once: one pool is kept (no thread starts unused)
        from concurrent.futures import ThreadPoolExecutor

        made = ThreadPoolExecutor(threads, thread_name_prefix="badugi_fast")
        pool = _pools.setdefault(threads, made)
    return pool


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_pools.clear)


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
    zero: R
    """The result of no units, shaped as every chunk's: the sum starts from it, and a result
    of another shape (a seat or a field short, a str for a number) is refused, not summed."""
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


def all_cores() -> ThreadPoolExecutor | None:
    """The library's pool of one thread per CPU (:func:`thread_pool` of
    :func:`default_threads`), or None on a one-CPU machine: long odds runs use it when no
    executor is given. The C kernels release the GIL, so its threads run on every core."""
    threads = default_threads()
    return thread_pool(threads) if threads > 1 else None


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
    task = partial(labelled, work.function)
    submit = _method(executor, "submit")
    if submit is not None:
        _submitting(task, chunks(total, size), submit, tally)
    else:
        _mapping(task, chunks(total, size), _method(executor, "map") or map, tally)
    return tally.sum


def labelled(function: Callable[[Chunk], R], chunk: Chunk) -> tuple[Chunk, R]:
    """``function(chunk)`` with the chunk it was computed for: what a worker runs, so that
    a result proves which chunk it is wherever the executor hands it back."""
    return chunk, function(chunk)


class _Tally(Generic[R]):
    """The running sum: each result checked against its chunk, then added."""

    def __init__(self, work: Work[R], total: int, progress: Progress | None) -> None:
        self.work = work
        self.total = total
        self.progress = progress
        self.done = 0
        self.sum: R = work.zero

    def open(self, answer: object, where: str) -> tuple[Chunk, R]:
        """The chunk and result of one answer of the executor, if it is one."""
        kind = type(self.work.zero)
        if not (
            isinstance(answer, tuple)
            and len(answer) == 2
            and isinstance(answer[0], Chunk)
            and isinstance(answer[1], kind)
        ):
            got = answer[1] if isinstance(answer, tuple) and len(answer) == 2 else answer
            raise ExecutorError(
                f"the executor returned a {type(got).__name__}, not a {kind.__name__}, {where}"
            )
        return answer[0], answer[1]

    def add(self, chunk: Chunk, result: R) -> None:
        work = self.work
        try:  # from zero: a result shaped otherwise (a seat short, a str) adds to nothing
            total = self.sum + result
        except (TypeError, ValueError):
            raise ExecutorError(
                f"the executor returned a {type(result).__name__} shaped unlike this run's "
                f"results (its fields' types or lengths) for chunk {chunk.index}"
            ) from None
        covered = work.units(result)
        if covered != chunk.count:
            raise ExecutorError(
                f"the executor returned {covered:.0f} {work.unit} for a chunk of "
                f"{chunk.count} (chunk {chunk.index})"
            )
        self.sum = total
        self.done += chunk.count
        if self.progress is not None:
            self.progress(self.done, self.total)


def _method(executor: object, name: str) -> Callable[..., Any] | None:
    """The executor's method ``name``, if it has one (None has none)."""
    method = getattr(executor, name, None)
    return method if callable(method) else None


def _submitting(
    task: Callable[[Chunk], tuple[Chunk, R]],
    source: Iterator[Chunk],
    submit: Callable[..., Future[Any]],
    tally: _Tally[R],
) -> None:
    """Keep at most MAX_IN_FLIGHT futures pending; cancel those left on any exception.

    Each future's done-callback puts it on a queue that this thread waits on. A Ctrl-C then
    lands between two steps of this loop, never inside ``concurrent.futures.wait``, whose
    loop over the futures' locks it could leave holding some: their workers would block
    on them, and the pool's shutdown would wait forever."""
    finished: SimpleQueue[Future[Any]] = SimpleQueue()
    pending: dict[int, tuple[Future[Any], Chunk]] = {}  # by id: a future need not hash

    def top_up() -> None:
        for chunk in islice(source, MAX_IN_FLIGHT - len(pending)):
            future = submit(task, chunk)
            if not all(_method(future, name) for name in _FUTURE_METHODS):
                raise ExecutorError(
                    f"the executor's submit returned a {type(future).__name__}, not a "
                    f"Future, for chunk {chunk.index}"
                )
            if id(future) in pending:
                raise ExecutorError(
                    f"the executor's submit returned one future for chunks "
                    f"{pending[id(future)][1].index} and {chunk.index}"
                )
            pending[id(future)] = future, chunk
            future.add_done_callback(finished.put)

    try:
        top_up()
        while pending:
            future = finished.get()
            if id(future) not in pending:
                raise ExecutorError(
                    "a future of the executor's submit called back twice, or with another "
                    "object than itself"
                )
            chunk = pending.pop(id(future))[1]
            source_chunk, result = tally.open(future.result(), f"for chunk {chunk.index}")
            if source_chunk != chunk:
                raise ExecutorError(
                    f"the executor returned chunk {source_chunk.index}'s result for "
                    f"chunk {chunk.index}"
                )
            tally.add(chunk, result)
            top_up()
    except BaseException:
        for future, _ in pending.values():
            future.cancel()
        raise


_FUTURE_METHODS = ("add_done_callback", "result", "cancel")
"""What the runner calls on a future: ``concurrent.futures.Future`` and its likes have them."""


def _mapping(
    task: Callable[[Chunk], tuple[Chunk, R]],
    source: Iterator[Chunk],
    mapper: Callable[..., Any],
    tally: _Tally[R],
) -> None:
    """Hand ``mapper`` MAX_IN_FLIGHT chunks at a time; exactly one result must come for
    each chunk of the window, in any order."""
    while window := list(islice(source, MAX_IN_FLIGHT)):
        returned = mapper(task, window)
        try:
            answers = iter(returned)
        except TypeError:
            raise ExecutorError(
                f"the executor's map returned a {type(returned).__name__}, not the results "
                f"of {len(window)} chunks"
            ) from None
        waiting = {chunk.index: chunk for chunk in window}
        span = f"chunks {window[0].index} to {window[-1].index}"
        where = f"among the results of {span}"
        for answer in answers:
            chunk, result = tally.open(answer, where)
            if waiting.pop(chunk.index, None) != chunk:
                raise ExecutorError(
                    f"the executor's map returned chunk {chunk.index}'s result twice"
                    if chunk in window
                    else f"the executor's map returned a result for chunk {chunk.index}, "
                    f"which it was not given ({span})"
                )
            tally.add(chunk, result)
        if waiting:
            got = len(window) - len(waiting)
            raise ExecutorError(
                f"the executor's map returned {got} result{'' if got == 1 else 's'} "
                f"for {len(window)} chunks"
            )
