"""equity() against ranges: exact equity is the combo-weighted average of hand-against-hand
equities brute-forced by tests/reference*.py (to 1e-12), Monte Carlo lands within 4
standard errors of it, and seeded runs are the same on any executor.

The reference side never calls equity(): it enumerates the combos the rules say are dealt
(the range's hands sharing no card with the known hands, the dead cards or the other
range player's combo), weights each as docs/rules.md ("Ranges") says, and judges each
pair with tests/reference.py's values or tests/reference_odds.py's one-draw enumeration.
"""

from __future__ import annotations

import itertools
import os
from concurrent.futures import ThreadPoolExecutor
from fractions import Fraction

import numpy as np
import pytest
import reference as ref
import reference_odds

import badugi_fast as bf
from badugi_fast.cards import parse_cards
from badugi_fast.errors import InvalidOption, InvalidRange
from badugi_fast.parallel import HERE, all_cores
from badugi_fast.ranges import Range

TOLERANCE = 1e-12
HERO = "As 2h 3d Kd"


def ids(text: str) -> tuple[int, ...]:
    return tuple(sorted(int(card) for card in parse_cards(text)))


def badugi_top(cards: tuple[int, ...]) -> tuple[int, int]:
    """(size, top value) of a hand's best playing set, by the reference."""
    missing, ranks = ref.badugi_key(cards)
    return 4 - missing, ranks[0]


ALL = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
CODES = ref.badugi_codes_many(ALL)
SIZE, TOP = 4 - (CODES >> 16), (CODES >> 12) & 15
"""Every four-card hand, with its best playing set's size and top value (the reference)."""


def hands_where(mask: np.ndarray, removed: tuple[int, ...] = ()) -> list[tuple[int, ...]]:
    """The hands of ``mask`` sharing no card with ``removed``."""
    clear = mask & ~np.isin(ALL, removed).any(axis=1)
    return [tuple(int(c) for c in row) for row in ALL[clear]]


def weighted_equity(pairs: list[tuple[float, Fraction | float]]) -> float:
    total = sum(weight for weight, _ in pairs)
    return float(sum(Fraction(weight) * Fraction(share) for weight, share in pairs)) / total


def test_a_random_hand_without_a_draw() -> None:
    hero = ids(HERO)
    rest = [card for card in range(52) if card not in hero]
    villains = np.array(list(itertools.combinations(rest, 4)), dtype=np.int64)
    theirs = ref.badugi_ranks_many(villains)
    mine = ref.badugi_ranks_many(np.array([hero]))[0]
    shares = np.where(mine < theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))
    result = bf.equity([HERO, "*"], draws=0)
    assert result.exact
    assert result.equity[0] == pytest.approx(shares.mean(), abs=TOLERANCE)
    assert result.win[0] == pytest.approx((shares == 1).mean(), abs=TOLERANCE)


def test_a_class_macro_with_a_draw() -> None:
    """A-2-3 drawing one against any six-badugi or better (which stands pat)."""
    hero = ids(HERO)
    pairs = []
    for villain in hands_where((SIZE == 4) & (TOP <= 6), hero):
        equity, _, _ = reference_odds.heads_up_one_draw(
            [hero, villain], game="badugi", discards=[None, None]
        )
        pairs.append((1.0, equity[0]))
    assert len(pairs) == len(Range.parse("$badugi6").combos(HERO))
    result = bf.equity([HERO, "$badugi6"], draws=1)
    assert result.exact
    assert result.equity[0] == pytest.approx(weighted_equity(pairs), abs=TOLERANCE)


def test_a_weighted_union_multiway_with_dead_cards() -> None:
    """A known hand, a range weighted 0.5 on sevens-or-better and 1 on A-2-3 hands, and a
    third known hand, with a dead card; no draw."""
    hero, third, dead = ids("4s 5h 6d 7c"), ids("Qs Jh 9d 8c"), ids("2c")
    pairs = []
    has_a23 = np.all([np.any(r == ALL // 4, axis=1) for r in (0, 1, 2)], axis=0)
    for villain in hands_where(has_a23 | ((SIZE == 4) & (TOP <= 7)), hero + third + dead):
        size, top = badugi_top(villain)
        ranks = {card // 4 for card in villain}
        weight = 0.5 if size == 4 and top <= 7 else 1.0 if {0, 1, 2} <= ranks else 0.0
        if weight:
            shares = reference_odds._shares((hero, villain, third), "badugi")
            pairs.append((weight, shares[0]))
    result = bf.equity(["4s 5h 6d 7c", "0.5:$badugi7, A23", "Qs Jh 9d 8c"], dead="2c", draws=0)
    assert result.exact
    assert result.equity[0] == pytest.approx(weighted_equity(pairs), abs=TOLERANCE)


def test_range_against_range() -> None:
    """Any five-badugi or better against sixes-or-better and a quarter of the A-2-3 hands."""
    mine = hands_where((SIZE == 4) & (TOP <= 5))
    has_a23 = np.all([np.any(r == ALL // 4, axis=1) for r in (0, 1, 2)], axis=0)
    weights = np.where((SIZE == 4) & (TOP <= 6), 1.0, np.where(has_a23, 0.25, 0.0))
    theirs, weights = ALL[weights > 0], weights[weights > 0]
    ranks = ref.badugi_ranks_many(theirs)
    total = share = Fraction(0)
    for hand in mine:
        clear = ~np.isin(theirs, hand).any(axis=1)
        mine_rank = ref.badugi_ranks_many(np.array([hand]))[0]
        their, w = ranks[clear], weights[clear]
        won = np.where(mine_rank < their, 1.0, np.where(mine_rank == their, 0.5, 0.0))
        total += Fraction(float(w.sum()))
        share += Fraction(float((w * won).sum()))
    result = bf.equity(["$badugi5", "$badugi6, 0.25:A23"], draws=0)
    assert result.exact
    assert result.equity[0] == pytest.approx(float(share / total), abs=TOLERANCE)


def test_a_split_game_against_a_range() -> None:
    """Badacey: a known hand against every six-low or better, no draw."""
    hero = ids("As 2h 3d 4c 8s")
    pairs = []
    for values in itertools.combinations(range(6), 5):
        for suits in itertools.product(range(4), repeat=5):
            villain = tuple(sorted(4 * v + s for v, s in zip(values, suits, strict=True)))
            if not set(villain) & set(hero):
                pairs.append((1.0, reference_odds._shares((hero, villain), "badacey")[0]))
    result = bf.equity(["As 2h 3d 4c 8s", "$low6"], game="badacey", draws=0)
    assert result.exact
    assert result.equity[0] == pytest.approx(weighted_equity(pairs), abs=TOLERANCE)


def test_monte_carlo_within_four_standard_errors() -> None:
    exact = bf.equity([HERO, "$badugi8"], draws=1)
    sampled = bf.equity([HERO, "$badugi8"], draws=1, exact_limit=0, samples=200_000, seed=3)
    assert exact.exact and not sampled.exact
    assert abs(sampled.equity[0] - exact.equity[0]) < 4 * sampled.stderr[0]
    no_draw = bf.equity([HERO, "*"], draws=0)
    sampled = bf.equity([HERO, "*"], draws=0, exact_limit=0, samples=200_000, seed=4)
    assert abs(sampled.equity[0] - no_draw.equity[0]) < 4 * sampled.stderr[0]


def test_seeded_runs_are_the_same_on_any_executor() -> None:
    question = {"draws": 2, "samples": bf.odds.CHUNK + 999, "seed": 11, "exact_limit": 0}
    here = bf.equity([HERO, "*", "$draw1"], **question)
    with ThreadPoolExecutor(2) as pool:
        there = bf.equity([HERO, "*", "$draw1"], executor=pool, **question)
    assert here == there


def test_a_custom_policy_draws_for_range_players_too() -> None:
    stand_pat = bf.equity([HERO, "$3card5"], draws=1, policy=lambda cards, player, draw: ())
    no_draw = bf.equity([HERO, "$3card5"], draws=0)
    assert stand_pat.equity == pytest.approx(no_draw.equity, abs=TOLERANCE)


def test_bad_range_players() -> None:
    with pytest.raises(InvalidRange, match="no hand of the range"):
        bf.equity([HERO, "As *"])
    for exact_limit in (0, 10**8):  # sampled, counted
        with pytest.raises(bf.InvalidCards, match="the ranges leave no deal"):
            bf.equity([HERO, "Qs *", "Qs *"], exact_limit=exact_limit)
    with pytest.raises(InvalidRange) as caught:
        bf.equity([HERO, "A2e"])
    assert caught.value.position == 2
    with pytest.raises(InvalidOption, match="a range draws under the policy"):
        bf.equity([HERO, "*"], draws=1, discards=[None, "As"])
    with pytest.raises(InvalidOption, match="range of badugi hands"):
        bf.equity(["As 2h 3d 4c 5s", Range.parse("*")], game="badacey")


def test_every_core_by_default_with_the_result_of_one() -> None:
    """No executor: the shared pool of one thread per CPU; the same figures as HERE."""
    sampled = {"draws": 1, "samples": 2 * bf.odds.CHUNK + 5, "seed": 8, "exact_limit": 0}
    exact = {"draws": 0}
    for question, hands in ((sampled, [HERO, "*"]), (exact, ["$badugi6", "$3card3"])):
        everywhere = bf.equity(hands, **question)
        one_core = bf.equity(hands, executor=HERE, **question)
        assert everywhere == one_core


def test_the_shared_pool_is_one_thread_per_cpu() -> None:
    pool = all_cores()
    cpus = len(os.sched_getaffinity(0))
    assert (pool is None) == (cpus < 2)
    assert pool is None or (pool is all_cores() and pool._max_workers == cpus)


def test_lopsided_weights_do_not_make_deals_vanish() -> None:
    """Issue 41, item 9: the hands weighted 10**8 all hold the As, which the other range
    holds in every hand; 2**20 clashing draws in a row were reported as "no deal". No
    deal gives the first range the As, so those hands go before sampling: the answer
    is the unweighted range's, to the last bit."""
    question = {"game": "badugi", "draws": 0, "exact_limit": 0, "samples": 3000, "seed": 4}
    lopsided = bf.equity(["Kd Qd Jd Td", "(100000000.0:As), *", "As*"], **question)  # type: ignore[arg-type]
    even = bf.equity(["Kd Qd Jd Td", "*", "As*"], **question)  # type: ignore[arg-type]
    assert lopsided.equity == even.equity and not lopsided.exact


def test_sampling_that_gives_up_says_so_and_that_deals_exist() -> None:
    """Both ranges put nearly all their weight on a hand with the As: deals exist, but
    2**20 draws in a row clash."""
    first, second = "(1e15:As 5c 6c 7c), 8c 9c Tc Jc", "(1e15:As 5h 6h 7h), 8h 9h Th Jh"
    with pytest.raises(bf.InvalidCards, match=r"sampling gave up.*though deals exist"):
        bf.equity(["Kd Qd Jd Td", first, second], draws=0, exact_limit=0, samples=10, seed=1)
