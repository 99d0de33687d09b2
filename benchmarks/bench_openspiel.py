"""pytest-benchmark: the OpenSpiel game's state operations that search algorithms repeat at
every node (badugi_fast.envs.openspiel).

Run: ``pytest benchmarks/bench_openspiel.py --benchmark-enable``. Target (issue 39):
``clone()`` mid-hand in at most 10 us; it cost 24 us on a quiet machine (68 to 84 us on a
busy one) when a state deep-copied a Python list of its steps. Each benchmark takes the
states of ``STATES`` seeded heads-up fixed-limit Badugi hands, each some 30 steps in, and
checks what it times, so a broken path cannot be measured silently.
"""

from __future__ import annotations

import itertools
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

import badugi_fast.envs.openspiel  # noqa: E402, F401  registers the game

STATES = 50
STEPS = 30


def mid_hand_states() -> list[Any]:
    """``STATES`` states of seeded random hands, each at a decision ``STEPS`` or more steps
    in (hands that end sooner are left out)."""
    game = pyspiel.load_game("python_badugi", {"players": 2})
    rng = random.Random(39)
    states = []
    while len(states) < STATES:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.legal_actions()))
            elif len(state.history()) >= STEPS:
                states.append(state)
                break
            else:
                state.apply_action(rng.choice(state.legal_actions()))
    return states


@pytest.fixture(scope="module")
def states() -> list[Any]:
    return mid_hand_states()


def test_clone(benchmark: Any, states: list[Any]) -> None:
    cycle = itertools.cycle(states)
    copy = benchmark(lambda: next(cycle).clone())
    assert copy.history() in [state.history() for state in states]


def test_child(benchmark: Any, states: list[Any]) -> None:
    """A clone and one action: what a tree walk does at every node."""
    cycle = itertools.cycle([(state, state.legal_actions()[-1]) for state in states])

    def child() -> Any:
        state, action = next(cycle)
        return state.child(action)

    after = benchmark(child)
    assert len(after.history()) > STEPS


def test_information_state_string(benchmark: Any, states: list[Any]) -> None:
    cycle = itertools.cycle(states)

    def read() -> str:
        state = next(cycle)
        text: str = state.information_state_string(state.current_player())
        return text

    assert benchmark(read).startswith("seat ")
