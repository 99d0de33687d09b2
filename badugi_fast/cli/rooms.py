"""``badugi import PATH... [-o OUT.phhs] [--report FILE]``: card rooms' hand histories to PHH,
each hand replayed and its payouts checked against the room's.

Files are read hand by hand, a block at a time, so a file of hundreds of megabytes takes
the memory of one hand; a folder is read whole, its files in name order, recursively. One
line per file: the rooms, the hands read, imported, refused (the reasons counted), the
payouts that disagree and the duplicates (a hand of the same room and number met before,
imported once), then each refused or disagreeing hand named (room, hand number, line,
reason); ``--report`` writes those hands as JSON lines. ``-o`` writes the imported hands,
under the specification's codes where PokerKit plays them alike (docs/guide/rooms.md). The
exit status is 0 when every hand was imported and paid as the room paid it, 1 when some
were refused or disagree, 2 for a file named that no room wrote or that cannot be read
(the other files are still imported), or a bad argument.
"""

from __future__ import annotations

import argparse
import json
import sys
from collections import Counter
from collections.abc import Iterable, Iterator
from contextlib import ExitStack
from dataclasses import asdict, dataclass, field
from functools import partial
from itertools import accumulate
from pathlib import Path
from typing import IO, Any

from badugi_fast.cli.common import Outcome, ProgressBar, shorten_line
from badugi_fast.errors import InvalidHistory, PayoutMismatch, RoomHistoryError
from badugi_fast.phh.export import as_standard
from badugi_fast.phh.files import dumps
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.replay import replay
from badugi_fast.phh.rooms import read_numbered
from badugi_fast.phh.rooms.files import text_lines
from badugi_fast.phh.variants import VARIANTS

REPLAY_REFUSED = "hand the rules refuse"
"""The reason counted for a hand that imports but whose replay the rules refuse."""


def add_parsers(commands: Any) -> None:
    """Add the ``import`` command to the ``badugi`` command's subparsers."""
    command = commands.add_parser(
        "import",
        help="import card rooms' hand histories (PokerStars, Full Tilt, Winamax, Merge, ...)",
        description=(
            "Read card rooms' hand history files (UTF-8 or UTF-16) or folders of them, replay "
            "every hand and check what the room paid; print one line per file and each hand "
            "refused or paid otherwise. Exit 0 when every hand was imported and matched, 1 "
            "when some were refused or disagree, 2 for a bad file."
        ),
    )
    command.add_argument(
        "paths", nargs="+", metavar="PATH", help="a room's hand history file, or a folder of them"
    )
    command.add_argument("-o", "--output", metavar="OUT.phhs", help="write the hands imported")
    command.add_argument(
        "--report", metavar="FILE", help="write each refused, disagreeing or duplicate hand as JSON"
    )
    command.set_defaults(run=run)


@dataclass(frozen=True)
class HandNote:
    """A hand the report names: where it is, and what became of it."""

    file: str
    room: str
    hand: str
    line: int
    """The line of the refusal, or of the hand's start."""
    outcome: str
    """``refused``, ``payouts disagree``, ``duplicate`` or ``warning`` (imported, with
    the history's ``_warnings``)."""
    reason: str
    """The refusal's reason (``RoomHistoryError.reason``), or the outcome."""
    detail: str

    def text(self) -> str:
        """The hand on one line of the terminal's report, indented under its file's."""
        where = f"{self.room} hand #{self.hand}" if self.hand else f"{self.room} hand"
        return "  " + shorten_line(f"{where}, line {self.line}: {self.reason}: {self.detail}")


@dataclass
class FileReport:
    """What one file gave: its rooms, the hands read, imported, refused (by reason), paid
    otherwise than the rules pay and met before, and the hands to name."""

    name: str
    rooms: list[str] = field(default_factory=list)
    """The rooms whose hands the file holds, in the order met."""
    read: int = 0
    imported: int = 0
    refused: Counter[str] = field(default_factory=Counter)
    disagree: int = 0
    duplicates: int = 0
    warned: int = 0
    """The hands imported with a warning on the history (``_warnings``: cards a garbled
    line made unknown, a dead blind no line states)."""
    notes: list[HandNote] = field(default_factory=list)
    """The refused and disagreeing hands, named on the terminal."""

    def line(self) -> str:
        reasons = ", ".join(f"{reason}: {count}" for reason, count in sorted(self.refused.items()))
        refused = sum(self.refused.values())
        text = (
            f"{self.name}: {', '.join(self.rooms)}, {self.read} read, "
            f"{self.imported} imported, {refused} refused"
            + (f" ({reasons})" if reasons else "")
            + f", {self.disagree} payouts disagree"
            + (f", {self.duplicates} duplicates" if self.duplicates else "")
            + (f", {self.warned} with warnings" if self.warned else "")
        )
        return text + "".join(f"\n{note.text()}" for note in self.notes)

    @property
    def clean(self) -> bool:
        """Whether every hand was imported and paid as the room paid it."""
        return not self.refused and not self.disagree


class Importer:
    """One ``badugi import``: the hands met so far (a hand met again is a duplicate), the
    output the imported hands go to and the report file the named hands go to."""

    def __init__(self, output: IO[str] | None = None, report: IO[str] | None = None) -> None:
        self.output = output
        self.report = report
        self.written: Counter[str] = Counter()
        """The hands written, by variant code."""
        self.imported: set[tuple[str, str]] = set()
        self.refused: set[tuple[str, str]] = set()

    def read(self, name: str, lines: Iterable[str]) -> FileReport:
        """Every hand of one file's lines, imported, replayed and its payouts checked."""
        report = FileReport(name)
        for line, result in read_numbered(lines):
            report.read += 1
            room, hand = _where(result)
            if room not in report.rooms:
                report.rooms.append(room)
            if hand and (room, hand) in self.imported:
                self._duplicate(report, line, room, hand)
            elif isinstance(result, RoomHistoryError):
                self._refuse(report, line, result, result.reason)
            else:
                self._import(report, line, result)
        return report

    def _import(self, report: FileReport, line: int, history: HandHistory) -> None:
        """An imported hand, replayed: written, or refused by the rules."""
        room, hand = _where(history)
        try:
            state = replay(history)
        except PayoutMismatch as error:
            report.disagree += 1
            disagree = "payouts disagree"
            self._note(
                report, HandNote(report.name, room, hand, line, disagree, disagree, str(error))
            )
            state = None
        except InvalidHistory as error:
            self._refuse(report, line, error, REPLAY_REFUSED, history)
            return
        report.imported += 1
        if hand:
            self.imported.add((room, hand))
        warnings = history.user_fields.get("_warnings")
        if warnings:
            report.warned += 1
            detail = "; ".join(map(str, warnings))
            self._note(
                report, HandNote(report.name, room, hand, line, "warning", "warning", detail)
            )
        if self.output is not None:
            written = history if state is None else as_standard(history, state)
            count = self.written.total()
            self.output.write(("\n" if count else "") + f"[{count + 1}]\n{dumps(written)}")
            self.written[written.variant] += 1

    def _refuse(
        self,
        report: FileReport,
        line: int,
        error: InvalidHistory,
        reason: str,
        history: HandHistory | None = None,
    ) -> None:
        """A hand refused: named and counted, or, refused before, counted a duplicate (met
        again, it is imported if it can be: a file cut short, then whole)."""
        room, hand = _where(history if history is not None else error)
        if hand and (room, hand) in self.refused:
            self._duplicate(report, line, room, hand)
            return
        report.refused[reason] += 1
        if hand:
            self.refused.add((room, hand))
        detail = str(error)
        if isinstance(error, RoomHistoryError):  # its message says where: the note does
            line, detail = error.line, detail.partition(f": {reason}")[2].removeprefix(": ")
        self._note(report, HandNote(report.name, room, hand, line, "refused", reason, detail))

    def _duplicate(self, report: FileReport, line: int, room: str, hand: str) -> None:
        report.duplicates += 1
        self._note(
            report, HandNote(report.name, room, hand, line, "duplicate", "duplicate", "met before")
        )

    def _note(self, report: FileReport, note: HandNote) -> None:
        """Name a hand on the terminal (a duplicate or a warning is only counted) and in
        the report file."""
        if note.outcome not in ("duplicate", "warning"):
            report.notes.append(note)
        if self.report is not None:
            self.report.write(json.dumps(asdict(note), ensure_ascii=False) + "\n")


def _where(result: HandHistory | InvalidHistory) -> tuple[str, str]:
    """The room and hand number of a hand, imported or refused."""
    if isinstance(result, HandHistory):
        return result.venue or "", "" if result.hand is None else str(result.hand)
    if isinstance(result, RoomHistoryError):
        return result.room, result.hand
    return "", ""


def import_text(name: str, text: str) -> FileReport:
    """Every hand of one text, imported and replayed with its payouts checked."""
    return Importer().read(name, text.splitlines())


def files_of(paths: Iterable[str]) -> Iterator[tuple[Path, str, bool]]:
    """Each file to read, the name the report gives it, and whether it was named: a
    folder's files are read recursively, in name order, named by their path in it."""
    for given in paths:
        path = Path(given)
        if path.is_dir():
            for found in sorted(path.rglob("*")):
                if found.is_file():
                    yield found, str(found.relative_to(path)), False
        else:
            yield path, path.name, True


def run(args: argparse.Namespace) -> Outcome:
    """The report of every file, and the exit status; ``-o`` writes the imported hands,
    ``--report`` the named ones. A file named that cannot be read is said on stderr, and
    the others are still read; one in a folder is skipped, and said in the report."""
    files = list(files_of(args.paths))
    sizes = [path.stat().st_size if path.is_file() else 0 for path, _, _ in files]
    bar, total = ProgressBar("kB"), max(sum(sizes) // 1024, 1)
    lines: list[str] = []
    status = 0
    with ExitStack() as stack:
        output = _opened(stack, args.output)
        importer = Importer(output, _opened(stack, args.report))
        for (path, name, named), before in zip(files, accumulate([0, *sizes]), strict=False):
            try:
                with path.open("rb") as source:
                    progress = partial(_shown, bar, before, total)
                    report = importer.read(name, text_lines(source, progress))
            except (RoomHistoryError, OSError) as error:
                if not named:
                    lines.append(f"{name}: skipped: {_reason(error)}")
                    continue
                ProgressBar.erase()
                print(shorten_line(f"badugi: error: {path}: {error}"), file=sys.stderr)
                lines.append(f"{name}: not read: {_reason(error)}")
                status = 2
                continue
            lines.append(report.line())
            status = status or (0 if report.clean else 1)
        ProgressBar.erase()
    if output is not None:
        lines.append(written(Path(args.output).name, importer.written))
    return Outcome("\n".join(lines), status)


def written(name: str, codes: Counter[str]) -> str:
    """What ``-o`` wrote: the hands, how many under the specification's codes (which
    PokerKit reads) and how many under this library's ``X`` codes, by code and why: a game
    PokerKit does not have (half-pot limit, Badacey ...), or a hand it would play otherwise
    (a room's rule, a missed blind, a pot run twice: docs/guide/rooms.md, "PokerKit")."""
    ours = sorted((code, count) for code, count in codes.items() if code.startswith("X"))
    theirs = codes.total() - sum(count for _, count in ours)
    text = f"{name}: {codes.total()} hands written, {theirs} under the codes PokerKit reads"
    if not ours:
        return text
    played = [(code, count) for code, count in ours if code[1:] in VARIANTS]
    lacking = [(code, count) for code, count in ours if code[1:] not in VARIANTS]
    groups = [
        f"{', '.join(f'{code} {count}' for code, count in group)}: {why}"
        for group, why in (
            (lacking, "games PokerKit does not have"),
            (played, "hands PokerKit would play otherwise"),
        )
        if group
    ]
    count = sum(count for _, count in ours)
    return f"{text}; {count} under this library's X codes ({'; '.join(groups)})"


def _opened(stack: ExitStack, name: str | None) -> IO[str] | None:
    """The file ``name`` opened to write, closed with ``stack`` (None: no file)."""
    return stack.enter_context(open(name, "w", encoding="utf-8")) if name else None


def _shown(bar: ProgressBar, before: int, total: int, read: int) -> None:
    """The progress of the whole import, a file's ``read`` bytes after those ``before`` it."""
    bar((before + read) // 1024, total)


def _reason(error: Exception) -> str:
    """Why a file was not read, in a few words."""
    return error.reason if isinstance(error, RoomHistoryError) else type(error).__name__
