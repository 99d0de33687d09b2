"""What every room's reader shares: the frame that splits a text into hands and reads each
(``RoomFormat``, ``HandReader``), amounts in the room's smallest unit, the named error, and
the one step from a hand as the room told it (a ``Draft``) to a ``HandHistory``.

A room's module says only what is its own: a ``RoomFormat`` (its name, the first line of
each hand, where the hand's number is) and a ``HandReader`` for its words, which reads
them into a ``Draft``: the seats, the forced bets, each action in order and what the room
says it paid. ``Draft.history()`` applies the rules
every room shares (docs/guide/rooms.md): players in PHH order from the left of the
button, only those dealt in; the blinds where the engine posts them (blinds posted
elsewhere are a returning player's missed blinds); unknown cards as ``??``; each draw's
discards before its replacements; the showdown in the engine's show order; the room's
payouts in user fields.
"""

from __future__ import annotations

import datetime
import re
from collections import Counter
from collections.abc import Callable
from dataclasses import dataclass, field
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Any, ClassVar

from badugi_fast.cards import Card
from badugi_fast.engine import show_order
from badugi_fast.engine.rules import MAX_SEATS
from badugi_fast.errors import InvalidHistory, RoomHistoryError
from badugi_fast.games import Game, game_rule
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.notation import Notation, Verb, format_line, parse_cards
from badugi_fast.phh.rooms.files import HandLines
from badugi_fast.phh.variants import Structure, code_for

_DIGITS = re.compile(r"[0-9][0-9,]*(?:\.[0-9]+)?\Z")
_MAX_AMOUNT = 10**15
"""Amounts past this are refused: no room's pot holds a thousand trillion units."""

MONEY = r"[$€£]?[0-9][0-9,.]*"
"""An amount as PokerStars and Full Tilt write it, the currency's symbol first."""
DEALT = re.compile(r"Dealt to (?P<name>.+?) (?:\[(?P<first>[^\]]*)\] ?)?\[(?P<last>[^\]]*)\]")
"""The hero's cards: ``Dealt to Hero [Qs 7s 3c 2d]``, after a draw ``[kept] [new]``."""
DISCARD = re.compile(r" (?P<count>[0-9]) cards?(?: \[(?P<cards>[^\]]*)\])?")
"""A draw after ``discards``: how many cards, and which when the room shows them."""
TOTAL = re.compile(
    r"Total pot (?P<total>" + MONEY + r")(?P<pots>.*?) \| Rake (?P<rake>" + MONEY + r")"
)
"""The summary's pot, its main and side pots net of rake, and the rake."""


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


@lru_cache(maxsize=4096)
def units(text: str, scale: int) -> int:
    """An amount the room wrote (``$1,234.56``, ``1 500``, ``0.05``) in its smallest unit:
    cents when ``scale`` is 100, chips when 1. Anything else is refused. Each amount is
    read once: a file's hands repeat the same stakes and bets."""
    if text.isdigit() and len(text) < 16:  # the common case: whole chips or dollars
        return int(text) * scale
    digits = text.strip().lstrip("$€£").replace("\u00a0", "").replace(" ", "")
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
    fields: dict[str, Any] = field(default_factory=dict)
    """Standard and user fields the room's header gives (venue, table, date ...)."""
    runs: int = 1
    """The times the pot was run (``"run"`` events mark where each run begins)."""
    seats_from: int = 1
    """The room's number of its first seat: ``seats`` are written from 1, as PHH's."""

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

    def history(self) -> HandHistory:
        """The hand as a ``HandHistory``, or the refusal saying why it cannot be one."""
        if self.game is None or self.structure is None:
            raise refuse("summary-only hand", "no game header")
        players = self._players()
        return _Builder(self, players).history()

    def _players(self) -> list[str]:
        """Those dealt in, in PHH order: from the first seat left of the button round to
        the button. A seated player is dealt in when it takes part in the hand (posts,
        acts, is dealt or shows): in a tournament, one the room marks as sitting out is
        still dealt in, posts and folds; at a cash table it is not."""
        named = {name for _, name, _, _ in self.posts} | {name for _, name, _ in self.events}
        dealt = [n for n in self.seats if n in named]
        if len(dealt) < 2 and len([n for n in self.seats if n not in self.out]) < 2:
            raise refuse("dead hand", "fewer than two players dealt in")
        if not self.events and self.posts:
            raise refuse("dead hand", "blinds posted, but nobody was dealt in")
        if not self.events:
            raise refuse("summary-only hand", "no actions")
        dealt.sort(key=lambda name: (self.seats[name][0] <= self.button, self.seats[name][0]))
        if len(dealt) < 2:
            raise refuse("dead hand", "fewer than two players dealt in")
        if len(dealt) > MAX_SEATS:
            raise refuse("too many players", f"{len(dealt)} dealt in, the engine deals {MAX_SEATS}")
        return dealt


class HandReader:
    """One hand of a room, read into a ``Draft``: its header line, then each line after it
    (the frame calls ``line`` with each, stripped, then ``finish``). A room's reader says
    what its words mean; the steps every room's lines share are here."""

    RAISE_WORDS = 4
    """Words in a raise after the player's name: `` raises to $2`` (Winamax writes the
    raise's size too, `` raises 1€ to 2€``: 5)."""
    SHOWS = re.compile(r" shows \[([^\]]*)\]")
    """A show after the player's name (matched at the start of what follows the name)."""
    MUCKS: tuple[str, ...] = (" mucks",)
    """What follows the player's name in a line that mucks."""
    ALL_IN: ClassVar[str]
    """What ends an action that puts the player all in (`` and is all-in``)."""
    POSTS: ClassVar[dict[str, str]] = {}
    """Each forced bet's words after the player's name, before the amount, and its kind
    (``Draft.posts``), for a room that writes them so."""
    END = "the summary's total pot"
    """The line that ends a hand (its reading sets ``ended``): a text that stops before
    it is a partial hand."""

    def __init__(self, draft: Draft) -> None:
        self.draft = draft
        self.scale = 100
        """The room's units in one of the amounts it writes: cents (100) or chips (1)."""
        self.summary = False
        """Whether the hand's summary has started."""
        self.ended = False
        """Whether the line that ends the hand (``END``) has been read."""
        self.names: list[str] = []
        """The seated players, longest name first: a line starts with its actor's name."""

    def header(self, line: str) -> None:
        """The hand's first line: its game, betting and stakes."""
        raise NotImplementedError

    def line(self, line: str) -> None:
        """One line after the header."""
        raise NotImplementedError

    def complete(self) -> bool:
        """Whether the text holds the whole hand, up to the line that ends it."""
        return self.ended

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

    def seat(self, line: str, match: re.Match[str], out: bool = False) -> None:
        """A seat line, whose ``match`` gives the seat, the name and the chips: a player
        seated once, before anything is posted (``out``: seated but not dealt in)."""
        draft, name = self.draft, match["name"]
        if draft.events or draft.posts:
            raise refuse("line not understood", f"a seat line after the deal: {line[:60]}")
        if name in draft.seats:
            raise refuse("player seated twice", repr(name[:40]))
        draft.seats[name] = (int(match["seat"]), self.money(match["chips"]))
        if out:
            draft.out.add(name)
        self.names = sorted(draft.seats, key=len, reverse=True)

    def acts(self, line: str, noise: re.Pattern[str], marks: tuple[str, ...] = (" ", ":")) -> None:
        """A line that starts with a seated player's name (read by ``act``), else one of
        the room's lines that change nothing (``noise``); anything else is refused."""
        if (name := self.actor(line, marks)) is not None:
            self.act(name, line[len(name) :])
        elif not noise.fullmatch(line):
            raise refuse("line not understood", line[:80])

    def act(self, name: str, rest: str) -> None:
        """What a seated player did: ``rest`` is its line after its name."""
        raise NotImplementedError

    def actor(self, line: str, marks: tuple[str, ...] = (" ", ":")) -> str | None:
        """The seated player a line starts with, if any, followed by one of ``marks``."""
        for name in self.names:
            if line.startswith(name) and line[len(name) : len(name) + 1] in marks:
                return name
        return None

    def post(self, kind: str, name: str, amount: str, all_in: bool) -> None:
        """A forced bet (``Draft.posts``), posted before the deal."""
        if self.draft.events:
            raise refuse("line not understood", f"{name} posts after the deal")
        self.draft.posts.append((kind, name, self.money(amount), all_in))

    def all_in(self, rest: str) -> tuple[str, bool]:
        """``rest`` without the room's all-in mark (``ALL_IN``), and whether it had it."""
        if rest.endswith(self.ALL_IN):
            return rest[: -len(self.ALL_IN)], True
        return rest, False

    def posted(self, name: str, rest: str, all_in: bool) -> bool:
        """A forced bet as ``POSTS`` writes it, posted; False when ``rest`` is none."""
        for prefix, kind in self.POSTS.items():
            if rest.startswith(prefix):
                self.post(kind, name, self.posted_amount(rest[len(prefix) :], name + rest), all_in)
                return True
        return False

    def posted_amount(self, text: str, said: str) -> str:
        """The amount of a forced bet from what follows its ``POSTS`` words (``said``: the
        line, for a refusal)."""
        return text

    def discard(self, name: str, count: int, cards: str | None, said: str) -> None:
        """A draw of ``count`` cards, the cards thrown named (``cards``) or unknown;
        ``said`` is the line, for the refusal when the two disagree."""
        thrown = room_cards(cards) if cards else (None,) * count
        if len(thrown) != count:
            raise refuse("cards not understood", said[:80])
        self.draft.events.append(("discard", name, thrown))

    def play(self, name: str, rest: str) -> bool:
        """A fold, check, call, bet, raise, show or muck, written as the player's name and
        then ``rest`` (`` calls $1``, `` raises to $2``); False when ``rest`` is none."""
        events = self.draft.events
        words = rest.split(" ")  # rest starts with a space: words[0] is empty
        if rest in (" folds", " checks"):
            events.append(("fold" if rest == " folds" else "check", name, None))
        elif len(words) == 3 and words[1] in ("calls", "bets"):
            events.append((words[1][:-1], name, self.money(words[2])))
        elif len(words) == self.RAISE_WORDS and words[1] == "raises" and words[-2] == "to":
            events.append(("raise", name, self.money(words[-1])))
        elif words[1:2] == ["shows"] and (match := self.SHOWS.match(rest)):
            events.append(("show", name, room_cards(match.group(1))))
        elif rest in self.MUCKS:
            events.append(("muck", name, None))
        else:
            return False
        return True

    def total(self, match: re.Match[str], pot: re.Pattern[str]) -> None:
        """The summary's ``TOTAL`` line: the total pot, the rake, and each pot net of
        rake as ``pot`` finds them."""
        draft = self.draft
        draft.total = self.money(match["total"])
        draft.rake = self.money(match["rake"])
        draft.pots = [self.money(found) for found in pot.findall(match["pots"])]
        self.ended = True


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
            seats_from=self.seats_from,
        )
        reader = self.reader(draft)
        at = hand.header_line
        try:
            if hand.header is None:
                raise refuse("header not understood", "no description before the hand")
            reader.header(hand.header.strip())
            for index, text in enumerate(lines):
                line = text.strip()
                if line:
                    at = numbers[index]
                    reader.line(line)
                    draft.read_to(at)
            at = hand.header_line
            if not reader.complete():
                raise refuse("partial hand", f"the text stops before {reader.END}")
            reader.finish()
            return draft.history()
        except (Unreadable, InvalidHistory) as why:
            return room_error(self.name, draft.number, at, why)


class _Builder:
    """The conversion of one draft, with the player order fixed."""

    def __init__(self, draft: Draft, players: list[str]) -> None:
        self.draft = draft
        self.players = players
        self.index = {name: i for i, name in enumerate(players)}
        self.n = len(players)
        self.rule = game_rule(draft.game)

    def history(self) -> HandHistory:
        draft = self.draft
        lines = self._actions()
        stacks = [draft.seats[name][1] for name in self.players]
        blinds, missed = self._blinds()
        antes = self._antes()
        data: dict[str, Any] = {
            "variant": code_for(draft.game, draft.structure, standard=False),  # type: ignore[arg-type]
            "antes": [antes] * self.n,
            "blinds_or_straddles": [*blinds] + [0] * (self.n - 2),
            "starting_stacks": stacks,
            "actions": lines.result(),
        }
        if draft.runs > 1:
            data.update(_runs=draft.runs, _run_starts=lines.run_starts)
        if draft.structure == "fixed-limit":
            data["small_bet"], data["big_bet"] = draft.stakes
            data.update(_max_raises=3, _cap_heads_up=False)
        else:
            data["min_bet"] = blinds[1]
        data.update(draft.fields)
        data.update(
            venue=draft.room,
            players=list(self.players),
            seats=[draft.seats[name][0] + 1 - draft.seats_from for name in self.players],
        )
        if draft.number.isdigit() and len(draft.number) < 19:
            data["hand"] = int(draft.number)
        else:
            data["hand"] = draft.number
        if missed:
            data["_missed_blinds"] = [list(missed.get(seat, (0, 0))) for seat in range(self.n)]
        data.update(self._payouts())
        try:
            return HandHistory.from_dict(data)
        except InvalidHistory as error:
            raise refuse("hand the rules refuse", str(error)) from None

    def _blinds(self) -> tuple[tuple[int, int], dict[int, tuple[int, int]]]:
        """The blinds (small, big) and the missed blinds posted, ``{player: (live, dead)}``
        (docs/rules.md, "Seats and the button"): a small blind posted by another seat than
        the engine's small blind is a dead blind, a big blind posted by another seat than
        the engine's big blind a live one, and "small & big blinds" both."""
        draft = self.draft
        small_seat, big_seat = (self.n - 1, 0) if self.n == 2 else (0, 1)
        small = big = None
        returning: list[tuple[int, str, str, int, bool]] = []
        for kind, name, amount, all_in in draft.posts:
            seat = self.index.get(name)
            if seat is None or kind == "ante":
                continue
            if kind == "small" and seat == small_seat:
                small = (amount, all_in)
            elif kind == "big" and seat == big_seat:
                big = (amount, all_in)
            elif kind == "big" and seat == small_seat and all(p[0] != "small" for p in draft.posts):
                raise refuse(
                    "blinds not where the engine posts them",
                    f"{name} posts the big blind left of the button, with no small blind",
                )
            else:
                returning.append((seat, kind, name, amount, all_in))
        if big is None:
            raise refuse(
                "blinds not where the engine posts them",
                "no big blind from the seat after the small blind",
            )
        if draft.structure == "fixed-limit":
            bb = draft.stakes[0]
            sb = small[0] if small and not small[1] else bb // 2 if small else 0
        else:
            sb, bb = draft.stakes
            sb = sb if small else 0
        for posted, nominal, what in ((small, sb, "small"), (big, bb, "big")):
            if posted and posted[0] != nominal and not (posted[1] and posted[0] < nominal):
                raise refuse(
                    "blinds not where the engine posts them",
                    f"the {what} blind is {posted[0]}, the stakes say {nominal}",
                )
        missed: dict[int, tuple[int, int]] = {}
        for seat, kind, name, amount, all_in in returning:
            live, dead = missed.get(seat, (0, 0))
            if kind == "small":
                dead += amount
            elif kind == "big" and (amount == bb or (all_in and amount < bb)):
                live = bb
            elif kind == "both" and (amount > bb or (all_in and amount)):
                live, dead = bb, amount - bb if amount > bb else sb or bb // 2
            else:
                raise refuse(
                    "blinds not where the engine posts them",
                    f"{name} posts {amount} as a returning player's blinds, the big blind is {bb}",
                )
            missed[seat] = (live, dead)
        return (sb, bb), missed

    def _antes(self) -> int:
        """The ante every player posts (a short stack all in for less)."""
        posts = self.draft.posts
        posted = {name: (amount, all_in) for kind, name, amount, all_in in posts if kind == "ante"}
        if not posted:
            return 0
        ante = max(amount for amount, _ in posted.values())
        for name in self.players:
            amount, all_in = posted.get(name, (0, False))
            if amount != ante and not all_in:
                raise refuse(
                    "antes the engine does not play", f"{name} antes {amount}, others {ante}"
                )
        return ante

    def _actions(self) -> _Lines:
        """The PHH action lines, each event in turn; a refusal names the event's line."""
        draft, lines = self.draft, _Lines(self.n, self.rule.cards)
        for at, (kind, name, value) in enumerate(draft.events):
            try:
                if kind == "run":
                    lines.run()
                    continue
                if name not in self.index:
                    raise refuse("player not dealt in acts", repr(name[:40]))
                lines.event(kind, self.index[name], value)
            except Unreadable as why:
                why.line = draft.lines[at] if at < len(draft.lines) else None
                raise
        return lines

    def _payouts(self) -> dict[str, Any]:
        """The room's payouts as user fields: ``_collected`` and ``_returned`` per player,
        ``_rake``, and ``_pots`` (net of rake, main first) when the room lists them."""
        draft = self.draft
        for name in (*draft.collected, *draft.returned):
            if name not in self.index:
                raise refuse("player not dealt in is paid", repr(name[:40]))
        fields: dict[str, Any] = {
            "_paid" if draft.paid_in_all else "_collected": [
                draft.collected[name] for name in self.players
            ]
        }
        if draft.rake is not None:  # else the room did not say (Merge)
            fields["_rake"] = draft.rake
        if draft.reports_returned:
            fields["_returned"] = [draft.returned[name] for name in self.players]
        if len(draft.pots) > 1:
            fields["_pots"] = list(draft.pots)
        if draft.total is not None:
            paid = sum(draft.collected.values()) + (draft.rake or 0)
            if draft.pots and sum(draft.pots) + (draft.rake or 0) != draft.total:
                raise refuse(
                    "pots that do not add up",
                    f"the pots {draft.pots} and the rake {draft.rake} for a total of {draft.total}",
                )
            if paid != draft.total:
                raise refuse(
                    "pots that do not add up",
                    f"collected {paid - (draft.rake or 0)} plus rake {draft.rake or 0} "
                    f"is not the total pot {draft.total}",
                )
        return fields


class _Lines:
    """The action lines of one hand, built event by event: the deal, each action, each
    draw's discards then its replacements, the showdown in the engine's show order (at
    the end of each run, in a pot run more than once)."""

    def __init__(self, n: int, size: int) -> None:
        self.n, self.size = n, size
        self.known: dict[int, tuple[Card, ...]] = {}
        """The cards the room shows each player dealt first (the hero's)."""
        self.body: list[str] = []
        self.deals: list[list[Any]] = []
        """[seat, count, cards or None] of each replacement owed in the draw in progress."""
        self.drew: set[int] = set()
        """Who has discarded in the draw in progress."""
        self.drawing = False
        self.first_deal = True
        """No draw yet: a hand the room shows dealt is the first deal."""
        self.folded: set[int] = set()
        self.aggressor: int | None = None
        """The last to bet or raise in the betting round in progress."""
        self.shows: dict[int, tuple[Card | None, ...] | None] = {}
        self.runs: list[int] = []
        """Where each run begins in ``body``."""
        self.run_starts: list[int] = []
        """Where each run begins in the action lines (once ``result`` has made them)."""

    def run(self) -> None:
        """A run of a pot run more than once begins: the run before it ends shown."""
        self.flush()
        self.drawing = False
        if self.runs:
            self._showdown()
        self.runs.append(len(self.body))

    def event(self, kind: str, seat: int, value: Any) -> None:
        if kind == "dealt":
            pending = [deal for deal in self.deals if deal[0] == seat]
            if self.first_deal:
                self.known[seat] = _cards(value, self.size, "dealt")
            elif pending:
                pending[-1][2] = _cards(value, pending[-1][1], "dealt in the draw")
        elif kind == "discard":
            if self.drawing and seat in self.drew:  # the next draw, with no betting between
                self.flush()
            if not self.drawing:
                self.aggressor = None
            self.drawing, self.first_deal = True, False
            self.drew.add(seat)
            self.body.append(_line("sd", seat, value or None))
            if value:
                self.deals.append([seat, len(value), None])
        elif kind in ("show", "muck"):
            self.shows[seat] = value if kind == "show" else None
        else:
            self.flush()
            self.drawing = False
            if kind == "fold":
                self.folded.add(seat)
                self.body.append(_line("f", seat))
            elif kind in ("check", "call"):
                self.body.append(_line("cc", seat))
            else:
                self.aggressor = seat
                self.body.append(_line("cbr", seat, amount=value))

    def flush(self) -> None:
        """The replacements of the draw in progress, after all its discards."""
        for seat, count, cards in self.deals:
            dealt = cards if cards is not None else (None,) * count
            self.body.append(_line("dh", seat, tuple(dealt)))
        self.deals.clear()
        self.drew.clear()

    def _showdown(self) -> None:
        """The shows and mucks read since the last showdown, in the engine's show order."""
        live = [seat for seat in range(self.n) if seat not in self.folded]
        if len(live) > 1:
            first = self.aggressor if self.aggressor in live else None
            for seat in show_order(live, first, self.n - 1, self.n):
                if seat in self.shows:
                    self.body.append(_line("sm", seat, self.shows[seat]))
        self.shows.clear()

    def result(self) -> list[str]:
        self.flush()
        self._showdown()
        self.run_starts = [start + self.n for start in self.runs]
        deal = [
            _line("dh", seat, self.known.get(seat, (None,) * self.size)) for seat in range(self.n)
        ]
        return deal + self.body


@lru_cache(maxsize=4096)
def _line(
    verb: Verb,
    seat: int,
    cards: tuple[Card | None, ...] | None = None,
    amount: int | None = None,
) -> str:
    """One action line, made once: the hands of a file repeat the same few lines."""
    return format_line(Notation(verb, seat, cards, amount))


def _cards(text: str, count: int, what: str) -> tuple[Card, ...]:
    """Cards the room wrote (``Qs 7s 3c``), exactly ``count`` of them."""
    try:
        cards = parse_cards("".join(text.split()))
    except ValueError as error:
        raise refuse("cards not understood", str(error)) from None
    if len(cards) != count or None in cards:
        raise refuse("cards not understood", f"{len(cards)} cards {what}, expected {count}")
    return cards  # type: ignore[return-value]


def room_cards(text: str) -> tuple[Card, ...]:
    """Cards the room wrote, any number (a discard or a shown hand)."""
    try:
        cards = parse_cards("".join(text.split()))
    except ValueError as error:
        raise refuse("cards not understood", str(error)) from None
    if None in cards:
        raise refuse("cards not understood", repr(text[:30]))
    return cards  # type: ignore[return-value]
