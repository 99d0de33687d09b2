"""The public evaluation API: input forms, bad input, and the raw C batch contract."""

from __future__ import annotations

import itertools
import random
from collections.abc import Callable
from typing import Any

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast._core import ffi, lib

SINGLE_FIVE = [bf.evaluate_badugi5, bf.evaluate_ace_five, bf.evaluate_deuce_seven]
MANY_FIVE = [bf.evaluate_badugi5_many, bf.evaluate_ace_five_many, bf.evaluate_deuce_seven_many]


def test_every_input_form_gives_the_same_rank() -> None:
    expected = bf.evaluate([0, 5, 10, 15])
    forms: list[Any] = [
        "As 2h 3d 4c",
        "As2h3d4c",
        "As,2h,3d,4c",
        ["As", "2h", "3d", "4c"],
        (0, 5, 10, 15),
        [bf.Card(0), bf.Card(5), "3d", 15],
        [np.uint8(0), np.int64(5), 10, 15],
        bf.parse_cards("4c 3d 2h As"),
    ]
    for cards in forms:
        assert bf.evaluate(cards) == expected == 1
    assert bf.Hand("As 2h 3d 4c").rank == 1


def test_order_never_matters() -> None:
    rng = random.Random(7)
    for _ in range(300):
        hand = rng.sample(range(52), 5)
        for evaluate in [*SINGLE_FIVE, bf.evaluate_badugi_ace_high]:
            assert len({evaluate(list(p)) for p in itertools.permutations(hand)}) == 1
        four = hand[:4]
        assert len({bf.evaluate(list(p)) for p in itertools.permutations(four)}) == 1


BAD_FOUR: list[tuple[Any, type[Exception], str]] = [
    ([0, 1, 2], ValueError, "expected 4 (or 5 )?cards, got 3"),
    ([0, 1, 2, 2], ValueError, "repeated card Ad"),
    ([0, 1, 2, 52], ValueError, "card id 52 is out of range"),
    ([0, 1, 2, -1], ValueError, "card id -1 is out of range"),
    ([0, 1, 2, 2**64], ValueError, "out of range"),
    ([0, 1, 2, "Zz"], ValueError, "bad card 'Zz'"),
    ([0, 1, 2, 3.0], TypeError, "3.0 is not a card"),
    ([0, 1, 2, None], TypeError, "None is not a card"),
    ("As 2c 3h", ValueError, "expected 4 (or 5 )?cards, got 3"),
    ("As 2c 3h 3h", ValueError, "repeated card 3h"),
    (None, TypeError, "not NoneType"),
    (5, TypeError, "not int"),
]


@pytest.mark.parametrize(("cards", "error", "message"), BAD_FOUR)
def test_bad_input_raises_a_clear_error(cards: Any, error: type[Exception], message: str) -> None:
    for make in (bf.evaluate, bf.Hand, bf.AceHighHand, bf.evaluate_badugi_ace_high):
        with pytest.raises(error, match=message):
            make(cards)


def test_four_card_evaluate_rejects_five() -> None:
    with pytest.raises(ValueError, match="expected 4 cards, got 5"):
        bf.evaluate([0, 1, 2, 3, 4])


def test_iterators_and_generators_are_hands_with_the_same_errors() -> None:
    for make in (bf.evaluate, lambda cards: bf.Hand(cards).rank, bf.evaluate_badugi_ace_high):
        assert make(iter([0, 5, 10, 15])) == make([0, 5, 10, 15])
        assert make(card for card in (0, 5, 10, 15)) == make((0, 5, 10, 15))
        with pytest.raises(bf.InvalidCards, match="card id 52 is out of range"):
            make(iter([0, 1, 2, 52]))
        with pytest.raises(bf.InvalidCards, match="repeated card 3d"):
            make(iter([0, 5, 10, 10]))


@pytest.mark.parametrize("evaluate", SINGLE_FIVE)
def test_five_card_evaluators_reject_wrong_counts(evaluate: Callable[[Any], int]) -> None:
    with pytest.raises(ValueError, match="expected 5 cards, got 4"):
        evaluate("As 2c 3h 4d")
    with pytest.raises(ValueError, match="expected 5 cards, got 6"):
        evaluate("As 2c 3h 4d 5s 6s")
    with pytest.raises(ValueError, match="repeated card 4d"):
        evaluate("As 2c 3h 4d 4d")
    with pytest.raises(ValueError, match="card id 99"):
        evaluate([0, 1, 2, 3, 99])


def test_ace_high_takes_four_or_five() -> None:
    with pytest.raises(ValueError, match="expected 4 or 5 cards, got 3"):
        bf.evaluate_badugi_ace_high("As 2c 3h")


def test_compare() -> None:
    assert bf.compare("8s 7h 3d 2c", "9s 8h 4d 3c") == 1
    assert bf.compare("9s 8h 4d 3c", "8s 7h 3d 2c") == -1
    assert bf.compare("As 2h 3d 4c", "Ah 2s 3c 4d") == 0
    with pytest.raises(ValueError, match="repeated card"):
        bf.compare("As As 3d 4c", "Ah 2s 3c 4d")


@pytest.mark.parametrize(
    ("a", "b", "card"),
    [
        ("As 2h 3d 4c", "As 5h 6d 7c", "As"),  # the example, which returned 1
        ([0, 5, 10, 15], (15, 20, 25, 30), bf.Card(15)),
        (iter(["Kd", "2h", "3s", "4c"]), "5h kd 6s 7c", "Kd"),
        (np.array([0, 5, 10, 15]), [np.int64(10), 20, 25, 30], bf.Card(10)),
        ("As 2h 3d 4c", "As 2h 3d 4c", "As"),
    ],
)
def test_compare_refuses_a_card_in_both_hands(a: Any, b: Any, card: object) -> None:
    with pytest.raises(bf.InvalidCards, match=f"^{card} is in the first hand and in the second"):
        bf.compare(a, b)


def test_c_compare_matches_python() -> None:
    rng = random.Random(3)
    for _ in range(2000):
        dealt = rng.sample(range(52), 8)
        a, b = dealt[:4], dealt[4:]
        assert lib.badugi_compare4(bytes(a), bytes(b)) == bf.compare(a, b)
    assert lib.badugi_compare4(bytes([0, 1, 2, 2]), bytes([0, 1, 2, 3])) == lib.BADUGI_COMPARE_ERROR


# --- batch API -------------------------------------------------------------------------


def random_hands(n: int, width: int, seed: int = 1) -> np.ndarray[Any, Any]:
    rng = np.random.default_rng(seed)
    return np.argsort(rng.random((n, 52)), axis=1)[:, :width].astype(np.uint8)


@pytest.mark.parametrize("dtype", [np.uint8, np.int8, np.int16, np.uint16, np.int32, np.int64])
def test_many_accepts_integer_dtypes(dtype: Any) -> None:
    hands = random_hands(500, 4)
    expected = [bf.evaluate(list(map(int, row))) for row in hands]
    result = bf.evaluate_many(hands.astype(dtype))
    assert result.dtype == np.uint16 and result.tolist() == expected


def test_many_accepts_non_contiguous_and_lists() -> None:
    hands = random_hands(300, 5)
    expected = bf.evaluate_many(np.ascontiguousarray(hands[:, :4]))
    assert bf.evaluate_many(hands[:, :4]).tolist() == expected.tolist()  # strided view
    assert bf.evaluate_many(hands[:, :4].tolist()).tolist() == expected.tolist()
    assert bf.evaluate_many(np.asfortranarray(hands[:, :4])).tolist() == expected.tolist()


def test_many_empty() -> None:
    assert bf.evaluate_many(np.empty((0, 4), np.uint8)).shape == (0,)


def test_many_leaves_input_untouched() -> None:
    hands = random_hands(100, 4)
    before = hands.copy()
    bf.evaluate_many(hands)
    assert (hands == before).all()


@pytest.mark.parametrize(
    ("hands", "error", "message"),
    [
        (np.zeros((3, 3), np.uint8), ValueError, r"shape \(N, 4\), not \(3, 3\)"),
        (np.zeros(4, np.uint8), ValueError, r"shape \(N, 4\), not \(4,\)"),
        (np.zeros((2, 4), np.float64), TypeError, "integer array"),
        (np.zeros((2, 4), bool), TypeError, "integer array"),
        (np.array([["As", "2c", "3h", "4d"]]), TypeError, "integer array"),
        (np.array([[0, 5, 10, 15], [0, 5, 10, 52]]), ValueError, r"hands\[1\]: card id 52"),
        (np.array([[0, 5, 10, 15], [0, 5, 10, -3]]), ValueError, r"hands\[1\]: card id -3"),
        (
            np.array([[0, 5, 10, 15], [7, 7, 10, 15]], np.uint8),
            ValueError,
            r"hands\[1\]: repeated card 2c",
        ),
        (
            np.array([[0, 5, 10, 15]] * 5 + [[0, 5, 10, 255]], np.uint8),
            ValueError,
            r"hands\[5\]: card id 255",
        ),
    ],
)
def test_many_bad_input(hands: Any, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        bf.evaluate_many(hands)


@pytest.mark.parametrize("many", MANY_FIVE)
def test_five_card_many_checks_shape(many: Callable[[Any], Any]) -> None:
    with pytest.raises(ValueError, match=r"shape \(N, 5\)"):
        many(random_hands(3, 4))
    with pytest.raises(ValueError, match=r"hands\[0\]: repeated card"):
        many(np.array([[0, 0, 1, 2, 3]], np.uint8))


def test_ace_high_many_takes_both_widths() -> None:
    for width in (4, 5):
        hands = random_hands(200, width)
        expected = [bf.evaluate_badugi_ace_high(list(map(int, row))) for row in hands]
        assert bf.evaluate_badugi_ace_high_many(hands).tolist() == expected
    with pytest.raises(ValueError, match=r"\(N, 4\) or \(N, 5\)"):
        bf.evaluate_badugi_ace_high_many(random_hands(2, 3))


# --- the raw C batch contract, fed garbage -----------------------------------------------

BATCHES = [
    (4, lib.badugi_eval4_batch, lib.badugi_eval4_batch_checked),
    (5, lib.badugi_eval5_batch, lib.badugi_eval5_batch_checked),
    (4, lib.badugi_ace_high_eval4_batch, lib.badugi_ace_high_eval4_batch_checked),
    (5, lib.badugi_ace_high_eval5_batch, lib.badugi_ace_high_eval5_batch_checked),
    (5, lib.badugi_ace_five_eval_batch, lib.badugi_ace_five_eval_batch_checked),
    (5, lib.badugi_deuce_seven_eval_batch, lib.badugi_deuce_seven_eval_batch_checked),
]


@pytest.mark.parametrize(("width", "batch", "checked"), BATCHES)
def test_raw_batches_on_garbage(width: int, batch: Any, checked: Any) -> None:
    """Random bytes: invalid hands get rank 0, valid ones their rank, nothing is overrun."""
    rng = np.random.default_rng(width)
    n = 20_000
    garbage = rng.integers(0, 256, size=(n, width), dtype=np.uint8)
    garbage[::3] = random_hands(len(garbage[::3]), width)  # mix in valid hands
    guard = 0xBEEF
    out = np.full(n + 8, guard, dtype=np.uint16)
    invalid = batch(ffi.from_buffer("uint8_t[]", garbage), n, ffi.from_buffer("uint16_t[]", out))
    valid = (garbage < 52).all(axis=1) & np.array([len(set(row)) == width for row in garbage])
    assert invalid == int((~valid).sum())
    assert ((out[:n] == 0) == ~valid).all()
    assert (out[n:] == guard).all()

    out[:] = guard
    first_bad = int(np.flatnonzero(~valid)[0])
    done = checked(ffi.from_buffer("uint8_t[]", garbage), n, ffi.from_buffer("uint16_t[]", out))
    assert done == first_bad
    assert (out[first_bad:] == guard).all() and (out[:first_bad] != 0).all()


@pytest.mark.parametrize(("width", "batch", "checked"), BATCHES)
def test_raw_batches_on_null_and_empty(width: int, batch: Any, checked: Any) -> None:
    out = np.zeros(4, np.uint16)
    assert batch(ffi.NULL, 3, ffi.from_buffer("uint16_t[]", out)) == 3
    assert checked(ffi.NULL, 3, ffi.from_buffer("uint16_t[]", out)) == 0
    assert batch(bytes(width * 3), 3, ffi.NULL) == 3
    assert batch(ffi.NULL, 0, ffi.NULL) == 0 and checked(ffi.NULL, 0, ffi.NULL) == 0
    assert (out == 0).all()


def test_single_calls_reject_out_of_range_ints() -> None:
    for bad in (-1, 52, 255, 256, 2**31 - 1, -(2**31)):
        assert lib.badugi_eval4(0, 5, 10, bad) == 0
        assert lib.badugi_eval5(0, 5, 10, 15, bad) == 0
        assert lib.badugi_ace_five_eval(bad, 5, 10, 15, 20) == 0
        assert lib.badugi_deuce_seven_eval(0, bad, 10, 15, 20) == 0
    assert lib.badugi_eval4(1 + 256, 5, 10, 15) == 0  # no wrap-around to a valid id


def test_decode() -> None:
    out = ffi.new("uint8_t[4]")
    assert lib.badugi_decode(1, 0, out) == 4 and list(out) == [4, 3, 2, 1]
    assert lib.badugi_decode(1, 1, out) == 4 and list(out) == [5, 4, 3, 2]
    assert lib.badugi_decode(1092, 0, out) == 1 and list(out) == [13, 0, 0, 0]
    assert lib.badugi_decode(1092, 1, out) == 1 and list(out) == [14, 0, 0, 0]
    for bad in (0, 1093, 65535):
        assert lib.badugi_decode(bad, 0, out) == 0 and list(out) == [0, 0, 0, 0]
    sizes = [lib.badugi_decode(rank, 0, out) for rank in range(1, 1093)]
    assert [sizes.count(size) for size in (4, 3, 2, 1)] == [715, 286, 78, 13]
    assert sizes == sorted(sizes, reverse=True)  # bigger sets first


def test_version_is_one_number_everywhere() -> None:
    from importlib.metadata import version

    c_version = ffi.string(lib.badugi_version()).decode()
    assert c_version == bf.__version__ == version("badugi_fast")
    parts = f"{lib.BADUGI_VERSION_MAJOR}.{lib.BADUGI_VERSION_MINOR}.{lib.BADUGI_VERSION_PATCH}"
    assert parts == c_version
