"""What one seat may know: its own cards, everyone's chips, bets and discard counts.

Never another seat's cards (until shown at showdown), the stub or the burns. Bots get a
view, not the state, so a bot cannot peek.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, NamedTuple

from badugi_fast.cards import Card
from badugi_fast.engine.actions import Action, LegalActions

if TYPE_CHECKING:
    from badugi_fast._binding.hand import Public

_PUBLIC_CARDS = frozenset(("show",))
_new = tuple.__new__


class SeatView(NamedTuple):
    """One seat's view of a hand (an immutable named tuple: a bot gets one per decision).

    ``legal`` is set only when this seat is to act. At a showdown with ``mucking``,
    ``to_show`` is the seat to show or muck next and ``can_muck`` whether this seat, if it
    is that seat, may muck. In ``history`` the cards dealt to, or thrown by, other seats are
    hidden (``amount`` then says how many) and burns show no card. ``badeucey_aces_low``
    is the hand's option: whether Badeucey's Badugi half plays aces low.
    """

    seat: int
    game: str
    betting: str
    phase: str
    street: int
    actor: int | None
    button: int
    stacks: tuple[int, ...]
    bets: tuple[int, ...]
    contributed: tuple[int, ...]
    pot: int
    folded: tuple[bool, ...]
    hole_cards: tuple[Card, ...]
    discard_counts: tuple[tuple[int, ...], ...]
    legal: LegalActions | None
    history: tuple[Action, ...]
    to_show: int | None = None
    can_muck: bool = False
    badeucey_aces_low: bool = False


def seat_view(
    seat: int,
    now: Public,
    pot: int,
    legal: LegalActions | None,
    can_muck: bool,
    history: tuple[Action, ...],
) -> SeatView:
    """The view of a (checked) seat of a hand, from what every seat may know now (with this
    seat's cards), the pot, what the seat may do, and the history as this seat sees it."""
    return _new(
        SeatView,
        (
            seat,
            now.game,
            now.betting,
            now.phase,
            now.street,
            now.actor,
            now.button,
            now.stacks,
            now.bets,
            now.contributed,
            pot,
            now.folded,
            now.cards,
            now.discard_counts,
            legal,
            history,
            now.to_show,
            can_muck,
            now.badeucey_aces_low,
        ),
    )


class HiddenHistories:
    """Each seat's view of a hand's history, extended as the history grows: a bot is shown
    the history at every decision, and hiding all of it each time made a hand's views cost
    the square of its length. Each record is masked once, for every seat but its own."""

    __slots__ = ("_masked", "_seen")

    def __init__(self, seats: int) -> None:
        self._seen: list[list[Action]] = [[] for _ in range(seats)]
        self._masked: list[Action] = []

    def of(self, seat: int, history: list[Action]) -> tuple[Action, ...]:
        """``history`` (the hand's, which only ever grows) as ``seat`` sees it."""
        seen = self._seen[seat]
        start = len(seen)
        if start < len(history):
            masked = self._masked
            if len(masked) < len(history):
                masked += map(_masked, history[len(masked) :])
            seen += [
                record if record.seat == seat else mask
                for record, mask in zip(history[start:], masked[start:], strict=True)
            ]
        return tuple(seen)


def hide(record: Action, seat: int) -> Action:
    """A history record as ``seat`` sees it."""
    return record if record.seat == seat else _masked(record)


def _masked(record: Action) -> Action:
    """A history record as every seat but its own sees it: no cards dealt or thrown (their
    number instead), no burned card."""
    if not record.cards or record.kind in _PUBLIC_CARDS:
        return record
    if record.kind == "burn":
        return Action("burn", None)
    return Action(record.kind, record.seat, len(record.cards))
