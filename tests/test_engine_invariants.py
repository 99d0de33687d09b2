"""Invariants under random self-play over every game, structure and table size: a
hypothesis property test, and a soak (500 hands; BADUGI_SOAK=full for 100,000)."""

from __future__ import annotations

import random

import pytest
from engine_invariants import play_checked, random_options
from hypothesis import given, settings
from hypothesis import strategies as st
from soak import size

SOAK_HANDS = size(500, 100_000)


@settings(max_examples=150, deadline=None)
@given(st.integers(0, 2**32 - 1))
def test_random_hands_keep_every_invariant(seed: int) -> None:
    rng = random.Random(seed)
    play_checked(random_options(rng), rng)


@pytest.mark.soak
def test_soak() -> None:
    rng = random.Random(20261130)
    for hand in range(SOAK_HANDS):
        options = random_options(rng)
        play_checked(options, rng, probe=hand % 10 == 0)
