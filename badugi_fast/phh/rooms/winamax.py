"""Winamax hand histories: 2-7 triple draw (``2-7 Triple Draw``, ``Lowball27``), Badugi and
2-7 single draw, in fixed, pot and no limit, cash games (amounts in cents).

A hand starts with ``Winamax Poker - CashGame - HandId: #N - 2-7 Triple Draw fixed limit
(25€/50€) - date``: the game, the betting and the stakes (the bets in fixed limit, else
the blinds). Streets are ``*** FIRST-BET ***``, ``*** FIRST-DRAW ***`` ...; a draw is
``X discard 2 cards`` (``discard 0 card`` stands pat). Winamax writes no uncalled bet:
``X collected 298€ from pot`` is all a player got back, its uncalled bet included (the
user field ``_paid``), and the summary's ``Total pot`` is what was collected, the rake
apart (docs/guide/rooms.md).
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from badugi_fast.games import Game
from badugi_fast.phh.rooms.core import Draft, hands_from, refuse, room_cards, units
from badugi_fast.phh.variants import Structure

ROOM = "Winamax"
"""The room's name, as the ``venue`` field gives it."""
START = re.compile(r"^Winamax Poker - ", re.MULTILINE)
"""The first line of each hand."""

_MONEY = r"[0-9][0-9,.]*€?"
_GAMES: dict[str, Game] = {
    "2-7 Triple Draw": "deuce-seven-triple-draw",
    "Lowball27": "deuce-seven-triple-draw",
    "Badugi": "badugi",
    "2-7 Single Draw": "deuce-seven-single-draw",
}
_STRUCTURES: dict[str, Structure] = {
    "fixed limit": "fixed-limit",
    "pot limit": "pot-limit",
    "no limit": "no-limit",
}
_HEADER = re.compile(
    r"Winamax Poker - (?P<kind>CashGame|Tournament.*?) - HandId: #(?P<number>[0-9-]+) - "
    r"(?P<game>.+?) (?P<structure>fixed limit|pot limit|no limit) "
    r"\((?:(?P<ante>" + _MONEY + r")/)?(?P<small>" + _MONEY + r")/(?P<big>" + _MONEY + r")\)"
    r" - (?P<date>[0-9]{4}/[0-9]{2}/[0-9]{2}) (?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2})"
    r"(?: (?P<zone>[A-Z]{2,4}))?"
)
_TABLE = re.compile(
    r"Table: '(?P<table>[^']*)' (?P<max>[0-9]{1,2})-max .*?"
    r"Seat #(?P<button>[0-9]{1,3}) is the button"
)
_SEAT = re.compile(r"Seat (?P<seat>[0-9]{1,3}): (?P<name>.+?) \((?P<chips>" + _MONEY + r")\)")
_ALL_IN = " and is all-in"
_DEALT = re.compile(r"Dealt to (?P<name>.+?) (?:\[(?P<first>[^\]]*)\] ?)?\[(?P<last>[^\]]*)\]")
_COLLECTED = re.compile(
    r" collected (?P<amount>" + _MONEY + r") from (?:main |side )?pot(?: [0-9]+)?"
)
_TOTAL = re.compile(r"Total pot (?P<total>" + _MONEY + r") \| Rake (?P<rake>" + _MONEY + r")")
_NOISE = re.compile(
    r"\*\*\* (?:ANTE/BLINDS|PRE-FLOP|(?:FIRST|SECOND|THIRD|FOURTH)-(?:BET|DRAW)|SHOW DOWN) \*\*\*"
)
_POSTS = {" posts ante ": "ante", " posts small blind ": "small", " posts big blind ": "big"}


def hands(lines: list[str]) -> Iterator[tuple[int, int, int]]:
    """(header, first, end) line indices of each hand: from a header to the next."""
    return hands_from(START, lines)


def number(line: str) -> str:
    """The hand's number from its first line, for naming it in errors."""
    match = re.search(r"HandId: #([0-9-]+)", line)
    return match.group(1) if match else ""


class Reader:
    """One hand, read line by line into a ``Draft``."""

    def __init__(self, hand: str) -> None:
        self.draft = Draft(ROOM, hand, reports_returned=False, paid_in_all=True)
        self.scale = 100
        self.summary = False
        self.names: list[str] = []
        """The seated players, longest name first: a line starts with its actor's name."""

    def header(self, line: str) -> None:
        match = _HEADER.fullmatch(line)
        if match is None:
            raise refuse("header not understood", line[:80])
        game = _GAMES.get(match["game"].strip())
        if game is None:
            raise refuse("game not played by the engine", match["game"][:40])
        draft = self.draft
        draft.game, draft.structure = game, _STRUCTURES[match["structure"]]
        if match["kind"] != "CashGame":
            self.scale = 1
            draft.fields["event"] = match["kind"][:80]
        elif match["small"].endswith("€"):
            draft.fields.update(currency="EUR", currency_symbol="€")
        draft.stakes = (self.money(match["small"]), self.money(match["big"]))
        draft.when(match["date"], match["time"])
        if match["zone"]:
            draft.fields["time_zone_abbreviation"] = match["zone"]

    def money(self, text: str) -> int:
        return units(text.rstrip("€"), self.scale)

    def line(self, line: str) -> None:
        """One line after the header."""
        draft = self.draft
        if "cancel" in line.lower():
            raise refuse("cancelled hand", line[:80])
        if line.startswith("*** SUMMARY ***"):
            self.summary = True
        elif self.summary:
            if (match := _TOTAL.fullmatch(line)) is not None:
                draft.rake = self.money(match["rake"])
                draft.total = self.money(match["total"]) + draft.rake  # the pot before the rake
        elif (match := _TABLE.fullmatch(line)) is not None:
            draft.fields["table"] = match["table"]
            draft.fields["seat_count"] = int(match["max"])
            draft.button = int(match["button"])
        elif line.startswith("Seat ") and (match := _SEAT.fullmatch(line)) is not None:
            if draft.events or draft.posts:
                raise refuse("line not understood", f"a seat line after the deal: {line[:60]}")
            if match["name"] in draft.seats:
                raise refuse("player seated twice", repr(match["name"][:40]))
            draft.seats[match["name"]] = (int(match["seat"]), self.money(match["chips"]))
            self.names = sorted(draft.seats, key=len, reverse=True)
        elif line.startswith("Dealt to ") and (match := _DEALT.fullmatch(line)) is not None:
            if set(match["last"].split()) != {"X"}:
                draft.events.append(("dealt", draft.seat_of(match["name"]), match["last"]))
        elif (name := self._actor(line)) is not None:
            self._act(name, line[len(name) :])
        elif not _NOISE.fullmatch(line):
            raise refuse("line not understood", line[:80])

    def _actor(self, line: str) -> str | None:
        """The seated player a line starts with, if any."""
        for name in self.names:
            if line.startswith(name + " "):
                return name
        return None

    def _act(self, name: str, rest: str) -> None:
        draft = self.draft
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[: -len(_ALL_IN)]
        for prefix, kind in _POSTS.items():
            if rest.startswith(prefix):
                if draft.events:
                    raise refuse("line not understood", f"{name} posts after the deal")
                amount, _, where = rest[len(prefix) :].partition(" ")
                if where not in ("", "out of position"):
                    raise refuse("line not understood", f"{name}{rest}"[:80])
                draft.posts.append((kind, name, self.money(amount), all_in))
                return
        words = rest.split(" ")  # rest starts with a space: words[0] is empty
        verb = words[1] if len(words) > 1 else ""
        if rest in (" folds", " checks"):
            draft.events.append(("fold" if rest == " folds" else "check", name, None))
        elif len(words) == 3 and words[1] in ("calls", "bets"):
            draft.events.append((words[1][:-1], name, self.money(words[2])))
        elif len(words) == 5 and words[1] == "raises" and words[3] == "to":
            draft.events.append(("raise", name, self.money(words[4])))
        elif match := re.fullmatch(r" discard ([0-9]) cards?(?: \[([^\]]*)\])?", rest):
            count = int(match.group(1))
            cards = room_cards(match.group(2)) if match.group(2) else (None,) * count
            if len(cards) != count:
                raise refuse("cards not understood", f"{name}{rest}"[:80])
            draft.events.append(("discard", name, cards))
        elif re.fullmatch(r" stands pat(?: \[[^\]]*\])?", rest):
            draft.events.append(("discard", name, ()))
        elif verb == "shows" and (match := re.match(r" shows \[([^\]]*)\]", rest)):
            draft.events.append(("show", name, room_cards(match.group(1))))
        elif rest in (" mucks", " mucks hand", " doesn't show"):
            draft.events.append(("muck", name, None))
        elif (match := _COLLECTED.fullmatch(rest)) is not None:
            draft.collected[name] += self.money(match["amount"])
        else:
            raise refuse("line not understood", f"{name}{rest}"[:80])
