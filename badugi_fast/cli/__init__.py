"""The ``badugi`` command: one module per subcommand, each only argument parsing and formatting.

badugi eval "As 2c 3h 4d"
badugi compare "8s 7h 3d 2c" "9s 8h 4d 3c" --json
badugi showdown 100:As2c3h4d 100:Ks7h3d2c
badugi play --players 4 --seed 7             (play and simulate: play.py)
badugi odds "As 2h 3d Kd" --draws 3          (odds and equity: odds.py)
badugi equity "As 2h 3d Kd" "*" --draws 1    (a range for any hand)
badugi range '$badugi8'                      (ranges.py)
badugi replay hand.phh
badugi import HH20240305.txt -o hands.phhs  (hands from card rooms: rooms.py)
badugi review HH20240305.txt --html out.html (your equity at every decision: review.py)
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import NoReturn

from badugi_fast.cli import (
    compare,
    evaluate,
    odds,
    play,
    ranges,
    replay,
    review,
    rooms,
    showdown,
)
from badugi_fast.cli.common import MAX_ERROR_LENGTH, Outcome, ProgressBar, shorten_line
from badugi_fast.errors import BadugiError

__all__ = ["MAX_ERROR_LENGTH", "main", "parser"]


class Parser(argparse.ArgumentParser):
    """argparse whose errors are one line, as every other error of the command is: the
    problem and where the help is, not the usage block first. Subcommands' parsers are
    made of this class too (``add_subparsers`` uses the parent's)."""

    def error(self, message: str) -> NoReturn:
        line = shorten_line(f"{self.prog}: error: {message}")
        self.exit(2, f"{line} (see {self.prog} --help)\n")


def parser() -> argparse.ArgumentParser:
    """The ``badugi`` argument parser with every subcommand."""
    top = Parser(
        prog="badugi",
        description="Exact Badugi, Badacey, Badeucey and draw-lowball evaluation, play and odds.",
    )
    commands = top.add_subparsers(dest="command", required=True)
    for module in (evaluate, compare, showdown, play, odds, ranges, replay, rooms, review):
        module.add_parsers(commands)
    return top


def error_line(error: BaseException) -> str:
    """One short line naming the problem, whatever the error's text holds."""
    return shorten_line(f"badugi: error: {' '.join(str(error).split()) or type(error).__name__}")


INTERRUPTED = 130
"""The exit status after a Ctrl-C, as a shell reports a command that SIGINT ended."""
BROKEN_PIPE = 141
"""The exit status when the reader of the output has gone, as for a command SIGPIPE ended."""


def main(argv: Sequence[str] | None = None) -> int:
    """Entry point of the ``badugi`` console script: 0 on success (or the status a command
    gives with its report: ``badugi import`` says 1 when some hands were refused), 2 for
    any bad input (or a closed standard output), 130 after a Ctrl-C, 141 when the
    output's reader is gone, each but the last with one line on stderr."""
    args = parser().parse_args(argv)
    if sys.stdout is None:
        return _fail("badugi: error: standard output is closed")
    status = 0
    try:
        output = args.run(args)
        if isinstance(output, Outcome):
            output, status = output
        print(output)
        sys.stdout.flush()  # a reader gone shows here, not at the interpreter's exit
    except KeyboardInterrupt:
        return _fail("badugi: interrupted", INTERRUPTED)
    except BrokenPipeError:
        _discard_output()
        return BROKEN_PIPE
    except (BadugiError, ValueError, TypeError, OSError) as error:
        return _fail(error_line(error))
    return status


def _fail(line: str, status: int = 2) -> int:
    """Say ``line`` on stderr, if there is one (on a line of its own: a progress bar is
    taken off first), and give the exit status."""
    ProgressBar.erase()
    if sys.stderr is not None:
        print(line, file=sys.stderr)
    return status


def _discard_output() -> None:
    """Point stdout at the null device, so the interpreter's last flush finds no broken pipe."""
    try:
        null = os.open(os.devnull, os.O_WRONLY)
        os.dup2(null, sys.stdout.fileno())
    except (OSError, ValueError):  # no file descriptor behind stdout: nothing left to flush
        pass


if __name__ == "__main__":
    sys.exit(main())
