"""Solving small draw games (docs/guide/solving.md): CFR+ on each named small game, its
exploitability after each doubling of the iterations, and the value of the game to the
button at the end. Needs OpenSpiel (``pip install "badugi_fast[openspiel]"``), and
matplotlib for the figure.

The game is the OpenSpiel game ``python_badugi`` (badugi_fast.envs.openspiel). Its tree is
walked once and written in EFG, Gambit's format that OpenSpiel's ``load_efg_game`` reads,
so that OpenSpiel's C++ CFR+ and exploitability run on a copy of the tree instead of
calling the Python game at every node; for the smallest game the script checks the copy
against the Python game itself (the same exploitability at every point of the curve).

    python docs/examples/solve_small.py                    # every named size, 1,024 iterations
    python docs/examples/solve_small.py --games kuhn-badugi --iterations 256 --out /tmp/curve.png
"""

from __future__ import annotations

import argparse
import time
from typing import Any

import pyspiel

from badugi_fast.envs.openspiel import GAME_NAME
from badugi_fast.games import SMALL_GAMES


def efg(game: Any) -> tuple[str, dict[str, int]]:
    """The game's tree in EFG (depth first, a node's children in the order of its actions;
    each seat's information states numbered by their strings) and its counts: nodes,
    terminal nodes and information states."""
    lines = [f'EFG 2 R "{game}" {{ "seat 0" "seat 1" }}']
    infosets: list[dict[str, int]] = [{}, {}]
    terminal = chance = 0
    stack = [game.new_initial_state()]
    while stack:
        state = stack.pop()
        if state.is_terminal():
            terminal += 1
            returns = " ".join(f"{value!r}" for value in state.returns())
            lines.append(f't "" {terminal} "" {{ {returns} }}')
            continue
        if state.is_chance_node():
            chance += 1
            outcomes = state.chance_outcomes()
            actions = [action for action, _ in outcomes]
            body = " ".join(f'"{action}" {chance_of!r}' for action, chance_of in outcomes)
            lines.append(f'c "" {chance} "" {{ {body} }} 0')
        else:
            seat = state.current_player()
            known = infosets[seat]
            number = known.setdefault(state.information_state_string(), len(known) + 1)
            actions = state.legal_actions()
            body = " ".join(f'"{action}"' for action in actions)
            lines.append(f'p "" {seat + 1} {number} "" {{ {body} }} 0')
        stack.extend(state.child(action) for action in reversed(actions))
    counts = {
        "nodes": len(lines) - 1,
        "terminal": terminal,
        "information states": sum(map(len, infosets)),
    }
    return "\n".join(lines) + "\n", counts


def curve(game: Any, iterations: int) -> tuple[list[tuple[int, float]], float]:
    """CFR+'s exploitability after 1, 2, 4 ... ``iterations`` iterations, and the value of
    the game to seat 0 (the button) under the last average policy."""
    solver = pyspiel.CFRPlusSolver(game)
    points = []
    for done in range(1, iterations + 1):
        solver.evaluate_and_update_policy()
        if done & (done - 1) == 0 or done == iterations:
            points.append((done, pyspiel.exploitability(game, solver.average_policy())))
    value = pyspiel.expected_returns(game.new_initial_state(), solver.average_policy(), -1, True)
    return points, value[0]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", nargs="+", default=list(SMALL_GAMES), choices=SMALL_GAMES)
    parser.add_argument("--iterations", type=int, default=1024)
    parser.add_argument("--out", default="docs/examples/solve_small.png")
    args = parser.parse_args()
    curves = {}
    for name in args.games:
        game = pyspiel.load_game(GAME_NAME, {"game": name})
        start = time.perf_counter()
        text, counts = efg(game)
        walked = time.perf_counter() - start
        copy = pyspiel.load_efg_game(text)
        start = time.perf_counter()
        points, value = curve(copy, args.iterations)
        solved = time.perf_counter() - start
        if name == "kuhn-badugi":  # the copy is the game: the same curve on the Python game
            direct, _ = curve(game, min(args.iterations, 64))
            assert all(abs(a[1] - b[1]) < 1e-9 for a, b in zip(direct, points, strict=False))
        curves[name] = points
        sizes = ", ".join(f"{count:,} {what}" for what, count in counts.items())
        print(f"{name}: {sizes} (walked in {walked:.1f} s, CFR+ {solved:.1f} s)")
        for done, exploitability in points:
            print(f"  {done:5d} iterations: exploitability {exploitability:.3g}")
        print(f"  value to the button: {value:+.6f} big blinds a hand")
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return
    figure, axes = plt.subplots(figsize=(6.4, 4))
    for name, points in curves.items():
        axes.loglog(*zip(*points, strict=True), marker="o", label=name)
    axes.set_xlabel("CFR+ iterations")
    axes.set_ylabel("exploitability (big blinds a hand)")
    axes.grid(True, which="both", alpha=0.3)
    axes.legend()
    figure.tight_layout()
    figure.savefig(args.out, dpi=100)


if __name__ == "__main__":
    main()
