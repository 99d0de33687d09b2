"""Hands from card rooms: the text a room writes, read into ``HandHistory`` values.

``from_room(text)`` reads every hand of a text in file order, each by the room that wrote
it (a text may join several rooms' files); ``read_room(text)`` gives, hand by hand, the
history or the ``RoomHistoryError`` saying why that hand was refused, so one bad hand does
not stop a file of thousands; ``read_rooms(lines)`` does it as the lines come, for a file
read a piece at a time (``files.text_lines``). ``decode`` reads a file's bytes in UTF-8
or, with a byte-order mark, UTF-16 (docs/guide/rooms.md). Each room has its own module,
which says what is particular to its format (a ``RoomFormat``); ``core`` holds the frame
that reads them all, ``files`` the cutting of a text into hands.
"""

from __future__ import annotations

from collections.abc import Iterable, Iterator

from badugi_fast.checks import check_type
from badugi_fast.errors import RoomHistoryError
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.rooms import files, fulltilt, ipoker, kingsclub, merge, pokerstars, winamax
from badugi_fast.phh.rooms.frame import RoomFormat

__all__ = ["ROOMS", "decode", "from_room", "read_numbered", "read_room", "read_rooms", "recognise"]

_FORMATS: tuple[RoomFormat, ...] = tuple(
    room.FORMAT for room in (pokerstars, fulltilt, winamax, merge, kingsclub, ipoker)
)
ROOMS = tuple(room.name for room in _FORMATS)
"""The rooms whose hand histories ``from_room`` recognises (iPoker's only to refuse them)."""


def decode(data: bytes) -> str:
    """A room's file as text: UTF-16 when it starts with a byte-order mark (as Full Tilt
    writes), else UTF-8 (a UTF-8 mark is dropped). Undecodable bytes raise
    RoomHistoryError."""
    try:
        if data.startswith((b"\xff\xfe", b"\xfe\xff")):
            if len(data) % 2 and data.endswith(b"\n"):  # a newline added by a UTF-8 tool
                data = data[:-1]
            return data.decode("utf-16")
        return data.decode("utf-8-sig")
    except UnicodeDecodeError as error:
        raise files.not_text(error) from None


def recognise(text: str) -> str:
    """The room that wrote the first hand of ``text``; RoomHistoryError when no room's
    hand starts it."""
    check_type("text", text, str, "decode a file's bytes with phh.rooms.decode()")
    first = next(files.hands(_FORMATS, text.splitlines()))
    return _FORMATS[first.room].name


def read_rooms(lines: Iterable[str]) -> Iterator[HandHistory | RoomHistoryError]:
    """Each hand of a text given line by line, in file order, read by the room whose first
    line starts it: its ``HandHistory``, or the ``RoomHistoryError`` naming the room, the
    hand's number, the line and the reason it was refused. A text no room wrote raises
    RoomHistoryError. Lines are read as the hands need them: a file read a block at a
    time (``files.text_lines``) is never held whole."""
    for _, result in read_numbered(lines):
        yield result


def read_numbered(lines: Iterable[str]) -> Iterator[tuple[int, HandHistory | RoomHistoryError]]:
    """``read_rooms``, each hand with the number of its first line in the text."""
    for hand in files.hands(_FORMATS, lines):
        yield hand.start, _FORMATS[hand.room].read(hand)


def read_room(text: str) -> list[HandHistory | RoomHistoryError]:
    """Each hand of a room's text in file order (``read_rooms``)."""
    check_type("text", text, str, "decode a file's bytes with phh.rooms.decode()")
    return list(read_rooms(text.splitlines()))


def from_room(text: str) -> list[HandHistory]:
    """Every hand of a room's hand history text, in file order, as ``HandHistory``.

    Each hand is read by the room that wrote it (``ROOMS``: PokerStars, Full Tilt,
    Winamax, Merge, Kings Club; iPoker's XML, which carries no draw game, is refused).
    Amounts are integers in the room's smallest unit (cents for cash games, chips for
    tournaments); the room's payouts go in the user fields ``_collected``,
    ``_returned``, ``_rake`` and ``_pots``, which ``phh.replay`` checks against the
    rules. The first hand that cannot be read raises RoomHistoryError naming the room,
    the hand and the line: use ``read_room`` to keep the others.
    """
    histories = []
    for result in read_room(text):
        if isinstance(result, RoomHistoryError):
            raise result
        histories.append(result)
    return histories
