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
from typing import ClassVar

from badugi_fast.games import Game
from badugi_fast.phh.rooms.core import DEALT, HandReader, RoomFormat, refuse, units
from badugi_fast.phh.variants import Structure

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
_COLLECTED = re.compile(
    r" collected (?P<amount>" + _MONEY + r") from (?:main |side )?pot(?: [0-9]+)?"
)
_TOTAL = re.compile(r"Total pot (?P<total>" + _MONEY + r") \| Rake (?P<rake>" + _MONEY + r")")
_NOISE = re.compile(
    r"\*\*\* (?:ANTE/BLINDS|PRE-FLOP|(?:FIRST|SECOND|THIRD|FOURTH)-(?:BET|DRAW)|SHOW DOWN) \*\*\*"
)
_DISCARD = re.compile(r" discard (?P<count>[0-9]) cards?(?: \[(?P<cards>[^\]]*)\])?")


class Reader(HandReader):
    """One Winamax hand, read line by line."""

    RAISE_WORDS = 5
    ALL_IN = " and is all-in"
    POSTS: ClassVar[dict[str, str]] = {
        " posts ante ": "ante",
        " posts small blind ": "small",
        " posts big blind ": "big",
    }
    MUCKS = (" mucks", " mucks hand", " doesn't show")

    def header(self, line: str) -> None:
        match = _HEADER.fullmatch(line)
        if match is None:
            raise refuse("header not understood", line[:80])
        game, structure = _GAMES.get(match["game"].strip()), _STRUCTURES[match["structure"]]
        self.plays(game, structure, match["game"][:40])
        draft = self.draft
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

    def posted_amount(self, text: str, said: str) -> str:
        """A blind's amount, and ``out of position`` for a returning player's."""
        amount, _, where = text.partition(" ")
        if where not in ("", "out of position"):
            raise refuse("line not understood", said[:80])
        return amount

    def line(self, line: str) -> None:
        draft = self.draft
        if "cancel" in line.lower():
            raise refuse("cancelled hand", line[:80])
        if line.startswith("*** SUMMARY ***"):
            self.summary = True
        elif self.summary:
            if (match := _TOTAL.fullmatch(line)) is not None:
                draft.rake = self.money(match["rake"])
                draft.total = self.money(match["total"]) + draft.rake  # the pot before the rake
                self.ended = True
        elif (match := _TABLE.fullmatch(line)) is not None:
            draft.fields["table"] = match["table"]
            draft.fields["seat_count"] = int(match["max"])
            draft.button = int(match["button"])
        elif line.startswith("Seat ") and (match := _SEAT.fullmatch(line)) is not None:
            self.seat(line, match)
        elif line.startswith("Dealt to ") and (match := DEALT.fullmatch(line)) is not None:
            if set(match["last"].split()) != {"X"}:
                draft.events.append(("dealt", draft.seat_of(match["name"]), match["last"]))
        else:
            self.acts(line, _NOISE, (" ",))

    def act(self, name: str, rest: str) -> None:
        draft = self.draft
        rest, all_in = self.all_in(rest)
        if self.posted(name, rest, all_in) or self.play(name, rest):
            return
        if (match := _DISCARD.fullmatch(rest)) is not None:
            self.discard(name, int(match["count"]), match["cards"], f"{name}{rest}")
        elif re.fullmatch(r" stands pat(?: \[[^\]]*\])?", rest):
            draft.events.append(("discard", name, ()))
        elif (match := _COLLECTED.fullmatch(rest)) is not None:
            draft.collected[name] += self.money(match["amount"])
        else:
            raise refuse("line not understood", f"{name}{rest}"[:80])


FORMAT = RoomFormat(
    "Winamax",
    r"Winamax Poker - ",
    Reader,
    number=re.compile(r"HandId: #([0-9-]+)"),
    reports_returned=False,
    paid_in_all=True,
)
"""Winamax's hand histories: each hand from its ``Winamax Poker -`` line."""
