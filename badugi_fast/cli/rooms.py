"""``badugi import FILE... [-o OUT.phhs]``: card rooms' hand histories to PHH, each hand
replayed and its payouts checked against the room's.

One line per file: the room, the hands read, imported, refused (with the reasons
counted) and the payouts that disagree (docs/guide/rooms.md). The exit status is 0 when
every hand was imported and paid as the room paid it, 1 when some were refused or
disagree, 2 for a file no room wrote, one that cannot be read, or a bad argument.
"""

from __future__ import annotations

import argparse
from collections import Counter
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from badugi_fast.cli.common import Outcome
from badugi_fast.errors import InvalidHistory, PayoutMismatch, RoomHistoryError
from badugi_fast.phh.files import dumps_all
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.replay import replay
from badugi_fast.phh.rooms import decode, read_room

REPLAY_REFUSED = "hand the rules refuse"
"""The reason counted for a hand that imports but whose replay the rules refuse."""


def add_parsers(commands: Any) -> None:
    """Add the ``import`` command to the ``badugi`` command's subparsers."""
    command = commands.add_parser(
        "import",
        help="import card rooms' hand histories (PokerStars, Full Tilt, Winamax, Merge, ...)",
        description=(
            "Read card rooms' hand history files (UTF-8 or UTF-16), replay every hand and "
            "check what the room paid; print one line per file. Exit 0 when every hand was "
            "imported and matched, 1 when some were refused or disagree, 2 for a bad file."
        ),
    )
    command.add_argument("files", nargs="+", metavar="FILE", help="a room's hand history file")
    command.add_argument("-o", "--output", metavar="OUT.phhs", help="write the hands imported")
    command.set_defaults(run=run)


@dataclass
class FileReport:
    """What one file gave: its room, hands, refusals by reason and disagreeing payouts."""

    name: str
    rooms: list[str] = field(default_factory=list)
    """The rooms whose hands the file holds, in the order met."""
    read: int = 0
    imported: list[HandHistory] = field(default_factory=list)
    refused: Counter[str] = field(default_factory=Counter)
    disagree: list[str] = field(default_factory=list)

    def line(self) -> str:
        reasons = ", ".join(f"{reason}: {count}" for reason, count in sorted(self.refused.items()))
        refused = sum(self.refused.values())
        text = (
            f"{self.name}: {', '.join(self.rooms)}, {self.read} read, "
            f"{len(self.imported)} imported, {refused} refused"
            + (f" ({reasons})" if reasons else "")
            + f", {len(self.disagree)} payouts disagree"
        )
        return text + "".join(f"\n  {detail}" for detail in self.disagree)


def import_text(name: str, text: str) -> FileReport:
    """Every hand of one room's text, imported and replayed with its payouts checked."""
    report = FileReport(name)
    for result in read_room(text):
        report.read += 1
        room = result.room if isinstance(result, RoomHistoryError) else result.venue or ""
        if room not in report.rooms:
            report.rooms.append(room)
        if isinstance(result, RoomHistoryError):
            report.refused[result.reason] += 1
            continue
        try:
            replay(result)
        except PayoutMismatch as error:
            report.disagree.append(f"hand #{result.hand}: {error}")
        except InvalidHistory:
            report.refused[REPLAY_REFUSED] += 1
            continue
        report.imported.append(result)
    return report


def run(args: argparse.Namespace) -> Outcome:
    """The report of every file, and the exit status; ``-o`` writes the imported hands."""
    reports = []
    for name in args.files:
        try:
            text = decode(Path(name).read_bytes())
            reports.append(import_text(Path(name).name, text))
        except RoomHistoryError as error:
            raise RoomHistoryError(f"{name}: {error}", reason=error.reason) from None
    if args.output:
        hands = [hand for report in reports for hand in report.imported]
        Path(args.output).write_text(dumps_all(hands), encoding="utf-8")
    clean = all(not report.refused and not report.disagree for report in reports)
    return Outcome("\n".join(report.line() for report in reports), 0 if clean else 1)
