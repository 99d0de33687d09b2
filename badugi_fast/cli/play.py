"""The ``badugi play`` and ``badugi simulate`` commands.

badugi play --game badugi --betting fixed-limit --players 4 --seed 7
badugi simulate --hands 10000 --bots random,hand-strength,calling-station --json
"""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Callable
from typing import Any, TextIO

from badugi_fast.cli.common import MAX_WORKERS, ProgressBar, worker_pool
from badugi_fast.engine.actions import Action
from badugi_fast.engine.bots import BOTS, Bot
from badugi_fast.engine.rules import BETTINGS, MAX_SEATS, MIN_SEATS
from badugi_fast.engine.simulate import DEFAULT_CHUNK, SimulationResult, simulate
from badugi_fast.engine.table import Table
from badugi_fast.engine.textform import parse_action
from badugi_fast.engine.view import SeatView, hide
from badugi_fast.errors import IllegalAction
from badugi_fast.games import GAMES
from badugi_fast.pots import format_settlement

YOU = 0


def _players(text: str) -> int:
    """--players: 2..8."""
    value = int(text)
    if not MIN_SEATS <= value <= MAX_SEATS:
        raise argparse.ArgumentTypeError(f"players must be {MIN_SEATS} to {MAX_SEATS}")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value < 1:
        raise argparse.ArgumentTypeError(f"must be at least 1, got {value}")
    return value


def _bot_names(text: str) -> list[str]:
    """--bots: comma-separated bundled bot names."""
    names = [name.strip() for name in text.split(",")]
    for name in names:
        if name not in BOTS:
            raise argparse.ArgumentTypeError(f"unknown bot {name!r}: one of {', '.join(BOTS)}")
    return names


def add_parsers(commands: Any) -> None:
    """Add ``play`` and ``simulate`` to the ``badugi`` command's subparsers."""

    def common(sub: argparse.ArgumentParser) -> None:
        sub.add_argument("--game", choices=sorted(GAMES), default="badugi")
        sub.add_argument("--betting", choices=BETTINGS, default="fixed-limit")
        sub.add_argument("--seed", type=int, default=None, help="make the deals reproducible")
        sub.add_argument("--stack", type=_positive, default=200, help="chips per seat")
        sub.add_argument("--blinds", type=_positive, nargs=2, default=(1, 2), metavar=("SB", "BB"))
        sub.add_argument(
            "--mucking", action="store_true", help="at the showdown, each player shows or mucks"
        )

    text = "play hands in the terminal against the bundled bots (you are seat 0)"
    play = commands.add_parser(
        "play",
        help=text,
        description=text + ". Type: fold, check, call, raise N (the round's total), "
        "draw CARDS (e.g. draw Kd 7s), stand pat; with --mucking, show or muck at the "
        "showdown. From a pipe, a bad action ends the game.",
    )
    common(play)
    play.add_argument("--players", type=_players, default=4, help="seats, 2-8 (default 4)")
    play.add_argument("--hands", type=_positive, default=1, help="hands to play (default 1)")
    play.add_argument("--bot", choices=sorted(BOTS), default="hand-strength", help="opponents")
    play.set_defaults(run=_run_play)

    text = "self-play many hands with the bundled bots and total each seat's results"
    sim = commands.add_parser("simulate", help=text, description=text)
    common(sim)
    sim.add_argument("--hands", type=_positive, default=10_000)
    sim.add_argument(
        "--bots",
        type=_bot_names,
        default=["random", "calling-station", "hand-strength"],
        help=f"one per seat, comma-separated: {', '.join(BOTS)}",
    )
    sim.add_argument(
        "--workers",
        type=_positive,
        default=1,
        help=f"processes (default 1; at most one per CPU; {MAX_WORKERS} at most)",
    )
    sim.add_argument("--chunk-size", type=_positive, default=DEFAULT_CHUNK)
    sim.add_argument("--json", action="store_true", help="print JSON")
    sim.set_defaults(run=_run_simulate)


def _options(args: argparse.Namespace) -> dict[str, Any]:
    return {
        "game": args.game,
        "betting": args.betting,
        "blinds": tuple(args.blinds),
        "mucking": args.mucking,
    }


# ---------------------------------------------------------------------- play
def _legal_text(view: SeatView) -> str:
    """The actions a human may type now."""
    if view.phase == "showdown":
        return "show | muck" if view.can_muck else "show"
    legal = view.legal
    assert legal is not None
    if legal.can_draw:
        return f"draw CARDS (up to {legal.max_discards}) | stand pat"
    options = []
    if legal.can_fold:
        options.append("fold")
    options.append("check" if legal.can_check else f"call {legal.call_amount}")
    if legal.min_raise_to is not None:
        verb = "raise" if legal.can_fold else "bet"
        if legal.min_raise_to == legal.max_raise_to:
            options.append(f"{verb} {legal.min_raise_to}")
        else:
            options.append(f"{verb} {legal.min_raise_to}-{legal.max_raise_to}")
    return " | ".join(options)


def _table_text(view: SeatView, seats: tuple[int, ...]) -> str:
    """The table as you see it: stacks, bets, who folded, your cards, your options."""
    if view.phase == "showdown":
        stage = "showdown"
    elif view.phase == "draw":
        stage = f"draw {view.street} of 3"
    else:
        stage = f"betting round {view.street + 1} of 4"
    lines = [f"{view.game}, {view.betting}: {stage}, pot {view.pot}"]
    for seat, table_seat in enumerate(seats):
        marks = " (you)" if table_seat == YOU else ""
        marks += " [button]" if seat == view.button else ""
        marks += " folded" if view.folded[seat] else ""
        drawn = ",".join(map(str, view.discard_counts[seat]))
        lines.append(
            f"  seat {table_seat}: stack {view.stacks[seat]:>5}  bet {view.bets[seat]:>4}"
            f"  drew {drawn or '-':<5}{marks}"
        )
    lines.append(f"your cards: {' '.join(map(str, view.hole_cards))}")
    lines.append(f"you may: {_legal_text(view)}")
    return "\n".join(lines)


class Human:
    """Seat 0's bot: shows the table and reads an action from ``stream``."""

    def __init__(self, stream: TextIO, out: Callable[[str], None], interactive: bool) -> None:
        self.stream = stream
        self.out = out
        self.interactive = interactive
        self.seats: tuple[int, ...] = ()

    def __call__(self, view: SeatView) -> Action | str:
        self.out(_table_text(view, self.seats))
        while True:
            print("> ", end="", flush=True)
            raw = self.stream.readline()
            if not raw:
                raise IllegalAction("end of input: no action for your turn")
            line = raw.strip()
            try:
                parse_action(line)
            except IllegalAction as error:
                if not self.interactive:
                    raise
                self.out(str(error))
                continue
            return line


def _run_play(args: argparse.Namespace) -> str:
    if sys.stdin is None:
        raise ValueError("play needs a standard input to read your actions")
    out = print
    human = Human(sys.stdin, out, sys.stdin.isatty())
    bots: dict[int, Bot] = {YOU: human}
    seed = args.seed if args.seed is not None else None
    for seat in range(1, args.players):
        bots[seat] = BOTS[args.bot](seat if seed is None else seed * 100 + seat)
    table = Table([args.stack] * args.players, seed=seed, **_options(args))
    for number in range(1, args.hands + 1):
        if table.stacks[YOU] == 0 or len(table.players) < MIN_SEATS:
            break
        human.seats = table.players
        out(f"\n=== hand {number}: button seat {table.button}")
        you = table.players.index(YOU)

        def show(record: Action, you: int = you) -> None:
            out(_describe(hide(record, you), human.seats))

        state = table.play_hand(bots, on_action=show)
        assert state.result is not None
        if not args.mucking:  # the dealer turned every live hand over (with mucking: shown above)
            for record in state.history:
                if record.kind == "show":
                    out(_describe(record, human.seats))
        out(format_settlement(state.result))
    return f"your stack: {table.stacks[YOU]} (started with {args.stack})"


def _describe(record: Action, seats: tuple[int, ...]) -> str:
    """An action with the table's seat numbers."""
    if record.seat is None:
        return str(record)
    return str(record._replace(seat=seats[record.seat]))


def _run_simulate(args: argparse.Namespace) -> str:
    if not MIN_SEATS <= len(args.bots) <= MAX_SEATS:
        raise ValueError(f"give {MIN_SEATS} to {MAX_SEATS} bots, got {len(args.bots)}")
    factories = [BOTS[name] for name in args.bots]
    options = _options(args)
    with worker_pool(args.workers, processes=True) as pool:
        result = simulate(
            args.hands,
            factories,
            seed=args.seed or 0,
            chunk_size=args.chunk_size,
            progress=ProgressBar("hands"),
            executor=pool,
            stack=args.stack,
            **options,
        )
    if args.json:
        return json.dumps({"bots": args.bots, **options, **result.to_dict()})
    return _results_table(args.bots, result)


def _results_table(names: list[str], result: SimulationResult) -> str:
    """One row per seat: its bot, net chips, chips per hand, showdowns and hands won."""
    lines = [
        f"{result.hands:,} hands",
        f"{'seat':>4}  {'bot':<16}{'net':>10}{'per hand':>10}{'showdowns':>11}{'won':>8}",
    ]
    for seat, name in enumerate(names):
        lines.append(
            f"{seat:>4}  {name:<16}{result.net[seat]:>+10}{result.per_hand()[seat]:>+10.3f}"
            f"{result.showdowns[seat]:>11}{result.wins[seat]:>8}"
        )
    if result.carried_over:
        lines.append(f"carried over: {result.carried_over}")
    return "\n".join(lines)
