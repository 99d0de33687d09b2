"""Invariants under random self-play over every game, structure and table size: a
hypothesis property test, and a soak (a few thousand hands; BADUGI_SOAK=full for 100,000)."""

from __future__ import annotations

import copy
import os
import pickle
import random

import pytest
from engine_invariants import play_checked, random_options, step
from hypothesis import given, settings
from hypothesis import strategies as st

import badugi_fast as bf
from badugi_fast.engine import HandState

SOAK_HANDS = 100_000 if os.environ.get("BADUGI_SOAK") == "full" else 3_000


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


def test_a_pickled_or_deep_copied_hand_plays_on_the_same() -> None:
    rng = random.Random(3)
    for _ in range(50):
        state = HandState(**random_options(rng))
        for _ in range(rng.randrange(12)):
            if state.is_over:
                break
            step(state, rng, False)
        clones = [pickle.loads(pickle.dumps(state)), copy.deepcopy(state)]
        seed = rng.random()
        for clone in [state, *clones]:
            policy = random.Random(seed)
            while not clone.is_over:
                step(clone, policy, False)
        for clone in clones:
            assert clone.history == state.history and clone.stacks == state.stacks
            assert clone.result == state.result


def test_unpickling_refuses_bytes_of_another_build() -> None:
    setup, raw, log, result = HandState(stacks=[9, 9], seed=1).__getstate__()
    with pytest.raises(bf.InvalidOptionType, match="pickled hand"):
        HandState.__new__(HandState).__setstate__((setup, raw[:-1], log, result))
