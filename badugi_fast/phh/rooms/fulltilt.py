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
from collections.abc import Iterator

from badugi_fast.games import Game
from badugi_fast.phh.rooms.core import Draft, hands_from, refuse, room_cards, units
from badugi_fast.phh.variants import Structure

ROOM = "Full Tilt Poker"
"""The room's name, as the ``venue`` field gives it."""
START = re.compile(r"^Full ?Tilt ?Poker Game #", re.MULTILINE)
"""The first line of each hand."""

_MONEY = r"[$€£]?[0-9][0-9,.]*"
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
    r"(?P<small>" + _MONEY + r")/(?P<big>" + _MONEY + r")(?: Ante (?P<ante>" + _MONEY + r"))?"
)
_TABLE = re.compile(
    r"(?:(?P<event>.*) \((?P<id>[0-9]+)\), )?Table (?P<table>.+?)(?: \((?P<kind>[^)]*)\))?"
)
_TIME = re.compile(r"(?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2}) (?P<zone>[A-Z]{2,4})")
_DATE = re.compile(r"(?P<date>[0-9]{4}/[0-9]{2}/[0-9]{2})(?P<partial> \(partial\))?")
_SEAT = re.compile(
    r"Seat (?P<seat>[0-9]+): (?P<name>.+?) \((?P<chips>" + _MONEY + r")\)(?P<out>, is sitting out)?"
)
_ALL_IN = ", and is all in"
_BUTTON = re.compile(r"The button is in seat #(?P<seat>[0-9]{1,3})")
_RETURNED = re.compile(r"Uncalled bet of (?P<amount>" + _MONEY + r") returned to (?P<name>.+)")
_WINS = re.compile(
    r" (?:wins|ties for) the (?:main |side )?pot(?: #?[0-9]+)? \((?P<amount>" + _MONEY + r")\)"
)
_TOTAL = re.compile(
    r"Total pot (?P<total>" + _MONEY + r")(?P<pots>.*?) \| Rake (?P<rake>" + _MONEY + r")"
)
_POT = re.compile(r"(?:Main|Side) pot(?: #?[0-9]+)? (" + _MONEY + r")\.")
_DISCARD = re.compile(r" (?P<count>[0-9]) cards?(?: \[(?P<cards>[^\]]*)\])?")
_DEALT = re.compile(r"Dealt to (?P<name>.+?) (?:\[(?P<first>[^\]]*)\] ?)?\[(?P<last>[^\]]*)\]")
_NOISE = re.compile(
    r"(?:\*\*\* (?:HOLE CARDS|FIRST DRAW|SECOND DRAW|THIRD DRAW|DRAW|SHOW DOWN) \*\*\*.*"
    r"|\*+ # [0-9]+ \*+"
    r"|.+ (?:sits down|adds " + _MONEY + r"|has joined the table|has left the table))"
)
_QUIET = re.compile(
    r" (?:has [0-9]+ seconds left to act|has been disconnected|has reconnected|stands up"
    r"|sits down|is sitting out|has returned|has requested TIME|is dealt [0-9] cards?"
    r"|adds " + _MONEY + r"|has timed out.*|is feeling .*)"
)
"""What a player's line may say that changes nothing in the hand."""


def hands(lines: list[str]) -> Iterator[tuple[int, int, int]]:
    """(header, first, end) line indices of each hand: from a header to the next."""
    return hands_from(START, lines)


def number(line: str) -> str:
    """The hand's number from its first line, for naming it in errors."""
    match = re.match(r"Full ?Tilt ?Poker Game #([0-9]+)", line)
    return match.group(1) if match else ""


class Reader:
    """One hand, read line by line into a ``Draft``."""

    def __init__(self, hand: str) -> None:
        self.draft = Draft(ROOM, hand)
        self.scale = 100
        self.summary = False
        self.names: list[str] = []
        """The seated players, longest name first: a line starts with its actor's name."""

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
        name = _GAMES.get(game["game"].strip())
        if name is None:
            raise refuse("game not played by the engine", game.group(0)[:50])
        draft.game, draft.structure = name, _STRUCTURES[game["structure"]]
        if stakes["small"][0] in "$€£":
            draft.fields["currency"] = {"$": "USD", "€": "EUR", "£": "GBP"}[stakes["small"][0]]
            draft.fields["currency_symbol"] = stakes["small"][0]
        else:
            self.scale = 1  # tournament or play chips
        draft.stakes = (self.money(stakes["small"]), self.money(stakes["big"]))

    def money(self, text: str) -> int:
        return units(text, self.scale)

    def line(self, line: str) -> None:
        """One line after the header."""
        draft = self.draft
        if "cancel" in line.lower():
            raise refuse("cancelled hand", line[:80])
        if self.summary:
            match = _TOTAL.match(line)
            if match is not None:
                draft.total = self.money(match["total"])
                draft.rake = self.money(match["rake"])
                draft.pots = [self.money(pot) for pot in _POT.findall(match["pots"])]
            return
        if line.startswith("*** SUMMARY ***"):
            self.summary = True
        elif line.startswith("Seat ") and (match := _SEAT.fullmatch(line)) is not None:
            if draft.events or draft.posts:
                raise refuse("line not understood", f"a seat line after the deal: {line[:60]}")
            if match["name"] in draft.seats:
                raise refuse("player seated twice", repr(match["name"][:40]))
            draft.seats[match["name"]] = (int(match["seat"]), self.money(match["chips"]))
            if match["out"]:
                draft.out.add(match["name"])
            self.names = sorted(draft.seats, key=len, reverse=True)
        elif (match := _BUTTON.fullmatch(line)) is not None:
            draft.button = int(match["seat"])
        elif line.startswith("Dealt to ") and (match := _DEALT.fullmatch(line)) is not None:
            draft.events.append(("dealt", draft.seat_of(match["name"]), match["last"]))
        elif line.startswith("Uncalled") and (match := _RETURNED.fullmatch(line)) is not None:
            draft.returned[draft.seat_of(match["name"])] += self.money(match["amount"])
        elif (name := self._actor(line)) is not None:
            self._act(name, line[len(name) :])
        elif not _NOISE.fullmatch(line):
            raise refuse("line not understood", line[:80])

    def _actor(self, line: str) -> str | None:
        """The seated player a line starts with, if any."""
        for name in self.names:
            if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":"):
                return name
        return None

    def _act(self, name: str, rest: str) -> None:
        draft = self.draft
        if rest.startswith(": ") or _QUIET.fullmatch(rest):
            return  # chat, or a note that changes nothing
        all_in = rest.endswith(_ALL_IN)
        if all_in:
            rest = rest[: -len(_ALL_IN)]
        words = rest.split(" ")  # rest starts with a space: words[0] is empty
        verb = words[1] if len(words) > 1 else ""
        if rest.startswith((" posts ", " antes ")):
            self._post(name, rest, all_in)
        elif rest in (" folds", " checks"):
            draft.events.append(("fold" if rest == " folds" else "check", name, None))
        elif len(words) == 3 and words[1] in ("calls", "bets"):
            draft.events.append((words[1][:-1], name, self.money(words[2])))
        elif len(words) == 4 and words[1:3] == ["raises", "to"]:
            draft.events.append(("raise", name, self.money(words[3])))
        elif verb == "discards" and (match := _DISCARD.fullmatch(rest[9:])) is not None:
            count = int(match["count"])
            cards = room_cards(match["cards"]) if match["cards"] else (None,) * count
            if len(cards) != count:
                raise refuse("cards not understood", f"{name} discards {count}: {rest}"[:80])
            draft.events.append(("discard", name, cards))
        elif rest == " stands pat" or rest.startswith(" stands pat on ["):
            draft.events.append(("discard", name, ()))
        elif verb == "shows" and (match := re.match(r" shows \[([^\]]*)\]", rest)):
            draft.events.append(("show", name, room_cards(match.group(1))))
        elif rest == " mucks":
            draft.events.append(("muck", name, None))
        elif (match := _WINS.match(rest)) is not None:
            draft.collected[name] += self.money(match["amount"])
        else:
            raise refuse("line not understood", f"{name}{rest}"[:80])

    def _post(self, name: str, rest: str, all_in: bool) -> None:
        draft = self.draft
        if draft.events:
            raise refuse("line not understood", f"{name} posts after the deal")
        amount = self.money(rest.rpartition(" ")[2])
        if rest.startswith(" antes "):
            kind = "ante"
        elif rest.startswith((" posts the small blind of ", " posts a dead small blind of ")):
            kind = "small"
        else:  # the big blind, or a big blind posted out of position (" posts $5")
            kind = "big"
        draft.posts.append((kind, name, amount, all_in))
