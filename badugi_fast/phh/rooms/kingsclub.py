"""Kings Club hand histories: Badugi, Badacey, Badeucey, 2-7 and A-5 triple draw and 2-7
single draw, in fixed, pot and no limit, cash games (amounts to the cent).

A hand starts with ``#N: Limit Badacey - 22/44`` (the betting, the game and the stakes:
the bets in fixed limit, else the blinds), then its date, ``Table 'name' Seat 1 is the
button``, the seats and the rounds (``*** 1ST BETTING ROUND ***``, ``*** 1ST DRAW ***``
...). A call names the round's total it calls to, like a raise; a draw is ``X draws 2``,
the hero's ``Hero discards [7h Qc] draws [2h 9s]``. The summary gives the rake
(``Rake 5``) and each payout (``Hero wins (168) from pot``).

A pot run twice (all in before the draw) is written once, each draw decided once for both
runs: the hero's draw names each run's cards (``Hero discards [9h] draws [8c] [Tc]``), an
opponent's is ``X draws 1`` for both, and each run's hands are shown on lines of their own
(``Run 2: X shows [...]``; a show without ``Run N:`` is the first run's). The hand is
written as the engine plays it (``_runs``, ``_run_starts``): the draws after the last bet
once for each run, each run's cards, each run's shows at its end (docs/guide/rooms.md).
"""

from __future__ import annotations

import re
from typing import ClassVar

from badugi_fast.games import Game
from badugi_fast.phh.rooms.core import Draft, HandReader, RoomFormat, refuse, room_cards, units
from badugi_fast.phh.variants import Structure

_AMOUNT = r"[0-9][0-9,]*(?:\.[0-9]+)?"

_GAMES: dict[str, Game] = {
    "Badugi": "badugi",
    "Badacey": "badacey",
    "Badeucey": "badeucey",
    "2-7 Triple Draw": "deuce-seven-triple-draw",
    "A-5 Triple Draw": "ace-five-triple-draw",
    "2-7 Single Draw": "deuce-seven-single-draw",
}
_STRUCTURES: dict[str, Structure] = {
    "Half Pot Limit": "half-pot-limit",
    "Limit": "fixed-limit",
    "Pot Limit": "pot-limit",
    "No Limit": "no-limit",
}
_HEADER = re.compile(
    r"#(?P<number>[0-9]+): (?P<structure>Half Pot Limit|Pot Limit|No Limit|Limit) "
    r"(?P<game>.+) - (?P<small>" + _AMOUNT + ")/(?P<big>" + _AMOUNT + ")"
)
_DATE = re.compile(r"(?P<date>[0-9]{4}-[0-9]{2}-[0-9]{2}) (?P<time>[0-9]{1,2}:[0-9]{2}:[0-9]{2})")
_TABLE = re.compile(r"Table '(?P<table>[^']*)' Seat (?P<button>[0-9]{1,3}) is the button")
_SEAT = re.compile(r"Seat (?P<seat>[0-9]{1,3}): (?P<name>.+?) \((?P<chips>" + _AMOUNT + r")\)")
_DEALT = re.compile(r"Dealt to (?P<name>.+?): \[(?P<cards>[^\]]*)\]")
_DRAW = re.compile(r" discards \[(?P<thrown>[^\]]*)\] draws \[(?P<drawn>[^\]]*)\]")
_RUN_DRAW = re.compile(r" discards \[(?P<thrown>[^\]]*)\] draws (?P<drawn>(?:\[[^\]]*\] ?){2,4})")
"""A draw dealt once for each run of a pot run more than once: one bracket a run."""
_RUN_SHOW = re.compile(r"Run (?P<run>[1-4]): (?P<rest>.+)")
_BETTING = ("fold", "check", "call", "bet", "raise")
_WINS = re.compile(r" wins (?:pot )?\((?P<amount>" + _AMOUNT + r")\)(?: from (?:the )?\w* ?pot.*)?")
_NOISE = re.compile(r"\*\*\* [0-9]+(?:ST|ND|RD|TH) (?:BETTING ROUND|DRAW) \*\*\*")


class Reader(HandReader):
    """One Kings Club hand, read line by line."""

    SHOWS = re.compile(r" shows \[([^\]]*)\]\Z")
    END = "the summary's rake"
    ALL_IN = ", and is all in"
    POSTS: ClassVar[dict[str, str]] = {
        ": posts ante ": "ante",
        ": posts the small blind ": "small",
        ": posts the big blind ": "big",
        ": posts blind ": "big",  # a big blind posted out of position
    }

    def __init__(self, draft: Draft) -> None:
        super().__init__(draft)
        self.run_deals: dict[int, list[str]] = {}
        """A draw dealt once for each run: its ``dealt`` event's index, each run's cards."""
        self.run_shows: dict[int, int] = {}
        """Each show's event index, the run it shows (its ``Run N:``)."""

    def header(self, line: str) -> None:
        match = _HEADER.fullmatch(line)
        if match is None:
            raise refuse("header not understood", line[:80])
        game, structure = _GAMES.get(match["game"].strip()), _STRUCTURES[match["structure"]]
        self.plays(game, structure, match["game"][:40])
        draft = self.draft
        draft.stakes = (units(match["small"], 100), units(match["big"], 100))

    def line(self, line: str) -> None:
        draft = self.draft
        if not self.summary and (match := _RUN_SHOW.fullmatch(line)) is not None:
            name = self.actor(match["rest"])
            if name is None or not match["rest"][len(name) :].startswith(" shows ["):
                raise refuse("line not understood", line[:80])
            self.act(name, match["rest"][len(name) :])
            self.run_shows[len(draft.events) - 1] = int(match["run"])
        elif line.startswith("*** SUMMARY ***"):
            self.summary = True
        elif self.summary:
            self._summary(line)
        elif (match := _DATE.fullmatch(line)) is not None:
            draft.when(match["date"], match["time"])
        elif (match := _TABLE.fullmatch(line)) is not None:
            draft.fields["table"] = match["table"]
            draft.button = int(match["button"])
        elif line.startswith("Seat ") and (match := _SEAT.fullmatch(line)) is not None:
            self.seat(line, match)
        elif line.startswith("Dealt to ") and (match := _DEALT.fullmatch(line)) is not None:
            if set(match["cards"].split()) != {"X"}:
                draft.events.append(("dealt", draft.seat_of(match["name"]), match["cards"]))
        else:
            self.acts(line, _NOISE)

    def act(self, name: str, rest: str) -> None:
        draft = self.draft
        rest, all_in = self.all_in(rest)
        if self.posted(name, rest, all_in) or self.play(name, rest):
            return
        words = rest.split(" ")  # rest starts with a space or a colon
        if len(words) == 3 and words[1] == "draws" and words[2].isdigit():
            draft.events.append(("discard", name, (None,) * int(words[2][:2])))
        elif (match := _RUN_DRAW.fullmatch(rest)) is not None:
            draft.events.append(("discard", name, room_cards(match["thrown"])))
            self.run_deals[len(draft.events)] = re.findall(r"\[([^\]]*)\]", match["drawn"])
            draft.events.append(("dealt", name, ""))
        elif (match := _DRAW.fullmatch(rest)) is not None:
            thrown, drawn = room_cards(match["thrown"]), match["drawn"]
            draft.events.append(("discard", name, thrown))
            draft.events.append(("dealt", name, drawn))
        elif rest == " stands pat":
            draft.events.append(("discard", name, ()))
        else:
            raise refuse("line not understood", f"{name}{rest}"[:80])

    def _summary(self, line: str) -> None:
        draft = self.draft
        if line.startswith("Rake "):
            draft.rake = units(line[5:], 100)
            self.ended = True
        elif (name := self.actor(line)) is not None and (
            match := _WINS.fullmatch(line[len(name) :])
        ):
            draft.collected[name] += units(match["amount"], 100)

    def finish(self) -> None:
        """A pot run more than once: the draws after the last bet are played once for each
        run, with that run's cards, and each run ends with its own shows."""
        if not self.run_deals and not self.run_shows:
            return
        draft = self.draft
        runs = max([*self.run_shows.values(), *map(len, self.run_deals.values())])
        if any(len(cards) != runs for cards in self.run_deals.values()):
            raise refuse("line not understood", f"a draw not dealt for each of {runs} runs")
        bets = [at for at, (kind, _, _) in enumerate(draft.events) if kind in _BETTING]
        cut = bets[-1] + 1 if bets else 0
        events, lines = draft.events[:cut], draft.lines[:cut]
        for run in range(1, runs + 1):
            events.append(("run", "", run))
            lines.append(lines[-1] if lines else 0)
            for at in range(cut, len(draft.events)):
                kind, name, value = draft.events[at]
                if kind in ("show", "muck") and self.run_shows.get(at, 1) != run:
                    continue
                if at in self.run_deals:
                    value = self.run_deals[at][run - 1]
                events.append((kind, name, value))
                lines.append(draft.lines[at])
        draft.events, draft.lines, draft.runs = events, lines, runs


FORMAT = RoomFormat(
    "Kings Club",
    r"#[0-9]+: [A-Za-z0-9 /'-]+ - " + _AMOUNT + "/" + _AMOUNT + r"[ \t\r]*$",
    Reader,
    number=re.compile(r"^#([0-9]+):"),
    reports_returned=False,
)
"""Kings Club's hand histories: each hand from its ``#N: Limit Badugi - 2/4`` line."""
