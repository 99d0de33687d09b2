"""What every room's reader shares: amounts in the room's smallest unit, the named error,
a hand as the room told it (a ``Draft``), and the reader of one hand (``HandReader``).

A room's reader reads a hand's lines into a ``Draft``: the seats, the forced bets, each
action in order and what the room says it paid; ``build.history`` makes it a
``HandHistory`` by the rules every room shares, ``frame.RoomFormat`` ties the two to one
room's format, and ``text`` reads every room that writes plain text from its words.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any

from badugi_fast.cards import Card
from badugi_fast.errors import InvalidHistory, RoomHistoryError
from badugi_fast.games import Game
from badugi_fast.phh.notation import parse_cards
from badugi_fast.phh.variants import Structure

_DIGITS = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?\Z")
MAX_TABLE = 10
"""The most seats at any room's table (seat numbers from 0 or 1 up to it)."""
_MAX_AMOUNT = 10**15
"""Amounts past this are refused: no room's pot holds a thousand trillion units."""


class Unreadable(Exception):
    """Why a hand cannot be imported; the room's reader adds the room, hand and line."""

    def __init__(self, reason: str, detail: str = "") -> None:
        super().__init__(reason)
        self.reason = reason
        self.detail = detail
        self.line: int | None = None
        """The file's line the refusal comes from, when found after the hand was read."""


def refuse(reason: str, detail: str = "") -> Unreadable:
    """The refusal of a hand: ``reason`` is counted, ``detail`` says what exactly."""
    return Unreadable(reason, detail)


def room_error(
    room: str, hand: str, line: int, why: Unreadable | InvalidHistory
) -> RoomHistoryError:
    """The named error for one hand: room, hand number, line, reason and detail."""
    if isinstance(why, Unreadable):
        reason, detail, line = why.reason, why.detail, why.line or line
    else:
        reason, detail = "hand the rules refuse", str(why)
    where = f"{room} hand #{hand}" if hand else f"{room} hand"
    text = f"{where}, line {line}: {reason}" + (f": {detail}" if detail else "")
    return RoomHistoryError(text, room=room, hand=hand, line=line, reason=reason)


def seat_number(text: str, what: str) -> int:
    """A seat's number (or a table's seats) as the room wrote it: no room's table has more
    than ``MAX_TABLE`` seats, so a larger number is refused, never cut short."""
    if not text.isdigit() or len(text) > 3 or int(text) > MAX_TABLE:
        raise refuse("seat not understood", f"{what} {text[:20]}: a table seats {MAX_TABLE}")
    return int(text)


@lru_cache(maxsize=4096)
def units(text: str, scale: int) -> int:
    """An amount the room wrote (``$1,234.56``, ``1 500``, ``0.05``) in its smallest unit:
    cents when ``scale`` is 100, chips when 1. Anything else is refused. Each amount is
    read once: a file's hands repeat the same stakes and bets."""
    if text.isdigit() and len(text) < 16:  # the common case: whole chips or dollars
        return int(text) * scale
    digits = text.strip().strip("$€£").replace("\u00a0", "").replace(" ", "")
    if not _DIGITS.match(digits):
        raise refuse("amount not understood", repr(text[:20]))
    try:
        value = Decimal(digits.replace(",", "")) * scale
    except InvalidOperation:  # pragma: no cover - the pattern admits only decimals
        raise refuse("amount not understood", repr(text[:20])) from None
    if value != value.to_integral_value() or value > _MAX_AMOUNT:
        raise refuse("amount not in whole units", repr(text[:20]))
    return int(value)


@dataclass
class Draft:
    """One hand as the room told it, before it becomes a ``HandHistory``.

    ``events`` holds, in the room's order, ``(kind, name, value)``: ``"fold"``,
    ``"check"``, ``"call"``, ``"bet"`` (value: the amount), ``"raise"`` (value: the
    round's new total), ``"discard"`` (value: the cards, None each where unknown),
    ``"dealt"`` (value: the cards the room shows dealt), ``"show"`` (value: the cards),
    ``"muck"``, and ``"run"`` (no name; value: the run's number) where each run of a pot
    run more than once begins, its draws and shows after it. ``posts`` holds ``(kind,
    name, amount, all_in)`` with kind ``"ante"``, ``"small"``, ``"big"`` or ``"both"``
    (small and big blind posted together).
    """

    room: str
    number: str
    game: Game | None = None
    structure: Structure | None = None
    stakes: tuple[int, int] = (0, 0)
    """The two amounts of the header: the bets in fixed limit, else the blinds."""
    button: int = 0
    """The room's seat number of the button."""
    seats: dict[str, tuple[int, int]] = field(default_factory=dict)
    """Each seated player's seat number and chips at the start."""
    out: set[str] = field(default_factory=set)
    """Seated players not dealt in (sitting out, or waiting for the big blind)."""
    posts: list[tuple[str, str, int, bool]] = field(default_factory=list)
    events: list[tuple[str, str, Any]] = field(default_factory=list)
    lines: list[int] = field(default_factory=list)
    """The file's line each event was read from (see ``read_to``)."""
    collected: Counter[str] = field(default_factory=Counter)
    returned: Counter[str] = field(default_factory=Counter)
    rake: int | None = None
    pots: list[int] = field(default_factory=list)
    """The pots net of rake, main pot first, when the room lists them."""
    total: int | None = None
    reports_returned: bool = True
    """Whether the room writes the uncalled bets it gives back (Kings Club does not)."""
    paid_in_all: bool = False
    """Whether what the room says a player collected includes its uncalled bet (Winamax)."""
    bet_ladder: bool = False
    """Whether the room's fixed limit has no half-bet rule (PokerStars, ``bet_ladder``)."""
    nets: dict[str, int] = field(default_factory=dict)
    """Each player's net for the hand, where the room's summary gives it (Kings Club)."""
    fields: dict[str, Any] = field(default_factory=dict)
    """Standard and user fields the room's header gives (venue, table, date ...)."""
    runs: int = 1
    """The times the pot was run (``"run"`` events mark where each run begins)."""
    seats_from: int = 1
    """The room's number of its first seat: ``seats`` are written from 1, as PHH's."""
    stated: dict[int, str] = field(default_factory=dict)
    """What the room's line says of a bet, call or raise beyond the action itself, by
    event index (``call 100``: the chips a call adds, ``to 300``: the round's total it
    calls, ``by 100``: a raise's size, each ending ``all-in`` where the room marks it):
    the replay checks each against the rules (``_stated``, docs/guide/rooms.md)."""
    kept: dict[int, str] = field(default_factory=dict)
    """The cards a ``dealt`` event says the hero kept in the draw, by event index."""

    def read_to(self, line: int) -> None:
        """Every event not yet placed was read from the file's ``line``."""
        missing = len(self.events) - len(self.lines)
        if missing:
            self.lines += [line] * missing

    def seat_of(self, name: str) -> str:
        """``name`` checked to be seated at the table."""
        if name not in self.seats:
            raise refuse("player not seated", repr(name[:40]))
        return name

    def when(self, date: str, time: str) -> None:
        """The date (``YYYY/MM/DD`` or ``YYYY-MM-DD``) and time (``H:MM:SS``) of the hand."""
        try:
            year, month, day = map(int, re.split(r"[/-]", date))
            hour, minute, second = map(int, time.split(":"))
            datetime.date(year, month, day)
            moment = datetime.time(hour, minute, second)
        except ValueError:
            raise refuse("date not understood", f"{date} {time}") from None
        self.fields.update(year=year, month=month, day=day, time=moment)


class HandReader:
    """One hand of a room, read into a ``Draft``: its header line, then each line after it
    (the frame calls ``line`` with each, stripped, then ``complete`` and ``finish``)."""

    END = "the summary's total pot"
    """The line that ends a hand (its reading sets ``ended``): a text that stops before
    it is a partial hand."""

    def __init__(self, draft: Draft) -> None:
        self.draft = draft
        self.scale = 100
        """The room's units in one of the amounts it writes: cents (100) or chips (1)."""
        self.ended = False
        """Whether the line that ends the hand (``END``) has been read."""

    def header(self, line: str) -> None:
        """The hand's first line: its game, betting and stakes."""
        raise NotImplementedError

    def line(self, line: str) -> None:
        """One line after the header."""
        raise NotImplementedError

    def complete(self) -> bool:
        """Whether the text holds the whole hand, up to the line that ends it, and, where
        the summary gives each player's net, every payout a player up on the hand was paid
        (Kings Club writes them after its rake line: a text cut there paid nobody)."""
        collected = self.draft.collected
        return self.ended and all(
            collected[name] for name, net in self.draft.nets.items() if net > 0
        )

    def finish(self) -> None:
        """The hand is whole: a reader that keeps its lines to read them at once does it
        here; one that reads each line as it comes has nothing left to do."""

    def plays(self, game: Game | None, structure: Structure, said: str) -> None:
        """The hand's game and betting, from the room's names for them: a game the engine
        does not play (None) is refused, naming what the room ``said``."""
        if game is None:
            raise refuse("game not played by the engine", said)
        self.draft.game, self.draft.structure = game, structure

    def money(self, text: str) -> int:
        """An amount the room wrote, in its smallest unit."""
        return units(text, self.scale)

    def post(self, kind: str, name: str, amount: str, all_in: bool) -> None:
        """A forced bet (``Draft.posts``), posted before the deal."""
        if self.draft.events:
            raise refuse("line not understood", f"{name} posts after the deal")
        self.draft.posts.append((kind, name, self.money(amount), all_in))


def room_cards(text: str) -> tuple[Card, ...]:
    """Cards the room wrote, any number (a discard or a shown hand)."""
    try:
        cards = parse_cards("".join(text.split()))
    except ValueError as error:
        raise refuse("cards not understood", str(error)) from None
    if None in cards:
        raise refuse("cards not understood", repr(text[:30]))
    return cards  # type: ignore[return-value]
