"""A room's files as hands: the bytes read as text a piece at a time, and the text cut into
hands, each by the room whose first line starts it (docs/guide/rooms.md, "Files").

Players keep files as the rooms write them and join them with ``cat``, so a text may hold
several rooms' hands, and a file's byte-order mark may stand anywhere in it: a mark starts
a file, so it starts a line wherever it stands (the file before may not end its last
line), as does a room's first line of a hand found after other text on a line. A hand runs
from its first line to the next hand's, whatever room that is; a room whose hands share a
description written once (Merge's ``<description>``) has it kept for each of its hands.
"""

from __future__ import annotations

import codecs
import re
from collections.abc import Callable, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from typing import BinaryIO, Protocol

from badugi_fast.errors import RoomHistoryError

BLOCK = 1 << 20
"""Bytes read at a time: a file of hundreds of megabytes is never held whole."""
SNIFF = 4096
"""How much text may come before the first hand: past it, no room wrote the file."""
_MARK = "\ufeff"
"""The byte-order mark, as text: where a file joined to the one before starts."""
_UTF16 = (b"\xff\xfe", b"\xfe\xff")
_BREAKS = "\n\r\v\f\x1c\x1d\x1e\x85\u2028\u2029"
"""What ends a line, as ``str.splitlines`` reads it (a "\\r\\n" is one end)."""


class Starts(Protocol):
    """What the splitter needs of a room: the name, where its hands start and any
    description written once for the hands after it."""

    @property
    def name(self) -> str: ...
    @property
    def start(self) -> str: ...
    @property
    def context(self) -> str | None: ...


@dataclass(slots=True)
class HandLines:
    """One hand's lines as the file gives them, for the room that starts it."""

    room: int
    """The index of the room, in the rooms given to ``hands``."""
    header: str | None
    """The hand's header: its first line, or the room's description in force (None when
    a room that writes one has not)."""
    header_line: int
    start: int
    """The line the hand starts on (after the description, for a room that writes one)."""
    lines: list[str] = field(default_factory=list)
    """The lines after the header (a room with a description: from the hand's first)."""
    numbers: list[int] = field(default_factory=list)
    """The file's line number of each of ``lines``."""


def text_lines(source: BinaryIO, progress: Callable[[int], None] | None = None) -> Iterator[str]:
    """The lines of a room's file, read ``BLOCK`` bytes at a time: UTF-16 when it starts
    with a byte-order mark (as Full Tilt writes), else UTF-8. Undecodable bytes raise
    RoomHistoryError. ``progress`` is told the bytes read so far after each block."""
    data = source.read(BLOCK)
    read = len(data)
    wide = data.startswith(_UTF16)
    decoder = codecs.getincrementaldecoder("utf-16" if wide else "utf-8-sig")()
    pending = ""
    try:
        while data:
            more = source.read(BLOCK)
            if wide and not more and len(data) % 2 and data.endswith(b"\n"):
                data = data[:-1]  # a newline a UTF-8 tool added after the UTF-16 text
            text = pending + decoder.decode(data, final=not more)
            lines = text.splitlines()
            pending = ""
            if text and (text[-1] == "\r" or text[-1] not in _BREAKS):  # the last line goes on
                pending = lines.pop() + text[-1] * (text[-1] == "\r")
            if progress is not None:
                progress(read)
            yield from lines
            data, read = more, read + len(more)
    except UnicodeDecodeError as error:
        raise not_text(error) from None
    if pending:
        yield pending


def not_text(error: UnicodeDecodeError) -> RoomHistoryError:
    """The refusal of a file that is neither UTF-8 nor UTF-16."""
    return RoomHistoryError(f"not a text file in UTF-8 or UTF-16: {error}", reason="file not text")


def hands(rooms: Sequence[Starts], lines: Iterable[str]) -> Iterator[HandLines]:
    """Each hand of ``lines`` in file order, for the room whose first line starts it;
    RoomHistoryError when no room's hand starts within ``SNIFF`` characters."""
    found, kinds = _starts(tuple(rooms))
    described: dict[int, tuple[str, int]] = {}
    hand: HandLines | None = None
    before: list[str] = []  # the text before the first hand, to name what the file is
    seen = 0
    for number, whole in enumerate(lines, 1):
        for line in whole.split(_MARK) if _MARK in whole else (whole,):
            start = found.search(line)
            at = start.start() if start is not None else 0
            if at and line[:at].strip():
                if hand is not None:  # a hand's first line joined to the line before it
                    hand.lines.append(line[:at])
                    hand.numbers.append(number)
                line, at = line[at:], 0
            if start is None:
                if hand is not None:
                    hand.lines.append(line)
                    hand.numbers.append(number)
                elif line.strip() or before:
                    before.append(line)
                    seen += len(line) + 1
                    if seen > SNIFF:
                        raise _unknown(rooms, before)
                continue
            room, context = next(
                (index, context) for pattern, index, context in kinds if pattern.match(line, at)
            )
            if context:  # a description for the hands after it
                described[room] = (line, number)
                continue
            if hand is not None:
                yield hand
            if rooms[room].context is None:
                hand = HandLines(room, line, number, number)
            else:
                header, at = described.get(room, (None, number))
                hand = HandLines(room, header, at, number, [line], [number])
    if hand is None:
        raise _unknown(rooms, before)
    yield hand


def _starts(
    rooms: tuple[Starts, ...],
) -> tuple[re.Pattern[str], list[tuple[re.Pattern[str], int, bool]]]:
    """One pattern for every room's first line of a hand and description (without groups:
    a group in an alternative makes the search try every position of every line), and
    each room's own, to tell which it found: (pattern, room index, is a description)."""
    kinds = [(room.start, index, False) for index, room in enumerate(rooms)]
    kinds += [(room.context, index, True) for index, room in enumerate(rooms) if room.context]
    anywhere = re.compile("|".join(f"(?:{pattern})" for pattern, _, _ in kinds))
    return anywhere, [(re.compile(pattern), index, context) for pattern, index, context in kinds]


def _unknown(rooms: Sequence[Starts], before: list[str]) -> RoomHistoryError:
    """The refusal of a text that has gone ``SNIFF`` characters, or to its end, without
    the first line of a hand."""
    names = ", ".join(room.name for room in rooms)
    text = "\n".join(before)
    return RoomHistoryError(
        f"not a hand history of a room this library reads ({names}): it starts {text[:40]!r}",
        reason="room not recognised",
    )
