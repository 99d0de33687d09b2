"""The small games through OpenSpiel (docs/guide/solving.md): loaded by their sizes as
parameters, the same game as their names, and solved: CFR+ on ``kuhn-badugi``, the smallest,
brings OpenSpiel's exploitability from over a big blind a hand to below the bound the guide
states; the guide's script (docs/examples/solve_small.py) runs as saved at a bounded size."""

from __future__ import annotations

import importlib.util
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")
from open_spiel.python import policy as policy_lib  # noqa: E402
from open_spiel.python.algorithms import cfr, exploitability  # noqa: E402

from badugi_fast.envs.openspiel import GAME_NAME  # noqa: E402

KUHN = {"ranks": 3, "suits": 1, "hand_size": 1, "draws": 1, "max_raises": 0}
"""kuhn-badugi's sizes, as parameters of the badugi game."""
BOUND, ITERATIONS = 5e-3, 32
"""CFR+'s exploitability on kuhn-badugi after ITERATIONS iterations is below BOUND (big blinds a
hand; the guide's curve: 3.0e-3 at 32)."""


def tree(game: Any) -> tuple[int, int, int]:
    """Nodes, terminal nodes and information states of a game's whole tree."""
    nodes = terminal = 0
    infosets: set[tuple[int, str]] = set()
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        nodes += 1
        if state.is_terminal():
            terminal += 1
            continue
        if not state.is_chance_node():
            seat = state.current_player()
            infosets.add((seat, state.information_state_string(seat)))
        stack.extend(state.child(action) for action in state.legal_actions())
    return nodes, terminal, len(infosets)


def test_the_sizes_as_parameters_are_the_named_game() -> None:
    by_sizes = pyspiel.load_game(GAME_NAME, KUHN)
    by_name = pyspiel.load_game(GAME_NAME, {"game": "kuhn-badugi"})
    assert by_sizes.get_parameters()["ranks"] == 3 == by_name.get_parameters()["ranks"]
    assert tree(by_sizes) == tree(by_name) == (304, 126, 87)  # docs/rules.md, "Small games"
    uniform = policy_lib.UniformRandomPolicy(by_sizes)
    assert exploitability.exploitability(by_sizes, uniform) == pytest.approx(
        exploitability.exploitability(by_name, policy_lib.UniformRandomPolicy(by_name))
    )
    state = by_sizes.new_initial_state()
    assert [card for card, _ in state.chance_outcomes()] == [0, 4, 8]  # As 2s 3s


@pytest.mark.parametrize(
    ("params", "message"),
    [({"hand_size": 6}, "hand_size"), ({"ranks": 1}, "too small"), ({"suits": 0}, "suits")],
)
def test_a_size_out_of_range_is_refused_by_name(params: dict[str, int], message: str) -> None:
    with pytest.raises(Exception, match=message):
        pyspiel.load_game(GAME_NAME, params)


def test_cfr_plus_solves_the_smallest_game() -> None:
    game = pyspiel.load_game(GAME_NAME, KUHN)
    before = exploitability.exploitability(game, policy_lib.UniformRandomPolicy(game))
    solver = cfr.CFRPlusSolver(game)
    for _ in range(ITERATIONS):
        solver.evaluate_and_update_policy()
    after = exploitability.exploitability(game, solver.average_policy())
    assert before > 1 and after < BOUND


SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "solve_small.py"


def test_the_guide_s_script_solves_the_smallest_game(tmp_path: Path) -> None:
    """8 iterations on kuhn-badugi: its counts, a falling curve (the script checks its EFG
    copy against the Python game at every point), the value and the figure."""
    argv = ["--games", "kuhn-badugi", "--iterations", "8", "--out", str(tmp_path / "c.png")]
    run = subprocess.run(
        [sys.executable, "-I", str(SCRIPT), *argv], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert lines[0].startswith("kuhn-badugi: 304 nodes, 126 terminal, 87 information states")
    curve = [float(line.split()[-1]) for line in lines[1:-1]]
    assert len(curve) == 4 and curve == sorted(curve, reverse=True)
    assert re.fullmatch(r"  value to the button: [+-]\d\.\d{6} big blinds a hand", lines[-1])
    drawn = (tmp_path / "c.png").exists()
    assert drawn == (importlib.util.find_spec("matplotlib") is not None)
