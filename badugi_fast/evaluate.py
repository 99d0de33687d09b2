"""Rank functions: the C evaluators behind a fast path and a careful fallback.

Each public function first hands the cards straight to C (a few hundred ns); C
reports an invalid hand as rank 0, and anything C cannot take (text, the wrong
count, huge ints) raises in cffi. Either way the call falls back to
``cards.card_ids``, which names what is wrong. The ``*_many`` twins take numpy
arrays and run the checked C batch loop with the GIL released.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from typing import TYPE_CHECKING, Any

from badugi_fast._core import ffi, lib
from badugi_fast.cards import CardsLike, card_ids

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    RankArray = npt.NDArray[np.uint16]
else:
    RankArray = Any

_CARDS_DOC = """

``cards``: text like ``"As 2c 3h 4d"`` or a sequence of ``Card``/ints 0..51/card text,
in any order. Raises ValueError naming a bad or repeated card or a wrong count, and
TypeError for something that is not a card.
"""
_ARRAY_DOC = """

``hands``: an integer array-like, one hand per row (numpy required). C-contiguous
uint8 is used without a copy; other integer dtypes are range-checked and converted.
Returns a uint16 array of ranks. Raises ValueError naming the first bad row.
"""

CEvaluator = Callable[..., int]
CBatch = Callable[[Any, int, Any], int]


def _rank_function(
    name: str, evaluators: Mapping[int, CEvaluator], doc: str
) -> Callable[[CardsLike], int]:
    """A rank function over C evaluators keyed by card count."""
    counts = tuple(evaluators)

    def careful(cards: CardsLike) -> int:
        ids = card_ids(cards, counts)
        return evaluators[len(ids)](*ids)

    if len(evaluators) == 1:
        (only,) = evaluators.values()

        def rank(cards: CardsLike) -> int:
            try:
                value: int = only(*cards)
            except (TypeError, OverflowError):
                return careful(cards)
            return value or careful(cards)

    else:

        def rank(cards: CardsLike) -> int:
            try:
                value: int = evaluators[len(cards)](*cards)  # type: ignore[arg-type]
            except (TypeError, OverflowError, KeyError):
                return careful(cards)
            return value or careful(cards)

    rank.__name__ = rank.__qualname__ = name
    rank.__doc__ = doc + _CARDS_DOC
    return rank


def _batch_function(
    name: str, batches: Mapping[int, CBatch], doc: str
) -> Callable[[Any], RankArray]:
    """A numpy batch function over checked C batch evaluators keyed by card count."""
    widths = " or ".join(f"(N, {count})" for count in batches)

    def rank_many(hands: Any) -> RankArray:
        import numpy as np

        array = np.asarray(hands)
        if array.dtype.kind not in "iu":
            raise TypeError(f"hands must be an integer array of card ids, not dtype {array.dtype}")
        if array.ndim != 2 or array.shape[1] not in batches:
            raise ValueError(f"hands must have shape {widths}, not {array.shape}")
        if array.dtype != np.uint8:
            out_of_range = (array < 0) | (array > 51)
            if out_of_range.any():
                _raise_bad_row(array, int(np.flatnonzero(out_of_range.any(axis=1))[0]))
            array = array.astype(np.uint8)
        array = np.ascontiguousarray(array)
        out = np.empty(len(array), dtype=np.uint16)
        if len(array):
            done = batches[array.shape[1]](
                ffi.from_buffer("uint8_t[]", array), len(array), ffi.from_buffer("uint16_t[]", out)
            )
            if done != len(array):
                _raise_bad_row(array, done)
        return out

    rank_many.__name__ = rank_many.__qualname__ = name
    rank_many.__doc__ = doc + _ARRAY_DOC
    return rank_many


def _raise_bad_row(array: Any, row: int) -> None:
    try:
        card_ids([int(card) for card in array[row]], (array.shape[1],))
    except ValueError as error:
        raise ValueError(f"hands[{row}]: {error}") from None
    raise AssertionError(f"the C core rejected hands[{row}] but it is a valid hand")


evaluate = _rank_function(
    "evaluate",
    {4: lib.badugi_eval4},
    "Badugi rank of four cards, aces low: 1 = A-2-3-4 rainbow .. 1092; smaller wins.",
)
evaluate_badugi5 = _rank_function(
    "evaluate_badugi5",
    {5: lib.badugi_eval5},
    "Badugi rank of five cards, aces low (Badacey), on the same scale as evaluate().",
)
evaluate_badugi_ace_high = _rank_function(
    "evaluate_badugi_ace_high",
    {4: lib.badugi_ace_high_eval4, 5: lib.badugi_ace_high_eval5},
    "Badugi rank of four or five cards, aces high (Badeucey): 1 = 2-3-4-5 rainbow .. 1092.",
)
evaluate_ace_five = _rank_function(
    "evaluate_ace_five",
    {5: lib.badugi_ace_five_eval},
    "Ace-to-five low rank of five cards: 1 = 5-4-3-2-A .. 6175.",
)
evaluate_deuce_seven = _rank_function(
    "evaluate_deuce_seven",
    {5: lib.badugi_deuce_seven_eval},
    "Deuce-to-seven low rank of five cards: 1 = 7-5-4-3-2 (not all one suit) .. 7462.",
)

evaluate_many = _batch_function(
    "evaluate_many", {4: lib.badugi_eval4_batch_checked}, "evaluate() over an (N, 4) array."
)
evaluate_badugi5_many = _batch_function(
    "evaluate_badugi5_many",
    {5: lib.badugi_eval5_batch_checked},
    "evaluate_badugi5() over an (N, 5) array.",
)
evaluate_badugi_ace_high_many = _batch_function(
    "evaluate_badugi_ace_high_many",
    {4: lib.badugi_ace_high_eval4_batch_checked, 5: lib.badugi_ace_high_eval5_batch_checked},
    "evaluate_badugi_ace_high() over an (N, 4) or (N, 5) array.",
)
evaluate_ace_five_many = _batch_function(
    "evaluate_ace_five_many",
    {5: lib.badugi_ace_five_eval_batch_checked},
    "evaluate_ace_five() over an (N, 5) array.",
)
evaluate_deuce_seven_many = _batch_function(
    "evaluate_deuce_seven_many",
    {5: lib.badugi_deuce_seven_eval_batch_checked},
    "evaluate_deuce_seven() over an (N, 5) array.",
)


def compare(a: CardsLike, b: CardsLike) -> int:
    """Compare two 4-card Badugi hands: 1 if ``a`` is stronger, -1 if ``b`` is, 0 on a tie."""
    rank_a = evaluate(a)
    rank_b = evaluate(b)
    return (rank_a < rank_b) - (rank_a > rank_b)
