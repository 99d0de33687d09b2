"""The ChaCha20 deal, as docs/rules.md ("The deal from a seed") writes it down for any
language: a ChaCha20 block function written here from RFC 8439 alone (checked against the
RFC's test vector), its keystream read 16 bits at a time into a Fisher-Yates shuffle with
Lemire's rejection; the library deals the same cards under ``shuffle="chacha20"`` on every
path, and SHAKE-128 stays the default, so old seeds keep their hands."""

from __future__ import annotations

import struct
from collections.abc import Iterator, Sequence

import pytest

from badugi_fast.cards import DECK, Card
from badugi_fast.engine import HandState, Table, simulate
from badugi_fast.errors import InvalidOption, InvalidOptionType

MASK = 2**32 - 1


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (32 - k))) & MASK


def quarter(x: list[int], a: int, b: int, c: int, d: int) -> None:
    x[a] = (x[a] + x[b]) & MASK
    x[d] = rotl(x[d] ^ x[a], 16)
    x[c] = (x[c] + x[d]) & MASK
    x[b] = rotl(x[b] ^ x[c], 12)
    x[a] = (x[a] + x[b]) & MASK
    x[d] = rotl(x[d] ^ x[a], 8)
    x[c] = (x[c] + x[d]) & MASK
    x[b] = rotl(x[b] ^ x[c], 7)


def chacha20_block(key: bytes, counter: int, nonce: bytes) -> bytes:
    """RFC 8439, 2.3: 64 bytes of keystream."""
    state = [0x61707865, 0x3320646E, 0x79622D32, 0x6B206574]
    state += [*struct.unpack("<8I", key), counter, *struct.unpack("<3I", nonce)]
    x = list(state)
    for _ in range(10):
        for a, b, c, d in ((0, 4, 8, 12), (1, 5, 9, 13), (2, 6, 10, 14), (3, 7, 11, 15)):
            quarter(x, a, b, c, d)
        for a, b, c, d in ((0, 5, 10, 15), (1, 6, 11, 12), (2, 7, 8, 13), (3, 4, 9, 14)):
            quarter(x, a, b, c, d)
    return struct.pack("<16I", *((v + s) & MASK for v, s in zip(x, state, strict=True)))


def draws(seed: int, number: int) -> Iterator[int]:
    """The keystream of key ``seed`` (8 bytes little-endian, then zeros) and nonce
    ``number`` (4 bytes little-endian, then zeros), as little-endian 16-bit numbers."""
    key, nonce = struct.pack("<Q24x", seed), struct.pack("<I8x", number)
    counter = 0
    while True:
        yield from struct.unpack("<32H", chacha20_block(key, counter, nonce))
        counter += 1


def reference(cards: Sequence[Card], seed: int, number: int = 0) -> list[Card]:
    """Fisher-Yates from the last card down: card i swaps with card j, j the high 16 bits
    of draw * (i + 1), a draw whose low 16 bits fall below 2**16 mod (i + 1) rejected."""
    out, stream = list(cards), draws(seed, number)
    for i in range(len(out) - 1, 0, -1):
        while True:
            product = next(stream) * (i + 1)
            if product & 0xFFFF >= 2**16 % (i + 1):
                break
        j = product >> 16
        out[i], out[j] = out[j], out[i]
    return out


def test_the_block_function_is_rfc_8439s() -> None:
    """RFC 8439, 2.3.2's test vector."""
    key = bytes(range(32))
    nonce = bytes.fromhex("000000090000004a00000000")
    assert chacha20_block(key, 1, nonce).hex() == (
        "10f1e7e4d13b5915500fdd1fa32071c4c7d1f4c733c068030422aa9ac3d46c4e"
        "d2826446079faa0914c2d705d98b02a2b5129cd1de164eb9cbd083e8a2503c4e"
    )


def test_the_deal_follows_the_reference_shuffle() -> None:
    for seed in [*range(300), 2**32, 2**63 - 1, 2**64 - 1]:
        state = HandState(stacks=[100] * 3, seed=seed, shuffle="chacha20")
        order = reference(DECK, seed)[::-1]  # the top card first
        dealt = [a.cards for a in state.history if a.kind == "deal"]
        assert dealt == [tuple(order[position:12:3]) for position in range(3)]
        assert state.shuffle == "chacha20"


def test_shake128_stays_the_default_so_old_seeds_keep_their_hands() -> None:
    """Seed 7's first hand as every earlier version dealt it (docs/guide/engine.md)."""
    for state in (HandState(seed=7), HandState(seed=7, shuffle="shake128")):
        assert state.shuffle == "shake128"
        assert [str(c) for c in state.hole_cards(0)] == ["Qs", "5c", "2d", "Ks"]
    assert HandState(seed=7, shuffle="chacha20").hole_cards(0) != HandState(seed=7).hole_cards(0)


def test_a_table_and_simulate_deal_by_the_scheme() -> None:
    """A Table's hand k takes seed + k, and simulate() its hands' seeds from the seed
    scheme: each hand is the HandState of its seed under the shuffle given.
    (tests/test_cross_path.py plays VectorGame and simulate() with bots by name under it.)"""
    table = Table([100] * 3, seed=40, shuffle="chacha20")
    hand = table.play_hand([lambda view: "fold"] * 3)
    again = HandState(stacks=[100] * 3, seed=40, shuffle="chacha20")
    assert hand.shuffle == "chacha20" and hand.history[: len(again.history)] == again.history
    chacha = simulate(40, ["calling-station"] * 3, seed=3, stacks=[100] * 3, shuffle="chacha20")
    shake = simulate(40, ["calling-station"] * 3, seed=3, stacks=[100] * 3)
    assert chacha.net != shake.net  # the same seeds, other cards


@pytest.mark.parametrize(
    ("shuffle", "error"),
    [("chacha", InvalidOption), ("ChaCha20", InvalidOption), (1, InvalidOptionType)],
)
def test_an_unknown_shuffle_is_refused(shuffle: object, error: type[Exception]) -> None:
    with pytest.raises(error, match="shuffle must be one of"):
        HandState(shuffle=shuffle)  # type: ignore[arg-type]
