"""pytest-benchmark: PokerKit's own self-play with its hand class, and with ours swapped in.

Run: ``pytest benchmarks/bench_pokerkit_hands.py --benchmark-enable``. The same seeded
random six-handed ``FixedLimitBadugi`` hands (the driver of tests/pokerkit_play.py) are
played by PokerKit twice: with its ``BadugiHand`` and with
``badugi_fast.interop.pokerkit.BadugiHand`` in ``hand_types``; the ratio of the two is the
speed-up a PokerKit user gets by swapping one class. A third pair times ``from_game``
alone on the same 4-card hands. Every benchmark checks that both classes agree.
"""

from __future__ import annotations

import random
import sys
import warnings
from pathlib import Path
from typing import Any

import pokerkit
import pytest

from badugi_fast.interop import pokerkit as fast

sys.path.insert(0, str(Path(__file__).resolve().parent.parent / "tests"))
import pokerkit_play

HANDS = 60
SEATS = 6
STACKS = [200] * SEATS
CLASSES = {"pokerkit": pokerkit.BadugiHand, "badugi_fast": fast.BadugiHand}


def self_play(game: Any) -> list[tuple[int, ...]]:
    """The finishing stacks of ``HANDS`` seeded hands."""
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")
        return [
            tuple(pokerkit_play.play(game, seed, SEATS, STACKS).state.stacks)
            for seed in range(HANDS)
        ]


@pytest.fixture(scope="module")
def expected() -> list[tuple[int, ...]]:
    return self_play(pokerkit_play.make_game(pokerkit.FixedLimitBadugi))


@pytest.mark.parametrize("hand_class", list(CLASSES), ids=list(CLASSES))
def test_self_play(benchmark: Any, hand_class: str, expected: list[tuple[int, ...]]) -> None:
    game = pokerkit_play.make_game(pokerkit.FixedLimitBadugi, (CLASSES[hand_class],))
    assert benchmark(self_play, game) == expected


@pytest.mark.parametrize("hand_class", list(CLASSES), ids=list(CLASSES))
def test_from_game(benchmark: Any, hand_class: str) -> None:
    rng = random.Random(4)
    hands = [tuple(rng.sample(pokerkit.Deck.REGULAR, 4)) for _ in range(500)]
    reference = [pokerkit.BadugiHand.from_game(hand) for hand in hands]
    made = CLASSES[hand_class].from_game

    def evaluate_all() -> list[Any]:
        return [made(hand) for hand in hands]

    results = benchmark(evaluate_all)
    assert [str(result) for result in results] == [str(hand) for hand in reference]
