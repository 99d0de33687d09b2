"""The ``badugi play`` and ``badugi simulate`` commands.

badugi play --game badugi --betting fixed-limit --players 4 --seed 7 --hands 10
badugi simulate --hands 10000 --bots random,hand-strength,calling-station --json
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import shutil
import sys
import textwrap
from functools import partial
from typing import Any, TextIO, cast

from badugi_fast.cards import Card
from badugi_fast.cli.common import MAX_WORKERS, DefaultsHelp, ProgressBar, hand_names, worker_count
from badugi_fast.engine.actions import Action
from badugi_fast.engine.bots import BOTS, Bot, BotFactory, make_bot
from badugi_fast.engine.rules import BETTINGS, MAX_SEATS, MIN_SEATS
from badugi_fast.engine.simulate import DEFAULT_CHUNK, SimulationResult, simulate
from badugi_fast.engine.state import HandState
from badugi_fast.engine.table import Table
from badugi_fast.engine.textform import FORMS
from badugi_fast.engine.view import SeatView, hide
from badugi_fast.errors import IllegalAction, InvalidOptionType
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


def _bot(text: str) -> BotFactory:
    """--bot: a bundled bot's name, or ``MODULE:FACTORY``, your own bot factory in a module
    of the current directory or an installed one (docs/guide/engine.md, "Write your own bot")."""
    if text in BOTS:
        return BOTS[text]
    module, colon, name = text.partition(":")
    if not colon:
        raise argparse.ArgumentTypeError(
            f"unknown bot {text!r}: one of {', '.join(BOTS)}, or MODULE:FACTORY"
        )
    here = os.getcwd()  # absolute: a finder cached for "." may still read another directory
    if here not in sys.path:
        sys.path.insert(0, here)
    try:
        factory = getattr(importlib.import_module(module), name)
    except (ImportError, AttributeError) as error:
        raise argparse.ArgumentTypeError(f"cannot load the bot {text!r}: {error}") from None
    try:
        make_bot(factory, 0, text)
    except InvalidOptionType as error:
        raise argparse.ArgumentTypeError(str(error)) from None
    return cast("BotFactory", factory)


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
        sub.add_argument("--game", choices=sorted(GAMES), default="badugi", help="the game")
        sub.add_argument("--betting", choices=BETTINGS, default="fixed-limit", help="the betting")
        sub.add_argument(
            "--seed", type=int, default=None, help="make the deals reproducible (default: random)"
        )
        sub.add_argument("--stack", type=_positive, default=200, help="chips per seat")
        sub.add_argument(
            "--blinds",
            type=_positive,
            nargs=2,
            default=(1, 2),
            metavar=("SB", "BB"),
            help="the small and the big blind",
        )
        sub.add_argument(
            "--mucking", action="store_true", help="at the showdown, each player shows or mucks"
        )

    text = "play hands in the terminal against the bundled bots (you are seat 0)"
    play = commands.add_parser(
        "play",
        help=text,
        description=f"{text}. {HELP} From a pipe, an illegal action ends the game.",
        formatter_class=DefaultsHelp,
    )
    common(play)
    play.add_argument("--players", type=_players, default=4, help="seats, 2-8")
    play.add_argument(
        "--hands", type=_positive, default=None, help="hands to play (default: until you quit)"
    )
    play.add_argument(
        "--bot",
        type=_bot,
        default="hand-strength",
        help=f"the opponents: {', '.join(BOTS)}, or MODULE:FACTORY for your own",
    )
    play.set_defaults(run=_run_play)

    text = "self-play many hands with the bundled bots and total each seat's results"
    sim = commands.add_parser("simulate", help=text, description=text, formatter_class=DefaultsHelp)
    common(sim)
    sim.add_argument("--hands", type=_positive, default=10_000, help="hands to play")
    sim.add_argument(
        "--bots",
        type=_bot_names,
        default="random,calling-station,hand-strength",
        help=f"one per seat, comma-separated: {', '.join(BOTS)}",
    )
    sim.add_argument(
        "--workers",
        type=_positive,
        default=None,
        help=f"threads (default: one per CPU, and at most that; {MAX_WORKERS} at most)",
    )
    sim.add_argument("--chunk-size", type=_positive, default=DEFAULT_CHUNK, help="hands a chunk")
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
HELP = (
    f"Type {FORMS}; e.g. draw Kd 7s. With --mucking, show or muck at the showdown. "
    "help or ? shows this; quit (or Ctrl-D) leaves the table."
)


def _help(mucking: bool) -> str:
    """What ``help`` prints at the table: the actions of this game (show or muck only with
    mucking on), cut into lines at words so a terminal never breaks one."""
    showdown = " At the showdown, show or muck." if mucking else ""
    text = (
        f"Type {FORMS}; e.g. draw Kd 7s.{showdown} "
        "help or ? shows this; quit (or Ctrl-D) leaves the table."
    )
    return textwrap.fill(text, min(shutil.get_terminal_size().columns, 100) - 1)


class Quit(Exception):
    """You leave the table: ``quit``, or the end of the input."""


def _legal_text(view: SeatView) -> str:
    """The actions you may type now."""
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
        verb = "raise to" if any(view.bets) else "bet"  # as the engine records it (a blind bets)
        if legal.min_raise_to == legal.max_raise_to:
            options.append(f"{verb} {legal.min_raise_to}")
        else:
            options.append(f"{verb} {legal.min_raise_to}-{legal.max_raise_to}")
    return " | ".join(options)


def _your_cards(view: SeatView) -> str:
    """Your cards, those dealt at the last draw marked ``*``, and their value."""
    drawn: set[Card] | None = None  # None until you have drawn: the first deal is no draw
    for record in view.history:
        if record.seat == view.seat and record.kind == "discard":
            drawn = set()
        elif record.seat == view.seat and record.kind == "deal" and drawn is not None:
            drawn.update(record.cards)
    drawn = drawn or set()
    cards = " ".join(f"{card}*" if card in drawn else str(card) for card in view.hole_cards)
    legend = "  (* just drawn)" if drawn else ""
    return f"your cards: {cards}: {hand_names(view.game, view.hole_cards)}{legend}"


def _table_text(view: SeatView, seats: tuple[int, ...], state: HandState) -> str:
    """The table as you see it: stacks, bets, who folded or is all-in, your cards and hand,
    your options."""
    if view.phase == "showdown":
        stage = "showdown"
    elif view.phase == "draw":
        stage = f"draw {view.street} of {state.draws}"
    else:
        stage = f"betting round {view.street + 1} of {state.draws + 1}"
    lines = [f"{view.game}, {view.betting}: {stage}, pot {view.pot}"]
    for seat, table_seat in enumerate(seats):
        marks = " (you)" if table_seat == YOU else ""
        marks += " [button]" if seat == view.button else ""
        marks += " folded" if view.folded[seat] else ""
        marks += " all-in" if state.all_in(seat) else ""
        drawn = ",".join(map(str, view.discard_counts[seat]))
        lines.append(
            f"  seat {table_seat}: stack {view.stacks[seat]:>5}  bet {view.bets[seat]:>4}"
            f"  drew {drawn or '-':<5}{marks}"
        )
    lines.append(_your_cards(view))
    lines.append(f"you may: {_legal_text(view)}  (? for help)")
    return "\n".join(lines)


_BARE_DRAWS = frozenset(("draw", "d", "discard"))
"""A draw verb typed with no cards: more likely cards forgotten than a choice to stand pat."""
_BARE_DRAW = "{word!r} names no cards: type the cards to draw (draw Kd 7s), or stand pat"


class Human:
    """Your bot: shows the table and reads your action from ``stream``. Help and quit are
    answered here; whether an action is legal, only the engine says (:meth:`refused`)."""

    def __init__(self, stream: TextIO, table: Table, interactive: bool, mucking: bool) -> None:
        self.stream = stream
        self.table = table
        self.interactive = interactive
        self.help = _help(mucking)
        self.seats: tuple[int, ...] = ()
        self.shown: SeatView | None = None
        self.asked = False
        """Whether you were asked for an action in the hand in play."""

    def __call__(self, view: SeatView) -> str:
        self.asked = True
        if view != self.shown:  # asked again after an illegal action: the table is as shown
            assert self.table.last_hand is not None  # set as the hand starts
            print(_table_text(view, self.seats, self.table.last_hand))
            self.shown = view
        while True:
            print("> ", end="", flush=True)
            line = self.stream.readline()
            if not line:  # Ctrl-D, or the end of a script
                print()
                raise Quit
            word = line.strip().lower()
            if word == "quit":
                raise Quit
            if word in ("help", "?"):
                print(self.help)
            elif word in _BARE_DRAWS:  # to a bot's code a draw of no cards; typed, a slip
                self.refused(IllegalAction(_BARE_DRAW.format(word=line.strip())))
            elif word:
                return line.strip()

    def refused(self, error: IllegalAction) -> None:
        """The engine refused your action: on a terminal, say why and ask again; from a
        pipe, stop (a script with a wrong line would go on out of step)."""
        if not self.interactive:
            raise error
        print(error)


def _run_play(args: argparse.Namespace) -> str:
    if sys.stdin is None:
        raise ValueError("play needs a standard input to read your actions")
    table = Table([args.stack] * args.players, seed=args.seed, **_options(args))
    human = Human(sys.stdin, table, sys.stdin.isatty(), args.mucking)
    bots: dict[int, Bot] = {YOU: human}
    for seat in range(1, args.players):
        bots[seat] = args.bot(seat if args.seed is None else args.seed * 100 + seat)
    try:
        ended = _play(table, bots, human, args.hands)
    except Quit:
        ended = "you left the table (the hand in play does not count)"
    except KeyboardInterrupt:  # the final stacks, then the one line of an interrupted command
        print(f"\n{_final_stacks(table)}", flush=True)
        raise
    return f"{ended}\n{_final_stacks(table)}"


def _play(table: Table, bots: dict[int, Bot], human: Human, hands: int | None) -> str:
    """Play ``hands`` hands (None: until you quit) or until you or every bot busts; why
    the game ended."""
    played = 0
    while hands is None or played < hands:
        if table.stacks[YOU] == 0:
            return "you have no chips left"
        if len(table.players) < MIN_SEATS:
            return "you have every chip"
        played += 1
        seats = human.seats = table.players
        human.asked = False
        print(f"\n=== hand {played}: button seat {table.button}")
        state = table.play_hand(
            bots, on_action=partial(_announce, table, seats), on_illegal=human.refused
        )
        assert state.result is not None
        if not human.asked:  # everyone folded to you, or you were all-in: what you held
            print(_your_cards(state.view(seats.index(YOU))))
        if not state.mucking:  # the dealer turned every live hand over (with mucking: shown above)
            for record in state.history:
                if record.kind == "show":
                    print(_describe(record, seats, state))
        print(format_settlement(state.result, runs=state.run or 1))
    return f"{played} hands played"


def _final_stacks(table: Table) -> str:
    """Every seat's chips."""
    stacks = ", ".join(
        f"seat {seat}{' (you)' if seat == YOU else ''} {stack}"
        for seat, stack in enumerate(table.stacks)
    )
    return f"final stacks: {stacks}"


def _announce(table: Table, seats: tuple[int, ...], record: Action) -> None:
    """Print an action of the hand in play as you see it (other seats' cards hidden)."""
    state = table.last_hand
    assert state is not None  # set as the hand starts
    print(_describe(hide(record, seats.index(YOU)), seats, state))


def _describe(record: Action, seats: tuple[int, ...], state: HandState) -> str:
    """An action with the table's seat numbers, a shown hand's value and an all-in's label."""
    if record.seat is None:
        return str(record)
    text = str(record._replace(seat=seats[record.seat]))
    if record.kind == "show":
        return f"{text}: {hand_names(state.game, record.cards)}"
    if record.kind in ("call", "bet", "raise") and state.all_in(record.seat):
        return f"{text} (all-in)"
    return text


def _run_simulate(args: argparse.Namespace) -> str:
    if not MIN_SEATS <= len(args.bots) <= MAX_SEATS:
        raise ValueError(f"give {MIN_SEATS} to {MAX_SEATS} bots, got {len(args.bots)}")
    options = _options(args)
    result = simulate(
        args.hands,
        args.bots,  # by name: the bundled bots play in C, on every CPU unless told
        seed=args.seed or 0,
        chunk_size=args.chunk_size,
        progress=ProgressBar("hands"),
        threads=None if args.workers is None else worker_count(args.workers),
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
