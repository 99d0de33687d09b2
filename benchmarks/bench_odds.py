"""pytest-benchmark: draw odds and equity, exact and Monte Carlo.

Run: ``pytest benchmarks/bench_odds.py --benchmark-enable``. Targets (issue 9): exact
enumeration >= 300 M deals per second per core; Monte Carlo >= 1,000x PokerKit's
``calculate_equities`` per sample on the same heads-up one-draw question (see
compare_peers.py, which times both side by side); two workers >= 1.7x one. Against
ranges (issue 29): a hand against a random hand, every core against one.

Every benchmark checks its result, so a broken path cannot be measured silently.
"""

from __future__ import annotations

from collections.abc import Callable
from concurrent.futures import ThreadPoolExecutor
from math import comb

import pytest

import badugi_fast as bf
from badugi_fast.parallel import HERE

HEADS_UP = ["As 2h 3d Kd", "8s 7h 5d Qc"]
"""A-2-3 drawing one against 8-7-5 drawing one: 44 unseen cards."""
DISCARDS = ["Kd 3d 2h", "Qc 8s"]
"""Three cards against two: C(44, 3) * C(41, 2) = 10,860,080 deals to enumerate."""
DEALS = comb(44, 3) * comb(41, 2)
SAMPLES = 1_000_000


@pytest.mark.benchmark(group="odds: exact enumeration")
def test_exact_heads_up(benchmark: Callable[..., bf.Equity]) -> None:
    result = benchmark(bf.equity, HEADS_UP, draws=1, discards=DISCARDS)
    assert result.exact and sum(result.equity) == pytest.approx(1, abs=1e-12)
    benchmark.extra_info["deals"] = DEALS  # type: ignore[attr-defined]


@pytest.mark.benchmark(group="odds: exact enumeration")
def test_exact_draw_odds_three_draws(benchmark: Callable[..., bf.DrawOdds]) -> None:
    result = benchmark(bf.draw_odds, "As 2h 3d Kd", draws=3)
    assert result.exact and result.p_badugi == pytest.approx(1 - 38 * 37 * 36 / (48 * 47 * 46))


@pytest.mark.benchmark(group="odds: Monte Carlo, 1,000,000 deals")
@pytest.mark.parametrize("game", ["badugi", "badacey"])
def test_monte_carlo_heads_up(benchmark: Callable[..., bf.Equity], game: str) -> None:
    hands = HEADS_UP if game == "badugi" else ["As 2h 3d Kd 4c", "8s 7h 5d Qc 6c"]
    result = benchmark(
        bf.equity, hands, game=game, draws=1, exact_limit=0, samples=SAMPLES, seed=1, executor=HERE
    )
    assert not result.exact and sum(result.equity) == pytest.approx(1, abs=1e-12)


@pytest.mark.benchmark(group="odds: Monte Carlo, 1,000,000 deals")
def test_monte_carlo_two_threads(benchmark: Callable[..., bf.Equity]) -> None:
    serial = bf.equity(HEADS_UP, draws=1, exact_limit=0, samples=SAMPLES, seed=1, executor=HERE)
    with ThreadPoolExecutor(2) as pool:
        result = benchmark(
            bf.equity, HEADS_UP, draws=1, exact_limit=0, samples=SAMPLES, seed=1, executor=pool
        )
    assert result == serial


RANGE_HERO = "As 2h 3d Kd"
RANGE_SAMPLES = 200_000


@pytest.mark.benchmark(group="odds: against ranges")
def test_exact_against_a_random_hand(benchmark: Callable[..., bf.Equity]) -> None:
    """No draw: every one of the C(48, 4) = 194,580 combos, on one core."""
    result = benchmark(bf.equity, [RANGE_HERO, "*"], draws=0, executor=HERE)
    assert result.exact and sum(result.equity) == pytest.approx(1, abs=1e-12)
    benchmark.extra_info["combos"] = comb(48, 4)  # type: ignore[attr-defined]


@pytest.mark.benchmark(group="odds: against ranges")
@pytest.mark.parametrize("draws", [1, 3])
@pytest.mark.parametrize("cores", ["one", "all"])
def test_monte_carlo_against_a_random_hand(
    benchmark: Callable[..., bf.Equity], draws: int, cores: str
) -> None:
    """200,000 samples: samples per second is RANGE_SAMPLES over the time."""
    question = {"draws": draws, "exact_limit": 0, "samples": RANGE_SAMPLES, "seed": draws}
    one_core = bf.equity([RANGE_HERO, "*"], executor=HERE, **question)
    executor = HERE if cores == "one" else None
    result = benchmark(bf.equity, [RANGE_HERO, "*"], executor=executor, **question)
    assert result == one_core and not result.exact
    benchmark.extra_info["samples"] = RANGE_SAMPLES  # type: ignore[attr-defined]
