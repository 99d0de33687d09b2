"""Ranks of many hands at once: numpy arrays through the checked C batch loops.

Each function takes an integer array-like with one hand per row (numpy required). A
C-contiguous uint8 array is used without a copy; other integer dtypes are range-checked
and converted. The C loop runs with the GIL released and stops at the first invalid row,
which is then named in an ``InvalidCards`` error (also when another thread changed the
array while C read it). Returns a uint16 array of raw ranks.
"""

from __future__ import annotations

from collections.abc import Mapping
from typing import TYPE_CHECKING, Any

from badugi_fast._binding.evaluate import BATCHES, Batch, run_batch
from badugi_fast.cards import card_ids
from badugi_fast.errors import InvalidCards, InvalidCardType
from badugi_fast.extras import extra

if TYPE_CHECKING:
    import numpy as np
    import numpy.typing as npt

    RankArray = npt.NDArray[np.uint16]
else:
    RankArray = Any


def _rank_many(batches: Mapping[int, Batch], hands: Any) -> RankArray:
    """Check the array's dtype and shape, run the C loop, and name the first bad row."""
    with extra("numpy", "the batch evaluators (evaluate_many, ...)"):
        import numpy as np

    array = np.asarray(hands)
    if array.dtype.kind not in "iu":
        raise InvalidCardType(
            f"hands must be an integer array of card ids, not dtype {array.dtype}"
        )
    if array.ndim != 2 or array.shape[1] not in batches:
        widths = " or ".join(f"(N, {count})" for count in batches)
        raise InvalidCards(f"hands must have shape {widths}, not {array.shape}")
    if array.dtype != np.uint8:
        out_of_range = (array < 0) | (array > 51)
        if out_of_range.any():
            _raise_bad_row(array, int(np.flatnonzero(out_of_range.any(axis=1))[0]))
        array = array.astype(np.uint8)
    array = np.ascontiguousarray(array)
    out = np.empty(len(array), dtype=np.uint16)
    if len(array):
        done = run_batch(batches[array.shape[1]], array, out)
        if done != len(array):
            _raise_bad_row(array, done)
    return out


def _raise_bad_row(array: Any, row: int) -> None:
    """Raise the careful path's error for one row, prefixed with its index."""
    try:
        card_ids([int(card) for card in array[row]], (array.shape[1],))
    except InvalidCards as error:
        raise InvalidCards(f"hands[{row}]: {error}") from None
    # C saw an invalid hand that is valid now: another thread wrote to the array meanwhile.
    raise InvalidCards(f"hands[{row}] was not a valid hand when read (changed while being read?)")


def evaluate_many(hands: Any) -> RankArray:
    """:func:`~badugi_fast.evaluate` over an (N, 4) array."""
    return _rank_many({4: BATCHES["badugi"][4]}, hands)


def evaluate_badugi5_many(hands: Any) -> RankArray:
    """:func:`~badugi_fast.evaluate_badugi5` over an (N, 5) array."""
    return _rank_many({5: BATCHES["badugi"][5]}, hands)


def evaluate_badugi_ace_high_many(hands: Any) -> RankArray:
    """:func:`~badugi_fast.evaluate_badugi_ace_high` over an (N, 4) or (N, 5) array."""
    return _rank_many(BATCHES["badugi-ace-high"], hands)


def evaluate_ace_five_many(hands: Any) -> RankArray:
    """:func:`~badugi_fast.evaluate_ace_five` over an (N, 5) array."""
    return _rank_many(BATCHES["ace-five"], hands)


def evaluate_deuce_seven_many(hands: Any) -> RankArray:
    """:func:`~badugi_fast.evaluate_deuce_seven` over an (N, 5) array."""
    return _rank_many(BATCHES["deuce-seven"], hands)
