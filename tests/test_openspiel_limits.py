"""Stacks too deep for an OpenSpiel game (badugi_fast.envs.openspiel, MAX_GAME_LENGTH): the
game's own check refuses them, naming the limit, before OpenSpiel sizes anything by the
game's length (pybind11's TypeError past a C++ int; below it, a tensor of gigabytes). A
``stacks`` past a C++ int fails in OpenSpiel's own parameter conversion, before any of the
game's code runs; ``seat_stacks`` is text, read by the game."""

from __future__ import annotations

import pytest

pyspiel = pytest.importorskip("pyspiel")

from badugi_fast.envs.openspiel import GAME_NAME, MAX_GAME_LENGTH  # noqa: E402
from badugi_fast.errors import InvalidOption  # noqa: E402


@pytest.mark.parametrize(
    "params",
    [
        {"stacks": 2147483647},
        {"stacks": 2**28},
        {"seat_stacks": f"200 {2**40}"},
        {"seat_stacks": "2147483647 2147483647"},
        {"stacks": 10**6, "players": 8, "betting": "no-limit"},
    ],
)
def test_stacks_too_deep_for_the_game_length_are_refused_with_the_limit(
    params: dict[str, object],
) -> None:
    limit = f"stacks: .* a game's hands may have {MAX_GAME_LENGTH}"
    with pytest.raises(InvalidOption, match=limit):
        pyspiel.load_game(GAME_NAME, params)
    text = ",".join(f"{key}={value}" for key, value in params.items())
    with pytest.raises(InvalidOption, match=limit):
        pyspiel.load_game(f"{GAME_NAME}({text})")


def test_the_deepest_stacks_allowed_load() -> None:
    """The bound is on the game's length: the deepest heads-up stacks under it load, and the
    length OpenSpiel reports is within it."""
    game = pyspiel.load_game(GAME_NAME, {"stacks": 2 * 131_000})  # least bets of 2
    assert MAX_GAME_LENGTH - 200 < game.max_game_length() <= MAX_GAME_LENGTH
    with pytest.raises(InvalidOption):
        pyspiel.load_game(GAME_NAME, {"stacks": 2 * 132_000})
