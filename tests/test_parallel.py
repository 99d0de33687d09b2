"""The one parallel seam: lazy chunks, bounded futures, checked results, clean interrupts.

``simulate()`` and the odds both run their chunks through it, so each behaviour is checked
through both where it shows.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from concurrent.futures import Future, ThreadPoolExecutor
from dataclasses import replace
from typing import Any

import pytest

import badugi_fast as bf
from badugi_fast.engine import calling_station, random_bot, simulate
from badugi_fast.errors import ExecutorError, InvalidOptionType
from badugi_fast.odds.scale import CHUNK

HANDS = ["As 2h 3d Kd", "8s 7h 5d 2c"]
SAMPLED: dict[str, Any] = {"draws": 2, "exact_limit": 0, "seed": 5}


class MapOnly:
    """An executor with only ``map`` (like Ray's Pool), whose answer ``mangle`` rewrites."""

    def __init__(self, mangle: Callable[[list[Any]], Any]) -> None:
        self.mangle = mangle

    def map(self, function: Callable[[Any], Any], items: Iterable[Any]) -> Any:
        return self.mangle([function(item) for item in items])


@pytest.mark.parametrize(
    ("mangle", "message"),
    [
        (lambda results: results[:1], "returned 1 result for 16 chunks"),
        (lambda results: [], "returned 0 results for 16 chunks"),
        (lambda results: results + results[:1], "returned chunk 0's result twice"),
        (lambda results: results[:1] * len(results), "returned chunk 0's result twice"),
        (lambda results: [None] * len(results), "returned a NoneType"),
        (lambda results: None, "map returned a NoneType, not the results of 16 chunks"),
        (lambda results: 3, "map returned a int, not the results of 16 chunks"),
    ],
)
def test_a_map_that_loses_repeats_or_garbles_chunks_is_refused(
    mangle: Callable[[list[Any]], list[Any]], message: str
) -> None:
    executor = MapOnly(mangle)
    with pytest.raises(ExecutorError, match=message):
        bf.equity(HANDS, samples=16 * CHUNK, executor=executor, **SAMPLED)


def test_a_map_only_executor_gives_the_serial_answer_in_any_order() -> None:
    samples = 3 * CHUNK + 17
    serial = bf.equity(HANDS, samples=samples, **SAMPLED)
    assert bf.equity(HANDS, samples=samples, executor=MapOnly(list), **SAMPLED) == serial
    backwards = MapOnly(lambda results: results[::-1])
    assert bf.equity(HANDS, samples=samples, executor=backwards, **SAMPLED) == serial


BOTS_BY_NAME = ["random", "calling-station"]
RUNS: dict[str, Callable[[object], object]] = {
    "simulate": lambda pool: simulate(100, [random_bot, random_bot], chunk_size=10, executor=pool),
    "simulate by name": lambda pool: simulate(100, BOTS_BY_NAME, chunk_size=10, executor=pool),
    "equity": lambda pool: bf.equity(HANDS, samples=10 * CHUNK, executor=pool, **SAMPLED),
    "draw_odds": lambda pool: bf.draw_odds(
        "As 2h 3d Kd", samples=10 * CHUNK, executor=pool, **SAMPLED
    ),
}


@pytest.mark.parametrize("run", RUNS)
def test_chunk_zero_for_every_chunk_is_refused(run: str) -> None:
    """Every chunk's result has the chunk's own size, so only the chunk it came with tells
    that a map or a future handed back chunk 0's result ten times (issue 27, item 5)."""
    with pytest.raises(ExecutorError, match="chunk 0's result twice"):
        RUNS[run](MapOnly(lambda results: results[:1] * len(results)))
    with (
        Repeating() as pool,
        pytest.raises(ExecutorError, match="returned chunk 0's result for chunk 1"),
    ):
        RUNS[run](pool)


class Repeating(ThreadPoolExecutor):
    """A thread pool whose every future answers with the first chunk's result."""

    def __init__(self) -> None:
        super().__init__(1)
        self.first: Future[Any] | None = None

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        if self.first is None:
            self.first = super().submit(fn, *args, **kwargs)
        return super().submit(self.first.result)


class Unfuturing(ThreadPoolExecutor):
    """A thread pool whose submit runs the work and returns ``answer`` instead of a future."""

    def __init__(self, answer: Callable[[Future[Any]], Any]) -> None:
        super().__init__(1)
        self.answer = answer

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Any:
        return self.answer(super().submit(fn, *args, **kwargs))


@pytest.mark.parametrize(
    ("answer", "message"),
    [
        (lambda future: None, "submit returned a NoneType, not a Future, for chunk 0"),
        (lambda future: future.result(), "submit returned a tuple, not a Future, for chunk 0"),
    ],
)
@pytest.mark.parametrize("run", ["simulate", "equity"])
def test_a_submit_that_returns_no_future_is_refused(
    run: str, answer: Callable[[Future[Any]], Any], message: str
) -> None:
    with Unfuturing(answer) as pool, pytest.raises(ExecutorError, match=message):
        RUNS[run](pool)


def test_one_future_for_two_chunks_is_refused() -> None:
    class Same(ThreadPoolExecutor):
        def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
            self.one = getattr(self, "one", None) or super().submit(fn, *args, **kwargs)
            return self.one

    with Same(1) as pool, pytest.raises(ExecutorError, match="one future for chunks 0 and 1"):
        RUNS["simulate"](pool)


class Garbling(ThreadPoolExecutor):
    """A thread pool whose futures answer with something else than the work's result."""

    def __init__(self, answer: Callable[[Any], Any]) -> None:
        super().__init__(2)
        self.answer = answer

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        return super().submit(lambda: self.answer(fn(*args, **kwargs)))


def test_a_future_with_a_wrong_result_is_refused() -> None:
    with Garbling(lambda result: "tally") as pool, pytest.raises(ExecutorError, match="str"):
        bf.equity(HANDS, samples=2 * CHUNK, executor=pool, **SAMPLED)
    bots = [random_bot, random_bot]
    with (
        Garbling(lambda answer: (answer[0], answer[1] + answer[1])) as pool,
        pytest.raises(ExecutorError, match="100 hands for a chunk of 50"),
    ):
        simulate(100, bots, seed=1, chunk_size=50, executor=pool)


@pytest.mark.parametrize(
    ("run", "garble"),
    [
        (
            "simulate",
            lambda r: replace(r, net=r.net[:1], showdowns=r.showdowns[:1], wins=r.wins[:1]),
        ),
        ("simulate by name", lambda r: replace(r, hands=str(r.hands))),
        ("equity", lambda tally: replace(tally, share=tally.share[:1])),
        ("draw_odds", lambda tally: replace(tally, ranks=tally.ranks[:-1])),
    ],
)
def test_a_result_shaped_unlike_the_runs_is_refused(run: str, garble: Callable[[Any], Any]) -> None:
    """Every chunk a seat short summed to a one-seat answer, and a share cut short to a
    truncated sum; a count as a str failed formatting the message (a raw ValueError)."""
    with (
        Garbling(lambda answer: (answer[0], garble(answer[1]))) as pool,
        pytest.raises(ExecutorError, match="shaped unlike this run's results"),
    ):
        RUNS[run](pool)


@pytest.mark.parametrize("run", ["simulate", "simulate by name"])
def test_results_that_create_chips_are_refused(run: str) -> None:
    """A result of the right shape whose first seat won a chip from nowhere was summed."""
    richer = Garbling(lambda answer: (answer[0], replace(answer[1], net=_richer(answer[1].net))))
    with richer as pool, pytest.raises(ExecutorError, match="create or lose chips"):
        RUNS[run](pool)


def _richer(net: tuple[int, ...]) -> tuple[int, ...]:
    return (net[0] + 1, *net[1:])


class Echoing(ThreadPoolExecutor):
    """A thread pool whose futures call every done-callback twice."""

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = super().submit(fn, *args, **kwargs)
        add = future.add_done_callback
        future.add_done_callback = lambda call: (add(call), add(call))  # type: ignore[method-assign]
        return future


@pytest.mark.parametrize("run", ["simulate", "equity"])
def test_a_future_that_calls_back_twice_is_refused(run: str) -> None:
    with Echoing(1) as pool, pytest.raises(ExecutorError, match="called back twice"):
        RUNS[run](pool)


def test_an_executor_without_submit_or_map_is_refused_up_front() -> None:
    with pytest.raises(InvalidOptionType, match="executor"):
        simulate(10, [random_bot, random_bot], executor=object())
    with pytest.raises(InvalidOptionType, match="executor"):
        bf.equity(HANDS, samples=10, executor=object(), **SAMPLED)


class Counting(ThreadPoolExecutor):
    """A thread pool that records how many of its futures were not done at most (counted
    at each submit, as the runner counts them: a future is done before its callbacks run)."""

    def __init__(self) -> None:
        super().__init__(2)
        self.futures: set[Future[Any]] = set()
        self.most = 0
        self.submitted = 0

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        self.futures = {future for future in self.futures if not future.done()}
        future = super().submit(fn, *args, **kwargs)
        self.futures.add(future)
        self.submitted += 1
        self.most = max(self.most, len(self.futures))
        return future


def test_futures_in_flight_are_bounded_and_chunks_made_lazily() -> None:
    from badugi_fast.parallel import MAX_IN_FLIGHT

    with Counting() as pool:
        result = simulate(800, [calling_station, calling_station], chunk_size=1, executor=pool)
    assert result.hands == 800 and pool.submitted == 800
    assert pool.most <= MAX_IN_FLIGHT < 800


def test_a_huge_simulation_starts_at_once() -> None:
    """10**13 hands make no list of chunks: the first progress report comes straight away."""

    class Stop(Exception):
        pass

    def stop(done: int, total: int) -> None:
        assert (done, total) == (500, 10**13)
        raise Stop

    with pytest.raises(Stop):
        simulate(10**13, [calling_station, calling_station], progress=stop)


@pytest.mark.parametrize("run", ["simulate", "equity", "draw_odds"])
def test_a_progress_that_is_not_callable_fails_before_the_run(run: str) -> None:
    calls = {
        "simulate": lambda: simulate(2000, [random_bot, random_bot], progress="bar"),
        "equity": lambda: bf.equity(HANDS, samples=10**6, progress="bar", **SAMPLED),
        "draw_odds": lambda: bf.draw_odds("As 2h 3d Kd", samples=10**6, progress=1, **SAMPLED),
    }
    with pytest.raises(InvalidOptionType, match="progress must be callable"):
        calls[run]()


class Interrupting(ThreadPoolExecutor):
    """A thread pool whose second finished chunk brings a Ctrl-C to the caller."""

    def __init__(self) -> None:
        super().__init__(1)
        self.futures: list[Future[Any]] = []

    def submit(self, fn: Callable[..., Any], /, *args: Any, **kwargs: Any) -> Future[Any]:
        future = super().submit(fn, *args, **kwargs)
        self.futures.append(future)
        return future


@pytest.mark.parametrize("run", ["simulate", "equity"])
def test_ctrl_c_cancels_the_chunks_not_started_and_reraises(run: str) -> None:
    from badugi_fast.parallel import MAX_IN_FLIGHT

    seen = []

    def interrupt(done: int, total: int) -> None:
        seen.append(done)
        if len(seen) == 2:
            raise KeyboardInterrupt

    with Interrupting() as pool:
        with pytest.raises(KeyboardInterrupt):
            if run == "simulate":
                simulate(
                    100_000,
                    [random_bot, random_bot],
                    chunk_size=50,
                    executor=pool,
                    progress=interrupt,
                )
            else:
                bf.equity(HANDS, samples=10**8, executor=pool, progress=interrupt, **SAMPLED)
        assert 2 < len(pool.futures) <= MAX_IN_FLIGHT + 2  # not one future per chunk
        cancelled = [future for future in pool.futures if future.cancelled()]
        # two done and one running, or a few more that the one worker took on while the
        # Ctrl-C reached the caller on a loaded machine: never the hundreds queued
        assert len(cancelled) >= len(pool.futures) - 6
