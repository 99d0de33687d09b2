"""The training encoding (csrc/encoding.c) against tests/reference_encoding.py, written from
its documentation: random masked play in a VectorGame over every game and betting structure,
2, 3 and 6 seats, with bots, antes, dead money, no blinds, other raise sizes, short stacks
(all-ins, side pots), carried stacks, mucking and hands run twice. At every step each table's
mask and observation, every seat's ``observe``, and every seat's ``observe_after`` of the
action about to be played equal, bit for bit, the reference's from ``hand_state(i)``.
Each case plays 20 steps on 2 tables (``BADUGI_SOAK=full``: 1,000).
"""

from __future__ import annotations

from typing import Any

import pytest
from soak import size

from badugi_fast.engine.rules import BETTINGS
from badugi_fast.engine.state import HandState
from badugi_fast.games import GAMES

np = pytest.importorskip("numpy")
import reference_encoding as reference  # noqa: E402  (needs numpy)

from badugi_fast.vector import VectorGame  # noqa: E402

STEPS = size(20, 1_000)
TABLES = 2
SHORT = [3, 12, 25, 7, 40, 2]
"""Stacks short of the blinds, of a bet, of a raise: all-ins and side pots."""
VARIANTS: list[dict[str, Any]] = [
    {},
    {"antes": 1, "stacks": SHORT},
    {"dead_money": 5, "mucking": True},
    {"blinds": (0, 0), "antes": 1, "small_bet": 4, "raise_fractions": (0.25, 0.75, 3.0, 3.0)},
    {"carry_stacks": True, "stacks": [15, 9, 30, 22, 6, 40], "bots": "hand-strength"},
    {"runs": 2, "stacks": SHORT, "raise_fractions": ()},
    {
        "big_blind_ante": True,
        "antes": 2,
        "conventions": "pokerkit",
        "max_raises": None,
        "raise_fractions": (1e6, 0.1),
        "bots": "random",
    },
    {"blinds": (0, 0), "small_bet": 3, "mucking": True, "bots": "calling-station"},
]
"""Options beside the game, structure and seats; each case takes one."""
CASES = [
    (game, betting, (2, 3, 6)[(g + b) % 3], (g + 3 * b) % len(VARIANTS))
    for g, game in enumerate(GAMES)
    for b, betting in enumerate(BETTINGS)
]


def _options(game: str, betting: str, seats: int, variant: int) -> dict[str, Any]:
    """The VectorGame's options: a bot the variant names plays the odd seats."""
    options: dict[str, Any] = {"game": game, "betting": betting, **VARIANTS[variant]}
    options["stacks"] = list(options.get("stacks", [40 + 7 * seat for seat in range(6)]))[:seats]
    if "bots" in options:
        options["bots"] = [None if seat % 2 == 0 else options["bots"] for seat in range(seats)]
    return options


def _differences(got: Any, want: Any, state: HandState, seat: int, unit: int) -> list[str]:
    """The observation's values that differ, bit for bit, each named."""
    names = reference.labels(state, seat, unit)
    differ = np.flatnonzero(got.view(np.uint32) != want.view(np.uint32))
    return [f"{names[j]}: C {got[j]!r}, reference {want[j]!r}" for j in differ]


def _check(game: VectorGame, i: int, action: int, reached: set[str]) -> None:
    """Table i's mask, observation, every seat's observe() and observe_after(action)
    against the reference, from the table's hand as a HandState; what the hand reached
    (its steps' kinds, its phase, an all-in) goes into ``reached``."""
    state = game.hand_state(i)
    fractions = game.raise_fractions
    unit = reference.chip_unit(state)
    assert unit == game.chip_unit
    assert game.num_actions == reference.action_count(state, fractions)
    assert game.observation_size == reference.observation_size(state)
    seen = reference.read_history(state)
    seat = int(game.current_player[i])
    assert seat == state.decider
    want_mask = reference.action_mask(state, fractions)
    differ = np.flatnonzero(game.legal_action_mask[i] != want_mask)
    assert not differ.size, f"mask differs at actions {differ.tolist()} ({state.phase})"
    want = reference.observation(state, seat, unit, seen)
    wrong = _differences(game.observation[i], want, state, seat, unit)
    assert not wrong, f"observation of seat {seat}: {wrong[:6]}"
    for other in range(state.n_seats):
        want = reference.observation(state, other, unit, seen)
        wrong = _differences(game.observe(i, other), want, state, other, unit)
        assert not wrong, f"observe(seat {other}), seat {seat} to act: {wrong[:6]}"
    after = state.copy()
    move = reference.decode(after, fractions, action, seen)
    assert move is not None
    reference.play(after, move)
    seen_after = reference.read_history(after)
    observed = game.observe_after(i, action)
    for other in range(state.n_seats):
        want = reference.observation(after, other, unit, seen_after)
        wrong = _differences(observed[other], want, after, other, unit)
        assert not wrong, f"observe_after({action}) of seat {other} ({move}): {wrong[:6]}"
    reached.update(step.kind for step in after.history)
    reached.add(after.phase)
    if any(after.all_in(other) for other in range(after.n_seats)):
        reached.add("all in")


@pytest.mark.parametrize("variant", range(len(VARIANTS)))
def test_the_encoding_is_the_documented_one(variant: int) -> None:
    """Every case of the variant played and checked at every step; together they reach
    what the variant is there for."""
    reached: set[str] = set()
    for case, (game, betting, seats, of) in enumerate(CASES):
        if of != variant:
            continue
        options = _options(game, betting, seats, variant)
        vector = VectorGame(TABLES, seed=case, **options)
        rng = np.random.default_rng(case)
        for _ in range(STEPS):
            mask = vector.legal_action_mask
            actions = (rng.random(mask.shape) * mask).argmax(axis=1)
            for i in range(TABLES):
                _check(vector, i, int(actions[i]), reached)
            vector.step(actions)
    options = VARIANTS[variant]
    played = {"betting", "draw", "over", "bet", "raise", "call", "check", "fold", "discard"}
    assert played | {"show", "all in"} <= reached
    assert ("post-ante" in reached) == bool(options.get("antes"))
    assert ("post-blind" in reached) == (options.get("blinds") != (0, 0))
    assert ({"showdown", "muck"} <= reached) == bool(options.get("mucking"))
    assert ("run" in reached) == ("runs" in options)
