"""The C evaluators: one hand's raw rank, checked batches over numpy arrays, and the
playing ranks of a Badugi rank.

Evaluators are keyed by ranking, then by card count. A single-hand evaluator takes card
ids as separate ints and returns 0 for an invalid hand; a batch loop runs with the GIL
released and returns the index of its first invalid row (or the row count).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from badugi_fast._core import ffi, lib

Evaluator = Callable[..., int]
"""Card ids as separate int arguments -> a raw rank, or 0 for an invalid hand."""
Batch = Callable[[Any, int, Any], int]
"""(uint8 cards, rows, uint16 out) -> rows, or the index of the first invalid row."""


def _any_size(aces_high: bool) -> dict[int, Evaluator]:
    """Evaluators of Badugi hands of one, two and three cards (the small games), through
    badugi_eval_cards: 0 for an invalid hand, as the others return."""

    def rank(*cards: int) -> int:
        try:
            held = bytes(cards)
        except (ValueError, TypeError, OverflowError):  # an id outside 0..255
            return 0
        return int(lib.badugi_eval_cards(held, len(held), aces_high))

    return dict.fromkeys((1, 2, 3), rank)


SMALL_BADUGI: dict[str, dict[int, Evaluator]] = {
    "badugi": _any_size(False),
    "badugi-ace-high": _any_size(True),
}
"""The Badugi evaluators of one to three cards (a Hand of a small game, games.variant)."""
EVALUATORS: dict[str, dict[int, Evaluator]] = {
    "badugi": {4: lib.badugi_eval4, 5: lib.badugi_eval5},
    "badugi-ace-high": {4: lib.badugi_ace_high_eval4, 5: lib.badugi_ace_high_eval5},
    "ace-five": {5: lib.badugi_ace_five_eval},
    "deuce-seven": {5: lib.badugi_deuce_seven_eval},
}
BATCHES: dict[str, dict[int, Batch]] = {
    "badugi": {4: lib.badugi_eval4_batch_checked, 5: lib.badugi_eval5_batch_checked},
    "badugi-ace-high": {
        4: lib.badugi_ace_high_eval4_batch_checked,
        5: lib.badugi_ace_high_eval5_batch_checked,
    },
    "ace-five": {5: lib.badugi_ace_five_eval_batch_checked},
    "deuce-seven": {5: lib.badugi_deuce_seven_eval_batch_checked},
}
RANK_COUNTS: dict[str, int] = {
    "badugi": lib.BADUGI_RANKS,
    "ace-five": lib.BADUGI_ACE_FIVE_RANKS,
    "deuce-seven": lib.BADUGI_DEUCE_SEVEN_RANKS,
}
"""How many raw ranks each ranking has (the Badugi rankings share one scale)."""


def run_batch(batch: Batch, cards: Any, out: Any) -> int:
    """Run a batch loop over a C-contiguous uint8 array of rows into a uint16 array."""
    return batch(
        ffi.from_buffer("uint8_t[]", cards), len(cards), ffi.from_buffer("uint16_t[]", out)
    )


def decode(rank: int, aces_high: bool) -> tuple[int, ...]:
    """The playing ranks of a Badugi rank, high to low (ace 1, or 14 when aces play high)."""
    out = ffi.new("uint8_t[4]")
    size = lib.badugi_decode(rank, aces_high, out)
    return tuple(out[0:size])
