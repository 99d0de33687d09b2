"""Invariants under random self-play over every game, structure and table size: a
hypothesis property test, and a soak (500 hands; BADUGI_SOAK=full for 100,000); the same
random options played by VectorGame and simulate() with bots by name, chips conserved
(40 sets of options; BADUGI_SOAK=full for 3,000)."""

from __future__ import annotations

import random

import pytest
from engine_invariants import play_checked, random_options
from hypothesis import given, settings
from hypothesis import strategies as st
from soak import size

from badugi_fast._binding.vector import READ_EQUITY
from badugi_fast.engine import BOTS, simulate
from badugi_fast.games import game_rule

SOAK_HANDS = size(500, 100_000)
SOAK_PATHS = size(40, 3_000)


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


@pytest.mark.soak
def test_soak_vector_game_and_simulate_by_name() -> None:
    """Every option random_options draws, played in C by VectorGame (random legal actions,
    bots at the other seats) and by simulate() with bots by name: each hand's chips won,
    lost and carried add up to its dead money."""
    np = pytest.importorskip("numpy")
    from badugi_fast.vector import VectorGame

    rng = random.Random(20261203)
    picks = np.random.default_rng(3)
    for case in range(SOAK_PATHS):
        options = random_options(rng)
        del options["button"], options["seed"], options["missed_blinds"]  # one hand's alone
        dead = options.get("dead_money", 0)
        names = sorted(BOTS)
        if not game_rule(options["game"]).is_full:  # no equity tables: docs/rules.md
            names = sorted(set(BOTS) - READ_EQUITY)
        bots = [rng.choice(names) for _ in options["stacks"]]
        result = simulate(12, bots, seed=case, chunk_size=5, **options)
        assert sum(result.net) + result.carried_over == 12 * dead
        carry = not dead and rng.random() < 0.5
        game = VectorGame(3, seed=case, bots=[None, *bots[1:]], carry_stacks=carry, **options)
        hands = int(game.skipped_hands.sum())
        chips = int(game.skipped_chips.sum() + game.carried.sum())
        for _ in range(25):
            mask = game.legal_action_mask
            _, terminated = game.step((picks.random(mask.shape) * mask).argmax(axis=1))
            hands += int(terminated.sum() + game.skipped_hands.sum())
            chips += int(game.chips.sum() + game.skipped_chips.sum() + game.carried.sum())
        assert chips == dead * hands
