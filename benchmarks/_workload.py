"""Shared benchmark workload: seeded random hands and their text / PokerKit forms."""

from __future__ import annotations

from collections.abc import Iterable
from typing import Any

import numpy as np
import numpy.typing as npt

from badugi_fast import Card

SEED = 20_240_601
BATCH_HANDS = 1_000_000
"""Hands per batch benchmark."""
SINGLE_HANDS = 200
"""Hands per round of a single-call pytest benchmark."""
HandArray = npt.NDArray[np.uint8]


def random_hands(n: int, size: int, seed: int = SEED) -> HandArray:
    """``n`` uniformly random hands of ``size`` distinct card ids, in random (unsorted) order."""
    rng = np.random.default_rng([seed, size])
    hands = rng.integers(0, 52, size=(n, size), dtype=np.uint8)
    while True:
        ordered = np.sort(hands, axis=1)
        repeated = (ordered[:, 1:] == ordered[:, :-1]).any(axis=1)
        if not repeated.any():
            return hands
        hands[repeated] = rng.integers(0, 52, size=(int(repeated.sum()), size), dtype=np.uint8)


def hand_lists(hands: HandArray) -> list[list[int]]:
    """Each row as a plain list of Python ints (the single-call input)."""
    rows: list[list[int]] = hands.tolist()
    return rows


def hand_text(row: Iterable[int], separator: str = " ") -> str:
    """``"Ks 7h 3d 2c"`` for a row of ids."""
    return separator.join(str(Card(int(card))) for card in row)


def pokerkit_cards(hands: HandArray) -> list[tuple[Any, ...]]:
    """Each row as a tuple of PokerKit ``Card`` objects, parsed once up front."""
    import pokerkit

    return [tuple(pokerkit.Card.clean(hand_text(row, ""))) for row in hands]
