"""Monte Carlo: within 4 standard errors of exact, and the same answer whatever runs it.

A seed's chunks are the same deals in this thread, in a 2-process pool and on a Dask
LocalCluster, so the results are equal to the last bit. Custom Python policies (the
slow path) and the reshuffle rule are checked here too.
"""

from __future__ import annotations

import math
import pickle
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor, ThreadPoolExecutor

import pytest

import badugi_fast as bf
from badugi_fast.errors import InvalidCards
from badugi_fast.odds import CHUNK

SAMPLES = 200_000
CASES = [
    ("badugi", ["As 2h 3d Kd", "8s 7h 5d 2c"], 1),
    ("badugi", ["As 2h 3d Kd", "9s 7h 5d Qd"], 2),
    ("badugi", ["As 2h 3d Kd", "9s 7h 5d Qd", "4s 6c Jh Jc"], 1),
    ("badacey", ["As 2h 3d Kd 4d", "8s 7h 5d 2c 6s"], 1),
    ("badacey", ["As 2h 3d Kd 4s", "8s 7h 5d 2c 6s", "Tc 9c 3c 4h 5h"], 1),
    ("badeucey", ["2s 3h 4d Kd 5d", "8s 7h 5h 2c 6s"], 1),
    ("badeucey", ["2s 3h 7d Kd Kc", "8s 7h 5h 2c 6s"], 2),
    ("deuce-seven-triple-draw", ["2s 3h 7d Kd Kc", "8s 7h 5h 2c 6s"], 2),
    ("ace-five-triple-draw", ["As 3h 7d Kd Kc", "8s 7h 5h 2c 6s", "4h 4c 9d Jc Qc"], 1),
]


@pytest.mark.parametrize(("game", "hands", "draws"), CASES)
def test_monte_carlo_agrees_with_exact(game: str, hands: list[str], draws: int) -> None:
    exact = bf.equity(hands, game=game, draws=draws)
    sampled = bf.equity(hands, game=game, draws=draws, exact_limit=0, samples=SAMPLES, seed=11)
    assert exact.exact and not sampled.exact and sampled.samples == SAMPLES
    for p, (e, s, se) in enumerate(zip(exact.equity, sampled.equity, sampled.stderr, strict=True)):
        assert se > 0
        assert abs(e - s) < 4 * se, f"player {p}: {s} vs exact {e} (stderr {se})"
    assert sum(sampled.equity) == pytest.approx(1, abs=1e-12)


def test_monte_carlo_draw_odds() -> None:
    exact = bf.draw_odds("As 2h 7d 7c", draws=3)
    sampled = bf.draw_odds("As 2h 7d 7c", draws=3, exact_limit=0, samples=SAMPLES, seed=5)
    error = sampled.standard_error(sampled.p_badugi)
    assert exact.exact and not sampled.exact and error > 0 and exact.standard_error(0.5) == 0
    assert abs(exact.p_badugi - sampled.p_badugi) < 4 * error
    assert sum(sampled.distribution.values()) == pytest.approx(1, abs=1e-12)


def test_stderr_has_the_shape_of_the_figures() -> None:
    """Issue 28, item 9: ``stderr`` is one thing on both results, the standard errors
    laid out as the figures they qualify (a method on DrawOdds once, a tuple on Equity)."""
    hands = ["As 2h 3d 4c 9s", "2s 3h 4d 5c 9d"]
    sampled = {"exact_limit": 0, "samples": 4000, "seed": 2}
    for exact in (True, False):
        options = {} if exact else sampled
        odds = bf.draw_odds(hands[0], game="badacey", draws=2, **options)
        result = bf.equity(hands, game="badacey", draws=1, **options)
        assert odds.exact == result.exact == exact
        assert odds.stderr.keys() == odds.distribution.keys()
        assert odds.low_stderr.keys() == odds.low_distribution.keys()
        assert len(result.stderr) == len(result.equity)
        for figures, errors in (
            (odds.distribution, odds.stderr),
            (odds.low_distribution, odds.low_stderr),
        ):
            for rank, p in figures.items():
                expected = 0.0 if exact else math.sqrt(p * (1 - p) / 4000)
                assert errors[rank] == expected == odds.standard_error(p)
        assert all((e == 0) == exact for e in result.stderr)


def test_seed_none_reports_a_seed_that_reproduces() -> None:
    first = bf.equity(CASES[0][1], draws=1, exact_limit=0, samples=1000)
    assert first.seed is not None
    again = bf.equity(CASES[0][1], draws=1, exact_limit=0, samples=1000, seed=first.seed)
    assert again == first
    # another seed samples other deals: two runs of 1,000 tie about one time in 30, three
    # other seeds all tying with the first about once in 30,000
    others = [
        bf.equity(CASES[0][1], draws=1, exact_limit=0, samples=1000, seed=first.seed + step)
        for step in (1, 2, 3)
    ]
    assert any(other.equity != first.equity for other in others)


def _runs(executor: object) -> tuple[bf.Equity, bf.DrawOdds]:
    """A few chunks and a partial one, through ``executor``."""
    samples = 3 * CHUNK + 123
    return (
        bf.equity(
            CASES[3][1],
            game="badacey",
            draws=2,
            exact_limit=0,
            samples=samples,
            seed=42,
            executor=executor,
        ),
        bf.draw_odds(
            "As 2h 7d 7c", draws=3, exact_limit=0, samples=samples, seed=42, executor=executor
        ),
    )


@pytest.fixture(scope="module")
def serial() -> tuple[bf.Equity, bf.DrawOdds]:
    return _runs(None)


def test_threads_give_the_same_result(serial: tuple[bf.Equity, bf.DrawOdds]) -> None:
    with ThreadPoolExecutor(2) as pool:
        assert _runs(pool) == serial


def test_two_processes_give_the_same_result(serial: tuple[bf.Equity, bf.DrawOdds]) -> None:
    with ProcessPoolExecutor(2) as pool:
        assert _runs(pool) == serial


@pytest.fixture(scope="module")
def dask_client() -> Iterator[object]:
    distributed = pytest.importorskip("distributed")
    with (
        distributed.LocalCluster(
            n_workers=2, threads_per_worker=1, processes=True, dashboard_address=None
        ) as cluster,
        distributed.Client(cluster) as client,
    ):
        yield client


def test_dask_local_cluster_gives_the_same_result(
    serial: tuple[bf.Equity, bf.DrawOdds], dask_client: object
) -> None:
    assert _runs(dask_client.get_executor()) == serial  # type: ignore[attr-defined]


def builtin_copy(cards: tuple[bf.Card, ...], player: int, draw: int) -> tuple[bf.Card, ...]:
    """A custom policy that asks the built-in one (module level, so processes can use it)."""
    return bf.policy_discard(cards, game="badacey" if len(cards) == 5 else "badugi")


def test_custom_policy_equal_to_the_builtin_gives_the_same_answer() -> None:
    # one draw of one hand: the built-in policy sees the hand alone, as builtin_copy does,
    # and its mirror-image choices have the same odds, enumerated once; later it sees its
    # own discards too (docs/rules.md, "The drawing policy", Ties)
    for hand in ("As 2h 7d 7c", "9s 8h 5d Qd", "As Ah 2d 3c 4c"):
        game: bf.Game = "badacey" if len(hand.split()) == 5 else "badugi"
        assert bf.draw_odds(hand, game=game, draws=1, policy=builtin_copy) == bf.draw_odds(
            hand, game=game, draws=1
        )


def test_custom_policy_in_worker_processes() -> None:
    hands = ["As 2h 7d 7c", "9s 8h 5d Qd"]
    sampled = {"exact_limit": 0, "samples": 5000, "seed": 3}
    with ProcessPoolExecutor(2) as pool:
        assert bf.equity(hands, draws=3, policy=builtin_copy, executor=pool, **sampled) == (
            bf.equity(hands, draws=3, policy=builtin_copy, **sampled)
        )


def test_custom_policy_stand_pat() -> None:
    odds = bf.draw_odds("As 2h 7d 7c", draws=3, policy=lambda cards, player, draw: ())
    assert odds.distribution == {bf.Hand("As 2h 7d 7c").rank: 1.0}
    # the first discard given, the policy for the rest: one draw, then pat
    one = bf.draw_odds("As 2h 7d 7c", draws=3, discard="7c", policy=lambda c, p, d: "")
    expected = bf.draw_odds("As 2h 7d 7c", draws=1, discard="7c").distribution
    assert dict(one.distribution) == pytest.approx(dict(expected), abs=1e-12)


def test_custom_policy_errors_propagate() -> None:
    def broken(cards: tuple[bf.Card, ...], player: int, draw: int) -> str:
        raise KeyError("my policy failed")

    with pytest.raises(KeyError, match="my policy failed"):
        bf.draw_odds("As 2h 7d 7c", draws=2, policy=broken)
    with pytest.raises(InvalidCards, match="Kc is not in the hand"):
        bf.draw_odds("As 2h 7d 7c", draws=2, policy=lambda c, p, d: "Kc")
    with pytest.raises(InvalidCards, match="Xx"):
        bf.equity(CASES[0][1], draws=1, exact_limit=0, samples=10, policy=lambda c, p, d: "Xx")


def test_eight_players_changing_five_cards_run_out_of_cards() -> None:
    # 40 cards held, 12 unseen, 1 burned: the first two players take 10, then the last
    # resort (the muck is empty) reshuffles the last card, the burn and their discards,
    # and so on: every player gets five new cards, so every one can win, though the first
    # two draw only from the unseen jacks to kings (the rule in detail:
    # tests/test_odds_reshuffle.py).
    deck = [bf.Card(i) for i in range(40)]
    hands = [deck[5 * p : 5 * p + 5] for p in range(8)]
    once = bf.equity(hands, game="badeucey", draws=1, discards=hands, samples=20_000, seed=1)
    assert not once.exact  # a reshuffle could happen: only sampling answers
    assert 0 < max(once.equity[:2]) < 0.01 < min(once.equity[2:])
    assert sum(once.equity) == pytest.approx(1, abs=1e-12)
    # Three draws: the discards of earlier draws come back in reshuffles.
    thrice = bf.equity(hands, game="badeucey", draws=3, discards=hands, samples=20_000, seed=1)
    assert sum(thrice.equity) == pytest.approx(1, abs=1e-12) and min(thrice.equity) > 0.02


def test_dead_cards_come_back_in_a_reshuffle() -> None:
    # 36 dead cards leave 8 unseen: two players throwing four cards three times need the
    # muck, dead cards included, from the first draw on.
    dead = [bf.Card(i) for i in range(8, 44)]
    hands = [[bf.Card(i) for i in range(44, 48)], [bf.Card(i) for i in range(48, 52)]]
    result = bf.equity(hands, draws=3, discards=hands, dead=dead, samples=20_000, seed=2)
    assert not result.exact and sum(result.equity) == pytest.approx(1, abs=1e-12)
    assert min(result.equity) > 0.3


def test_results_pickle() -> None:
    # results travel back from workers and clusters
    odds = bf.draw_odds("As 2h 3d Kd")
    result = bf.equity(CASES[3][1], game="badacey", draws=1)
    assert pickle.loads(pickle.dumps(odds)) == odds
    assert pickle.loads(pickle.dumps(result)) == result
