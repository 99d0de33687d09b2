"""A second opinion: PokerKit's hand comparisons agree with our ranks on random hands.

PokerKit (a test extra) is an independent implementation. On random pairs of
hands, "PokerKit says a beats b" must be exactly "our rank of a < our rank of b",
and ties must be ties. A third of the pairs are a hand against the same hand with
its suits relabelled, which is always a tie, so ties are really exercised.
"""

from __future__ import annotations

from collections.abc import Callable

import numpy as np
import pokerkit
import pytest

import badugi_fast as bf

RANKS = "A23456789TJQK"
SUITS = "shdc"
N_HANDS = 1000
N_PAIRS = 5000

# PokerKit: BadugiHand ranks aces low, StandardBadugiHand aces high (its "deuce-to-seven"
# badugi); from_game picks the best playing set from 4 or 5 cards. RegularLowHand is A-5
# (flushes ignored), StandardLowHand is 2-7 (wheel not a straight).
CASES: list[tuple[str, int, Callable[[str], object], Callable[[str], int]]] = [
    ("badugi 4 cards", 4, pokerkit.BadugiHand.from_game, bf.evaluate),
    ("badugi 5 cards", 5, pokerkit.BadugiHand.from_game, bf.evaluate_badugi5),
    ("ace-high badugi 4", 4, pokerkit.StandardBadugiHand.from_game, bf.evaluate_badugi_ace_high),
    ("ace-high badugi 5", 5, pokerkit.StandardBadugiHand.from_game, bf.evaluate_badugi_ace_high),
    ("ace-to-five", 5, pokerkit.RegularLowHand, bf.evaluate_ace_five),
    ("deuce-to-seven", 5, pokerkit.StandardLowHand, bf.evaluate_deuce_seven),
]


def text(cards: list[int]) -> str:
    """Card ids as one string, e.g. ``"As2h3d4c"`` (both libraries read it)."""
    return "".join(RANKS[card // 4] + SUITS[card % 4] for card in cards)


def relabel_suits(cards: list[int], rng: np.random.Generator) -> list[int]:
    """The same ranks with the suits permuted: the value is unchanged in every game here."""
    new_suit = rng.permutation(4)
    return [card - card % 4 + int(new_suit[card % 4]) for card in cards]


@pytest.mark.parametrize(
    ("game", "size", "pokerkit_hand", "evaluate"), CASES, ids=[case[0] for case in CASES]
)
def test_pairwise_order_agrees_with_pokerkit(
    game: str,
    size: int,
    pokerkit_hand: Callable[[str], object],
    evaluate: Callable[[str], int],
) -> None:
    rng = np.random.default_rng(sum(map(ord, game)))
    hands = [[int(c) for c in rng.choice(52, size, replace=False)] for _ in range(N_HANDS)]
    hands += [relabel_suits(hand, rng) for hand in hands]
    ours = [evaluate(text(hand)) for hand in hands]
    theirs = [pokerkit_hand(text(hand)) for hand in hands]

    i = rng.integers(0, N_HANDS, N_PAIRS)
    j = rng.integers(0, 2 * N_HANDS, N_PAIRS)
    j[::3] = i[::3] + N_HANDS  # the suit-relabelled twin: always a tie
    ties = 0
    for a, b in zip(i.tolist(), j.tolist(), strict=True):
        they_say_a_wins = theirs[a] > theirs[b]  # type: ignore[operator]
        they_say_tie = theirs[a] == theirs[b]
        ties += they_say_tie
        verdict = "tie" if they_say_tie else "a wins" if they_say_a_wins else "b wins"
        assert (ours[a] < ours[b]) == they_say_a_wins and (ours[a] == ours[b]) == they_say_tie, (
            f"{game}: a={text(hands[a])} (our rank {ours[a]}), b={text(hands[b])}"
            f" (our rank {ours[b]}); PokerKit says {verdict}"
        )
    assert ties >= N_PAIRS // 3
