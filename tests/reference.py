"""Brute-force reference evaluators, written straight from docs/rules.md.

This module is the independent oracle for the test-suite. It shares no code
with ``tables/generate.py`` or ``badugi_fast`` and deliberately favours
obviously-correct over fast:

* the per-hand functions (``badugi_key``, ``ace_five_key``, ``deuce_seven_key``)
  follow the rule text literally and return plain tuples where a *smaller* key
  is a *stronger* hand for the game in question;
* the ``*_ranks_many`` helpers give the expected library rank of every hand in a
  numpy array. ``badugi_ranks_many`` repeats the "try every subset" search with
  numpy, one subset of column positions at a time; the two five-card lows call
  the per-hand functions once per distinct (rank multiset, flush) group, which
  is all those keys depend on.

Card ids (docs/rules.md, "Cards"): id = 4 * (rank - 1) + suit, rank A=1, 2..9, T=10, J=11,
Q=12, K=13; suit s=0, h=1, d=2, c=3.

A library rank is the dense rank of a key: 1 + the index of the key among the
sorted distinct keys of all hands (1 = best). Badugi uses one 1..1092 scale for
four- and five-card hands: all possible playing-set values, see ``all_badugi_keys``.
"""

from __future__ import annotations

import itertools
from collections import Counter
from collections.abc import Callable, Hashable, Iterable, Sequence
from math import comb
from typing import TypeVar

import numpy as np
import numpy.typing as npt

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "shdc"

ACE = 1
ACE_HIGH = 14

BadugiKey = tuple[int, tuple[int, ...]]
LowKey = tuple[int, tuple[int, ...]]
K = TypeVar("K", bound=Hashable)


# --------------------------------------------------------------------------- cards
def rank_of(card: int) -> int:
    """Rank 1..13 with the ace as 1."""
    return card // 4 + 1


def suit_of(card: int) -> int:
    """Suit 0..3 (s, h, d, c)."""
    return card % 4


def card_id(text: str) -> int:
    """``"Ks"`` -> 49. Only the two-character form; the tests need no more."""
    rank_char, suit_char = text
    return 4 * RANK_CHARS.index(rank_char.upper()) + SUIT_CHARS.index(suit_char.lower())


def card_text(card: int) -> str:
    """49 -> ``"Ks"``."""
    return RANK_CHARS[rank_of(card) - 1] + SUIT_CHARS[suit_of(card)]


def cards_of(text: str) -> tuple[int, ...]:
    """``"Ks 7h 3d 2c"`` -> card ids, in the order written."""
    return tuple(card_id(token) for token in text.split())


# --------------------------------------------------------------------------- Badugi
def is_playing_set(cards: Iterable[int]) -> bool:
    """No two cards share a rank and no two cards share a suit."""
    cards = list(cards)
    return len({rank_of(c) for c in cards}) == len(cards) == len({suit_of(c) for c in cards})


def badugi_rank(card: int, aces_high: bool = False) -> int:
    """The rank used for Badugi comparisons: A=1 (or 14 when aces are high)."""
    rank = rank_of(card)
    return ACE_HIGH if aces_high and rank == ACE else rank


def playing_set_key(playing: Sequence[int], aces_high: bool = False) -> BadugiKey:
    """Key of one playing set: bigger sets first, then ranks high to low, lower wins."""
    ranks = sorted((badugi_rank(c, aces_high) for c in playing), reverse=True)
    return (4 - len(playing), tuple(ranks))


def badugi_key(cards: Sequence[int], aces_high: bool = False) -> BadugiKey:
    """Best (smallest) playing-set key over ALL non-empty subsets of the hand."""
    return min(
        playing_set_key(subset, aces_high)
        for size in range(1, len(cards) + 1)
        for subset in itertools.combinations(cards, size)
        if is_playing_set(subset)
    )


def best_playing_sets(cards: Sequence[int], aces_high: bool = False) -> list[tuple[int, ...]]:
    """Every playing set (as a tuple of cards in hand order) that achieves the best key."""
    best = badugi_key(cards, aces_high)
    return [
        subset
        for size in range(1, len(cards) + 1)
        for subset in itertools.combinations(cards, size)
        if is_playing_set(subset) and playing_set_key(subset, aces_high) == best
    ]


def encode_badugi_key(key: BadugiKey) -> int:
    """Pack a Badugi key into an int with the same order: one 4-bit digit per field.

    Keys of equal size have equally many ranks, so padding the rank list
    with zeros keeps the lexicographic order; the size digit comes first.
    """
    missing, ranks = key
    digits = (missing, *ranks, *([0] * (4 - len(ranks))))
    code = 0
    for digit in digits:
        code = code * 16 + digit
    return code


# --------------------------------------------------------------------------- A-5 low
# Pair structures from best to worst (docs/rules.md: no pair < one pair < two pair
# < trips < full house < quads).
ACE_FIVE_SHAPES: tuple[tuple[int, ...], ...] = (
    (1, 1, 1, 1, 1),
    (2, 1, 1, 1),
    (2, 2, 1),
    (3, 1, 1),
    (3, 2),
    (4, 1),
)


def rank_groups(ranks: Iterable[int]) -> list[tuple[int, int]]:
    """(rank, count) pairs, bigger groups first, then higher rank first."""
    return sorted(Counter(ranks).items(), key=lambda rc: (rc[1], rc[0]), reverse=True)


def ace_five_key(cards: Sequence[int]) -> LowKey:
    """A-5 low: aces low, straights and flushes ignored. Smaller is better.

    (pair-structure category, ranks by group: paired ranks first, then kickers,
    each high to low).
    """
    assert len(cards) == 5
    groups = rank_groups(rank_of(c) for c in cards)
    shape = tuple(count for _, count in groups)
    return (ACE_FIVE_SHAPES.index(shape), tuple(rank for rank, _ in groups))


# --------------------------------------------------------------------------- 2-7 low
HIGH_CARD, ONE_PAIR, TWO_PAIR, TRIPS, STRAIGHT, FLUSH, FULL_HOUSE, QUADS, STRAIGHT_FLUSH = range(9)


def deuce_seven_key(cards: Sequence[int]) -> LowKey:
    """2-7 low: the ordinary HIGH-poker strength of the hand, aces high only.

    A-2-3-4-5 is not a straight (it is ace high). Since 2-7 is the exact reverse
    of high poker, a weaker high hand is a better low, so the smaller key wins.
    """
    assert len(cards) == 5
    ranks = [ACE_HIGH if rank_of(c) == ACE else rank_of(c) for c in cards]
    groups = rank_groups(ranks)
    shape = tuple(count for _, count in groups)
    flush = len({suit_of(c) for c in cards}) == 1
    straight = len(groups) == 5 and max(ranks) - min(ranks) == 4
    if straight and flush:
        category = STRAIGHT_FLUSH
    elif shape == (4, 1):
        category = QUADS
    elif shape == (3, 2):
        category = FULL_HOUSE
    elif flush:
        category = FLUSH
    elif straight:
        category = STRAIGHT
    elif shape == (3, 1, 1):
        category = TRIPS
    elif shape == (2, 2, 1):
        category = TWO_PAIR
    elif shape == (2, 1, 1, 1):
        category = ONE_PAIR
    else:
        category = HIGH_CARD
    return (category, tuple(rank for rank, _ in groups))


# --------------------------------------------------------------------------- ranks
def dense_ranks(keys: Iterable[K]) -> dict[K, int]:
    """Map each distinct key to 1 + its index among the sorted distinct keys."""
    return {key: index + 1 for index, key in enumerate(sorted(set(keys)))}


def all_hands(size: int) -> npt.NDArray[np.uint8]:
    """Every ``size``-card hand as rows of ascending card ids, (C(52, size), size) uint8."""
    count = comb(52, size)
    flat = itertools.chain.from_iterable(itertools.combinations(range(52), size))
    return np.fromiter(flat, dtype=np.uint8, count=count * size).reshape(count, size)


def _dense(codes: npt.NDArray[np.int64]) -> npt.NDArray[np.int64]:
    """Dense 1-based ranks of integer codes (smaller code = better)."""
    _, inverse = np.unique(codes, return_inverse=True)
    return inverse.reshape(-1).astype(np.int64) + 1


def badugi_codes_many(
    hands: npt.NDArray[np.integer], aces_high: bool = False
) -> npt.NDArray[np.int64]:
    """``encode_badugi_key(badugi_key(hand))`` for every row, computed with numpy.

    Same search as ``badugi_key``: every subset of column positions, keep the
    ones whose cards have pairwise distinct ranks and suits, take the minimum.
    Each row is first sorted by Badugi rank, so the cards of a subset taken in
    position order are already low to high.
    """
    hands = np.asarray(hands, dtype=np.int64)
    n_hands, n_cards = hands.shape
    ranks = hands // 4 + 1
    if aces_high:
        ranks = np.where(ranks == ACE, ACE_HIGH, ranks)
    suits = hands % 4
    order = np.argsort(ranks, axis=1, kind="stable")
    # One contiguous array per column position.
    rank_col = list(np.take_along_axis(ranks, order, axis=1).T.copy())
    suit_col = list(np.take_along_axis(suits, order, axis=1).T.copy())
    compatible = {
        (i, j): (rank_col[i] != rank_col[j]) & (suit_col[i] != suit_col[j])
        for i, j in itertools.combinations(range(n_cards), 2)
    }
    best = np.full(n_hands, np.iinfo(np.int64).max, dtype=np.int64)
    for size in range(1, n_cards + 1):
        for positions in itertools.combinations(range(n_cards), size):
            valid = np.ones(n_hands, dtype=bool)
            for pair in itertools.combinations(positions, 2):
                valid &= compatible[pair]
            code = np.full(n_hands, 4 - size, dtype=np.int64)
            for position in reversed(positions):  # highest rank first
                code = code * 16 + rank_col[position]
            code <<= 4 * (4 - size)  # pad the missing ranks with zero digits
            np.minimum(best, np.where(valid, code, best), out=best)
    return best


def all_badugi_keys(aces_high: bool = False) -> list[BadugiKey]:
    """Every possible Badugi value, best first: any 1 to 4 distinct ranks, one suit each."""
    keys = [
        playing_set_key([4 * (rank - 1) + suit for suit, rank in enumerate(ranks)], aces_high)
        for size in range(1, 5)
        for ranks in itertools.combinations(range(1, 14), size)
    ]
    return sorted(keys)


def badugi_ranks_many(
    hands: npt.NDArray[np.integer], aces_high: bool = False
) -> npt.NDArray[np.int64]:
    """Badugi rank of every row on the fixed 1..1092 scale of ``all_badugi_keys``.

    (Five-card hands cannot make every value, e.g. a one-card king, so the
    scale comes from all possible values rather than from the hands given.)
    """
    scale = np.array([encode_badugi_key(key) for key in all_badugi_keys(aces_high)], dtype=np.int64)
    codes = badugi_codes_many(hands, aces_high)
    position = np.searchsorted(scale, codes)
    assert np.array_equal(scale[position], codes), "a hand has a value outside the scale"
    return position + 1


def _ranks_by_group(
    hands: npt.NDArray[np.integer], key_of: Callable[[Sequence[int]], LowKey], use_flush: bool
) -> npt.NDArray[np.int64]:
    """Dense ranks of a key that depends only on the rank multiset (and flush-ness).

    Hands are grouped by (sorted ranks, all one suit?); the per-hand key
    function is called on one real hand of each group.
    """
    hands = np.asarray(hands, dtype=np.int64)
    sorted_ranks = np.sort(hands // 4, axis=1)
    group_code = np.zeros(len(hands), dtype=np.int64)
    for k in range(hands.shape[1]):
        group_code = group_code * 13 + sorted_ranks[:, k]
    if use_flush:
        suits = hands % 4
        flush = np.all(suits == suits[:, :1], axis=1)
        group_code = group_code * 2 + flush
    _, first_index, inverse = np.unique(group_code, return_index=True, return_inverse=True)
    group_keys = [key_of(tuple(int(c) for c in hands[i])) for i in first_index]
    rank_of_key = dense_ranks(group_keys)
    group_rank = np.array([rank_of_key[key] for key in group_keys], dtype=np.int64)
    return group_rank[inverse.reshape(-1)]


def ace_five_ranks_many(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Dense A-5 ranks of every row (the rows must realise every A-5 value)."""
    return _ranks_by_group(hands, ace_five_key, use_flush=False)


def deuce_seven_ranks_many(hands: npt.NDArray[np.integer]) -> npt.NDArray[np.int64]:
    """Dense 2-7 ranks of every row (the rows must realise every 2-7 value)."""
    return _ranks_by_group(hands, deuce_seven_key, use_flush=True)
