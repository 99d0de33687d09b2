"""Hands from card rooms: the text a room writes, read into ``HandHistory`` values.

``from_room(text)`` recognises the room from the text and returns its hands in file order;
``read_room(text)`` gives, hand by hand, the history or the ``RoomHistoryError`` saying
why that hand was refused, so one bad hand does not stop a file of thousands. ``decode``
reads a file's bytes in UTF-8 or, with a byte-order mark, UTF-16 (docs/guide/rooms.md).
Each room has its own module, which says what is particular to its format (a
``RoomFormat``); ``core`` holds the frame that reads them all.
"""

from __future__ import annotations

from badugi_fast.checks import check_type
from badugi_fast.errors import RoomHistoryError
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.rooms import fulltilt, ipoker, kingsclub, merge, pokerstars, winamax
from badugi_fast.phh.rooms.core import RoomFormat

__all__ = ["ROOMS", "decode", "from_room", "read_room", "recognise"]

_FORMATS: dict[str, RoomFormat] = {
    room.FORMAT.name: room.FORMAT
    for room in (pokerstars, fulltilt, winamax, merge, kingsclub, ipoker)
}
ROOMS = tuple(_FORMATS)
"""The rooms whose hand histories ``from_room`` recognises (iPoker's only to refuse them)."""
_SNIFF = 4096
"""How far into a text the room's first hand must start."""


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
        raise RoomHistoryError(
            f"not a text file in UTF-8 or UTF-16: {error}", reason="file not text"
        ) from None


def recognise(text: str) -> str:
    """The room that wrote ``text``; RoomHistoryError when no room's hand starts it."""
    head = text.lstrip("\ufeff \t\r\n")[:_SNIFF]
    found = [
        (match.start(), name)
        for name, room in _FORMATS.items()
        if (match := room.start.search(head))
    ]
    if found:
        return min(found)[1]
    raise RoomHistoryError(
        f"not a hand history of a room this library reads ({', '.join(ROOMS)}): "
        f"it starts {head[:40]!r}",
        reason="room not recognised",
    )


def read_room(text: str) -> list[HandHistory | RoomHistoryError]:
    """Each hand of a room's text in file order: its ``HandHistory``, or the
    ``RoomHistoryError`` naming the room, the hand's number, the line and the reason it
    was refused. A text no room wrote raises RoomHistoryError."""
    check_type("text", text, str, "decode a file's bytes with phh.rooms.decode()")
    return _FORMATS[recognise(text)].read(text.lstrip("\ufeff").splitlines())


def from_room(text: str) -> list[HandHistory]:
    """Every hand of a room's hand history text, in file order, as ``HandHistory``.

    The room is recognised from the text (``ROOMS``: PokerStars, Full Tilt,
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
