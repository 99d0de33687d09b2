"""Full Tilt Poker hand histories: Badugi, 2-7 and A-5 triple draw and 2-7 single draw, in
fixed, pot and no limit, cash games (amounts in cents) and tournaments (in chips).

Full Tilt wrote its files in UTF-16 (``phh.rooms.decode`` reads them). A hand starts with
``Full Tilt Poker Game #N:`` (or ``FullTiltPoker``); its header's parts, separated by
`` - ``, give the table, the stakes (the bets in fixed limit, else the blinds, and any
ante), the game and the time. Actions name the player first, without a colon
(``Hero raises to $0.20``); ``X: text`` is chat. A replacement is ``X is dealt 2 cards``
(the hero's: ``Dealt to Hero [kept] [new]``), a payout ``X wins the pot ($1)``, and the
summary's ``Total pot`` line gives the rake (docs/guide/rooms.md).
"""

from __future__ import annotations

import re

from badugi_fast.games import Game
from badugi_fast.phh.rooms.core import (
    DEALT,
    DISCARD,
    MONEY,
    TOTAL,
    HandReader,
    RoomFormat,
    refuse,
)
from badugi_fast.phh.variants import Structure

_GAMES: dict[str, Game] = {
    "Badugi": "badugi",
    "2-7 Triple Draw": "deuce-seven-triple-draw",
    "A-5 Triple Draw": "ace-five-triple-draw",
    "2-7 Single Draw": "deuce-seven-single-draw",
}
_STRUCTURES: dict[str, Structure] = {
    "Limit": "fixed-limit",
    "FL": "fixed-limit",
    "Fixed Limit": "fixed-limit",
    "Pot Limit": "pot-limit",
    "PL": "pot-limit",
    "No Limit": "no-limit",
    "NL": "no-limit",
}
_GAME = re.compile(r"(?P<structure>Fixed Limit|Limit|FL|Pot Limit|PL|No Limit|NL) (?P<game>.+)")
_STAKES = re.compile(
    r"(?P<small>" + MONEY + r")/(?P<big>" + MONEY + r")(?: Ante (?P<ante>" + MONEY + r"))?"
)
_TABLE = re.compile(
    r"(?:(?P<event>.*) \((?P<id>[0-9]+)\), )?Table (?P<table>.+?)(?: \((?P<kind>[^)]*)\))?"
)
_TIME = re.compile(r"(?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2}) (?P<zone>[A-Z]{2,4})")
_DATE = re.compile(r"(?P<date>[0-9]{4}/[0-9]{2}/[0-9]{2})(?P<partial> \(partial\))?")
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<chips>" + MONEY + r")\)(?P<out>, is sitting out)?"
)
_BUTTON = re.compile(r"The button is in seat #(?P<seat>[0-9]{1,3})")
_RETURNED = re.compile(r"Uncalled bet of (?P<amount>" + MONEY + r") returned to (?P<name>.+)")
_WINS = re.compile(
    r" (?:wins|ties for) the (?:main |side )?pot(?: #?[0-9]+)? \((?P<amount>" + MONEY + r")\)"
)
_POT = re.compile(r"(?:Main|Side) pot(?: #?[0-9]+)? (" + MONEY + r")\.")
_NOISE = re.compile(
    r"(?:\*\*\* (?:HOLE CARDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|DRAW|SHOW DOWN) \*\*\*.*"
    r"|\*+ # [0-9]+ \*+"
    r"|.+ (?:sits down|adds " + MONEY + r"|has joined the table|has left the table))"
)
_QUIET = re.compile(
    r" (?:has [0-9]+ seconds left to act|has been disconnected|has reconnected|stands up"
    r"|sits down|is sitting out|has returned|has requested TIME|is dealt [0-9] cards?"
    r"|adds " + MONEY + r"|has timed out.*|is feeling .*)"
)
"""What a player's line may say that changes nothing in the hand."""


class Reader(HandReader):
    """One Full Tilt hand, read line by line."""

    ALL_IN = ", and is all in"

    def header(self, line: str) -> None:
        parts = line.partition(": ")[2].split(" - ")
        draft = self.draft
        stakes = game = None
        clock = "0:00:00"
        for part in parts:
            part = part.strip()
            if (match := _STAKES.fullmatch(part)) is not None:
                stakes = match
            elif (match := _GAME.fullmatch(part)) is not None:
                game = match
            elif (match := _TABLE.fullmatch(part)) is not None:
                draft.fields["table"] = match["table"]
                if match["id"]:
                    draft.fields["event"] = f"{match['event'].strip()} ({match['id']})"
            elif (match := _TIME.fullmatch(part)) is not None:
                clock = match["time"]
                draft.fields["time_zone_abbreviation"] = match["zone"]
            elif (match := _DATE.fullmatch(part)) is not None:
                if match["partial"]:
                    raise refuse("summary-only hand", "the room marks it partial")
                draft.when(match["date"], clock)
        if game is None or stakes is None:
            raise refuse("header not understood", line[:80])
        structure = _STRUCTURES[game["structure"]]
        self.plays(_GAMES.get(game["game"].strip()), structure, game.group(0)[:50])
        if stakes["small"][0] in "$€£":
            draft.fields["currency"] = {"$": "USD", "€": "EUR", "£": "GBP"}[stakes["small"][0]]
            draft.fields["currency_symbol"] = stakes["small"][0]
        else:
            self.scale = 1  # tournament or play chips
        draft.stakes = (self.money(stakes["small"]), self.money(stakes["big"]))

    def line(self, line: str) -> None:
        draft = self.draft
        if "cancel" in line.lower():
            raise refuse("cancelled hand", line[:80])
        if self.summary:
            if (match := TOTAL.match(line)) is not None:
                self.total(match, _POT)
            return
        if line.startswith("*** SUMMARY ***"):
            self.summary = True
        elif line.startswith("Seat ") and (match := _SEAT.fullmatch(line)) is not None:
            self.seat(line, match, out=bool(match["out"]))
        elif (match := _BUTTON.fullmatch(line)) is not None:
            draft.button = int(match["seat"])
        elif line.startswith("Dealt to ") and (match := DEALT.fullmatch(line)) is not None:
            draft.events.append(("dealt", draft.seat_of(match["name"]), match["last"]))
        elif line.startswith("Uncalled") and (match := _RETURNED.fullmatch(line)) is not None:
            draft.returned[draft.seat_of(match["name"])] += self.money(match["amount"])
        else:
            self.acts(line, _NOISE)

    def act(self, name: str, rest: str) -> None:
        draft = self.draft
        if rest.startswith(": ") or _QUIET.fullmatch(rest):
            return  # chat, or a note that changes nothing
        rest, all_in = self.all_in(rest)
        if self.play(name, rest):
            return
        if rest.startswith((" posts ", " antes ")):
            self._post(name, rest, all_in)
        elif rest.startswith(" discards ") and (match := DISCARD.fullmatch(rest[9:])):
            self.discard(name, int(match["count"]), match["cards"], f"{name}{rest}")
        elif rest == " stands pat" or rest.startswith(" stands pat on ["):
            draft.events.append(("discard", name, ()))
        elif (match := _WINS.match(rest)) is not None:
            draft.collected[name] += self.money(match["amount"])
        else:
            raise refuse("line not understood", f"{name}{rest}"[:80])

    def _post(self, name: str, rest: str, all_in: bool) -> None:
        if rest.startswith(" antes "):
            kind = "ante"
        elif rest.startswith((" posts the small blind of ", " posts a dead small blind of ")):
            kind = "small"
        else:  # the big blind, or a big blind posted out of position (" posts $5")
            kind = "big"
        self.post(kind, name, rest.rpartition(" ")[2], all_in)


FORMAT = RoomFormat(
    "Full Tilt Poker",
    r"Full ?Tilt ?Poker Game #",
    Reader,
    number=re.compile(r"^Full ?Tilt ?Poker Game #([0-9]+)"),
)
"""Full Tilt's hand histories: each hand from its ``Full Tilt Poker Game #N:`` line."""
