"""A hand history walked as its hero played it: each point where the hero acted, with only
what the hero could know there (docs/rules.md, "Reviewing a hand").

The history is replayed through the engine, line by line, as ``phh.replay`` plays it; at
each of the hero's actions the walk notes the hero's cards and discards, the pot, the call
he faced, the draws left and every live opponent's draws so far (how many cards, the only
thing the table sees of them). Cards the replay had to deal in place of unknown ones (``??``)
are never read: an opponent's cards enter only as he showed them.
"""

from __future__ import annotations

import operator
from dataclasses import dataclass, replace

from badugi_fast.cards import Card
from badugi_fast.engine import Action, HandState
from badugi_fast.errors import InvalidHistory, InvalidOption, InvalidOptionType
from badugi_fast.phh.history import HandHistory
from badugi_fast.phh.notation import Notation, parse_line
from badugi_fast.phh.payouts import check_payouts
from badugi_fast.phh.replay import Replay

PLAYER_VERBS = frozenset(("cc", "f", "cbr", "sd"))
"""The PHH verbs of a player's decision (``sm``, showing, is not reviewed)."""
ACTION_KINDS = frozenset(("fold", "check", "call", "bet", "raise", "discard"))
"""The engine's records of a player's decision."""


@dataclass(frozen=True, slots=True)
class Opponent:
    """A live opponent at a point of the hand: his PHH player index, name, and the cards he
    was seen to draw at each draw so far (the draw in progress included when he has drawn)."""

    player: int
    name: str
    drawn: tuple[int, ...]


@dataclass(frozen=True, slots=True)
class Point:
    """One of the hero's actions, with what he knew when he took it."""

    index: int
    """The action's index in ``history.actions``."""
    kind: str
    """``"bet"`` (a betting decision: fold, check, call, bet or raise) or ``"draw"``."""
    street: int
    """The betting round (0 before the first draw) or, at a draw, the draw (1 for the first)."""
    run: int
    """The run of a hand run more than once (1, 2, ...), 0 before it splits."""
    action: Action
    """What the hero did, as the engine recorded it."""
    pot: int
    to_call: int
    hand: tuple[Card, ...]
    """The hero's cards when he acted (before his discard, at a draw)."""
    discarded: tuple[Card, ...]
    """The cards he had thrown before."""
    draws_left: int
    """Draws still to come, the one he is making included at a draw."""
    opponents: tuple[Opponent, ...]
    """The live opponents, in drawing order."""
    hero_at: int
    """The hero's place among the live players in drawing order."""


@dataclass(frozen=True, slots=True)
class Walk:
    """A hand walked from its hero's seat."""

    hero: int
    """The hero's PHH player index (0 for ``p1``)."""
    name: str
    points: tuple[Point, ...]
    shown: dict[int, dict[int, tuple[Card, ...]]]
    """By run (0 for a hand not split), the cards each player showed, by player index."""
    draw_counts: dict[int, tuple[int, ...]]
    """Each player's counts at every draw of the hand (the last run's when split)."""
    state: HandState
    """The replayed hand, over."""
    seat: int
    """The hero's engine seat."""
    closed: int | None
    """The betting round in which the betting closed with chips still to be dealt for: at
    most one live player left with chips behind and the cards still to come (None when the
    betting never closed so, or the hero was not live then)."""


def player_index(history: HandHistory, who: object, what: str = "hero") -> int:
    """A player's PHH index: ``who`` is a name in ``players``, or a player number (``2`` or
    ``"p2"`` for ``p2``); errors call him ``what``."""
    names = history.players or ()
    if isinstance(who, str) and who in names:
        return names.index(who)
    number: object = who
    if isinstance(who, str) and who[:1] == "p" and who[1:].isdigit():
        number = int(who[1:])
    elif not isinstance(who, (str, bool)) and hasattr(who, "__index__"):
        number = operator.index(who)
    if isinstance(number, bool) or not isinstance(number, int):
        if isinstance(who, str):
            known = ", ".join(map(repr, names)) or "none (the history names no players)"
            raise InvalidOption(
                f"{what} {who!r} is not a player of this hand: its players are {known}, "
                f"or p1..p{history.player_count}"
            )
        raise InvalidOptionType(
            f"{what} must be a player's name or number (p1 is 1), not {type(who).__name__}"
        )
    if not 1 <= number <= history.player_count:
        raise InvalidOption(
            f"{what} p{number} is not a player of this {history.player_count}-player hand"
        )
    return number - 1


def walk(history: HandHistory, hero: object) -> Walk:
    """Replay ``history`` (every rule checked, as ``phh.replay``) noting each point where
    the hero acted; InvalidHistory when the hand cannot be replayed or the hero's own cards
    are not in it."""
    player = player_index(history, hero)
    replay = Replay(history)
    seat = replay.seat_of[player]
    names = history.players or tuple(f"p{i + 1}" for i in range(history.player_count))
    points: list[Point] = []
    shown: dict[int, dict[int, tuple[Card, ...]]] = {}
    closed: int | None = None
    for index, line in enumerate(history.actions):
        try:
            note: Notation | None = parse_line(line)
        except ValueError:
            note = None  # play() refuses it, naming the line
        before = None
        if note is not None and note.player == player:
            if note.verb in ("dh", "sd"):
                _check_known(note, index)
            if note.verb in PLAYER_VERBS:
                before = _before(replay, player, names, index, drawing=note.verb == "sd")
        run = replay.state.run
        street = replay.state.street
        note = replay.play(index, line)
        if before is not None:
            points.append(_after(before, replay.state, seat))
        if note.verb in ("cc", "cbr", "f"):
            closed = street if _all_in(replay.state, seat) else None
        if note.verb == "sm" and note.player is not None and note.cards and None not in note.cards:
            cards = tuple(card for card in note.cards if card is not None)
            shown.setdefault(run, {})[note.player] = cards
    state = check_payouts(history, replay.finish(history))
    counts = {p: state.discard_counts(replay.seat_of[p]) for p in range(history.player_count)}
    return Walk(player, names[player], tuple(points), shown, counts, state, seat, closed)


def _all_in(state: HandState, seat: int) -> bool:
    """Whether, with ``seat`` live and someone else too, nobody can bet any more though
    cards are still to come: at most one live seat has chips behind."""
    live = state.active_seats
    if state.is_over or seat not in live or len(live) < 2 or state.phase == "betting":
        return False
    return sum(1 for other in live if state.stacks[other]) <= 1


def _check_known(note: Notation, index: int) -> None:
    """The hero's own cards must be in the history: a review sees his hand."""
    if note.cards and None in note.cards:
        raise InvalidHistory(
            f"the hero's cards are not all known at action {index}: a review needs his hand"
        )


def _before(
    replay: Replay, player: int, names: tuple[str, ...], index: int, *, drawing: bool
) -> Point:
    """The point of the hero's action on line ``index``, from the hand before it (its
    ``action`` still to come: the hero's seat stands in)."""
    state = replay.state
    seat = replay.seat_of[player]
    legal = state.legal_actions()
    street, draws = state.street, state.draws
    live = [p for p in range(replay.players) if not state.folded(replay.seat_of[p])]
    opponents = tuple(
        Opponent(p, names[p], state.discard_counts(replay.seat_of[p])) for p in live if p != player
    )
    to_call = legal.call_amount or 0 if legal is not None and not drawing else 0
    return Point(
        index,
        "draw" if drawing else "bet",
        street,
        state.run,
        Action("discard" if drawing else "check", seat),
        state.pot,
        to_call,
        state.hole_cards(seat),
        _discarded(state.history, seat, state.run),
        draws - street + 1 if drawing else draws - street,
        opponents,
        live.index(player),
    )


def _discarded(history: tuple[Action, ...], seat: int, run: int) -> tuple[Card, ...]:
    """The cards ``seat`` has thrown so far in run ``run`` (0: a hand not split): before
    the split and in that run."""
    cards: list[Card] = []
    current = 0
    for record in history:
        if record.kind == "run":
            current = record.amount or 0
        elif record.seat == seat and record.kind == "discard" and current in (0, run):
            cards += record.cards
    return tuple(cards)


def _after(before: Point, state: HandState, seat: int) -> Point:
    """The point with the hero's action as the engine recorded it."""
    action = next(
        record
        for record in reversed(state.history)
        if record.seat == seat and record.kind in ACTION_KINDS
    )
    return replace(before, action=action)
