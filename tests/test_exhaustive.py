"""Every 4- and 5-card hand through the library, checked against the brute-force reference.

Expected ranks come only from ``tests/reference.py`` (written from docs/rules.md); the
library is used only through its public API.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable

import numpy as np
import numpy.typing as npt
import pytest
import reference as ref

import badugi_fast as bf

pytestmark = pytest.mark.exhaustive

Ranks = npt.NDArray[np.int64]
Hands = npt.NDArray[np.uint8]

N_FOUR = 270_725
N_FIVE = 2_598_960


# --------------------------------------------------------------------------- helpers
def shuffle_columns(hands: Hands, seed: int) -> Hands:
    """The same hands with the cards of every row in a random order."""
    rng = np.random.default_rng(seed)
    order = np.argsort(rng.random(hands.shape), axis=1)
    return np.ascontiguousarray(np.take_along_axis(hands, order, axis=1))


def describe(hand: npt.NDArray[np.integer]) -> str:
    return " ".join(ref.card_text(int(card)) for card in hand)


def assert_ranks_equal(got: npt.ArrayLike, expected: Ranks, hands: Hands, what: str) -> None:
    """Element-wise equality, reporting the first few failing hands in card notation."""
    got = np.asarray(got)
    assert got.shape == expected.shape, f"{what}: shape {got.shape} != {expected.shape}"
    bad = np.flatnonzero(got.astype(np.int64) != expected)
    if bad.size:
        examples = "; ".join(
            f"{describe(hands[i])}: got {int(got[i])}, expected {int(expected[i])}" for i in bad[:8]
        )
        pytest.fail(f"{what}: {bad.size} of {len(expected)} hands wrong, e.g. {examples}")


# --------------------------------------------------------------------------- fixtures
@pytest.fixture(scope="module")
def hands4() -> Hands:
    return ref.all_hands(4)


@pytest.fixture(scope="module")
def hands5() -> Hands:
    return ref.all_hands(5)


@pytest.fixture(scope="module")
def badugi4(hands4: Hands) -> Ranks:
    return ref.badugi_ranks_many(hands4)


@pytest.fixture(scope="module")
def badugi4_aces_high(hands4: Hands) -> Ranks:
    return ref.badugi_ranks_many(hands4, aces_high=True)


@pytest.fixture(scope="module")
def badugi5(hands5: Hands) -> Ranks:
    return ref.badugi_ranks_many(hands5)


@pytest.fixture(scope="module")
def badugi5_aces_high(hands5: Hands) -> Ranks:
    return ref.badugi_ranks_many(hands5, aces_high=True)


@pytest.fixture(scope="module")
def ace_five(hands5: Hands) -> Ranks:
    return ref.ace_five_ranks_many(hands5)


@pytest.fixture(scope="module")
def deuce_seven(hands5: Hands) -> Ranks:
    return ref.deuce_seven_ranks_many(hands5)


# --------------------------------------------------------------------------- the oracle itself
def test_reference_badugi_scale_matches_rules(hands4: Hands) -> None:
    scale = ref.all_badugi_keys()
    assert len(set(scale)) == 1092
    assert Counter(4 - missing for missing, _ in scale) == {4: 715, 3: 286, 2: 78, 1: 13}
    # The scale is exactly the set of values that 4-card hands make.
    codes = set(ref.badugi_codes_many(hands4).tolist())
    assert codes == {ref.encode_badugi_key(key) for key in scale}
    keys = {ref.badugi_key(tuple(int(c) for c in hand)) for hand in hands4[::20]}
    assert keys <= set(scale)


def test_reference_four_card_hands_make_every_badugi_value(
    badugi4: Ranks, badugi4_aces_high: Ranks
) -> None:
    for ranks in (badugi4, badugi4_aces_high):
        assert len(ranks) == N_FOUR
        assert set(np.unique(ranks).tolist()) == set(range(1, 1093))


def test_reference_numpy_badugi_matches_per_hand_search(hands4: Hands, hands5: Hands) -> None:
    rng = np.random.default_rng(1)
    for hands in (hands4, hands5):
        sample = hands[rng.choice(len(hands), 4000, replace=False)]
        sample = shuffle_columns(sample, seed=2)
        for aces_high in (False, True):
            codes = ref.badugi_codes_many(sample, aces_high)
            expected = [
                ref.encode_badugi_key(ref.badugi_key(tuple(int(c) for c in hand), aces_high))
                for hand in sample
            ]
            assert codes.tolist() == expected


def test_reference_grouped_lows_match_per_hand_keys(
    hands5: Hands, ace_five: Ranks, deuce_seven: Ranks
) -> None:
    assert len(np.unique(ace_five)) == 6175
    assert len(np.unique(deuce_seven)) == 7462
    rng = np.random.default_rng(3)
    a, b = rng.integers(0, N_FIVE, size=(2, 3000))
    for key_of, ranks in ((ref.ace_five_key, ace_five), (ref.deuce_seven_key, deuce_seven)):
        for i, j in zip(a, b, strict=True):
            key_i = key_of(tuple(int(c) for c in hands5[i]))
            key_j = key_of(tuple(int(c) for c in hands5[j]))
            assert (key_i < key_j) == (ranks[i] < ranks[j])
            assert (key_i == key_j) == (ranks[i] == ranks[j])


def test_reference_best_and_worst_hands() -> None:
    def badugi(text: str, aces_high: bool = False) -> ref.BadugiKey:
        return ref.badugi_key(ref.cards_of(text), aces_high)

    assert min(ref.all_badugi_keys()) == badugi("As 2h 3d 4c")
    assert min(ref.all_badugi_keys(aces_high=True)) == badugi("2s 3h 4d 5c", aces_high=True)
    four_card = [key for key in ref.all_badugi_keys() if key[0] == 0]
    assert max(four_card) == badugi("Ks Qh Jd Tc")
    assert badugi("As 2h 3d 5c") < badugi("As 2h 4d 5c") < badugi("As 3h 4d 5c")
    assert badugi("As 3h 4d 5c") < badugi("2s 3h 4d 5c") < badugi("As 2h 3d 6c")
    # Ace is the highest Badugi rank when aces are high: A-2-3-4 is an ace-high badugi.
    assert badugi("Ks Qh Jd Tc", aces_high=True) < badugi("As 2h 3d 4c", aces_high=True)

    every_five = ref.all_hands(5)[::997]
    best_a5 = ref.ace_five_key(ref.cards_of("5s 4h 3d 2c As"))
    assert all(best_a5 <= ref.ace_five_key(tuple(int(c) for c in h)) for h in every_five)
    best_27 = ref.deuce_seven_key(ref.cards_of("7s 5h 4d 3c 2s"))
    assert all(best_27 <= ref.deuce_seven_key(tuple(int(c) for c in h)) for h in every_five)
    # A-2-3-4-5 is ace high in 2-7, not a straight; 7-5-4-3-2 suited is a flush.
    assert ref.deuce_seven_key(ref.cards_of("As 2h 3d 4c 5s"))[0] == ref.HIGH_CARD
    assert ref.deuce_seven_key(ref.cards_of("7s 5s 4s 3s 2s"))[0] == ref.FLUSH
    assert ref.deuce_seven_key(ref.cards_of("6s 5h 4d 3c 2s"))[0] == ref.STRAIGHT
    assert ref.deuce_seven_key(ref.cards_of("Ts Jh Qd Kc As"))[0] == ref.STRAIGHT


# --------------------------------------------------------------------------- four-card hands
def test_evaluate_many_every_four_card_hand(hands4: Hands, badugi4: Ranks) -> None:
    result = bf.evaluate_many(hands4)
    assert result.dtype == np.uint16
    assert_ranks_equal(result, badugi4, hands4, "evaluate_many (sorted rows)")
    shuffled = shuffle_columns(hands4, seed=10)
    assert_ranks_equal(bf.evaluate_many(shuffled), badugi4, shuffled, "evaluate_many (shuffled)")


def test_badugi_ace_high_many_every_four_card_hand(hands4: Hands, badugi4_aces_high: Ranks) -> None:
    assert_ranks_equal(
        bf.evaluate_badugi_ace_high_many(hands4), badugi4_aces_high, hands4, "ace-high 4 (sorted)"
    )
    shuffled = shuffle_columns(hands4, seed=11)
    assert_ranks_equal(
        bf.evaluate_badugi_ace_high_many(shuffled), badugi4_aces_high, shuffled, "ace-high 4"
    )


# --------------------------------------------------------------------------- five-card hands
FiveCardBatch = Callable[[Hands], npt.NDArray[np.integer]]


@pytest.mark.parametrize(
    ("function_name", "reference_fixture", "seed"),
    [
        ("evaluate_badugi5_many", "badugi5", 12),
        ("evaluate_badugi_ace_high_many", "badugi5_aces_high", 13),
        ("evaluate_ace_five_many", "ace_five", 14),
        ("evaluate_deuce_seven_many", "deuce_seven", 15),
    ],
)
def test_five_card_batch_every_hand(
    function_name: str,
    reference_fixture: str,
    seed: int,
    hands5: Hands,
    request: pytest.FixtureRequest,
) -> None:
    evaluate_batch: FiveCardBatch = getattr(bf, function_name)
    expected: Ranks = request.getfixturevalue(reference_fixture)
    assert_ranks_equal(evaluate_batch(hands5), expected, hands5, f"{function_name} (sorted)")
    shuffled = shuffle_columns(hands5, seed=seed)
    assert_ranks_equal(evaluate_batch(shuffled), expected, shuffled, f"{function_name} (shuffled)")


@pytest.mark.parametrize(
    ("five_card_batch", "four_card_batch"),
    [
        ("evaluate_badugi5_many", "evaluate_many"),
        ("evaluate_badugi_ace_high_many", "evaluate_badugi_ace_high_many"),
    ],
)
def test_five_card_badugi_is_best_four_card_subset(
    five_card_batch: str, four_card_batch: str, hands5: Hands
) -> None:
    """A fifth card can only add a choice: Badugi5(h) == min over the 4-card subsets of h."""
    shuffled = shuffle_columns(hands5, seed=20)
    five = np.asarray(getattr(bf, five_card_batch)(shuffled))
    best_four = np.min(
        [
            getattr(bf, four_card_batch)(np.ascontiguousarray(np.delete(shuffled, dead, axis=1)))
            for dead in range(5)
        ],
        axis=0,
    )
    assert_ranks_equal(five, best_four.astype(np.int64), shuffled, f"{five_card_batch} vs 4-card")


def test_batch_accepts_non_contiguous_views(hands5: Hands) -> None:
    """Rows taken as a strided view (every other hand, last four columns) still evaluate."""
    view = hands5[::50, 1:]
    assert not view.flags.c_contiguous
    expected = ref.badugi_ranks_many(view)
    assert_ranks_equal(bf.evaluate_many(view), expected, np.ascontiguousarray(view), "strided")


# --------------------------------------------------------------------------- single-call API
def test_single_call_evaluators_agree_with_reference_in_any_order(
    hands4: Hands,
    hands5: Hands,
    badugi4: Ranks,
    badugi4_aces_high: Ranks,
    badugi5: Ranks,
    badugi5_aces_high: Ranks,
    ace_five: Ranks,
    deuce_seven: Ranks,
) -> None:
    rng = np.random.default_rng(30)
    checks: list[tuple[Callable[..., int], Hands, Ranks]] = [
        (bf.evaluate, hands4, badugi4),
        (bf.evaluate_badugi_ace_high, hands4, badugi4_aces_high),
        (bf.evaluate_badugi5, hands5, badugi5),
        (bf.evaluate_badugi_ace_high, hands5, badugi5_aces_high),
        (bf.evaluate_ace_five, hands5, ace_five),
        (bf.evaluate_deuce_seven, hands5, deuce_seven),
    ]
    for evaluate, hands, expected in checks:
        for index in rng.choice(len(hands), 3000, replace=False):
            cards = [int(c) for c in rng.permutation(hands[index])]
            got = evaluate(cards)
            assert got == expected[index], (evaluate.__name__, describe(np.array(cards)), got)
        # The same through card strings, one string and Card objects.
        for index in rng.choice(len(hands), 300, replace=False):
            cards = [int(c) for c in rng.permutation(hands[index])]
            texts = [ref.card_text(c) for c in cards]
            want = expected[index]
            assert evaluate(texts) == want, (evaluate.__name__, texts)
            assert evaluate("".join(texts)) == want, (evaluate.__name__, texts)
            assert evaluate([bf.Card(c) for c in cards]) == want, (evaluate.__name__, texts)


def test_compare_agrees_with_reference_order(hands4: Hands, badugi4: Ranks) -> None:
    rng = np.random.default_rng(40)
    n_pairs = 200_000
    a = rng.integers(0, N_FOUR, n_pairs)
    b = rng.integers(0, N_FOUR, n_pairs)
    # Make ties common too: for a tenth of the pairs, b is another hand of a's exact value.
    order = np.argsort(badugi4, kind="stable")
    position = np.searchsorted(badugi4[order], badugi4[a[::10]])
    count = np.searchsorted(badugi4[order], badugi4[a[::10]], side="right") - position
    b[::10] = order[position + rng.integers(0, np.iinfo(np.int64).max, len(count)) % count]
    expected = np.sign(badugi4[b] - badugi4[a])  # 1 when a is stronger (smaller rank)
    assert (expected == 0).sum() > n_pairs // 20
    hands = [[int(c) for c in hand] for hand in shuffle_columns(hands4, seed=41)]
    pairs = list(zip(a.tolist(), b.tolist(), strict=True))
    shared = np.array([not set(hands[i]).isdisjoint(hands[j]) for i, j in pairs])
    expected[shared] = 2  # compare() refuses two hands with a card in common
    assert (expected == 0).sum() > n_pairs // 40 and 0 < shared.sum() < n_pairs // 2

    def compare(x: list[int], y: list[int]) -> int:
        try:
            return bf.compare(x, y)
        except bf.InvalidCards:
            return 2

    got = np.array([compare(hands[i], hands[j]) for i, j in pairs])
    bad = np.flatnonzero(got != expected)
    if bad.size:
        k = bad[0]
        pytest.fail(
            f"compare wrong on {bad.size} of {n_pairs} pairs, e.g. compare("
            f"{describe(np.array(hands[a[k]]))}, {describe(np.array(hands[b[k]]))}) = {got[k]},"
            f" expected {expected[k]}"
        )
