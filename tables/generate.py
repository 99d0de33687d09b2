"""Generate the C rank tables that the badugi_fast core looks hands up in.

Run by the package build (``setup.py``'s ``build_ext``) and by the standalone C build
(``csrc/Makefile``)::

    python tables/generate.py OUTPUT.c

Every table is a dense array indexed by a minimal perfect hash the C core computes in
constant time (see ``csrc/badugi.c``):

* four-card Badugi, aces low and aces high: the colexicographic index of the four
  sorted card ids, 0 .. C(52,4)-1 = 270,724;
* Badugi hands of one, two and three cards (the small games), aces low and aces high, in
  one table each: the colexicographic index of the sorted card ids after the smaller
  sizes' hands, 0 .. 52 + C(52,2) + C(52,3)-1 = 23,477, on the four-card hands' scale;
* five-card ace-to-five and deuce-to-seven lows: the colexicographic index of the
  sorted rank multiset (ranks r0 <= ... <= r4 mapped to r_i + i), 0 .. C(17,5)-1;
  deuce-to-seven has a second table for hands whose five cards share one suit.

Values are ranks: 1 is the best hand, larger is weaker, consecutive values are
consecutive hand strengths, 0 marks an index no hand can reach. The rules come from
docs/rules.md; this module is the only place they are turned into numbers for the core.
"""

from __future__ import annotations

import sys
from collections import Counter
from collections.abc import Iterable, Sequence
from itertools import combinations, combinations_with_replacement
from math import comb
from pathlib import Path

RANKS = 13  # ace (0) .. king (12) in card-id order
SUITS = 4
DECK = RANKS * SUITS
MULTISET_SLOTS = comb(RANKS + 5 - 1, 5)  # five-card rank multisets, 6,188
BADUGI_VALUES = 1092
ACE_FIVE_VALUES = 6175
DEUCE_SEVEN_VALUES = 7462


def card_rank(card: int) -> int:
    """Rank index of a card id: 0 = ace ... 12 = king."""
    return card // SUITS


def card_suit(card: int) -> int:
    return card % SUITS


def colex_index(items: Sequence[int]) -> int:
    """Colexicographic index of a strictly increasing sequence (the perfect hash)."""
    return sum(comb(item, position + 1) for position, item in enumerate(items))


def multiset_index(ranks: Sequence[int]) -> int:
    """Perfect hash of a sorted five-rank multiset: colex of r_i + i."""
    return colex_index([rank + position for position, rank in enumerate(ranks)])


def dense_ranks(keys: Iterable[tuple[int, ...]]) -> dict[tuple[int, ...], int]:
    """Map each distinct key to its 1-based position in ascending order."""
    return {key: position + 1 for position, key in enumerate(sorted(set(keys)))}


# --- Badugi -------------------------------------------------------------------------


def badugi_key(cards: Sequence[int], ace_value: int) -> tuple[int, ...]:
    """Best playing set as a sortable key: fewer cards, then higher ranks, sort later.

    A playing set has no two cards of one rank or one suit; the biggest set wins and,
    among sets of one size, the one whose ranks read high-to-low are lowest.
    """
    for size in range(len(cards), 0, -1):
        best: tuple[int, ...] | None = None
        for subset in combinations(cards, size):
            ranks = {card_rank(card) for card in subset}
            suits = {card_suit(card) for card in subset}
            if len(ranks) == size and len(suits) == size:
                values = sorted(
                    (ace_value if rank == 0 else rank + 1 for rank in ranks), reverse=True
                )
                key = (4 - size, *values)
                if best is None or key < best:
                    best = key
        if best is not None:
            return best
    raise AssertionError("a non-empty hand always has a playing card")


def badugi_tables(ace_value: int) -> tuple[list[int], list[int], list[int]]:
    """The rank of every four-card hand by colex index, the decode table, and the rank of
    every hand of one, two and three cards (each size after the smaller ones).

    The decode table holds, for each rank, the playing ranks high to low (ace as
    ace_value), four bytes per rank, zero-padded; rank 0 (invalid) decodes to zeros. A
    smaller hand's playing set is one some four-card hand plays, so it has a rank on the
    same scale.
    """
    hands = list(combinations(range(DECK), 4))
    keys = [badugi_key(hand, ace_value) for hand in hands]
    ranks = dense_ranks(keys)
    assert len(ranks) == BADUGI_VALUES, len(ranks)
    table = [0] * len(hands)
    for hand, key in zip(hands, keys, strict=True):
        table[colex_index(hand)] = ranks[key]
    decode = [0, 0, 0, 0]
    for key in sorted(ranks):
        values = list(key[1:])
        decode.extend(values + [0] * (4 - len(values)))
    small = [
        ranks[badugi_key(hand, ace_value)]
        for size in (1, 2, 3)
        for hand in sorted(combinations(range(DECK), size), key=colex_index)
    ]
    return table, decode, small


# --- Five-card lows -----------------------------------------------------------------


def rank_multisets() -> list[tuple[int, ...]]:
    """Every sorted five-rank multiset a deck can deal (no rank five times)."""
    return [
        ranks
        for ranks in combinations_with_replacement(range(RANKS), 5)
        if max(Counter(ranks).values()) <= SUITS
    ]


def grouped(values: Sequence[int]) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Group shape (counts, largest first) and the ranks ordered by count then value."""
    counts = Counter(values)
    order = sorted(counts, key=lambda value: (counts[value], value), reverse=True)
    return tuple(counts[value] for value in order), tuple(order)


PAIRING_CATEGORY = {  # group shape -> category: no pair, pair, two pair, trips, full house, quads
    (1, 1, 1, 1, 1): 0,
    (2, 1, 1, 1): 1,
    (2, 2, 1): 2,
    (3, 1, 1): 3,
    (3, 2): 4,
    (4, 1): 5,
}


def ace_five_key(ranks: Sequence[int]) -> tuple[int, ...]:
    """A-5 low: aces low, no straights or flushes; fewer and lower pairs are better."""
    shape, order = grouped([rank + 1 for rank in ranks])
    return (PAIRING_CATEGORY[shape], *order)


STRAIGHT_TOPS = {tuple(range(top - 4, top + 1)): top for top in range(6, 15)}


def poker_high_key(ranks: Sequence[int], flush: bool) -> tuple[int, ...]:
    """Ordinary high-poker strength with aces high only (A-2-3-4-5 is not a straight)."""
    values = sorted(14 if rank == 0 else rank + 1 for rank in ranks)
    shape, order = grouped(values)
    straight = STRAIGHT_TOPS.get(tuple(values))
    if straight is not None and flush:
        category = 8
    elif shape == (4, 1):
        category = 7
    elif shape == (3, 2):
        category = 6
    elif flush:
        category = 5
    elif straight is not None:
        category = 4
    else:
        category = PAIRING_CATEGORY[shape]  # high card, pair, two pair, trips: 0..3
    return (category, *order)


def low_tables() -> tuple[list[int], list[int], list[int]]:
    """A-5 table, 2-7 table, 2-7 table for one-suit hands; all by multiset index."""
    multisets = rank_multisets()
    ace_five = dense_ranks(ace_five_key(ranks) for ranks in multisets)
    suited = [ranks for ranks in multisets if len(set(ranks)) == 5]
    deuce_seven = dense_ranks(
        [poker_high_key(ranks, False) for ranks in multisets]
        + [poker_high_key(ranks, True) for ranks in suited]
    )
    assert len(ace_five) == ACE_FIVE_VALUES, len(ace_five)
    assert len(deuce_seven) == DEUCE_SEVEN_VALUES, len(deuce_seven)
    a5 = [0] * MULTISET_SLOTS
    d27 = [0] * MULTISET_SLOTS
    d27_flush = [0] * MULTISET_SLOTS
    for ranks in multisets:
        index = multiset_index(ranks)
        a5[index] = ace_five[ace_five_key(ranks)]
        d27[index] = deuce_seven[poker_high_key(ranks, False)]
    for ranks in suited:
        d27_flush[multiset_index(ranks)] = deuce_seven[poker_high_key(ranks, True)]
    return a5, d27, d27_flush


# --- C output -----------------------------------------------------------------------


def c_array(ctype: str, name: str, size: str, values: Sequence[int]) -> str:
    rows = (
        ",".join(str(value) for value in values[start : start + 24])
        for start in range(0, len(values), 24)
    )
    body = ",\n".join(rows)
    return f"const {ctype} {name}[{size}] = {{\n{body}\n}};\n"


def render() -> str:
    a5, d27, d27_flush = low_tables()
    badugi_low, decode_low, small_low = badugi_tables(ace_value=1)
    badugi_high, decode_high, small_high = badugi_tables(ace_value=14)
    parts = [
        "/* Generated by tables/generate.py: do not edit. */\n",
        '#include "tables.h"\n',
        c_array("uint16_t", "bdg_badugi_low4", "BDG_HANDS4", badugi_low),
        c_array("uint16_t", "bdg_badugi_high4", "BDG_HANDS4", badugi_high),
        c_array("uint8_t", "bdg_badugi_low_decode", "BDG_DECODE_SIZE", decode_low),
        c_array("uint8_t", "bdg_badugi_high_decode", "BDG_DECODE_SIZE", decode_high),
        c_array("uint16_t", "bdg_badugi_low_small", "BDG_SMALL_HANDS", small_low),
        c_array("uint16_t", "bdg_badugi_high_small", "BDG_SMALL_HANDS", small_high),
        c_array("uint16_t", "bdg_ace_five", "BDG_MULTISETS5", a5),
        c_array("uint16_t", "bdg_deuce_seven", "BDG_MULTISETS5", d27),
        c_array("uint16_t", "bdg_deuce_seven_flush", "BDG_MULTISETS5", d27_flush),
    ]
    return "".join(parts)


def main(argv: Sequence[str]) -> int:
    if len(argv) != 2:
        print(f"usage: {argv[0]} OUTPUT.c", file=sys.stderr)
        return 2
    output = Path(argv[1])
    output.parent.mkdir(parents=True, exist_ok=True)
    text = render()
    if not output.exists() or output.read_text() != text:
        output.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv))
