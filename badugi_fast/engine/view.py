"""What one seat may know: its own cards, everyone's chips, bets and discard counts.

Never another seat's cards (until shown at showdown), the stub or the burns. Bots get a
view, not the state, so a bot cannot peek.
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi_fast.cards import Card
from badugi_fast.engine.actions import Action, LegalActions

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


def hide(record: Action, seat: int) -> Action:
    """A history record as ``seat`` sees it."""
    if not record.cards or record.kind in _PUBLIC_CARDS or record.seat == seat:
        return record
    if record.kind == "burn":
        return Action("burn", None)
    return Action(record.kind, record.seat, len(record.cards))
