"""draw_odds and equity, exact: whole distributions and equities against the brute force.

tests/reference_odds.py enumerates every deal in plain Python with fractions; the C
enumeration must give the same probabilities (to floating-point rounding). With
BADUGI_ODDS_FULL=1 each check also runs larger random samples (1,000 cases more).
"""

from __future__ import annotations

import os
import random
from fractions import Fraction

import pytest
import reference_odds

import badugi_fast as bf
from badugi_fast.cards import format_cards

TOLERANCE = 1e-12
GAMES = ("badugi", "badacey", "badeucey", "deuce-seven-triple-draw", "ace-five-triple-draw")
CARDS = {game: 4 if game == "badugi" else 5 for game in GAMES}
TARGETS = {"badugi": 715, "badacey": 715, "badeucey": 715}  # else: the best 1500 lows
CI_CASES, FULL_CASES = 40, 250
FULL = os.environ.get("BADUGI_ODDS_FULL") == "1"
"""Whether the full-size cases are generated at all (not generated and skipped: no skips)."""


def close(a: float, b: Fraction) -> bool:
    return abs(a - float(b)) < TOLERANCE


def random_cards(rng: random.Random, n: int, exclude: set[int] = frozenset()) -> list[int]:
    return rng.sample(sorted(set(range(52)) - set(exclude)), n)


# -------------------------------------------------------------------- the textbook figures


def test_ten_clean_outs_one_draw() -> None:
    # A-2-3 with a dead king of diamonds: the ten clubs 4c..Kc make a badugi.
    odds = bf.draw_odds("As 2h 3d Kd", draws=1)
    assert odds.exact
    assert odds.p_badugi == pytest.approx(10 / 48, abs=TOLERANCE)
    assert odds.distribution[bf.Hand("As 2h 3d 4c").rank] == pytest.approx(1 / 48, abs=TOLERANCE)


@pytest.mark.parametrize("draws", [1, 2, 3])
def test_ten_clean_outs_three_draws(draws: int) -> None:
    miss = Fraction(1)
    for d in range(draws):
        miss *= Fraction(38 - d, 48 - d)
    odds = bf.draw_odds("As 2h 3d Kd", draws=draws, discard="Kd")
    assert close(odds.p_badugi, 1 - miss)
    assert sum(odds.distribution.values()) == pytest.approx(1, abs=TOLERANCE)


def test_dead_cards_are_not_unseen() -> None:
    # With 4c 5c dead only eight outs are left, among 46 unseen cards.
    odds = bf.draw_odds("As 2h 3d Kd", draws=1, dead="4c 5c")
    assert odds.p_badugi == pytest.approx(8 / 46, abs=TOLERANCE)


# -------------------------------------------------------------------- one player, whole law


def _one_player_cases(count: int, seed: int) -> list[tuple[object, ...]]:
    """(game, hand, first discard, draws, dead, target) small enough for the brute force:
    one draw of up to 3 cards (2 in the five-card games), or several draws of a hand whose
    policy changes at most one card (two draws at most in the five-card games)."""
    rng = random.Random(seed)
    cases: list[tuple[object, ...]] = []
    while len(cases) < count:
        game = GAMES[len(cases) % len(GAMES)]
        hand = random_cards(rng, CARDS[game])
        dead = random_cards(rng, rng.randrange(3), set(hand))
        draws = rng.choice((1, 1, 2, 3) if game == "badugi" else (1, 1, 2))
        target = rng.choice((0, 0, rng.randrange(1, TARGETS.get(game, 1500) + 1)))
        discard = None if rng.random() < 0.5 or draws > 1 else rng.sample(hand, rng.randrange(3))
        if discard is None:
            kept = reference_odds.policy_keeps(tuple(sorted(hand)), game, target)[0][0]
            thrown = CARDS[game] - len(kept)
        else:
            thrown = len(discard)
        if thrown <= (1 if draws > 1 else 7 - CARDS[game]):
            cases.append((game, hand, discard, draws, dead, target))
    return cases


def _check_one_player(
    game: str, hand: list[int], discard: list[int] | None, draws: int, dead: list[int], target: int
) -> None:
    expected = reference_odds.final_distribution(
        hand, draws=draws, game=game, discard=discard, dead=dead, target=target
    )
    odds = bf.draw_odds(
        hand, discard=discard, draws=draws, dead=dead, game=game, target=target or None
    )
    assert odds.exact
    described = f"{game} {format_cards(hand)} discard {discard} draws {draws} target {target}"
    assert set(odds.distribution) == set(expected), described
    for rank, p in expected.items():
        assert close(odds.distribution[rank], p), f"{described}: rank {rank}"
    if game not in ("badacey", "badeucey"):
        assert odds.low_distribution == {}
        return
    low = reference_odds.final_distribution(
        hand, draws=draws, game=game, discard=discard, dead=dead, target=target, half=1
    )
    assert set(odds.low_distribution) == set(low), described
    for rank, p in low.items():
        assert close(odds.low_distribution[rank], p), f"{described}: low rank {rank}"


@pytest.mark.parametrize(
    "case",
    _one_player_cases(CI_CASES, 1) + (_one_player_cases(FULL_CASES, 2) if FULL else []),
    ids=str,
)
def test_one_player_distribution(case: tuple[object, ...]) -> None:
    _check_one_player(*case)  # type: ignore[arg-type]


def test_target_breaks_a_weak_badugi() -> None:
    # K-Q-J-T (rank 715) drawing to a nine: throw the king; with no target, pat.
    pat = bf.draw_odds("Ks Qh Jd Tc", draws=2)
    assert pat.distribution == {715: 1.0}
    broken = bf.draw_odds("Ks Qh Jd Tc", draws=1, target="9s 8h 7d 6c")
    # the king goes; the spades A-9 make a queen badugi again: 9 outs among 48
    assert broken.p_badugi == pytest.approx(9 / 48, abs=TOLERANCE)
    assert bf.policy_discard("Ks Qh Jd Tc", target="9s 8h 7d 6c") == (bf.Card("Ks"),)


# -------------------------------------------------------------------- two players, one draw


def _heads_up_cases(count: int, seed: int, budget: int) -> list[tuple[object, ...]]:
    """(game, hands, discards): two random hands changing ``budget`` cards at most in all."""
    rng = random.Random(seed)
    cases: list[tuple[object, ...]] = []
    while len(cases) < count:
        game = GAMES[len(cases) % len(GAMES)]
        n = CARDS[game]
        a = random_cards(rng, n)
        b = random_cards(rng, n, set(a))
        discards = [
            rng.sample(hand, rng.randrange(3)) if rng.random() < 0.5 else None for hand in (a, b)
        ]
        sizes = [
            len(d)
            if d is not None
            else n - len(reference_odds.policy_keeps(tuple(sorted(h)), game, 0)[0][0])
            for h, d in zip((a, b), discards, strict=True)
        ]
        if sizes[0] + sizes[1] <= budget and min(sizes) <= 1:
            cases.append((game, [a, b], discards))
    return cases


def _check_heads_up(game: str, hands: list[list[int]], discards: list[list[int] | None]) -> None:
    equity, win, tie = reference_odds.heads_up_one_draw(hands, game=game, discards=discards)
    result = bf.equity(hands, game=game, draws=1, discards=discards)
    assert result.exact
    described = f"{game} {[format_cards(h) for h in hands]} discards {discards}"
    for i in range(2):
        assert close(result.equity[i], equity[i]), described
        assert close(result.win[i], win[i]), described
        assert close(result.tie[i], tie[i]), described
    assert sum(result.equity) == pytest.approx(1, abs=TOLERANCE)


@pytest.mark.parametrize(
    "case",
    _heads_up_cases(3 * CI_CASES, 3, 2) + (_heads_up_cases(3 * FULL_CASES, 4, 3) if FULL else []),
    ids=str,
)
def test_heads_up_equity(case: tuple[object, ...]) -> None:
    _check_heads_up(*case)  # type: ignore[arg-type]


def test_no_draws_is_a_showdown() -> None:
    result = bf.equity(["8s 7h 3d 2c", "8h 7s 3c 2d"])
    assert result.exact and result.equity == (0.5, 0.5) and result.tie == (1.0, 1.0)


def test_split_game_halves() -> None:
    # Badacey, no draws: the 5-4-3-2 badugi takes the Badugi half, but its king-high low
    # loses the A-5 half to queen-jack: each hand gets half the pot, nobody scoops.
    result = bf.equity(["Ks 2h 3d 4c 5s", "Qs Jh Td 9c 8c"], game="badacey", draws=0)
    badugi, low = result.halves
    assert (badugi.kind, low.kind) == ("badugi", "ace-five")
    assert badugi.win == (1.0, 0.0) and low.win == (0.0, 1.0)
    assert result.equity == (0.5, 0.5) and result.win == (0.0, 0.0) and result.tie == (1.0, 1.0)
    # 8-5-4-3 rainbow with a deuce: the best badugi and the best low here, a scoop.
    scoop = bf.equity(["8s 5h 4d 3c 2c", "Qs Jh Td 9c 8c"], game="badacey", draws=0)
    assert scoop.win == (1.0, 0.0) and scoop.equity == (1.0, 0.0)


def test_badeucey_aces_low() -> None:
    # The house variant (badeucey_aces_low, as in settle()) reaches the kernels: the Badugi
    # half ranks and draws aces low, the low half stays deuce-to-seven.
    hand = "Ks 2h 3d 4c As"
    assert bf.policy_discard(hand, game="badeucey") == (bf.Card("As"),)
    assert bf.policy_discard(hand, game="badeucey", badeucey_aces_low=True) == (bf.Card("Ks"),)
    # A-3-2 keeps the same three cards as in Badacey, so its Badugi half ends the same way.
    odds = bf.draw_odds("As 2h 3d Kd 9d", game="badeucey", badeucey_aces_low=True, draws=1)
    assert odds.distribution == bf.draw_odds("As 2h 3d Kd 9d", game="badacey", draws=1).distribution
    assert odds.badeucey_aces_low and odds.p_at_least("As 2h 3d 4c") == odds.distribution[1] > 0
    # A-2-3-4 is the best badugi aces low, worse than 5-4-3-2 aces high; 9-5 low wins both.
    hands = ["As 2h 3d 4c 9s", "2s 3h 4d 5c 9d"]
    for aces_low, equity in ((False, (0.0, 1.0)), (True, (0.5, 0.5))):
        result = bf.equity(hands, game="badeucey", badeucey_aces_low=aces_low, draws=0)
        seats = [bf.Seat(1, cards=cards) for cards in hands]
        payouts = bf.settle(seats, game="badeucey", badeucey_aces_low=aces_low).payouts
        assert result.equity == equity == tuple(chips / 2 for chips in payouts)
