"""VectorGame and simulate() on several threads: every result the same as on one."""

from __future__ import annotations

import multiprocessing
import sys
import threading
from concurrent.futures import ThreadPoolExecutor
from typing import Any

import pytest
from test_vector import CASES, _options

from badugi_fast.engine import BOTS, simulate
from badugi_fast.errors import IllegalAction, InvalidOption, InvalidOptionType
from badugi_fast.parallel import MAX_THREADS, default_threads

np = pytest.importorskip("numpy")
from badugi_fast.vector import VectorGame  # noqa: E402  (needs numpy)


def _record(vector: VectorGame, steps: int, seed: int) -> list[Any]:
    """Every array of ``steps`` steps of random legal actions, then each table's hand."""
    rng = np.random.default_rng(seed)
    record: list[Any] = []
    for _ in range(steps):
        mask = vector.legal_action_mask
        record.append((mask, vector.current_player, vector.observation))
        rewards, terminated = vector.step((rng.random(mask.shape) * mask).argmax(axis=1))
        record.append((rewards, terminated, vector.chips, vector.carried))
        record.append((vector.skipped_hands, vector.skipped_chips))
    hands = [vector.hand_state(i) for i in range(vector.n)]
    return [*record, [(h.seed, h.stacks, [str(a) for a in h.history]) for h in hands]]


def _same(one: list[Any], other: list[Any]) -> None:
    assert len(one) == len(other)
    for a, b in zip(one[:-1], other[:-1], strict=True):
        for x, y in zip(a, b, strict=True):
            assert x.dtype == y.dtype and x.shape == y.shape and (x == y).all()
    assert one[-1] == other[-1]


@pytest.mark.parametrize(
    ("case", "game", "betting", "seats"), [(i, *c) for i, c in enumerate(CASES)]
)
def test_any_number_of_threads_plays_as_one(
    case: int, game: str, betting: str, seats: int, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Every game, structure, table size and option set (bots, antes, carried stacks,
    mucking): 1 to 40 threads over 23 tables, down to one table a thread, give the same
    arrays, rewards and hands."""
    monkeypatch.setattr("badugi_fast.vector.MIN_PART", 1)
    options = _options(game, betting, seats, case)
    one = _record(VectorGame(23, seed=case, threads=1, **options), 30, case)
    for threads in (2, 3, 7, 40)[case % 2 :: 2]:
        vector = VectorGame(23, seed=case, threads=threads, **options)
        assert vector._threads == min(threads, 23)
        _same(one, _record(vector, 30, case))


def test_the_default_threads_and_parts() -> None:
    """By default a game runs on a thread a CPU, but on no fewer than 256 tables of callers
    a thread, a table with bots counting for its seats per caller."""
    assert VectorGame(1).threads == default_threads()
    assert VectorGame(768, threads=3)._threads == 3
    assert VectorGame(600, threads=3)._threads == 2
    assert VectorGame(511, threads=2)._threads == 1
    learner = [None] + ["random"] * 5
    assert VectorGame(86, threads=2, bots=learner)._threads == 2  # 86 * 6 >= 2 * 256
    assert VectorGame(85, threads=2, bots=learner)._threads == 1
    assert VectorGame(300, threads=2, bots=[None, None, "random"], stacks=[60] * 3)._threads == 1
    options = {"game": "badeucey", "betting": "no-limit", "stacks": [60] * 3}
    options["bots"] = [None, "random", None]
    _same(
        _record(VectorGame(300, seed=4, threads=1, **options), 20, 4),
        _record(VectorGame(300, seed=4, threads=2, **options), 20, 4),
    )


def test_an_illegal_action_in_any_part_changes_no_table(monkeypatch: pytest.MonkeyPatch) -> None:
    """The action of a later part's table is checked before any part is stepped: the
    tables of the parts before it are unchanged too, and the game plays on as one that was
    never given it."""
    monkeypatch.setattr("badugi_fast.vector.MIN_PART", 1)
    threaded, alone = VectorGame(9, seed=3, threads=3), VectorGame(9, seed=3, threads=1)
    actions = threaded.legal_action_mask.argmax(axis=1)
    wrong = actions.copy()
    wrong[7] = threaded.num_actions - 1  # muck, in a betting round
    with pytest.raises(IllegalAction, match="table 7: action"):
        threaded.step(wrong)
    alone.step(actions)
    threaded.step(actions)
    assert (threaded.observation == alone.observation).all()
    assert [h.history for h in map(threaded.hand_state, range(9))] == [
        h.history for h in map(alone.hand_state, range(9))
    ]


def test_logs_grow_in_every_part_as_on_one_thread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tables in several parts raising without a cap outgrow their logs at once, each
    grown by its own thread: the same hands as on one thread."""
    monkeypatch.setattr("badugi_fast.vector.MIN_PART", 1)

    def play(threads: int) -> tuple[set[int], list[Any]]:
        vector = VectorGame(8, seed=2, stacks=[100_000] * 2, max_raises=None, threads=threads)
        for _ in range(200):
            mask = vector.legal_action_mask
            actions = np.where(mask[:, 1], 1, mask.argmax(axis=1))
            actions[1::3] = np.where(mask[1::3, 2], 2, actions[1::3])  # raise, in every part
            vector.step(actions)
        return set(vector._tables.grown), [vector.hand_state(i).history for i in range(8)]

    grown, hands = play(4)
    assert grown == {1, 4, 7} and (grown, hands) == play(1)


@pytest.mark.parametrize(
    ("threads", "error"),
    [(0, InvalidOption), (-1, InvalidOption), (MAX_THREADS + 1, InvalidOption),
     (10**30, InvalidOption), (1.5, InvalidOptionType), (True, InvalidOptionType),
     ("2", InvalidOptionType)],
)  # fmt: skip
def test_bad_threads_are_named(threads: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="threads must be"):
        VectorGame(4, threads=threads)
    with pytest.raises(error, match="threads must be"):
        simulate(10, ["random", "random"], threads=threads)


def _forked_child() -> tuple[Any, Any]:
    """A child process, not yet started, that steps a game as _step_in_a_child does, and the
    queue it answers on."""
    context = multiprocessing.get_context("fork")
    queue = context.Queue()
    return context.Process(target=_step_in_a_child, args=(queue,)), queue


def _child_steps_as(vector: VectorGame, child: tuple[Any, Any]) -> None:
    """The started child ends within 30 s, its game stepped as ``vector`` was."""
    process, queue = child
    process.join(30)
    alive = process.is_alive()
    if alive:
        process.kill()
    assert not alive and process.exitcode == 0
    assert queue.get(timeout=5) == vector.observation.tolist()


def _step_in_a_child(queue: Any) -> None:
    vector = VectorGame(4, seed=1, threads=2)
    vector._threads = 2
    vector.step(vector.legal_action_mask.argmax(axis=1))
    queue.put(vector.observation.tolist())


@pytest.mark.skipif(sys.platform != "linux", reason="fork")
def test_a_forked_child_steps_on_threads_of_its_own() -> None:
    """A child forked after the parent's pool started has none of its threads: it makes a
    pool of its own (it once queued its parts for threads that were not there, and hung)."""
    vector = VectorGame(4, seed=1, threads=2)
    vector._threads = 2
    vector.step(vector.legal_action_mask.argmax(axis=1))  # the parent's pool is running
    child = _forked_child()
    child[0].start()
    _child_steps_as(vector, child)


@pytest.mark.skipif(sys.platform != "linux", reason="fork")
def test_a_child_forked_while_a_thread_makes_the_pool_steps() -> None:
    """A fork while another thread of the parent holds the lock that makes the pool: the
    child has a lock of its own (it once waited for the parent's forever)."""
    from badugi_fast._binding import pool as c

    vector = VectorGame(4, seed=1, threads=2)
    vector._threads = 2
    vector.step(vector.legal_action_mask.argmax(axis=1))
    held, forked = threading.Event(), threading.Event()

    def make_a_pool() -> None:
        with c._making:  # as c_pool holds it while the system starts the workers
            held.set()
            forked.wait(30)

    maker = threading.Thread(target=make_a_pool)
    maker.start()
    held.wait(30)
    child = _forked_child()
    try:
        child[0].start()
    finally:
        forked.set()
        maker.join()
    _child_steps_as(vector, child)


class _WrittenDuringTheStep:
    """Tables whose step writes ``value`` into the caller's array at ``table`` (first, or
    with ``after`` once C has answered), as another thread may while the C step runs with
    the GIL released."""

    def __init__(
        self, tables: Any, given: Any, table: int = 0, value: int = -1, after: bool = False
    ) -> None:
        self.tables, self.given = tables, given
        self.table, self.value, self.after = table, value, after

    def step(self, *args: Any) -> int:
        if not self.after:
            self.given[self.table] = self.value
        code = int(self.tables.step(*args))
        if self.after:
            self.given[self.table] = self.value
        return code


def test_actions_written_during_a_step_are_not_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """C checks every action, then reads each again to play it, with the GIL released: the
    step plays a copy, so a caller's array written in between plays as given (C once read
    the new, illegal action: a table refused it after others had moved, a 'defect')."""
    monkeypatch.setattr("badugi_fast.vector.MIN_PART", 1)
    alone, written = VectorGame(4, seed=3, threads=1), VectorGame(4, seed=3, threads=2)
    actions = alone.legal_action_mask.argmax(axis=1).astype(np.int64)
    given = actions.copy()  # int64, the dtype C reads: numpy would not copy it to convert
    written._tables = _WrittenDuringTheStep(written._tables, given)  # type: ignore[assignment]
    written.step(given)
    alone.step(actions)
    assert (written.observation == alone.observation).all()


@pytest.mark.parametrize("dtype", ["i8", "u8"])
def test_an_action_refused_is_named_as_the_step_read_it(dtype: str) -> None:
    """The error names the action C refused, not what the caller's array holds once another
    thread has written it (it once read the array again: 'action 1 is not legal (legal:
    [0, 1, 2])'); a uint64 past int64 is named as given, not as the int64 C read."""
    for bad in (99, 2**64 - 1):
        if bad > np.iinfo(np.dtype(dtype)).max:
            continue
        vector = VectorGame(2, seed=1)
        given = vector.legal_action_mask.argmax(axis=1).astype(dtype)
        given[1] = bad
        written = _WrittenDuringTheStep(vector._tables, given, table=1, value=1, after=True)
        vector._tables = written  # type: ignore[assignment]
        with pytest.raises(IllegalAction, match=rf"^table 1: action {bad} is not legal"):
            vector.step(given)


NAMES = ["random", "hand-strength", "calling-station", "random"]


def test_simulate_by_name_gives_the_same_on_any_number_of_threads() -> None:
    options = {"game": "badacey", "betting": "pot-limit", "seed": 9, "chunk_size": 37}
    one = simulate(500, NAMES, threads=1, **options)
    for threads in (None, 2, 3, 8):
        assert simulate(500, NAMES, threads=threads, **options) == one
    with ThreadPoolExecutor(2) as pool:
        assert simulate(500, NAMES, executor=pool, **options) == one
    factories = [BOTS[name] for name in NAMES]
    assert simulate(200, factories, threads=2, **options) == simulate(200, NAMES, **options)


def test_simulate_takes_an_executor_or_threads_not_both() -> None:
    with ThreadPoolExecutor(1) as pool, pytest.raises(InvalidOption, match="executor or threads"):
        simulate(10, NAMES, executor=pool, threads=2)


def test_games_stepped_at_once_share_the_c_pool(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games stepped from several Python threads at once run on the same C pool, one step
    after another: each plays as it does alone."""
    monkeypatch.setattr("badugi_fast.vector.MIN_PART", 1)
    alone = [_record(VectorGame(12, seed=s, threads=1), 25, s) for s in range(4)]
    with ThreadPoolExecutor(4) as pool:
        together = list(
            pool.map(lambda s: _record(VectorGame(12, seed=s, threads=3), 25, s), range(4))
        )
    for one, other in zip(alone, together, strict=True):
        _same(one, other)


def test_one_c_pool_grows_by_doubling(monkeypatch: pytest.MonkeyPatch) -> None:
    """Games asking for ever more threads share one pool that doubles, so a process holds
    a bounded number of threads however many sizes it asks for."""
    from badugi_fast._binding import pool as c

    monkeypatch.setattr(c, "_pools", [])
    for threads in range(1, 10):
        c.c_pool(threads)
    assert [size for size, _ in c._pools] == [1, 2, 4, 8, 16]
    assert c.c_pool(3) is c._pools[-1][1]
