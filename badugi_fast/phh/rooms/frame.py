"""One room's format (a ``RoomFormat``): where its hands start, its reader, and what it
writes or leaves out; and the reading of one hand's lines with it, to a ``HandHistory`` or
the error naming the room, the hand, the line and the reason."""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass

from badugi_fast.errors import InvalidHistory, RoomHistoryError
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.rooms.build import history
from badugi_fast.phh.rooms.core import Draft, HandReader, Unreadable, refuse, room_error
from badugi_fast.phh.rooms.files import HandLines


@dataclass(frozen=True)
class RoomFormat:
    """What the frame needs of one room's hand histories to read a text of them."""

    name: str
    """The room's name, as the ``venue`` field and the errors give it."""
    start: str
    """The pattern (no capturing groups) that starts a hand's first line: a line that
    holds it starts a hand of this room (``files.hands``)."""
    reader: Callable[[Draft], HandReader]
    """The reader of one hand, given the hand's empty ``Draft``."""
    number: re.Pattern[str] | None = None
    """The hand's number (its first group) in the hand's first line, to name the hand in
    errors; None when that line does not name it (the reader finds it)."""
    context: str | None = None
    """The pattern of a description the room writes once for the hands after it (Merge's
    ``<description>``): the header of each of those hands."""
    seats_from: int = 1
    """The room's number of its first seat (Merge numbers them from 0; PHH from 1)."""
    reports_returned: bool = True
    """Whether the room writes the uncalled bets it gives back (``Draft``)."""
    paid_in_all: bool = False
    """Whether what the room says a player collected includes its uncalled bet."""
    bet_ladder: bool = False
    """Whether the room's fixed limit climbs a ladder of whole bets: the raise after an
    all-in for less completes the bet to the next rung (PokerStars: docs/rules.md,
    "Betting rounds")."""

    def read(self, hand: HandLines) -> HandHistory | RoomHistoryError:
        """One hand's lines (``files.hands``): its history or the named error."""
        lines, numbers = hand.lines, hand.numbers
        first = hand.header if self.context is None else (lines[0] if lines else "")
        found = self.number.search(first) if self.number is not None and first else None
        draft = Draft(
            self.name,
            found.group(1) if found else "",
            reports_returned=self.reports_returned,
            paid_in_all=self.paid_in_all,
            bet_ladder=self.bet_ladder,
            seats_from=self.seats_from,
        )
        reader = self.reader(draft)
        at = hand.header_line
        try:
            if hand.header is None:
                raise refuse("header not understood", "no description before the hand")
            reader.header(hand.header.strip())
            events = draft.events
            for index, text in enumerate(lines):
                line = text.strip()
                if line:
                    at = numbers[index]
                    reader.line(line)
                    if len(events) != len(draft.lines):
                        draft.read_to(at)
            at = hand.header_line
            if not reader.complete():
                raise refuse("partial hand", f"the text stops before {reader.END}")
            reader.finish()
            return history(draft)
        except (Unreadable, InvalidHistory) as why:
            return room_error(self.name, draft.number, at, why)
