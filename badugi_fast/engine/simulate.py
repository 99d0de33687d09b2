"""Self-play at scale: many independent hands, in chunks that may run in parallel.

Hands are cut into chunks of ``chunk_size`` by the parallel seam (:mod:`badugi_fast.parallel`).
Chunk ``c`` of seed ``s`` takes its seeds from the library's one random stream for
``(s, c)`` (docs/rules.md, "The seed scheme"): its first words seed the seats' bots, in
seat order, and the next ones the chunk's hands, in order. A result therefore depends on
the seed, the hands, the chunk size, the bots and the table, never on the executor or the
number of workers. Any ``concurrent.futures.Executor`` works (a process pool, or Dask's
``Client.get_executor()``); bots are given as picklable factories (module-level functions or
classes). Without one, the chunks of bots given by name, which play in C with the GIL
released, run on the library's threads (one per CPU unless told), the others here.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass
from functools import partial
from operator import sub
from threading import Event
from typing import Any, SupportsIndex, cast

from badugi_fast._binding.rng import random_words
from badugi_fast._binding.vector import BOT_CODES, Simulation
from badugi_fast.checks import check_int, check_list
from badugi_fast.engine.bots import BotFactory, illegal_play, make_bot
from badugi_fast.engine.options import check_options
from badugi_fast.engine.setup import check_seed
from badugi_fast.engine.state import HandState, hand_settings
from badugi_fast.errors import ExecutorError, IllegalAction, InvalidOption, InvalidOptionType
from badugi_fast.parallel import (
    Chunk,
    Progress,
    Work,
    check_arguments,
    check_threads,
    run,
    thread_pool,
)

DEFAULT_CHUNK = 500
MAX_CHUNK = 2**32 - 1
"""The most hands one chunk plays (the C bots count a chunk's hands in 32 bits)."""


@dataclass(frozen=True, slots=True)
class SimulationResult:
    """Per-seat totals over ``hands`` hands (seat i played bot i; the button rotated).

    ``net``: chips won minus chips put in; ``showdowns``: hands the seat showed its cards
    at a showdown (with ``mucking``, a seat that mucks has not); ``wins``: hands the seat
    received more than it put in; ``carried_over``: chips no hand awarded (a qualifier
    nobody met).
    """

    hands: int
    net: tuple[int, ...]
    showdowns: tuple[int, ...]
    wins: tuple[int, ...]
    carried_over: int

    def __add__(self, other: SimulationResult) -> SimulationResult:
        def add(a: tuple[int, ...], b: tuple[int, ...]) -> tuple[int, ...]:
            return tuple(x + y for x, y in zip(a, b, strict=True))

        return SimulationResult(
            self.hands + other.hands,
            add(self.net, other.net),
            add(self.showdowns, other.showdowns),
            add(self.wins, other.wins),
            self.carried_over + other.carried_over,
        )

    def per_hand(self) -> tuple[float, ...]:
        """Each seat's average net chips per hand."""
        return tuple(net / self.hands for net in self.net) if self.hands else ()

    def to_dict(self) -> dict[str, Any]:
        """Plain ints and lists, for JSON."""
        return {
            "hands": self.hands,
            "net": list(self.net),
            "per_hand": list(self.per_hand()),
            "showdowns": list(self.showdowns),
            "wins": list(self.wins),
            "carried_over": self.carried_over,
        }


def play_chunk(
    seed: int, bots: Sequence[BotFactory], options: dict[str, Any], chunk: Chunk
) -> SimulationResult:
    """Play the hands of ``chunk`` of a simulation seeded with ``seed`` (button = hand %
    seats); ``options`` are HandState's, ``stacks`` included."""
    n = len(bots)
    seeds = random_words(seed, chunk.index, n + chunk.count)
    players = [factory(seeds[seat]) for seat, factory in enumerate(bots)]
    net = [0] * n
    showdowns = [0] * n
    wins = [0] * n
    carried = 0
    stacks = options["stacks"]
    for i in range(chunk.count):
        hand, hand_seed = chunk.start + i, seeds[n + i]
        state = HandState(button=hand % n, seed=hand_seed, **options)
        while (decider := state.decider) is not None:
            step = players[decider](state.view(decider))
            try:
                state.apply(step)
            except IllegalAction as error:
                where = f"hand {hand} (button {hand % n}, seed {hand_seed})"
                raise illegal_play(error, decider, step, where) from None
        for seat, value in enumerate(map(sub, state.stacks, stacks)):  # the C hand paid
            net[seat] += value
            wins[seat] += value > 0
        live = state.active_seats
        if len(live) > 1:  # they showed down
            for seat in live:
                showdowns[seat] += 1
        carried += state.pot  # what no hand qualified for
    return SimulationResult(chunk.count, tuple(net), tuple(showdowns), tuple(wins), carried)


PART = 1 << 14
"""Hands one C call plays at most (a fraction of a second): a longer chunk between bots by
name goes in parts, so that a Ctrl-C is heard between two of them instead of after minutes,
and the library's threads stop there once their run has ended."""


class _Stopped(Exception):
    """The run a chunk belongs to has ended (a Ctrl-C or an error in the caller's thread):
    the chunk stops between two parts, its result unwanted."""


def play_chunk_in_c(
    seed: int, bots: Sequence[str], settings: bytes, stop: Event | None, chunk: Chunk
) -> SimulationResult:
    """:func:`play_chunk` between bundled bots given by name, played in C from the same
    seeds by the same policies, every hand from ``settings`` (the C hand HandState builds from the
    options, engine.state.hand_settings): the same results as their factories give. Played
    in parts of :data:`PART` hands, the same results again, stopping between two once
    ``stop`` is set."""
    n = len(bots)
    simulation = Simulation(settings, bots, seed, chunk.index, chunk.start)
    for first in range(0, chunk.count, PART):
        if stop is not None and stop.is_set():
            raise _Stopped(f"chunk {chunk.index} stopped: its run has ended")
        simulation.play(min(PART, chunk.count - first))
    out = simulation.totals()
    return SimulationResult(chunk.count, out[:n], out[n : 2 * n], out[2 * n : 3 * n], out[3 * n])


def simulate(
    hands: SupportsIndex,
    bots: Sequence[BotFactory | str],
    *,
    seed: SupportsIndex = 0,
    executor: object = None,
    chunk_size: SupportsIndex = DEFAULT_CHUNK,
    progress: Progress | None = None,
    threads: SupportsIndex | None = None,
    **options: Any,
) -> SimulationResult:
    """Play ``hands`` independent hands with one bot per seat and total each seat's results.

    ``bots`` are factories (``factory(seed) -> bot``), one per seat, 2-8 of them, or the
    names of bundled bots (engine.bots.BOTS), all of them, to play every hand in C; every hand
    starts from the same stacks (``stacks=[...]`` or ``stack=N``, default 200 each) with the
    button moving one seat per hand. ``options`` go to every :class:`HandState` (game,
    betting, blinds, ...). ``executor`` runs the chunks (see :mod:`badugi_fast.parallel`);
    without one, ``threads`` of the library's own do (1 to 256; 1: here, in this thread;
    default: one per CPU for bots by name, whose C chunks release the GIL, and 1 for
    factories, whose Python bots hold it). ``progress(done, total)`` is called as chunks
    finish. The result is the same whatever runs the chunks.
    """
    hands = check_int("hands", hands, 1)
    seed = check_seed(seed)
    chunk_size = check_int("chunk_size", chunk_size, 1)
    if min(hands, chunk_size) > MAX_CHUNK:
        raise InvalidOption(
            f"chunk_size: a chunk plays at most {MAX_CHUNK:,} hands, not {chunk_size:,}"
        )
    check_arguments(executor, progress)
    if executor is not None and threads is not None:
        raise InvalidOption("give simulate() an executor or threads, not both")
    if not isinstance(bots, Sequence) or isinstance(bots, str):
        raise InvalidOptionType("bots must be a list of bot factories, factory(seed) -> bot")
    if not 2 <= len(bots) <= 8:
        raise InvalidOption(f"a simulation needs 2 to 8 bots, got {len(bots)}")
    in_c = all(isinstance(bot, str) for bot in bots)
    threads = check_threads(threads) if threads is not None or in_c else 1
    for seat, factory in enumerate(bots):  # a wrong name or a bot fails here, not in a worker
        if not in_c or factory not in BOT_CODES:
            make_bot(factory, 0, f"bots[{seat}] (seat {seat})")
    stacks = options.pop("stacks", None)
    stack = options.pop("stack", 200)
    if stacks is None:
        stacks = [stack] * len(bots)
    elif len(check_list("stacks", stacks, "ints")) != len(bots):
        raise InvalidOption(f"{len(stacks)} stacks for {len(bots)} bots")
    options["stacks"] = list(stacks)
    check_options(options, "simulate")
    _, settings = hand_settings(**options)  # any bad option fails here, before a worker starts
    if in_c and options.get("dealer", "auto") != "auto":
        raise InvalidOption("bots given by name play in C, which deals: dealer must be 'auto'")
    # the library's own threads stop between two parts of a chunk once the run has ended
    stop = Event() if executor is None else None
    play: Callable[[Chunk], SimulationResult] = (
        partial(play_chunk_in_c, seed, cast("list[str]", list(bots)), settings, stop)
        if in_c
        else partial(play_chunk, seed, cast("list[BotFactory]", list(bots)), options)
    )
    none = (0,) * len(bots)
    work = Work(play, SimulationResult(0, none, none, none, 0), _hands, "hands")
    if executor is None and threads > 1 and hands > chunk_size:
        executor = thread_pool(threads)
    try:
        total = run(work, hands, chunk_size, executor=executor, progress=progress)
    finally:
        if stop is not None:
            stop.set()
    # else chips only change hands (dead_money, checked by hand_settings, as an int)
    paid_in = check_int("dead_money", options.get("dead_money", 0), 0) * hands
    if sum(total.net) + total.carried_over != paid_in:
        raise ExecutorError(
            f"the executor's results create or lose chips: the seats' net and the chips "
            f"carried over add up to {sum(total.net) + total.carried_over:,}, not the dead "
            f"money's {paid_in:,}"
        )
    return total


def _hands(result: SimulationResult) -> int:
    """How many hands a chunk's result covers."""
    return result.hands
