"""PokerStars hand histories: Badugi, 2-7 and A-5 triple draw and 2-7 single draw, in fixed,
pot and no limit, cash games (amounts in cents) and tournaments (in chips).

A hand starts with ``PokerStars Hand #N:`` (or ``Game``, ``Zoom Hand``): its header names
the game, the betting and the stakes (the bets in fixed limit, else the blinds); then the
table and the button, the seats with their chips, the forced bets, the streets (``***
DEALING HANDS ***``, ``*** FIRST DRAW ***`` ...), the showdown and a summary whose ``Total
pot`` line gives the pots net of rake and the rake (docs/guide/rooms.md).
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
    room_cards,
)
from badugi_fast.phh.variants import Structure

_GAMES: dict[str, Game] = {
    "Triple Draw 2-7 Lowball": "deuce-seven-triple-draw",
    "Triple Draw A-5 Lowball": "ace-five-triple-draw",
    "Single Draw 2-7 Lowball": "deuce-seven-single-draw",
    "Badugi": "badugi",
}
_STRUCTURES: dict[str, Structure] = {
    "Limit": "fixed-limit",
    "Pot Limit": "pot-limit",
    "No Limit": "no-limit",
}
_HEADER = re.compile(r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #(?P<number>[0-9]+): ")
_GAME = re.compile(
    r"(?P<game>[A-Za-z0-9'/ -]+?) (?P<structure>Pot Limit|No Limit|Limit)\b"
    r"(?:.*?Level (?P<level>[IVXLCDM]+))?"
    r".*?\((?P<small>" + MONEY + r")/(?P<big>" + MONEY + r")(?: (?P<currency>[A-Z]{3}))?\)"
)
_TOURNAMENT = re.compile(r"Tournament #(?P<tournament>[0-9]+), ")
_DATE = re.compile(
    r" - (?P<date>[0-9]{4}/[0-9]{2}/[0-9]{2}) (?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2})"
    r"(?: (?P<zone>[A-Z]{2,4}))?"
)
_TABLE = re.compile(
    r"Table '(?P<table>[^']*)' (?P<max>[0-9]+)-max (?:\(Play Money\) )?"
    r"Seat #(?P<button>[0-9]+) is the button"
)
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<chips>" + MONEY + r") in chips"
    r"(?:, [^)]*)?\)(?P<out> is sitting out| out of hand.*)?"
)
_VERB = re.compile(
    r"(?P<name>.+?): (?P<verb>posts the ante|posts small & big blinds|posts small blind"
    r"|posts big blind|folds|checks|calls|bets|raises|discards|stands pat|shows|mucks hand"
    r"|doesn't show hand|is sitting out|sits out)(?P<rest>.*)"
)
_RETURNED = re.compile(r"Uncalled bet \((?P<amount>" + MONEY + r")\) returned to (?P<name>.+)")
_COLLECTED = re.compile(
    r"(?P<name>.+?) collected (?P<amount>" + MONEY + r") from "
    r"(?:the )?(?:main |side )?pot(?:-[0-9]+)?"
)
_POT = re.compile(r"(?:Main|Side) pot(?:-[0-9]+)? (" + MONEY + r")\.")
_NOISE = re.compile(
    r"(?:.+ said, \".*|.+ (?:is disconnected|is connected|has timed out.*|has returned"
    r"|leaves the table|joins the table at seat #[0-9]+|will be allowed to play after the button"
    r"|was removed from the table.*|finished the tournament.*|wins the tournament.*"
    r"|re-buys and receives.*|adds [$€£]?[0-9].*|is sitting out|sits out)"
    r"|Betting is capped|The deck is reshuffled"
    r"|\*\*\* (?:DEALING HANDS|HOLE CARDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|DRAW|SHOW DOWN) \*\*\*)"
)
_CANCELLED = re.compile(r"Hand (?:was )?cancelled", re.IGNORECASE)
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


class Reader(HandReader):
    """One PokerStars hand, read line by line."""

    ALL_IN = " and is all-in"

    def header(self, line: str) -> None:
        head = _HEADER.match(line)
        tournament = _TOURNAMENT.match(line, head.end()) if head else None
        start = head.end() if head else 0
        if tournament is not None:  # the buy-in runs up to the game's name
            start = _buy_in_end(line, tournament.end())
        match = _GAME.match(line, start)
        if head is None or match is None:
            raise refuse("header not understood", line[:80])
        name = match["game"].rpartition("(")[2].strip()
        structure = _STRUCTURES[match["structure"]]
        self.plays(_GAMES.get(name), structure, f"{name} {match['structure']}"[:50])
        draft = self.draft
        if tournament is not None:
            self.scale = 1
            draft.fields["event"] = f"Tournament #{tournament['tournament']}"
            if match["level"]:
                draft.fields["level"] = _roman(match["level"])
        else:
            if match["currency"]:
                draft.fields["currency"] = match["currency"]
            symbol = match["small"][0]
            if symbol in "$€£":
                draft.fields["currency_symbol"] = symbol
            else:
                self.scale = 1  # play money: chips
        draft.stakes = (self.money(match["small"]), self.money(match["big"]))
        when = _DATE.search(line, match.end())
        if when is not None:
            draft.when(when["date"], when["time"])
            if when["zone"]:
                draft.fields["time_zone_abbreviation"] = when["zone"]

    def line(self, line: str) -> None:
        draft = self.draft
        if "ancel" in line and _CANCELLED.search(line):
            raise refuse("cancelled hand", line[:80])
        if self.summary:
            if (match := TOTAL.match(line)) is not None:
                self.total(match, _POT)
        elif line.startswith("*** "):
            if line.startswith("*** SUMMARY ***"):
                self.summary = True
            elif not _NOISE.fullmatch(line):
                raise refuse("line not understood", line[:80])
        elif line.startswith("Table '") and (match := _TABLE.match(line)) is not None:
            draft.fields["table"] = match["table"]
            draft.fields["seat_count"] = int(match["max"])
            draft.button = int(match["button"])
        elif line.startswith("Seat ") and (match := _SEAT.fullmatch(line)) is not None:
            self.seat(line, match, out=bool(match["out"]))
        elif (match := _VERB.fullmatch(line)) is not None and match["name"] in draft.seats:
            self._act(match["name"], match["verb"], match["rest"])
        elif line.startswith("Dealt to ") and (match := DEALT.fullmatch(line)) is not None:
            draft.events.append(("dealt", draft.seat_of(match["name"]), match["last"]))
        elif line.startswith("Uncalled") and (match := _RETURNED.fullmatch(line)) is not None:
            draft.returned[draft.seat_of(match["name"])] += self.money(match["amount"])
        elif " collected " in line and (match := _COLLECTED.fullmatch(line)) is not None:
            draft.collected[draft.seat_of(match["name"])] += self.money(match["amount"])
        elif not _NOISE.fullmatch(line):
            raise refuse("line not understood", line[:80])

    def _act(self, name: str, verb: str, rest: str) -> None:
        draft = self.draft
        rest, all_in = self.all_in(rest)
        if verb.startswith("posts"):
            kind = {"posts the ante": "ante", "posts small blind": "small"}.get(verb)
            self.post(kind or ("both" if "&" in verb else "big"), name, rest.strip(), all_in)
        elif verb in ("folds", "checks"):
            if rest and not (verb == "folds" and rest.startswith(" [")):
                raise refuse("line not understood", f"{name}: {verb}{rest}"[:80])
            draft.events.append(("check" if verb == "checks" else "fold", name, None))
        elif verb in ("calls", "bets"):
            draft.events.append((verb[:-1], name, self.money(rest.strip())))
        elif verb == "raises":
            match = re.fullmatch(r" (" + MONEY + r") to (" + MONEY + r")", rest)
            if match is None:
                raise refuse("line not understood", f"{name}: raises{rest}"[:80])
            draft.events.append(("raise", name, self.money(match.group(2))))
        elif verb == "discards":
            match = DISCARD.fullmatch(rest)
            if match is None:
                raise refuse("line not understood", f"{name}: discards{rest}"[:80])
            self.discard(name, int(match["count"]), match["cards"], f"{name}: discards{rest}")
        elif verb == "stands pat":
            draft.events.append(("discard", name, ()))
        elif verb == "shows":
            match = re.match(r" \[([^\]]*)\]", rest)
            if match is None:
                raise refuse("line not understood", f"{name}: shows{rest}"[:80])
            draft.events.append(("show", name, room_cards(match.group(1))))
        elif verb == "mucks hand":
            draft.events.append(("muck", name, None))
        elif verb in ("is sitting out", "sits out") and not draft.events:
            draft.out.add(name)


def _buy_in_end(line: str, at: int) -> int:
    """Where the game's name starts after a tournament's buy-in (``$3.19+$0.31 USD ``)."""
    words = re.compile(r"(?:[$€£]?[0-9][0-9.,+$€£]*|[A-Z]{3}|FPP|Freeroll) ")
    while (match := words.match(line, at)) is not None:
        at = match.end()
    return at


def _roman(text: str) -> int:
    """A level's Roman numeral as a number."""
    values = [_ROMAN[letter] for letter in text]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


FORMAT = RoomFormat(
    "PokerStars",
    r"PokerStars (?:Zoom |Home Game )?(?:Hand|Game) #",
    Reader,
    number=re.compile(r"^PokerStars[^#]*#([0-9]+)"),
)
"""PokerStars' hand histories: each hand from its ``PokerStars Hand #N:`` line."""
