"""pytest-benchmark: settling a 6-way showdown with a main pot and two side pots.

Run: ``pytest benchmarks/bench_settle.py --benchmark-enable``. Target (issue 4): one
``settle()`` of a 6-way pot with two side pots, cards as ints, in <= 30 us; with the pot
arithmetic in C (issue 17), at most half the time of the Python settlement before it
(``compare_peers.py --baseline`` measures that ratio). A settlement builds its pot records
when ``pots`` is first read, so ``test_settle_reading_pots`` times the call and that read.
``settle_ranks`` times the pots alone: the C core and the result objects, from ranks
already known.

Each call settles the next of ``DEALS`` seeded random deals, so the hands (and the winners
they make) vary from call to call. Seats 0 and 1 are all in for 30 and 60, seats 2 and 3
call 100, seat 4 folds after putting in 100 and seat 5 after 15: a main pot (eligible 0-3),
a side pot (1-3) and a second side pot (2-3). Nothing asserts on time; every benchmark
checks its results, so a broken path cannot be measured silently.
"""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable

import pytest

from badugi_fast import Game, Seat, Settlement, evaluate, settle
from badugi_fast.cards import format_cards
from badugi_fast.pots import Pot, settle_ranks

DEALS = 200
CONTRIBUTED = (30, 60, 100, 100, 100, 15)
FOLDED = (False, False, False, False, True, True)
GAMES: dict[Game, int] = {"badugi": 4, "badacey": 5, "badeucey": 5}


def deals(size: int, as_text: bool = False) -> list[list[Seat]]:
    """``DEALS`` seeded 6-seat deals of ``size`` cards each (ids, or text like "As 2h ...")."""
    rng = random.Random(20_240_601 + size)
    tables = []
    for _ in range(DEALS):
        deck = rng.sample(range(52), 6 * size)
        hands = [deck[seat * size : (seat + 1) * size] for seat in range(6)]
        tables.append(
            [
                Seat(amount, folded, format_cards(hand) if as_text else hand)
                for amount, folded, hand in zip(CONTRIBUTED, FOLDED, hands, strict=True)
            ]
        )
    return tables


def run(benchmark: Callable[..., Settlement], tables: list[list[Seat]], game: Game) -> None:
    """Benchmark one settle() per call, cycling through the deals, and check the results."""
    cycle = itertools.cycle(tables)
    result = benchmark(lambda: settle(next(cycle), game=game, button=5))
    assert [pot.eligible for pot in result.pots] == [(0, 1, 2, 3), (1, 2, 3), (2, 3)]
    assert [pot.amount for pot in result.pots] == [30 * 5 + 15, 30 * 4, 40 * 3]
    assert sum(result.payouts) + result.carried_over == sum(CONTRIBUTED)
    assert result.returned == (0, 0, 0, 0, 0, 0)


@pytest.mark.benchmark(group="settle 6-way, two side pots, cards as ints")
@pytest.mark.parametrize("game", sorted(GAMES))
def test_settle_ids(benchmark: Callable[..., Settlement], game: Game) -> None:
    run(benchmark, deals(GAMES[game]), game)


@pytest.mark.benchmark(group="settle 6-way, two side pots, cards as text")
def test_settle_text(benchmark: Callable[..., Settlement]) -> None:
    run(benchmark, deals(4, as_text=True), "badugi")


@pytest.mark.benchmark(group="settle 6-way, two side pots, cards as ints, pots read")
def test_settle_reading_pots(benchmark: Callable[..., tuple[Pot, ...]]) -> None:
    # a settlement builds its pot records on the first read of `pots`: this times both
    cycle = itertools.cycle(deals(4))
    pots = benchmark(lambda: settle(next(cycle), game="badugi", button=5).pots)
    assert [pot.amount for pot in pots] == [30 * 5 + 15, 30 * 4, 40 * 3]
    assert all(winner.hand for pot in pots for half in pot.halves for winner in half.winners)


@pytest.mark.benchmark(group="settle_ranks 6-way, two side pots, ranks known")
def test_settle_ranks(benchmark: Callable[..., Settlement]) -> None:
    ranked = [
        [evaluate(seat.cards) if not seat.folded else 0 for seat in table]  # type: ignore[arg-type]
        for table in deals(4)
    ]
    live = [not folded for folded in FOLDED]
    cycle = itertools.cycle(ranked)
    result = benchmark(lambda: settle_ranks(CONTRIBUTED, live, [("badugi", next(cycle))], button=5))
    assert [pot.amount for pot in result.pots] == [30 * 5 + 15, 30 * 4, 40 * 3]
    assert sum(result.payouts) + result.carried_over == sum(CONTRIBUTED)
