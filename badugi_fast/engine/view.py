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

    ``legal`` is set only when this seat is to act. In ``history`` the cards dealt to, or
    thrown by, other seats are hidden (``amount`` then says how many) and burns show no card.
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


def seat_view(state: HandState, seat: int) -> SeatView:
    """The view of a (checked) seat of a hand."""
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
        tuple(map(state.folded, range(state.n_seats))),
        state.hole_cards(seat),
        tuple(map(state.discard_counts, range(state.n_seats))),
        state.legal_actions() if seat == state.actor else None,
        tuple(hide(record, seat) for record in state.history),
    )


def hide(record: Action, seat: int) -> Action:
    """A history record as ``seat`` sees it."""
    if not record.cards or record.kind in _PUBLIC_CARDS or record.seat == seat:
        return record
    if record.kind == "burn":
        return Action("burn", None)
    return Action(record.kind, record.seat, len(record.cards))
