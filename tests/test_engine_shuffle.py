"""The deal from a seed, as docs/rules.md ("The deal") writes it down for any language:
cards sorted by keys from SHAKE-128 of "<seed>/deal", checked against Python's hashlib and
a plain Python stable sort (csrc/tests/test_shuffle.c checks the C helpers themselves)."""

from __future__ import annotations

import hashlib
import struct
from collections.abc import Sequence

from badugi_fast.cards import DECK, Card
from badugi_fast.engine import HandState


def reference(cards: Sequence[Card], label: str) -> list[Card]:
    """The definition: each card's key is the next 4 bytes (little-endian) of SHAKE-128 of
    the label; Python's sort is stable, so equal keys keep the cards' order."""
    data = hashlib.shake_128(label.encode()).digest(4 * len(cards))
    keys = struct.unpack(f"<{len(cards)}I", data)
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


def test_the_deal_follows_the_reference_shuffle() -> None:
    for seed in [*range(300), 2**63 - 1, 2**64 - 1]:
        state = HandState(stacks=[100] * 3, seed=seed)
        order = reference(DECK, f"{seed}/deal")[::-1]  # the top card first
        dealt = [a.cards for a in state.history if a.kind == "deal"]
        expected = [tuple(order[position:12:3]) for position in range(3)]
        assert dealt == expected
