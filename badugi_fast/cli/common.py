"""What the subcommands share: the subparser with --game and --json, help that shows the
defaults, hand descriptions, the worker pool of --workers and the progress bar."""

from __future__ import annotations

import argparse
import sys
import time
from concurrent.futures import Executor, ThreadPoolExecutor
from contextlib import AbstractContextManager, nullcontext
from typing import Any, NamedTuple

from badugi_fast.cards import Card
from badugi_fast.evaluation import RankedHand
from badugi_fast.games import GAMES, GameRule, game_rule
from badugi_fast.parallel import HERE, cpu_count

Subparsers = Any
"""argparse's private ``_SubParsersAction``, as ``add_subparsers()`` returns it."""


MAX_ERROR_LENGTH = 200
"""Longest error line printed: a huge bad input gives a short, one-line error."""


def shorten_line(text: str) -> str:
    """``text`` on one line, cut to MAX_ERROR_LENGTH characters."""
    text = " ".join(text.split())
    return text if len(text) <= MAX_ERROR_LENGTH else text[: MAX_ERROR_LENGTH - 3] + "..."


class Outcome(NamedTuple):
    """What a subcommand prints and the exit status it ends with (a plain string: 0)."""

    text: str
    status: int


def add_command(
    commands: Subparsers, name: str, help_text: str, game: str | None = "badugi"
) -> argparse.ArgumentParser:
    """A subcommand with the options most commands take: ``--game`` and ``--json``."""
    sub: argparse.ArgumentParser = commands.add_parser(name, help=help_text, description=help_text)
    sub.add_argument("--game", choices=sorted(GAMES), default=game, help="the game")
    sub.add_argument("--json", action="store_true", help="print JSON")
    return sub


class DefaultsHelp(argparse.ArgumentDefaultsHelpFormatter):
    """``--help`` that gives every option's default, but None's (that option's help says
    what happens without it)."""

    def _get_help_string(self, action: argparse.Action) -> str | None:
        if action.default is None:
            return action.help
        return super()._get_help_string(action)


def hand_names(game: str, cards: tuple[Card, ...]) -> str:
    """The value of a player's cards in each half of the game: ``4-3-2-A (perfect badugi)``."""
    return " / ".join(str(hand) for hand in game_rule(game).hands(cards))


def describe_hands(rule: GameRule, hands: tuple[RankedHand, ...]) -> dict[str, object]:
    """One seat's hands as JSON-ready data: the game, the cards, each half's hand."""
    return {
        "game": rule.name,
        "cards": [str(card) for card in hands[0].cards],
        "halves": {
            half.kind: hand.to_dict() for half, hand in zip(rule.halves, hands, strict=True)
        },
    }


MAX_WORKERS = 256
"""``--workers`` above this is refused; up to it, a pool has at most one worker per CPU."""


def worker_count(workers: int) -> int:
    """The threads ``--workers`` runs on: ``min(workers, CPUs)``."""
    if workers < 1:
        raise ValueError(f"--workers must be at least 1, not {workers}")
    if workers > MAX_WORKERS:
        raise ValueError(f"--workers {workers} is more than the maximum {MAX_WORKERS}")
    return min(workers, cpu_count())


def worker_pool(workers: int | None) -> AbstractContextManager[Executor | object]:
    """The executor for ``--workers``: None (the library's default, every core) when not
    given, ``HERE`` (this thread) for one, else a pool of :func:`worker_count` threads."""
    if workers is None:
        return nullcontext()
    size = worker_count(workers)
    return nullcontext(HERE) if size == 1 else ThreadPoolExecutor(size)


class ProgressBar:
    """A one-line bar on stderr, shown only on a terminal once a run passes a second, and
    taken off the screen when the run ends: what comes next (the results, an error, Ctrl-C's
    line) starts on a clean line."""

    on_screen = 0
    """The length of the bar's line now on stderr (0: none), whichever bar drew it."""

    def __init__(self, unit: str) -> None:
        self.unit = unit
        self.start = time.monotonic()
        self.shown = False

    def __call__(self, done: int, total: int) -> None:
        terminal = sys.stderr is not None and sys.stderr.isatty()
        if not terminal or (time.monotonic() - self.start < 1 and not self.shown):
            return
        if done == total:
            ProgressBar.erase()
            return
        filled = 30 * done // total
        line = f"[{'#' * filled}{' ' * (30 - filled)}] {done:,}/{total:,} {self.unit}"
        sys.stderr.write(f"\r{line}")
        sys.stderr.flush()
        self.shown = True
        ProgressBar.on_screen = len(line)

    @staticmethod
    def erase() -> None:
        """Blank the bar's line, if one is on stderr, and go back to its start."""
        if ProgressBar.on_screen and sys.stderr is not None:
            sys.stderr.write(f"\r{' ' * ProgressBar.on_screen}\r")
            sys.stderr.flush()
        ProgressBar.on_screen = 0
