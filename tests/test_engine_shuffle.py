"""The engine's shuffle (badugi_fast.engine.deck): cards sorted by SHAKE-128 sort keys, the
sort done in C, checked against a plain Python stable sort of the same keys."""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Sequence

from badugi_fast.cards import DECK, Card
from badugi_fast.engine.deck import shuffled, shuffled_deck


def reference(cards: Sequence[Card], label: str) -> list[Card]:
    """The definition: each card's key is the next 4 bytes (little-endian) of SHAKE-128 of
    the label; Python's sort is stable, so equal keys keep the cards' order."""
    data = hashlib.shake_128(label.encode()).digest(4 * len(cards))
    keys = struct.unpack(f"<{len(cards)}I", data)
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


def test_deck_shuffle_matches_the_reference() -> None:
    for seed in [*range(3000), 2**63 - 1]:
        assert shuffled_deck(seed) == reference(DECK, f"{seed}/deal")


def test_reshuffles_of_any_size_match_the_reference() -> None:
    rng = random.Random(11)
    for size in range(len(DECK) + 1):
        for _ in range(20):
            cards = rng.sample(DECK, size)
            label = f"{rng.randrange(10**9)}/reshuffle/{rng.randrange(1, 4)}"
            result = shuffled(cards, label)
            assert result == reference(cards, label)
            assert all(type(card) is Card for card in result)
