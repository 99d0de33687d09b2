"""The range language: every construct of docs/rules.md's "Ranges" table counted exactly
against a brute-force filter over the game's hands, and the errors that point at the bad
character.

The filters are numpy predicates written from the table's words (a hand "holding an ace
and a deuce", "a pair", "four suits") over tests/reference.py's hands and values, sharing
nothing with the parser or csrc/ranges.c. Four-card hands are all enumerated; five-card
hands are 20,000 seeded random ones by default, all 2,598,960 with BADUGI_SOAK=full.
"""

from __future__ import annotations

from collections.abc import Callable
from functools import cache
from math import ceil, comb

import numpy as np
import numpy.typing as npt
import pytest
import reference as ref
import reference_odds
from soak import size

import badugi_fast as bf
from badugi_fast.cards import format_cards
from badugi_fast.errors import InvalidRange
from badugi_fast.ranges import Range

Mask = npt.NDArray[np.bool_]
Hands = npt.NDArray[np.int64]
A, TWO, THREE, FOUR, FIVE, EIGHT, TEN, KING = 0, 1, 2, 3, 4, 7, 9, 12  # rank indices
S, H, D, C = 0, 1, 2, 3


@cache
def hands_of(cards: int) -> Hands:
    """Every four-card hand; five-card hands: 20,000 seeded random ones (all in a full run)."""
    if cards == 4 or size(0, 1):
        return ref.all_hands(cards).astype(np.int64)
    rng = np.random.default_rng(29)
    drawn = np.sort(np.argsort(rng.random((20_000, 52)), axis=1)[:, :cards], axis=1)
    return np.unique(drawn, axis=0).astype(np.int64)


def colex(hands: Hands) -> npt.NDArray[np.int64]:
    """Each hand's index in a range's weights: sum of C(card_i, i + 1) over sorted ids."""
    table = np.array([[comb(x, k) for x in range(52)] for k in range(6)], dtype=np.int64)
    return sum(table[i + 1][hands[:, i]] for i in range(hands.shape[1]))


def rank_counts(h: Hands) -> npt.NDArray[np.int64]:
    counts = np.zeros((len(h), 13), dtype=np.int64)
    np.add.at(counts, (np.arange(len(h))[:, None], h // 4), 1)
    return counts


def suit_counts(h: Hands) -> npt.NDArray[np.int64]:
    counts = np.zeros((len(h), 4), dtype=np.int64)
    np.add.at(counts, (np.arange(len(h))[:, None], h % 4), 1)
    return counts


def has(h: Hands, rank: int, suit: int | None = None) -> Mask:
    if suit is None:
        return np.any(h // 4 == rank, axis=1)
    return np.any(h == 4 * rank + suit, axis=1)


def has_any(h: Hands, ranks: list[int]) -> Mask:
    return np.isin(h // 4, ranks).any(axis=1)


def same_suit_pair(h: Hands, r1: int, r2: int) -> Mask:
    return np.logical_or.reduce([has(h, r1, s) & has(h, r2, s) for s in range(4)])


def badugi_size_top(h: Hands, aces_high: bool = False) -> tuple[npt.NDArray[np.int64], ...]:
    code = ref.badugi_codes_many(h, aces_high)
    return 4 - (code >> 16), (code >> 12) & 15


def made_badugi(size_at_least: int, top: int) -> Callable[[Hands], Mask]:
    """A set of more cards than ``size_at_least``, or that many with top value <= top."""

    def predicate(h: Hands) -> Mask:
        sizes, tops = badugi_size_top(h)
        return (sizes > size_at_least) | ((sizes == size_at_least) & (tops <= top))

    return predicate


def badugi_tops_at_most(top: int, second: int) -> Callable[[Hands], Mask]:
    """A four-card badugi whose top two values are no worse than ``top``, ``second``."""

    def predicate(h: Hands) -> Mask:
        code = ref.badugi_codes_many(h)
        first, then = (code >> 12) & 15, (code >> 8) & 15
        return (4 - (code >> 16) == 4) & ((first < top) | ((first == top) & (then <= second)))

    return predicate


def best_share(low: float, high: float) -> Callable[[Hands], Mask]:
    """The best hands by Badugi value, whole values at a time, until at least ``high``
    percent of all hands, less those until at least ``low`` percent (0: none)."""
    codes = np.sort(ref.badugi_codes_many(hands_of(4)))

    def cutoff(share: float) -> int:
        return int(codes[ceil(len(codes) * share / 100) - 1]) if share else -1

    def predicate(h: Hands) -> Mask:
        code = ref.badugi_codes_many(h)
        return (code <= cutoff(high)) & (code > cutoff(low))

    return predicate


def low_at_most(top: int, deuce_seven: bool, second: int = 14) -> Callable[[Hands], Mask]:
    """No pair, top two values no worse than ``top``, ``second`` (aces 14 in 2-7) and,
    in 2-7, no straight or flush."""

    def predicate(h: Hands) -> Mask:
        values = h // 4 + 1
        if deuce_seven:
            values = np.where(values == 1, 14, values)
        ordered = np.sort(values, axis=1)
        unpaired = np.all(np.diff(ordered, axis=1) > 0, axis=1)
        tops = (ordered[:, -1] < top) | ((ordered[:, -1] == top) & (ordered[:, -2] <= second))
        fine = unpaired & tops
        if deuce_seven:
            straight = unpaired & (ordered[:, -1] - ordered[:, 0] == 4)
            flush = np.all(h % 4 == (h % 4)[:, :1], axis=1)
            fine &= ~straight & ~flush
        return fine

    return predicate


def thrown(game: str) -> Callable[[Hands], npt.NDArray[np.int64]]:
    def count(h: Hands) -> npt.NDArray[np.int64]:
        return np.array(
            [len(row) - len(reference_odds._keep_by_ids(tuple(row), game, 0)) for row in h.tolist()]
        )

    return count


# (text, predicate over hands) for every construct of docs/rules.md's table, Badugi
BADUGI_TABLE: list[tuple[str, Callable[[Hands], Mask]]] = [
    ("As 2h 3d Kd", lambda h: has(h, A, S) & has(h, TWO, H) & has(h, THREE, D) & has(h, KING, D)),
    ("*", lambda h: np.ones(len(h), dtype=bool)),
    ("A23", lambda h: has(h, A) & has(h, TWO) & has(h, THREE)),
    ("A23*", lambda h: has(h, A) & has(h, TWO) & has(h, THREE)),
    ("AA", lambda h: rank_counts(h)[:, A] >= 2),
    ("Ks", lambda h: has(h, KING, S)),
    ("ss", lambda h: suit_counts(h)[:, S] >= 2),
    ("Ax2x", lambda h: same_suit_pair(h, A, TWO)),
    (
        "Ax2y",
        lambda h: np.logical_or.reduce(
            [has(h, A, s) & has(h, TWO, t) for s in range(4) for t in range(4) if s != t]
        ),
    ),
    ("wxyz", lambda h: np.all(suit_counts(h) >= 1, axis=1)),
    ("xx", lambda h: suit_counts(h).max(axis=1) >= 2),
    ("sx", lambda h: (suit_counts(h)[:, S] >= 1) & (suit_counts(h)[:, 1:].max(axis=1) >= 1)),
    ("RR", lambda h: rank_counts(h).max(axis=1) >= 2),
    ("RROO", lambda h: (rank_counts(h) >= 2).sum(axis=1) >= 2),
    ("ARR", lambda h: has(h, A) & (rank_counts(h)[:, 1:].max(axis=1) >= 2)),
    ("[A,2,3]", lambda h: has_any(h, [A, TWO, THREE])),
    ("[2-5]", lambda h: has_any(h, [TWO, THREE, FOUR, FIVE])),
    ("[5-2]", lambda h: has_any(h, [TWO, THREE, FOUR, FIVE])),
    ("[8-]", lambda h: has_any(h, list(range(EIGHT + 1)))),
    ("[T+]", lambda h: has_any(h, list(range(TEN, 13)))),
    ("[A-3][A-3]", lambda h: np.isin(h // 4, [A, TWO, THREE]).sum(axis=1) >= 2),
    ("A[sh]", lambda h: has(h, A, S) | has(h, A, H)),
    ("K, A2", lambda h: has(h, KING) | (has(h, A) & has(h, TWO))),
    ("A:xx", lambda h: has(h, A) & (suit_counts(h).max(axis=1) >= 2)),
    ("A!AA", lambda h: rank_counts(h)[:, A] == 1),
    ("!A", lambda h: ~has(h, A)),
    ("(A, K):Q", lambda h: (has(h, A) | has(h, KING)) & has(h, 11)),
    ("A, K:Q", lambda h: has(h, A) | (has(h, KING) & has(h, 11))),
    ("$badugi8", made_badugi(4, 8)),
    ("$3card4", made_badugi(3, 4)),
    ("$2card3", made_badugi(2, 3)),
    ("$badugi8 ! $badugi7", lambda h: made_badugi(4, 8)(h) & ~made_badugi(4, 7)(h)),
    ("$badugi86", badugi_tops_at_most(8, 6)),
    ("15%", best_share(0, 15)),
    ("5%-10%", best_share(5, 10)),
]


def check(text: str, predicate: Callable[[Hands], Mask], game: str) -> None:
    r = Range.parse(text, game=game)  # type: ignore[arg-type]
    h = hands_of(r.rule.cards)
    weights = np.frombuffer(r._weights, dtype=np.float64)[colex(h)]
    expected = predicate(h)
    wrong = np.flatnonzero((weights > 0) != expected)
    assert not len(wrong), f"{text}: {len(wrong)} hands differ, e.g. {format_cards(h[wrong[0]])}"
    assert np.all(weights[expected] == 1.0)
    if r.rule.cards == 4:  # every hand: the count too
        assert int(np.count_nonzero(np.frombuffer(r._weights))) == int(expected.sum())


@pytest.mark.parametrize(("text", "predicate"), BADUGI_TABLE, ids=[t for t, _ in BADUGI_TABLE])
def test_badugi_constructs(text: str, predicate: Callable[[Hands], Mask]) -> None:
    check(text, predicate, "badugi")


@pytest.mark.parametrize(
    ("text", "count"),
    [
        ("As 2h 3d Kd", 1),
        ("*", 270_725),
        ("A23", 2_848),
        ("A23*", 2_848),
        ("!A", 194_580),
        ("$badugi8", comb(8, 4) * 24),
        ("$pat", comb(13, 4) * 24),
    ],
)
def test_counts_quoted_in_the_rules(text: str, count: int) -> None:
    assert len(Range.parse(text)) == count


FIVE_CARD_TABLE: list[tuple[str, str, Callable[[Hands], Mask]]] = [
    ("deuce-seven-triple-draw", "$low8", low_at_most(8, True)),
    ("deuce-seven-triple-draw", "$low7", low_at_most(7, True)),
    ("deuce-seven-triple-draw", "$low86", low_at_most(8, True, 6)),
    ("deuce-seven-triple-draw", "[8-]", lambda h: has_any(h, list(range(TWO, EIGHT + 1)))),
    ("deuce-seven-triple-draw", "[Q+]", lambda h: has_any(h, [11, KING, A])),
    ("ace-five-triple-draw", "$low8", low_at_most(8, False)),
    ("ace-five-triple-draw", "RR!RRR", lambda h: rank_counts(h).max(axis=1) == 2),
    ("badacey", "$badugi9:$low9", lambda h: made_badugi(4, 9)(h) & low_at_most(9, False)(h)),
    ("badeucey", "$low8", low_at_most(8, True)),
    ("badacey", "*", lambda h: np.ones(len(h), dtype=bool)),
    ("deuce-seven-triple-draw", "$pat", lambda h: thrown("deuce-seven-triple-draw")(h) == 0),
    ("badacey", "A2345", lambda h: np.all([has(h, r) for r in range(5)], axis=0)),
]


@pytest.mark.parametrize(("game", "text", "predicate"), FIVE_CARD_TABLE[: size(3, 99)])
def test_five_card_constructs(game: str, text: str, predicate: Callable[[Hands], Mask]) -> None:
    check(text, predicate, game)


@pytest.mark.parametrize("game", ["badugi", "deuce-seven-triple-draw"][: size(1, 2)])
def test_policy_macros(game: str) -> None:
    """$pat and $drawN against the brute-force policy of tests/reference_odds.py, on every
    hand (four cards) or a bounded sample (five)."""
    cards = 4 if game == "badugi" else 5
    h = hands_of(cards)[:: size(97, 1)]
    counts = thrown(game)(h)
    index = colex(h)
    for k in range(cards + 1):
        text = "$pat" if k == 0 else f"$draw{k}"
        weights = np.frombuffer(Range.parse(text, game=game)._weights)[index]  # type: ignore[arg-type]
        assert np.array_equal(weights > 0, counts == k), text


def test_draw_to_given_cards() -> None:
    h = hands_of(4)[:: size(97, 1)]
    kept = [reference_odds._keep_by_ids(tuple(row), "badugi", 0) for row in h.tolist()]
    expected = np.array(
        [len(k) == 3 and sorted(c // 4 for c in k) == [A, TWO, THREE] for k in kept]
    )
    weights = np.frombuffer(Range.parse("$draw(A23)")._weights)[colex(h)]
    assert np.array_equal(weights > 0, expected)


def test_weights() -> None:
    r = Range.parse("0.5:A23, *")
    a23 = 4**3 * 40 + 3 * comb(4, 2) * 4**2  # one of each, or a pair of one of them
    assert len(r) == 270_725
    assert np.frombuffer(r._weights).sum() == 0.5 * a23 + (270_725 - a23)
    assert next(iter(r.items())) == (tuple(bf.parse_cards("As Ah Ad Ac")), 1.0)
    assert r.weight("As 2h 3d Kd") == 0.5
    assert r.weight("Ks 2h 3d Kd") == 1.0
    assert Range.parse("*, 0.5:A23").weight("As 2h 3d Kd") == 1.0  # the first part's weight


def test_python_built_ranges() -> None:
    eight = Range.parse("$badugi8")
    aces = Range.parse("A")
    assert (eight | aces) == Range.parse("$badugi8, A")
    assert (eight & aces) == Range.parse("$badugi8:A")
    assert (eight - aces) == Range.parse("$badugi8!A")
    assert ~aces == Range.parse("!A")
    hands = ["As 2h 3d 4c", "Ks Qh Jd Tc"]
    listed = Range.from_hands(hands, weights=[1.0, 0.25])
    assert len(listed) == 2 and listed.weight("Ks Qh Jd Tc") == 0.25
    assert Range.from_predicate(lambda hand: hand.size == 4 and hand.ranks[0] <= 8) == eight
    assert eight.weighted(0.5).weight("8s 7h 6d 5c") == 0.5


def test_iteration_and_card_removal() -> None:
    r = Range.parse("Ax2x3x4x")
    assert sorted(format_cards(hand) for hand in r) == sorted(
        f"A{s} 2{s} 3{s} 4{s}" for s in "shdc"
    )
    assert r.count("As") == 3
    assert r.count("As Kh 2h") == 2
    assert Range.parse("*").count("As 2h 3d Kd") == comb(48, 4)


@pytest.mark.parametrize(
    ("text", "position"),
    [
        ("A2e", 2),
        ("A23,", 4),
        ("(A23", 4),
        ("A23)", 3),
        ("$nope", 0),
        ("$badugi3", 0),
        ("$low8", 0),
        ("[A-", 3),
        ("0.5A", 3),
        ("A2345", 4),
        ("", 0),
        ("$draw(A234)", 6),
    ],
)
def test_bad_syntax_points_at_the_character(text: str, position: int) -> None:
    with pytest.raises(InvalidRange) as caught:
        Range.parse(text)
    assert caught.value.position == position
    assert isinstance(caught.value, ValueError)
    lines = str(caught.value).splitlines()
    assert lines[-1].index("^") - 2 == position
