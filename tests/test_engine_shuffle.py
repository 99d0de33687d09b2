"""The engine's shuffle (csrc/shake.c, csrc/shuffle.c, csrc/hand.c): cards sorted by sort
keys from SHAKE-128 of "<seed>/deal" (and "<seed>/reshuffle/<k>"), checked against
Python's hashlib and a plain Python stable sort of the same keys."""

from __future__ import annotations

import hashlib
import random
import struct
from collections.abc import Sequence

from badugi_fast._core import ffi, lib
from badugi_fast.cards import DECK, Card
from badugi_fast.engine import HandState


def reference(cards: Sequence[Card], label: str) -> list[Card]:
    """The definition: each card's key is the next 4 bytes (little-endian) of SHAKE-128 of
    the label; Python's sort is stable, so equal keys keep the cards' order."""
    data = hashlib.shake_128(label.encode()).digest(4 * len(cards))
    keys = struct.unpack(f"<{len(cards)}I", data)
    return [cards[i] for i in sorted(range(len(cards)), key=keys.__getitem__)]


def test_shake128_matches_hashlib_across_block_boundaries() -> None:
    rng = random.Random(5)
    out = ffi.new("uint8_t[500]")
    for size in [*range(0, 340), 1000]:
        message = rng.randbytes(size)
        out_len = rng.randrange(500)
        assert lib.badugi_shake128(message, size, out, out_len) == 0
        assert ffi.buffer(out, out_len)[:] == hashlib.shake_128(message).digest(out_len)
    assert lib.badugi_shake128(ffi.NULL, 1, out, 1) == -1


def test_the_deal_follows_the_reference_shuffle() -> None:
    for seed in [*range(300), 2**63 - 1, 2**64 - 1]:
        state = HandState(stacks=[100] * 3, seed=seed)
        order = reference(DECK, f"{seed}/deal")[::-1]  # the top card first
        dealt = [a.cards for a in state.history if a.kind == "deal"]
        expected = [tuple(order[position:12:3]) for position in range(3)]
        assert dealt == expected


def test_sort_keys_is_a_stable_sort() -> None:
    rng = random.Random(11)
    order = ffi.new("uint8_t[52]")
    for size in range(len(DECK) + 1):
        keys = bytes(rng.choice([0, 1, 2, 255]) for _ in range(4 * size))  # many ties
        assert lib.badugi_sort_keys(keys, size, order) == 0
        values = struct.unpack(f"<{size}I", keys)
        assert list(order[0:size]) == sorted(range(size), key=values.__getitem__)
