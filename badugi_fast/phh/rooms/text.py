"""The rooms that write plain text: each room's words as data (``Words``: the patterns of
its lines, as PokerKit's parsers keep them), read by one reader, ``TextReader``.

A hand is its header line, then lines of four sorts, tried in this order: the room's own
lines (``Words.lines``: the table, the seats, the hero's cards, an uncalled bet given
back); a seated player's name followed by what the player did (``Words.acts``); lines
that change nothing (``Words.noise``); after ``*** SUMMARY ***``, the summary's total or
rake (``Words.summary``) and what it pays (``Words.summary_acts``), its other lines being
the room's recap of what came before. Any other line refuses the hand, naming it. What
each pattern's named groups mean is the same for every room (``HEADER``, ``LINES``,
``ACTS``), so a room is a page of patterns (docs/guide/rooms.md, "A room's words").
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from dataclasses import dataclass, field
from functools import partial
from typing import Any

from badugi_fast._binding.hand import MAX_RUNS
from badugi_fast.cards import Card
from badugi_fast.games import Game
from badugi_fast.phh.rooms.core import Draft, HandReader, refuse, room_cards, seat_number
from badugi_fast.phh.rooms.frame import RoomFormat
from badugi_fast.phh.variants import Structure

HEADER = (
    "game",
    "structure",
    "small",
    "big",
    "event",
    "level",
    "currency",
    "date",
    "time",
    "zone",
    "table",
    "max",
    "button",
    "partial",
)
"""The groups of ``Words.header``: the room's names for the ``game`` and its betting
(``structure``), the stakes (``small`` and ``big``: the bets in fixed limit, else the
blinds); a tournament's ``event`` (its amounts are chips) and ``level``; the ``currency``;
the ``date``, ``time`` and time ``zone``; the ``table``, its seats (``max``) and the
``button``'s seat; ``partial`` when the room marks the hand partial."""
LINES = ("table", "date", "seat", "dealt", "returned")
"""The kinds of ``Words.lines``: ``table`` (any of the header's ``table``, ``max`` and
``button``), ``date`` (``date``, ``time``), ``seat`` (``seat``, ``name``, ``chips``;
``out``: seated but not dealt in), ``dealt`` (the hero ``name``'s ``cards``, after a draw
its ``kept`` cards before them; hidden cards are ``Words.hidden``), ``returned`` (the
``amount`` of an uncalled bet given back to ``name``)."""
ACTS = (
    "fold",
    "check",
    "call",
    "raise",
    "bet",
    "discard",
    "pat",
    "show",
    "muck",
    "collect",
    "small",
    "big",
    "ante",
    "both",
    "out",
    "quiet",
)
"""The kinds of ``Words.acts``, what follows a player's name, most common first (a line
is matched against them in this order): ``fold``, ``check``, ``call`` (the ``amount`` it
adds, or ``to`` the round's total it calls), ``raise`` (``to`` the round's new total,
``by`` its size where written), ``bet`` (``amount``), ``discard`` (``count`` cards, the
thrown ``cards`` where named, and the hero's ``drawn`` cards where the line gives them: one
bracket a run in a pot run more than once), ``pat``, ``show`` (``cards``), ``muck``,
``collect`` (``amount`` paid), a forced bet (``small``, ``big``, ``ante``, ``both`` blinds
at once, each of ``amount``), ``out`` (sits out: before the deal, not dealt in) and
``quiet`` (changes nothing)."""
BETTING = ("fold", "check", "call", "bet", "raise")
"""The events of a betting round (after the last of them, a pot run more than once runs
the draws left once for each run)."""
_SYMBOLS = {"$": "USD", "€": "EUR", "£": "GBP"}
_BRACKETS = re.compile(r"\[([^\]]*)\]")
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50, "C": 100, "D": 500, "M": 1000}


@dataclass(frozen=True)
class Words:
    """What a room writes, as patterns: each matched against a whole line (or what follows
    a player's name), its named groups giving what the line says (``HEADER``, ``LINES``,
    ``ACTS``)."""

    header: tuple[str, ...]
    """Patterns searched in a hand's first line (``HEADER``)."""
    games: Mapping[str, Game]
    """The room's names of the games the engine plays (any other is refused by name)."""
    structures: Mapping[str, Structure]
    """The room's names of the betting structures."""
    lines: Mapping[str, str]
    """Lines before the summary, by kind (``LINES``)."""
    acts: Mapping[str, str]
    """What follows a seated player's name before the summary, by kind (``ACTS``); the
    room's all-in mark (``all_in``) taken off first."""
    summary: Mapping[str, str]
    """Summary lines: ``total`` (the ``total`` pot, the ``pots`` net of rake as ``pot``
    finds them, the ``rake``) or ``rake`` alone; either ends the hand."""
    noise: str
    """Lines that change nothing: street names, chat, players coming and going."""
    all_in: str
    """What ends an action that puts the player all in (`` and is all-in``)."""
    summary_acts: Mapping[str, str] = field(default_factory=dict)
    """What follows a player's name in the summary: ``collect`` where the room pays there."""
    pot: str = r"(?!)"
    """Each pot net of rake in a ``total`` line's ``pots`` (its one group the amount)."""
    cancelled: str = r"(?!)"
    """Searched in a line nothing else reads: the room cancelled the hand."""
    run: str = r"(?!)"
    """A show of one run of a pot run more than once: the ``run``'s number, then the
    ``rest`` of the line as a player's (Kings Club's ``Run 2: X shows [...]``)."""
    hidden: str = "X"
    """How the room writes a card it does not show, in a ``dealt`` line."""
    redealt_draws: bool = False
    """Whether a player's second ``dealt`` line is its draw in a pot run more than once:
    the cards each run dealt it, then the cards it threw, as many each (Kings Club's older
    writing, ``Dealt to Ann: [6h Ks Ks]``: 6h in run 1, Ks in run 2, Ks thrown)."""
    symbols: bool = True
    """Whether the room writes a cash game's amounts with the currency's symbol, so that
    stakes without one are play money, in chips (Kings Club writes none: cents)."""
    total_after_rake: bool = False
    """Whether the summary's ``total`` is what was paid, the rake apart (Winamax)."""
    summary_start: str = "*** SUMMARY ***"
    net: str = r"(?!)"
    """A summary line giving a seated player's net for the hand (``name``, ``net`` with
    its sign): Kings Club's ``Seat 2: Ann (2,295.88) -77``, which finds money no line
    states (``nets``)."""
    ends_with_payouts: bool = False
    """Whether a summary without its ``total`` or ``rake`` line (a hand the room took no
    rake from) ends with what it pays."""
    end: str = "the summary's total pot"
    """What ends a hand, for the refusal of a hand cut short."""


def betting(separator: str, money: str) -> dict[str, str]:
    """The betting words most rooms write after a player's name and ``separator`` (``": "``
    or ``" "``), amounts as ``money``: ``folds``, ``checks``, ``calls $1``, ``bets $1``,
    ``raises $1 to $2``; a room's page overrides what it writes otherwise."""
    return {
        "fold": f"{separator}folds",
        "check": f"{separator}checks",
        "call": f"{separator}calls (?P<amount>{money})",
        "bet": f"{separator}bets (?P<amount>{money})",
        "raise": f"{separator}raises (?P<by>{money}) to (?P<to>{money})",
    }


def text_room(name: str, start: str, number: str, words: Words, **options: Any) -> RoomFormat:
    """The ``RoomFormat`` of a room that writes plain text: hands from ``start``, their
    number the first group of ``number`` in the first line, read by ``words``."""
    compiled = _Compiled(words)
    return RoomFormat(name, start, partial(TextReader, compiled), re.compile(number), **options)


class _Patterns:
    """A mapping of kinds to patterns, compiled, each with the literal text it starts
    with: a line is matched only against the patterns whose start it shares."""

    def __init__(self, patterns: Mapping[str, str], kinds: tuple[str, ...] | None) -> None:
        if kinds is not None and not set(patterns) <= set(kinds):
            raise ValueError(f"unknown kinds {sorted(set(patterns) - set(kinds))}")
        order = {kind: at for at, kind in enumerate(kinds or ())}
        self.items = sorted(
            (
                (kind, _literal_start(pattern), re.compile(pattern))
                for kind, pattern in patterns.items()
            ),
            key=lambda item: order.get(item[0], 0),
        )

    def starts(self, text: str) -> bool:
        """Whether ``text`` starts as one of the patterns does."""
        return any(start and text.startswith(start) for _, start, _ in self.items)

    def match(self, text: str) -> tuple[str, re.Match[str]] | None:
        """The first kind whose pattern matches the whole of ``text``, and its match."""
        for kind, start, pattern in self.items:
            if text.startswith(start) and (found := pattern.fullmatch(text)) is not None:
                return kind, found
        return None


class _Acts:
    """Every act of a room in one pattern, matched against what follows a player's name
    (one match instead of one a kind), the room's all-in mark at the end of each."""

    def __init__(self, acts: _Patterns, all_in: str) -> None:
        parts: list[str] = []
        self.groups: dict[str, tuple[tuple[str, ...], tuple[str, ...]]] = {}
        """Each kind's groups, and their names in the one pattern (its all-in mark first)."""
        for kind, _, pattern in acts.items:
            own = re.sub(r"\(\?P<(\w+)>", rf"(?P<{kind}_\1>", pattern.pattern)
            parts.append(f"(?P<{kind}>{own}(?P<{kind}_all_in>{re.escape(all_in)})?)")
            self.groups[kind] = (
                tuple(pattern.groupindex),
                (f"{kind}_all_in", *(f"{kind}_{group}" for group in pattern.groupindex)),
            )
        self.pattern = re.compile("|".join(parts))

    def match(self, rest: str) -> tuple[str, dict[str, str | None], bool] | None:
        """The act's kind, its groups and whether it put the player all in; None when
        ``rest`` is no act of the room."""
        found = self.pattern.fullmatch(rest)
        if found is None:
            return None
        kind = found.lastgroup or ""
        names, own = self.groups[kind]
        all_in, *values = found.group(*own) if names else (found[own[0]],)
        return kind, dict(zip(names, values, strict=True)), all_in is not None


class _Compiled:
    """A room's ``Words``, compiled once for all its hands."""

    def __init__(self, words: Words) -> None:
        self.words = words
        self.header = [re.compile(pattern) for pattern in words.header]
        self.lines = _Patterns(words.lines, LINES)
        self.every_act = _Acts(_Patterns(words.acts, ACTS), words.all_in)
        self.summary = _Patterns(words.summary, ("total", "rake"))
        self.summary_acts = _Patterns(words.summary_acts, ("collect",))
        self.noise = re.compile(words.noise)
        self.pot = re.compile(words.pot)
        self.cancelled = re.compile(words.cancelled)
        self.run = re.compile(words.run)
        self.net = re.compile(words.net)


def _literal_start(pattern: str) -> str:
    """The text every match of ``pattern`` starts with: up to its first special sign (a
    sign that makes the character before it optional takes that character off too), and
    none when the pattern is alternatives (a ``|`` outside every group)."""
    depth, at = 0, 0
    while at < len(pattern):
        sign = pattern[at]
        if sign == "\\":
            at += 1
        elif sign == "[":  # a class, to its closing "]" (a first one, or escaped, is in it)
            at += 2 if pattern[at + 1 : at + 2] == "^" else 1
            at += pattern[at : at + 1] == "]"
            while pattern[at] != "]":
                at += 2 if pattern[at] == "\\" else 1
        elif sign in "()":
            depth += 1 if sign == "(" else -1
        elif sign == "|" and not depth:
            return ""
        at += 1
    for at, sign in enumerate(pattern):
        if sign in "\\.^$*+?{}[]|()":
            return pattern[: at - 1] if sign in "*?{" and at else pattern[:at]
    return pattern


class TextReader(HandReader):
    """One hand of a room that writes plain text, read line by line with its words."""

    def __init__(self, room: _Compiled, draft: Draft) -> None:
        super().__init__(draft)
        self.room = room
        self.words = room.words
        self.END = room.words.end
        self.summary = False
        """Whether the hand's summary has started."""
        self.by_word: dict[str, list[str]] = {}
        """The seated players by the first word of their names (longest name first): a
        line starts with its actor's name."""
        self.run_deals: dict[int, list[str | None]] = {}
        """A draw dealt once for each run: its ``dealt`` event's index, each run's cards."""
        self.run_shows: dict[int, int] = {}
        """Each show's event index, the run it shows (its ``Run N:``)."""
        self.dealt_to: set[str] = set()
        """The players a ``dealt`` line has named."""
        self.redeals: list[tuple[int, str, list[str]]] = []
        """A draw written as a second ``dealt`` line (``redealt_draws``): its ``discard``
        event's index, the player and the cards the line gives, read once the runs are
        known."""

    def header(self, line: str) -> None:
        said: dict[str, str] = {}
        for pattern in self.room.header:
            if (found := pattern.search(line)) is not None:
                said.update((key, value) for key, value in found.groupdict().items() if value)
        if not {"game", "structure", "small", "big"} <= said.keys():
            raise refuse("header not understood", line[:80])
        if "partial" in said:
            raise refuse("summary-only hand", "the room marks it partial")
        words, draft = self.words, self.draft
        game = words.games.get(" ".join(said["game"].split()))
        self.plays(game, words.structures[said["structure"]], said["game"][:50])
        if "event" in said:
            self.scale = 1
            draft.fields["event"] = said["event"][:80]
        symbol = said["small"].strip()[:1] + said["small"].strip()[-1:]
        symbol = next((sign for sign in symbol if sign in _SYMBOLS), "")
        if symbol and "event" not in said:
            draft.fields["currency"] = said.get("currency", _SYMBOLS[symbol])
            draft.fields["currency_symbol"] = symbol
        elif words.symbols:
            self.scale = 1  # a tournament's chips, or play money
        if "level" in said:
            draft.fields["level"] = _level(said["level"])
        draft.stakes = (self.money(said["small"]), self.money(said["big"]))
        self._said(said)

    def _said(self, said: Mapping[str, str]) -> None:
        """The date, table and button a header or ``table``/``date`` line gives."""
        draft = self.draft
        if "date" in said:
            draft.when(said["date"], said.get("time", "0:00:00"))
        if "zone" in said:
            draft.fields["time_zone_abbreviation"] = said["zone"]
        if "table" in said:
            draft.fields["table"] = said["table"][:80]
        if "max" in said:
            draft.fields["seat_count"] = seat_number(said["max"], "seats at the table")
        if "button" in said:
            draft.button = seat_number(said["button"], "the button's seat")

    def line(self, line: str) -> None:
        room = self.room
        if self.summary:
            self._summary(line)
        elif (name := self._actor(line)) is not None and (
            act := room.every_act.match(line[len(name) :])
        ) is not None:
            self._do(name, *act)
        elif line.startswith(self.words.summary_start):
            self.summary = True
        elif (found := room.lines.match(line)) is not None:
            self._line(*found)
        elif (run := room.run.fullmatch(line)) is not None:
            name = self._actor(run["rest"])
            if name is None or not self._act(name, run["rest"][len(name) :], ("show",)):
                raise refuse("line not understood", line[:80])
            self.run_shows[len(self.draft.events) - 1] = int(run["run"])
        elif not room.noise.fullmatch(line):
            self._unknown(line)

    def _unknown(self, line: str) -> None:
        """Refuse the hand for a line the room's words do not know, or that cancels it."""
        if self.room.cancelled.search(line):
            raise refuse("cancelled hand", line[:80])
        raise refuse("line not understood", line[:80])

    def _line(self, kind: str, said: re.Match[str]) -> None:
        """One of the room's own lines (``LINES``)."""
        draft = self.draft
        if kind == "seat":
            self._seat(said)
        elif kind == "dealt":
            cards, name = said["cards"], draft.seat_of(said["name"])
            if self.words.redealt_draws and name in self.dealt_to:
                self.redeals.append((len(draft.events), name, cards.split()))
                draft.events += [("discard", name, ()), ("dealt", name, "")]
                return
            self.dealt_to.add(name)
            if set(cards.split()) != {self.words.hidden}:
                if said.groupdict().get("kept") is not None:
                    draft.kept[len(draft.events)] = said["kept"]
                draft.events.append(("dealt", draft.seat_of(said["name"]), cards))
        elif kind == "returned":
            draft.returned[draft.seat_of(said["name"])] += self.money(said["amount"])
        else:  # the table, the button, the date
            self._said({key: value for key, value in said.groupdict().items() if value})

    def _seat(self, said: re.Match[str]) -> None:
        """A player seated once, before anything is posted."""
        draft, name = self.draft, said["name"]
        if draft.events or draft.posts:
            raise refuse("line not understood", f"a seat line after the deal: {said[0][:60]}")
        if name in draft.seats:
            raise refuse("player seated twice", repr(name[:40]))
        draft.seats[name] = (seat_number(said["seat"], "seat"), self.money(said["chips"]))
        if said.groupdict().get("out"):
            draft.out.add(name)
        same = self.by_word.setdefault(name.partition(" ")[0].rstrip(":"), [])
        same.append(name)
        same.sort(key=len, reverse=True)

    def _actor(self, line: str) -> str | None:
        """The seated player a line starts with, if any, followed by a space or a colon:
        of the names that start with the line's first word, the longest."""
        for name in self.by_word.get(line.partition(" ")[0].rstrip(":"), ()):
            if line.startswith(name) and line[len(name) : len(name) + 1] in (" ", ":"):
                return name
        return None

    def _act(self, name: str, rest: str, kinds: tuple[str, ...] = ACTS) -> bool:
        """What a seated player did (``rest``: its line after its name), if it is one of
        ``kinds``; False when it is none of the room's acts."""
        found = self.room.every_act.match(rest)
        if found is None or found[0] not in kinds:
            return False
        self._do(name, *found)
        return True

    def _do(self, name: str, kind: str, said: dict[str, str | None], all_in: bool) -> None:
        """An act of ``kind`` (``ACTS``), with its pattern's groups ``said``, into the draft."""
        draft, events = self.draft, self.draft.events
        if kind in ("ante", "small", "big", "both"):
            self.post(kind, name, str(said["amount"]), all_in)
        elif kind in ("fold", "check", "pat", "muck"):
            events.append(("discard", name, ()) if kind == "pat" else (kind, name, None))
        elif kind in ("call", "bet", "raise"):
            self._bet(name, kind, said, all_in)
        elif kind == "discard":
            self._discard(name, said)
        elif kind == "show":
            events.append(("show", name, room_cards(str(said["cards"]))))
        elif kind == "collect":
            draft.collected[name] += self.money(str(said["amount"]))
        elif kind == "out" and not events:
            draft.out.add(name)

    def _bet(self, name: str, kind: str, said: dict[str, str | None], all_in: bool) -> None:
        """A bet, call or raise, and what its line states beyond it (``Draft.stated``): a
        call's chips or the total it calls to, a raise's size, the all-in mark."""
        events = self.draft.events
        to = said.get("to")
        total = self.money(to) if to else self.money(str(said["amount"]))
        stated = []
        if kind == "call":
            stated.append(f"to {total}" if to else f"call {total}")
        elif said.get("by"):
            stated.append(f"by {self.money(str(said['by']))}")
        if all_in:
            stated.append("all-in")
        # keyed by the event's index: a pot run twice (``finish``) repeats only the
        # events after the last bet, so every bet keeps its index
        self.draft.stated[len(events)] = " ".join(stated) or kind
        events.append((kind, name, total))

    def _discard(self, name: str, groups: dict[str, str | None]) -> None:
        """A draw: its cards thrown (named, or unknown), and the hero's new cards where the
        line gives them (one bracket a run, in a pot run more than once)."""
        events = self.draft.events
        cards, counted = groups.get("cards"), groups.get("count")
        thrown = room_cards(cards) if cards else None
        count = int(counted) if counted else len(thrown or ())
        if thrown is not None and len(thrown) != count:
            raise refuse("cards not understood", f"{name} throws {count}: {groups['cards']}"[:80])
        events.append(("discard", name, thrown if thrown is not None else (None,) * count))
        drawn = _BRACKETS.findall(groups.get("drawn") or "")
        if len(drawn) > 1:  # dealt once for each run
            self.run_deals[len(events)] = drawn
            events.append(("dealt", name, ""))
        elif drawn:
            events.append(("dealt", name, drawn[0]))

    def _summary(self, line: str) -> None:
        """A summary line: the total pot and the rake, or what a player was paid; the
        others recap what came before."""
        draft = self.draft
        if (found := self.room.summary.match(line)) is not None:
            said = found[1].groupdict()
            draft.rake = self.money(said["rake"])
            if found[0] == "total":
                total = self.money(said["total"])
                draft.total = total + draft.rake if self.words.total_after_rake else total
                pots = self.room.pot.findall(said.get("pots") or "")
                draft.pots = [self.money(pot) for pot in pots]
            self.ended = True
        elif self.room.summary.starts(line):  # the total or the rake, garbled
            raise refuse("line not understood", line[:80])
        elif (name := self._actor(line)) is not None and (
            paid := self.room.summary_acts.match(line[len(name) :])
        ) is not None:
            draft.collected[name] += self.money(paid[1]["amount"])
            self.ended = self.ended or self.words.ends_with_payouts
        elif (net := self.room.net.fullmatch(line)) is not None and net["name"] in draft.seats:
            amount = self.money(net["net"].lstrip("+-"))
            draft.nets[net["name"]] = -amount if net["net"].startswith("-") else amount
        elif self.room.cancelled.search(line):
            raise refuse("cancelled hand", line[:80])

    def finish(self) -> None:
        """A pot run more than once: the draws after the last bet are played once for each
        run, with that run's cards, and each run ends with its own shows."""
        if self.redeals:
            self._redeals()
        if not self.run_deals and not self.run_shows:
            return
        draft = self.draft
        runs = max([*self.run_shows.values(), *map(len, self.run_deals.values())])
        if any(len(cards) != runs for cards in self.run_deals.values()):
            raise refuse("line not understood", f"a draw not dealt for each of {runs} runs")
        bets = [at for at, (kind, _, _) in enumerate(draft.events) if kind in BETTING]
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
                    if value is None:  # dealt unknown: the draw's replacements say so
                        continue
                events.append((kind, name, value))
                lines.append(draft.lines[at])
        draft.events, draft.lines, draft.runs = events, lines, runs

    def _redeals(self) -> None:
        """The draws written as second ``dealt`` lines: each holds the cards every run
        dealt, then those thrown, as many each, so the runs are the one count from 2 to
        ``MAX_RUNS`` that cuts every such line (and reaches every ``Run N:`` show)."""
        sizes = {len(cards) for _, _, cards in self.redeals}
        shown = max(self.run_shows.values(), default=1)
        fits = [
            runs
            for runs in range(max(2, shown), MAX_RUNS + 1)
            if all(size and size % (runs + 1) == 0 for size in sizes)
        ]
        if len(fits) != 1:
            counts = " and ".join(map(str, sorted(sizes)))
            raise refuse("line not understood", f"a draw of {counts} cards dealt in each run")
        runs, hidden = fits[0], self.words.hidden
        for at, name, cards in self.redeals:
            count = len(cards) // (runs + 1)
            if set(cards) == {hidden}:
                thrown: tuple[Card | None, ...] = (None,) * count
                self.run_deals[at + 1] = [None] * runs
            elif hidden in cards:
                raise refuse("cards not understood", f"{name} is dealt {' '.join(cards)}"[:80])
            else:
                thrown = room_cards(" ".join(cards[runs * count :]))
                self.run_deals[at + 1] = [
                    " ".join(cards[run * count : (run + 1) * count]) for run in range(runs)
                ]
            self.draft.events[at] = ("discard", name, thrown)


def _level(text: str) -> int:
    """A tournament level, in digits or a Roman numeral."""
    if text.isdigit():
        return int(text[:9])
    values = [_ROMAN.get(letter, 0) for letter in text[:20]]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))
