"""Hands from card rooms: the text a room writes, read into ``HandHistory`` values.

``from_room(text)`` recognises the room from the text and returns its hands in file order;
``read_room(text)`` gives, hand by hand, the history or the ``RoomHistoryError`` saying
why that hand was refused, so one bad hand does not stop a file of thousands. ``decode``
reads a file's bytes in UTF-8 or, with a byte-order mark, UTF-16 (docs/guide/rooms.md).
Each room has its own module; ``core`` holds what they share.
"""

from __future__ import annotations

from badugi_fast.checks import check_type
from badugi_fast.errors import InvalidHistory, RoomHistoryError
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.rooms import fulltilt, kingsclub, merge, pokerstars, winamax
from badugi_fast.phh.rooms.core import Unreadable, room_error

__all__ = ["ROOMS", "decode", "from_room", "read_room", "recognise"]

ROOMS = (pokerstars.ROOM, fulltilt.ROOM, winamax.ROOM, merge.ROOM, kingsclub.ROOM)
"""The rooms whose hand histories ``from_room`` reads."""
_READERS = {
    pokerstars.ROOM: pokerstars,
    fulltilt.ROOM: fulltilt,
    winamax.ROOM: winamax,
    merge.ROOM: merge,
    kingsclub.ROOM: kingsclub,
}
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
        for name, reader in _READERS.items()
        if (match := reader.START.search(head))
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
    room = recognise(text)
    reader = _READERS[room]
    lines = text.lstrip("\ufeff").splitlines()
    results: list[HandHistory | RoomHistoryError] = []
    for head, first, end in reader.hands(lines):
        hand = reader.Reader(reader.number(lines[head]))
        at = head
        try:
            hand.header(lines[head].strip())
            for at in range(first, end):
                line = lines[at].strip()
                if line:
                    hand.line(line)
                    hand.draft.read_to(at + 1)
            at = head
            finish = getattr(hand, "finish", None)  # a reader that reads a hand whole
            if finish is not None:
                finish()
            results.append(hand.draft.history())
        except (Unreadable, InvalidHistory) as why:
            results.append(room_error(room, hand.draft.number, at + 1, why))
    return results


def from_room(text: str) -> list[HandHistory]:
    """Every hand of a room's hand history text, in file order, as ``HandHistory``.

    The room is recognised from the text (``ROOMS``: PokerStars, Full Tilt,
    Winamax, Merge, Kings Club).
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
