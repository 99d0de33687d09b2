"""Merge Network hand histories (the XML its clients wrote): 2-7 and A-5 triple draw and
Badugi, in fixed and pot limit, cash games (amounts in cents).

Each hand is a ``<description type="2-7 Lowball" stakes="Limit $1/$2"/>`` (the game, the
betting and the stakes: the bets in fixed limit, else the blinds) followed by its
``<game>`` element: the players (``dealtin`` false: not dealt in), one ``<round>`` per
street of ``<event>`` elements, the hero's cards after each draw (the draw's discards and
replacements follow from them), the cards shown and each ``<winner>``: all a player got
back, its uncalled bet included (the user field ``_paid``). A raise and a bet give the
round's total, a call and an all-in the chips they add. Merge writes no rake: the rake is
what the pots hold beyond what the room paid (docs/guide/rooms.md). A file describes its
stakes once, for every game after. Merge numbers its seats from 0, the history from 1.
Half-pot limit is the engine's.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ElementTree

from badugi_fast.cards import Card
from badugi_fast.games import Game
from badugi_fast.phh.rooms.core import Draft, HandReader, refuse, room_cards, seat_number, units
from badugi_fast.phh.rooms.frame import RoomFormat
from badugi_fast.phh.variants import Structure

_GAMES: dict[str, Game] = {
    "2-7 Lowball": "deuce-seven-triple-draw",
    "A-5 Lowball": "ace-five-triple-draw",
    "Badugi": "badugi",
}
_STAKES = re.compile(
    r"(?P<structure>Half Pot Limit|Pot Limit|No Limit|Limit) \(?"
    r"(?P<small>\$?[0-9][0-9,.]*)/(?P<big>\$?[0-9][0-9,.]*)\)?"
)
_STRUCTURES: dict[str, Structure] = {
    "Half Pot Limit": "half-pot-limit",
    "Limit": "fixed-limit",
    "Pot Limit": "pot-limit",
    "No Limit": "no-limit",
}
_POSTS = {"ANTE": "ante", "SMALL_BLIND": "small", "BIG_BLIND": "big", "INITIAL_BLIND": "big"}
_QUIET = {"CHAT", "SHOW", "SIT_OUT", "SIT_IN", "DISCONNECTED", "RECONNECTED"}
"""Events that change nothing in the hand (a show's cards come in ``<cards>``)."""


class Reader(HandReader):
    """One hand: its description line, then the ``<game>`` element, read when complete."""

    END = "the game's closing </game>"

    def __init__(self, draft: Draft) -> None:
        super().__init__(draft)
        self.text: list[str] = []
        """The lines of the ``<game>`` element."""

    def header(self, line: str) -> None:
        match = re.fullmatch(r"<description type=\"([^\"]*)\" stakes=\"([^\"]*)\"\s*/>", line)
        stakes = _STAKES.fullmatch(match.group(2)) if match else None
        if match is None or stakes is None:
            raise refuse("header not understood", line[:80])
        game, structure = _GAMES.get(match.group(1)), _STRUCTURES[stakes["structure"]]
        self.plays(game, structure, match.group(1)[:40])
        draft = self.draft
        draft.stakes = (units(stakes["small"], 100), units(stakes["big"], 100))
        draft.fields.update(currency="USD", currency_symbol="$")

    def line(self, line: str) -> None:
        """One line of the ``<game>`` element, kept until the hand is whole."""
        if "<!" in line:  # no DOCTYPE or ENTITY: nothing but the game's own elements
            raise refuse("XML not understood", line[:80])
        self.text.append(line)

    def complete(self) -> bool:
        return bool(self.text) and self.text[-1].endswith("</game>")

    def finish(self) -> None:
        """The ``<game>`` element, read into the draft."""
        try:
            game = ElementTree.fromstring("\n".join(self.text))
        except ElementTree.ParseError as error:
            raise refuse("XML not understood", str(error)) from None
        if game.tag != "game":
            raise refuse("XML not understood", f"a <{game.tag}> where the <game> goes")
        draft = self.draft
        draft.number = game.get("id", "")[:40]
        self._when(game.get("starttime", ""))
        table = game.get("data", "").split("|")
        if len(table) > 1:
            draft.fields["table"] = table[1][:80]
        players = game.find("players")
        if players is None:
            raise refuse("summary-only hand", "no players")
        self._seats(players)
        held: dict[str, tuple[Card, ...]] = {}
        for round_ in game.iter("round"):
            if round_.get("id") == "GAME_CANCELLED":
                raise refuse("cancelled hand", "GAME_CANCELLED")
            self._round(round_, held)

    def _when(self, start: str) -> None:
        if re.fullmatch(r"[0-9]{14}", start):
            date, time = f"{start[:4]}/{start[4:6]}/{start[6:8]}", f"{start[8:10]}:{start[10:12]}"
            self.draft.when(date, f"{time}:{start[12:]}")

    def _seats(self, players: ElementTree.Element) -> None:
        draft = self.draft
        self.at_seat: dict[str, str] = {}
        """Each seat number's player."""
        for player in players.iter("player"):
            name, seat = player.get("nickname", ""), player.get("seat", "")
            if not name or name in draft.seats:
                raise refuse("player not seated", repr(name[:40]))
            draft.seats[name] = (seat_number(seat, "seat"), units(player.get("balance", ""), 100))
            self.at_seat[seat] = name
            if player.get("dealtin") != "true":
                draft.out.add(name)
        draft.button = seat_number(players.get("dealer", ""), "the dealer's seat")
        self.bets: dict[str, int] = {}
        """Each player's chips in the betting round in progress."""

    def _player(self, element: ElementTree.Element) -> str:
        name = self.at_seat.get(element.get("player", ""))
        if name is None:
            raise refuse("player not seated", repr(element.get("player", "")[:40]))
        return name

    def _round(self, round_: ElementTree.Element, held: dict[str, tuple[Card, ...]]) -> None:
        draft = self.draft
        if round_.get("id", "").startswith("POST_"):  # a betting round after a draw
            self.bets = {}
        for element in round_:
            if element.tag == "event":
                self._event(element)
            elif element.tag == "cards":
                self._cards(element, held)
            elif element.tag == "winner":
                draft.collected[self._player(element)] += units(element.get("amount", ""), 100)

    def _event(self, event: ElementTree.Element) -> None:
        kind = event.get("type", "")
        if kind in _QUIET:
            return
        draft, name = self.draft, self._player(event)
        amount = units(event.get("amount", ""), 100) if event.get("amount") else 0
        before = self.bets.get(name, 0)
        if kind in _POSTS:
            self.post(_POSTS[kind], name, event.get("amount") or "0", False)
            if kind != "ANTE":
                self.bets[name] = before + amount
        elif kind in ("FOLD", "CHECK"):
            draft.events.append(("fold" if kind == "FOLD" else "check", name, None))
        elif kind in ("CALL", "ALL_IN"):
            total = before + amount
            raised = kind == "ALL_IN" and total > max(self.bets.values(), default=0)
            draft.events.append(("raise" if raised else "call", name, total))
            self.bets[name] = total
        elif kind in ("BET", "RAISE"):
            draft.events.append(("raise", name, amount))
            self.bets[name] = amount
        elif kind == "DRAW" and event.get("text", "").isdigit():
            draft.events.append(("discard", name, (None,) * min(int(event.get("text", "")), 9)))
        elif kind == "MUCK":
            draft.events.append(("muck", name, None))
        else:
            raise refuse("line not understood", f"<event type={kind[:20]!r}> of {name}")

    def _cards(self, cards: ElementTree.Element, held: dict[str, tuple[Card, ...]]) -> None:
        """The hero's cards (dealt, then after each draw: its discard and replacements
        follow), and the cards shown."""
        draft, name = self.draft, self._player(cards)
        shown = room_cards(cards.get("cards", "").replace(",", ""))
        kind = cards.get("type")
        if kind == "HOLE":
            held[name] = shown
            draft.events.insert(0, ("dealt", name, " ".join(map(str, shown))))
        elif kind == "DRAW_DRAWN_CARDS" and name in held:
            self._hero_draw(name, held, shown)
        elif kind in ("SHOWN", "MUCKED"):
            draft.events.append(("show", name, shown))

    def _hero_draw(
        self, name: str, held: dict[str, tuple[Card, ...]], after: tuple[Card, ...]
    ) -> None:
        """The hero's discard (its ``DRAW`` event, so far of unknown cards) made known."""
        draft = self.draft
        thrown = tuple(card for card in held[name] if card not in after)
        drawn = [card for card in after if card not in held[name]]
        for at in range(len(draft.events) - 1, -1, -1):
            kind, who, value = draft.events[at]
            if kind == "discard" and who == name:
                if len(value) != len(thrown):
                    raise refuse("cards not understood", f"{name} draws {len(value)}: {after}")
                draft.events[at] = ("discard", name, thrown)
                draft.events.insert(at + 1, ("dealt", name, " ".join(map(str, drawn))))
                break
        held[name] = after


FORMAT = RoomFormat(
    "Merge",
    r"<game (?!gamecode=)",
    Reader,
    number=re.compile(r"<game id=\"([^\"]{1,40})\""),
    context=r"<description type=\"",
    seats_from=0,
    reports_returned=False,
    paid_in_all=True,
)
"""Merge's XML: each ``<game>`` under the last ``<description>`` before it, its seats
numbered from 0."""
