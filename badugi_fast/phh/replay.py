"""Replaying a hand history through the engine, every action and every card checked.

The engine deals by hand (its manual dealer): each ``d dh`` line gives the cards, and the
engine refuses only a card a player holds at that moment (any other card may come, after
a reshuffle at the dealer's discretion). Unknown cards (``??``) get cards that could have
been there (``unknown.py``): cards shown in their place are held from their deal on, so
the pot is paid from the shown cards, as PokerKit pays it, and a history no deck could deal
is refused. A hand whose unknown cards decide the showdown unshown cannot be replayed.
At the showdown each ``sm`` line shows (its cards checked against the hand) or,
bare, mucks and gives up every pot; seats with no line show. A hand run more than once
begins each run on the line ``_run_starts`` names, and each run's ``sm`` lines show or
muck that run's hand, a muck giving up that run's share alone (docs/rules.md, "Hand
histories").
"""

from __future__ import annotations

import re
from bisect import bisect_right

from badugi_fast.cards import Card
from badugi_fast.checks import check_type
from badugi_fast.engine import HandState
from badugi_fast.errors import BadugiError, InvalidHistory
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.notation import Notation, parse_line
from badugi_fast.phh.payouts import check_payouts
from badugi_fast.phh.settings import chips, settings
from badugi_fast.phh.stated import stated
from badugi_fast.phh.unknown import CardPlan, plan

_SEAT = re.compile(r"\bseat (\d+)\b")


class Replay:
    """The state of one replay: the engine's hand and the cards it deals for unknown ones.
    ``replay`` plays a history through it line by line, as ``review`` does, looking at the
    hand between the lines."""

    def __init__(self, history: HandHistory) -> None:
        setup = settings(history)
        try:
            self.state = HandState(**setup.engine_options())
        except BadugiError as error:
            raise InvalidHistory(f"the hand's settings: {error}") from None
        self.players = history.player_count
        self.seat_of = setup.seats  # player index -> engine seat
        self.player_of = {seat: player for player, seat in enumerate(setup.seats)}
        unknown = any("??" in line for line in history.actions)
        self.run_starts = setup.run_starts
        self.runs_checked = bool(setup.run_starts) or setup.runs > 1
        """Whether lines are checked against the run they are played in (run once and with
        no ``_run_starts``, every line is before any split)."""
        self.plan = plan(history.actions, self.run_starts) if unknown else CardPlan()
        self.stated = stated(history)
        """What the room's lines said of the bets, calls and raises (``_stated``)."""

    def play(self, index: int, line: str) -> Notation:
        """Line ``index`` of the history, parsed and applied; a rule it breaks raises
        InvalidHistory naming the line and the reason (players named as the history names
        them)."""
        try:
            note = parse_line(line)
            self.apply(index, note)
        except (BadugiError, ValueError) as error:
            # the engine names its seats; the history, its players
            reason = _SEAT.sub(lambda match: self.name(int(match.group(1))), str(error))
            raise InvalidHistory(f"action {index} ({line!r}): {reason}") from None
        return note

    def apply(self, index: int, note: Notation) -> None:
        """One parsed action; a rule it breaks raises BadugiError or InvalidHistory."""
        if note.verb == "noop":
            return
        if note.verb in ("db", "pb"):
            raise InvalidHistory(f"'{note.verb}' does not exist in draw games")
        player = self._player(note)
        if note.verb != "sm":
            self._show_the_rest()
            if self.runs_checked:
                self._check_run(index)
        if note.verb == "dh":
            self._refused(index)
            cards = self.plan.dealt.get(index) or note.cards or ()
            self.state.deal(self.seat_of[player], cards)  # type: ignore[arg-type]
        elif note.verb == "sm":
            self._show(index, player, note)
        else:
            self._player_action(index, player, note)

    def _run_of(self, index: int) -> int:
        """The run line ``index`` belongs to as ``_run_starts`` says (0: before a split)."""
        return bisect_right(self.run_starts, index)

    def _check_run(self, index: int) -> None:
        """Line ``index`` is played in the run ``_run_starts`` puts it in."""
        run, written = self.state.run, self._run_of(index)
        if run != written:
            where = f"run {written}" if written else "no run (before a split)"
            now = f"in run {run}" if run else "not split"
            raise InvalidHistory(
                f"field '_run_starts' puts this line in {where}; the hand is {now}"
            )

    def _refused(self, index: int) -> None:
        """Raise the plan's refusal of line ``index``, if it has one."""
        reason = self.plan.refusals.get(index)
        if reason is not None:
            raise InvalidHistory(reason)

    def _player(self, note: Notation) -> int:
        player = note.player
        if player is None or player >= self.players:
            raise InvalidHistory(
                f"p{(player or 0) + 1} is not a player of this {self.players}-player hand"
            )
        return player

    def name(self, seat: int) -> str:
        """The player at engine seat ``seat``, as the history names it (``p1``, ...)."""
        return f"p{self.player_of.get(seat, seat) + 1}"

    def _player_action(self, index: int, player: int, note: Notation) -> None:
        state, seat = self.state, self.seat_of[player]
        if note.verb == "f" and state.free_folds and state.all_in(seat):
            state.fold(seat)  # the room folds an absent player all in, out of turn
            return
        if state.actor != seat:
            who = "nobody" if state.actor is None else self.name(state.actor)
            raise InvalidHistory(f"p{player + 1} acts out of turn: {who} is to act ({state.phase})")
        if note.verb == "sd":
            self._refused(index)
            known = tuple(card for card in note.cards or () if card is not None)
            state.draw(known + self.plan.thrown.get(index, ()), seat)
        elif note.verb == "f":
            state.fold(seat)
        else:
            to = None if note.verb == "cc" else chips(note.amount or 0, "the amount")
            said = self.stated.get(index)
            if said is not None:
                said.check(state, seat, f"p{player + 1}", to)
            if to is None:
                state.check_or_call(seat)
            else:
                state.raise_to(to, seat)

    def _show(self, index: int, player: int, note: Notation) -> None:
        """A showdown line: the seat shows (its cards checked) or mucks, giving up the pot.
        After the hand is over (no contest left) the line is only checked."""
        state, seat = self.state, self.seat_of[player]
        if state.run:
            if state.phase == "showdown":
                self._check_run(index)
            self._refused(index)
            self._show_run(player, self._run_of(index), note)
            return
        if state.phase != "showdown" and not state.is_over:
            raise InvalidHistory(f"p{player + 1} shows or mucks before the betting is over")
        self._refused(index)
        mucked = note.cards is None and not note.shown_as_dealt
        if not mucked:
            held = set(state.hole_cards(seat))
            new = sorted({card for card in note.cards or () if card is not None} - held)
            if new:
                extra = " ".join(map(str, new))
                raise InvalidHistory(
                    f"p{player + 1} shows {extra}, which p{player + 1} does not hold"
                )
        if state.phase == "showdown":
            (state.muck if mucked else state.show)(seat)

    def _show_the_rest(self) -> None:
        """A run's showdown with no line left for it: the seats yet to decide show."""
        while self.state.run and self.state.to_show is not None:
            self.state.show()

    def _show_run(self, player: int, run: int, note: Notation) -> None:
        """A showdown line of a hand run more than once, at the end of its run
        (``_run_starts``): the seats before it in the showdown order show (a line of their
        own after it is checked), then it shows or mucks that run's hand, giving up that
        run's share of the pots; a line for a seat that has shown names cards it showed."""
        name, seat, state = f"p{player + 1}", self.seat_of[player], self.state
        mucked = note.cards is None and not note.shown_as_dealt
        if state.phase == "showdown" and state.run == run:
            while state.to_show not in (seat, None):
                state.show()
        if state.phase == "showdown" and state.to_show == seat:
            if mucked:
                state.muck(seat)
                return
            held = set(state.hole_cards(seat))
            state.show(seat)
        else:
            held = self._shown_in_run(name, seat, run)
            if mucked:
                raise InvalidHistory(f"{name} mucks in run {run}, after showing its hand")
        new = sorted({card for card in note.cards or () if card is not None} - held)
        if new:
            extra = " ".join(map(str, new))
            raise InvalidHistory(f"{name} shows {extra}, which {name} does not hold in run {run}")

    def _shown_in_run(self, name: str, seat: int, run: int) -> set[Card]:
        """The cards ``seat`` showed in ``run``, which must be over."""
        shown: dict[int, set[Card]] = {}
        runs = 0
        for record in self.state.history:
            runs += record.kind == "run"
            if runs == run and record.kind == "show" and record.seat is not None:
                shown[record.seat] = set(record.cards)
        if seat not in shown:
            raise InvalidHistory(f"{name} shows before the draws of run {run} are over")
        return shown[seat]

    def _check_hidden_runs(self) -> None:
        """No run's pots go by unknown cards: a seat that ends a run holding cards dealt
        unknown and never shown must muck that run (a room that does not table a hand)."""
        run = 0
        for record in self.state.history:
            run += record.kind == "run"
            if record.kind == "show" and record.seat is not None:
                player = self.player_of[record.seat]
                if player in self.plan.hidden_runs.get(run, ()):
                    raise InvalidHistory(
                        f"p{player + 1}'s cards were dealt unknown (??) but decide the "
                        f"showdown of run {run}"
                    )

    def finish(self, history: HandHistory) -> HandState:
        """The replayed state, once the showdown and the finishing stacks check out."""
        state = self.state
        while state.to_show is not None:  # no line for these seats: they show
            state.show()
        written = self._run_of(len(history.actions) - 1) if history.actions else 0
        if state.is_over and state.run != written:
            raise InvalidHistory(
                f"field '_run_starts' names {len(self.run_starts)} runs; the hand was run"
                f" {state.run or 'once, not split'}"
            )
        live = [player for player, seat in enumerate(self.seat_of) if not state.folded(seat)]
        if state.is_over and len(live) > 1 and not state.run:
            for player in live:
                if player in self.plan.hidden:
                    raise InvalidHistory(
                        f"p{player + 1}'s cards were dealt unknown (??) but decide the showdown"
                    )
        if state.is_over and state.run:
            self._check_hidden_runs()
        if history.finishing_stacks is not None:
            expected = tuple(
                chips(stack, "field 'finishing_stacks'") for stack in history.finishing_stacks
            )
            ended = tuple(state.stacks[seat] for seat in self.seat_of)  # in player order
            if expected != ended:
                raise InvalidHistory(
                    f"field 'finishing_stacks': the file says {list(expected)}, "
                    f"the replay ends with {list(ended)}"
                )
        return state


def replay(history: HandHistory) -> HandState:
    """Play a history through the engine and return its ``HandState``.

    Every action and every dealt card is checked; the first one the rules refuse raises
    InvalidHistory naming the action's index and text and the reason, so no half-played
    hand is ever returned as if it were the whole. A history that stops early (no error)
    gives a state that is not over. Each player sits on the engine seat its ``seats``
    number gives (the rank among the hand's seat numbers, so a hand ``from_state`` wrote
    comes back on its own seats and button); without ``seats``, player ``pN`` is engine
    seat ``N - 1`` and the button the last seat (docs/rules.md, "Players and seats").
    """
    check_type(
        "history",
        history,
        HandHistory,
        "read one with phh.loads(), or make one with phh.from_state() or HandHistory.from_dict()",
    )
    run = Replay(history)
    for index, line in enumerate(history.actions):
        run.play(index, line)
    return check_payouts(history, run.finish(history))
