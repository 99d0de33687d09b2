"""Replaying a hand history through the engine, every action and every card checked.

The engine deals by hand (its manual dealer): each ``d dh`` line gives the cards, and the
engine refuses only a card a player holds at that moment (any other card may come, after
a reshuffle at the dealer's discretion). Unknown cards (``??``) are stood in for by cards
the history never names. When an ``sm`` line shows cards its player was dealt unknown, the
shown cards take the stand-ins' places from their deal on (the replay starts again with
them), so the pot is paid from the shown cards, as PokerKit pays it; a shown card another
player holds is refused. A hand whose unknown cards decide the showdown unshown cannot be
replayed. At the showdown each ``sm`` line shows (its cards checked against the hand) or,
bare, mucks and gives up every pot; seats with no line show (docs/rules.md, "Hand
histories").
"""

from __future__ import annotations

import re
from collections.abc import Iterator

from badugi_fast.cards import DECK, Card
from badugi_fast.checks import check_type
from badugi_fast.engine import HandState
from badugi_fast.errors import BadugiError, InvalidHistory
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.notation import Notation, parse_line
from badugi_fast.phh.payouts import check_payouts
from badugi_fast.phh.settings import chips, settings

_SEAT = re.compile(r"\bseat (\d+)\b")


class _Shown(Exception):
    """Cards shown in place of stand-ins: the replay starts again with them dealt."""

    def __init__(self, revealed: dict[Card, Card]) -> None:
        super().__init__()
        self.revealed = revealed


class _Replay:
    """The state of one replay: the engine's hand and the bookkeeping around it.
    ``revealed`` maps stand-ins to the cards shown in their place."""

    def __init__(self, history: HandHistory, revealed: dict[Card, Card]) -> None:
        setup = settings(history)
        try:
            self.state = HandState(**setup.engine_options())
        except BadugiError as error:
            raise InvalidHistory(f"the hand's settings: {error}") from None
        self.players = history.player_count
        self.stand_ins = _stand_ins(history.actions)
        self.revealed = revealed
        self.unknown: list[set[Card]] = [set() for _ in range(self.players)]

    def apply(self, note: Notation) -> None:
        """One parsed action; a rule it breaks raises BadugiError or InvalidHistory."""
        if note.verb == "noop":
            return
        if note.verb in ("db", "pb"):
            raise InvalidHistory(f"'{note.verb}' does not exist in draw games")
        seat = self._seat(note)
        if note.verb == "dh":
            self.state.deal(seat, self._dealt(seat, note.cards or ()))
        elif note.verb == "sm":
            self._show(seat, note)
        else:
            self._player_action(seat, note)

    def _seat(self, note: Notation) -> int:
        seat = note.player
        if seat is None or seat >= self.players:
            raise InvalidHistory(
                f"p{(seat or 0) + 1} is not a player of this {self.players}-player hand"
            )
        return seat

    def _player_action(self, seat: int, note: Notation) -> None:
        state = self.state
        if state.actor != seat:
            who = "nobody" if state.actor is None else f"p{state.actor + 1}"
            raise InvalidHistory(f"p{seat + 1} acts out of turn: {who} is to act ({state.phase})")
        if note.verb == "sd":
            state.draw(self._thrown(seat, note.cards or ()), seat)
        elif note.verb == "cc":
            state.check_or_call(seat)
        elif note.verb == "f":
            state.fold(seat)
        else:
            state.raise_to(chips(note.amount or 0, "the amount"), seat)

    def _dealt(self, seat: int, cards: tuple[Card | None, ...]) -> tuple[Card, ...]:
        """The cards to deal, unknown ones replaced by stand-ins."""
        dealt = []
        for card in cards:
            if card is None:
                card = next(self.stand_ins, None)
                if card is None:
                    raise InvalidHistory("more unknown cards than the deck has unnamed cards")
                if card in self.revealed:
                    card = self.revealed[card]
                else:
                    self.unknown[seat].add(card)
            dealt.append(card)
        return tuple(dealt)

    def _thrown(self, seat: int, cards: tuple[Card | None, ...]) -> tuple[Card, ...]:
        """The discards, each unknown one taken from the seat's stand-in cards."""
        known = [card for card in cards if card is not None]
        hidden = sorted(self.unknown[seat] - set(known))[: len(cards) - len(known)]
        if len(known) + len(hidden) != len(cards):
            raise InvalidHistory(f"p{seat + 1} discards unknown cards but holds only known ones")
        self.unknown[seat] -= set(hidden)
        return tuple(known + hidden)

    def _show(self, seat: int, note: Notation) -> None:
        """A showdown line: the seat shows (its cards checked) or mucks, giving up the pot.
        After the hand is over (no contest left) the line is only checked."""
        state = self.state
        if state.phase != "showdown" and not state.is_over:
            raise InvalidHistory(f"p{seat + 1} shows or mucks before the betting is over")
        mucked = note.cards is None and not note.shown_as_dealt
        if not mucked:
            held = set(state.hole_cards(seat))
            shown = {card for card in note.cards or () if card is not None}
            new = sorted(shown - held)
            hidden = sorted(self.unknown[seat] & held)
            if new and len(new) <= len(hidden):
                self._reveal(seat, new, hidden)
            if new:
                extra = " ".join(map(str, new))
                raise InvalidHistory(f"p{seat + 1} shows {extra}, which p{seat + 1} does not hold")
        if state.phase == "showdown":
            (state.muck if mucked else state.show)(seat)

    def _reveal(self, seat: int, shown: list[Card], hidden: list[Card]) -> None:
        """Cards ``seat`` shows in place of unknown ones it holds: checked against every
        card another player holds, then dealt from the start in the stand-ins' places."""
        for other in range(self.players):
            taken = set(shown) & set(self.state.hole_cards(other)) if other != seat else set()
            if taken:
                card = min(taken)
                raise InvalidHistory(f"p{seat + 1} shows {card}, which p{other + 1} holds")
        raise _Shown({**self.revealed, **dict(zip(hidden, shown, strict=False))})

    def finish(self, history: HandHistory) -> HandState:
        """The replayed state, once the showdown and the finishing stacks check out."""
        state = self.state
        while state.to_show is not None:  # no line for these seats: they show
            state.show()
        live = [seat for seat in range(self.players) if not state.folded(seat)]
        if state.is_over and len(live) > 1:
            for seat in live:
                if self.unknown[seat] & set(state.hole_cards(seat)):
                    raise InvalidHistory(
                        f"p{seat + 1}'s cards were dealt unknown (??) but decide the showdown"
                    )
        if history.finishing_stacks is not None:
            expected = tuple(
                chips(stack, "field 'finishing_stacks'") for stack in history.finishing_stacks
            )
            if expected != state.stacks:
                raise InvalidHistory(
                    f"field 'finishing_stacks': the file says {list(expected)}, "
                    f"the replay ends with {list(state.stacks)}"
                )
        return state


def replay(history: HandHistory) -> HandState:
    """Play a history through the engine and return its ``HandState``.

    Every action and every dealt card is checked; the first one the rules refuse raises
    InvalidHistory naming the action's index and text and the reason, so no half-played
    hand is ever returned as if it were the whole. A history that stops early (no error)
    gives a state that is not over. Player ``pN`` is engine seat ``N - 1`` and the button
    the last seat (docs/rules.md, "Hand histories").
    """
    check_type(
        "history",
        history,
        HandHistory,
        "read one with phh.loads(), or make one with phh.from_state() or HandHistory.from_dict()",
    )
    revealed: dict[Card, Card] = {}
    while True:
        try:
            return check_payouts(history, _played(history, revealed))
        except _Shown as shown:  # each start again reveals more stand-ins: at most 52
            revealed = shown.revealed


def _played(history: HandHistory, revealed: dict[Card, Card]) -> HandState:
    """One pass of :func:`replay` with the stand-ins ``revealed`` so far."""
    run = _Replay(history, revealed)
    for index, line in enumerate(history.actions):
        try:
            run.apply(parse_line(line))
        except (BadugiError, ValueError) as error:
            # the engine names seats; in a replay engine seat i is player p(i + 1)
            reason = _SEAT.sub(lambda match: f"p{int(match.group(1)) + 1}", str(error))
            raise InvalidHistory(f"action {index} ({line!r}): {reason}") from None
    return run.finish(history)


def named_cards(actions: tuple[str, ...]) -> set[Card]:
    """Every card some action line names (dealt, discarded or shown)."""
    named: set[Card] = set()
    for line in actions:
        try:
            named.update(card for card in parse_line(line).cards or () if card is not None)
        except ValueError:
            continue  # the replay reports the bad line when it gets there
    return named


def _stand_ins(actions: tuple[str, ...]) -> Iterator[Card]:
    """Cards no action names, to stand in for unknown ones, in deck order."""
    named = named_cards(actions)
    return (card for card in DECK if card not in named)
