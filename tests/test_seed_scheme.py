"""The seed scheme of docs/rules.md, written again here from the text alone: the random
stream of (seed, chunk) that the odds sample from and simulate() seeds its bots and hands
with."""

from __future__ import annotations

from collections.abc import Iterator

import pytest

from badugi_fast._binding.rng import random_words
from badugi_fast.engine import Bot, HandState, calling_station, simulate

MASK = 2**64 - 1


def splitmix64(x: int) -> tuple[int, int]:
    """The state after one step from ``x``, and that step's output."""
    x = (x + 0x9E3779B97F4A7C15) & MASK
    z = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & MASK
    z = ((z ^ (z >> 27)) * 0x94D049BB133111EB) & MASK
    return x, z ^ (z >> 31)


def rotl(x: int, k: int) -> int:
    return ((x << k) | (x >> (64 - k))) & MASK


def stream(seed: int, chunk: int) -> Iterator[int]:
    """xoshiro256** seeded from splitmix64 started at splitmix64(seed) XOR chunk."""
    x = splitmix64(seed)[1] ^ chunk
    s = []
    for _ in range(4):
        x, word = splitmix64(x)
        s.append(word)
    while True:
        yield rotl(s[1] * 5 & MASK, 7) * 9 & MASK
        t = (s[1] << 17) & MASK
        s[2] ^= s[0]
        s[3] ^= s[1]
        s[1] ^= s[2]
        s[0] ^= s[3]
        s[2] ^= t
        s[3] = rotl(s[3], 45)


def words(seed: int, chunk: int, count: int) -> list[int]:
    it = stream(seed, chunk)
    return [next(it) for _ in range(count)]


@pytest.mark.parametrize(("seed", "chunk"), [(0, 0), (1, 0), (42, 3), (MASK, MASK), (7, 2**40)])
def test_the_c_stream_is_the_documented_one(seed: int, chunk: int) -> None:
    assert list(random_words(seed, chunk, 40)) == words(seed, chunk, 40)
    assert list(random_words(seed, chunk, 0)) == []


def test_simulate_seeds_bots_then_hands_from_each_chunks_stream() -> None:
    """Seven hands in chunks of 3, 3 and 1, replayed from the documented seeds: the bots
    get each chunk's first three words, the hands the next ones."""
    seed, n = MASK - 4, 3
    bot_seeds: list[int] = []

    def station(bot_seed: int) -> Bot:
        bot_seeds.append(bot_seed)
        return calling_station(bot_seed)

    result = simulate(7, [station] * n, seed=seed, chunk_size=3)
    expected_bots: list[int] = []
    net = [0] * n
    for chunk, (start, count) in enumerate([(0, 3), (3, 3), (6, 1)]):
        chunk_words = words(seed, chunk, n + count)
        expected_bots += chunk_words[:n]
        for i in range(count):
            hand = start + i
            state = HandState(button=hand % n, seed=chunk_words[n + i], stacks=[200] * n)
            while (seat := state.decider) is not None:
                state.apply(calling_station()(state.view(seat)))
            net = [total + stack - 200 for total, stack in zip(net, state.stacks, strict=True)]
    assert bot_seeds == [0] * n + expected_bots  # simulate() tries each factory with 0 first
    assert result.net == tuple(net) and any(net)
