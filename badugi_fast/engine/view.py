"""What one seat may know: its own cards, everyone's chips, bets and discard counts.

Never another seat's cards (until shown at showdown), the stub or the burns. Bots get a
view, not the state, so a bot cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from badugi_fast.cards import Card
from badugi_fast.engine.actions import Action, LegalActions

if TYPE_CHECKING:
    from badugi_fast.engine.state import HandState

_PUBLIC_CARDS = frozenset(("show",))


@dataclass(frozen=True, slots=True)
class SeatView:
    """One seat's view of a hand.

    ``legal`` is set only when this seat is to act. At a showdown with ``mucking``,
    ``to_show`` is the seat to show or muck next and ``can_muck`` whether this seat, if it
    is that seat, may muck. In ``history`` the cards dealt to, or thrown by, other seats are
    hidden (``amount`` then says how many) and burns show no card.
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


def seat_view(
    state: HandState,
    seat: int,
    folded: tuple[bool, ...],
    discard_counts: tuple[tuple[int, ...], ...],
    history: tuple[Action, ...],
) -> SeatView:
    """The view of a (checked) seat of a hand, given every seat's folds and discard counts
    and the history as this seat sees it."""
    return SeatView(
        seat,
        state.game,
        state.rules.structure,
        state.phase,
        state.street,
        state.actor,
        state.button,
        state.stacks,
        state.bets,
        state.contributed,
        state.pot,
        folded,
        state.hole_cards(seat),
        discard_counts,
        state.legal_actions() if seat == state.actor else None,
        history,
        state.to_show,
        seat == state.to_show and state.can_muck(),
    )


class HiddenHistories:
    """Each seat's view of a hand's history, extended as the history grows: a bot is shown
    the history at every decision, and hiding all of it each time made a hand's views cost
    the square of its length."""

    __slots__ = ("_seen",)

    def __init__(self, seats: int) -> None:
        self._seen: list[list[Action]] = [[] for _ in range(seats)]

    def of(self, seat: int, history: list[Action]) -> tuple[Action, ...]:
        """``history`` (the hand's, which only ever grows) as ``seat`` sees it."""
        seen = self._seen[seat]
        if len(seen) < len(history):
            seen += [hide(record, seat) for record in history[len(seen) :]]
        return tuple(seen)


def hide(record: Action, seat: int) -> Action:
    """A history record as ``seat`` sees it."""
    if not record.cards or record.kind in _PUBLIC_CARDS or record.seat == seat:
        return record
    if record.kind == "burn":
        return Action("burn", None)
    return Action(record.kind, record.seat, len(record.cards))
