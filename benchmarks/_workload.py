"""Shared benchmark workload: seeded random hands and their text / PokerKit forms."""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

import numpy as np
import numpy.typing as npt
import pokerkit

import badugi_fast as bf
from badugi_fast import Card
from badugi_fast._core import lib

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


@dataclass(frozen=True)
class Evaluator:
    """One of our evaluators, its batch twin, its bare C call and the PokerKit peer."""

    name: str  # a short id for benchmark names
    label: str  # how the report names it
    size: int  # cards per hand
    single: Callable[[Any], int]
    many: Callable[[Any], Any]
    bare: Callable[..., int]
    peer: Callable[[Any], Any]
    peer_name: str

    @property
    def peer_label(self) -> str:
        return f"PokerKit `{self.peer_name}` ({self.size} cards)"


EVALUATORS = [
    Evaluator(
        "badugi4",
        "evaluate",
        4,
        bf.evaluate,
        bf.evaluate_many,
        lib.badugi_eval4,
        pokerkit.BadugiHand.from_game,
        "BadugiHand.from_game",
    ),
    Evaluator(
        "badugi5",
        "evaluate_badugi5",
        5,
        bf.evaluate_badugi5,
        bf.evaluate_badugi5_many,
        lib.badugi_eval5,
        pokerkit.BadugiHand.from_game,
        "BadugiHand.from_game",
    ),
    Evaluator(
        "badugi_ace_high4",
        "evaluate_badugi_ace_high (4 cards)",
        4,
        bf.evaluate_badugi_ace_high,
        bf.evaluate_badugi_ace_high_many,
        lib.badugi_ace_high_eval4,
        pokerkit.StandardBadugiHand.from_game,
        "StandardBadugiHand.from_game",
    ),
    Evaluator(
        "badugi_ace_high5",
        "evaluate_badugi_ace_high (5 cards)",
        5,
        bf.evaluate_badugi_ace_high,
        bf.evaluate_badugi_ace_high_many,
        lib.badugi_ace_high_eval5,
        pokerkit.StandardBadugiHand.from_game,
        "StandardBadugiHand.from_game",
    ),
    Evaluator(
        "ace_five",
        "evaluate_ace_five",
        5,
        bf.evaluate_ace_five,
        bf.evaluate_ace_five_many,
        lib.badugi_ace_five_eval,
        pokerkit.RegularLowHand,
        "RegularLowHand",
    ),
    Evaluator(
        "deuce_seven",
        "evaluate_deuce_seven",
        5,
        bf.evaluate_deuce_seven,
        bf.evaluate_deuce_seven_many,
        lib.badugi_deuce_seven_eval,
        pokerkit.StandardLowHand,
        "StandardLowHand",
    ),
]
"""Every evaluator the benchmarks time, each beside the PokerKit hand type of its game."""
