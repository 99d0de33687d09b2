"""Brute-force equity given the draws already played, in plain Python with exact fractions.

The oracle for tests/test_odds_history.py and tests/test_review.py, written from
docs/rules.md ("Reviewing a hand") and sharing no code with csrc/odds.c or badugi_fast: a
range player's hand is each combo of his range, played through the draws so far by the
drawing policy of tests/reference_odds.py (each of its choices with its chance, each set of
replacements from the cards nobody holds, nobody threw and the asker has not seen),
dropped where a draw took another number of cards than he was seen to take; the draws
left follow the policy, then the showdown.
"""

from __future__ import annotations

import itertools
from collections.abc import Sequence
from fractions import Fraction

import reference_odds

Played = list[tuple[tuple[int, ...], frozenset[int], Fraction]]
"""Each way a hand played through some draws: (hand after, cards its player saw go out of
play, chance)."""


def played(
    hand: tuple[int, ...],
    counts: Sequence[int],
    out: frozenset[int],
    seen: frozenset[int],
    chance: Fraction,
    game: str = "badugi",
) -> Played:
    """Every way ``hand`` plays through draws taking ``counts`` cards, the other ways
    dropped. ``out``: cards it cannot draw (the asker's cards and discards, the dead
    cards); ``seen``: what its player saw go out of play (the dead cards, his discards)."""
    if not counts:
        return [(hand, seen, chance)]
    if counts[0] == 0:  # stood pat: the hand stays (ties choose among discards of one size)
        pat = len(reference_odds._keep_by_ids(hand, game, 0)) == len(hand)
        return played(hand, counts[1:], out, seen, chance, game) if pat else []
    ways = []
    for keep, p in reference_odds.policy_keeps(hand, game, 0, seen):
        thrown = frozenset(hand) - set(keep)
        if len(thrown) != counts[0]:
            continue
        pool = sorted(frozenset(range(52)) - out - set(hand) - seen)
        deals = list(itertools.combinations(pool, len(thrown)))
        for new in deals:
            after = tuple(sorted(keep + new))
            ways += played(after, counts[1:], out, seen | thrown, chance * p / len(deals), game)
    return ways


def heads_up(
    hero: tuple[int, ...],
    thrown: Sequence[int],
    dead: Sequence[int],
    hands: Sequence[tuple[int, ...]],
    counts: Sequence[int],
    *,
    hero_draws: bool = False,
    hero_first: bool = True,
    opponent_draws: bool = False,
    game: str = "badugi",
) -> float:
    """The hero's equity against a hand of ``hands`` (equal weights) played as ``counts``
    says, then at most one draw left: the hero drawing by the policy when ``hero_draws``
    (seeing ``thrown`` and the dead cards), the opponent when ``opponent_draws``, the hero
    first when ``hero_first``; then the showdown."""
    out = frozenset(hero) | set(thrown) | set(dead)
    total = share = Fraction(0)
    for hand in hands:
        if out & set(hand):
            continue
        for now, seen, p in played(hand, counts, out, frozenset(dead), Fraction(1), game):
            ends = _last_draw(
                hero,
                frozenset(thrown) | set(dead),
                now,
                seen,
                frozenset(range(52)) - out - set(now) - seen,
                hero_draws,
                opponent_draws,
                hero_first,
                game,
            )
            for mine, theirs, q in ends:
                total += p * q
                share += p * q * reference_odds._shares((mine, theirs), game)[0]
    return float(share / total)


def _last_draw(
    hero: tuple[int, ...],
    hero_seen: frozenset[int],
    other: tuple[int, ...],
    other_seen: frozenset[int],
    stub: frozenset[int],
    hero_draws: bool,
    other_draws: bool,
    hero_first: bool,
    game: str,
) -> list[tuple[tuple[int, ...], tuple[int, ...], Fraction]]:
    """Every (hero's hand, other's hand, chance) after one draw in which each player named
    draws by the policy (the first in order taking his cards first)."""
    order = [(0, hero, hero_seen, hero_draws), (1, other, other_seen, other_draws)]
    if not hero_first:
        order.reverse()
    ways: list[tuple[list[tuple[int, ...]], frozenset[int], Fraction]] = [
        ([hero, other], stub, Fraction(1))
    ]
    for who, hand, seen, draws in order:
        keeps = reference_odds.policy_keeps(hand, game, 0, seen) if draws else [(hand, Fraction(1))]
        after = []
        for hands, rest, p in ways:
            for keep, q in keeps:
                deals = list(itertools.combinations(sorted(rest), len(hand) - len(keep)))
                for new in deals:
                    now = list(hands)
                    now[who] = tuple(sorted(keep + new))
                    after.append((now, rest - set(new), p * q / len(deals)))
        ways = after
    return [(hands[0], hands[1], p) for hands, _, p in ways]
