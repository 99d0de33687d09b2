"""The end of a hand: who shows in which order, and the payouts through settle().

docs/rules.md, "How a hand is played": the last aggressor of the final round shows first
(with no bet, the first live seat left of the button), the others clockwise; every live
seat shows, and settle() pays (side pots, splits, halves, odd chips, qualifiers).
"""

from __future__ import annotations

from functools import lru_cache

import badugi_fast
from badugi_fast.cards import Card
from badugi_fast.engine.order import clockwise_from
from badugi_fast.engine.setup import HandSetup
from badugi_fast.pots import Settlement

_set = object.__setattr__


def _seat(contributed: int, folded: bool, cards: list[Card] | None) -> badugi_fast.Seat:
    """``Seat(contributed, folded, cards)`` without the frozen dataclass's __init__ (the
    engine builds one per seat per hand, from values it has already checked)."""
    seat = object.__new__(badugi_fast.Seat)
    _set(seat, "contributed", contributed)
    _set(seat, "folded", folded)
    _set(seat, "cards", cards)
    return seat


@lru_cache(maxsize=4096)
def _no_cards(contributed: int, folded: bool) -> badugi_fast.Seat:
    """A seat that shows no cards; immutable, so shared between hands."""
    return _seat(contributed, folded, None)


def settle_hand(
    setup: HandSetup,
    contributed: list[int],
    folded: list[bool],
    hands: list[list[Card]],
    aggressor: int | None,
) -> tuple[tuple[int, ...], Settlement]:
    """(the seats that show, in order; the settlement) of a finished hand."""
    if folded.count(False) < 2:  # everyone else folded: nobody shows
        return (), _settle(setup, list(map(_no_cards, contributed, folded)))
    seats = [
        _no_cards(amount, out) if out else _seat(amount, out, hand)
        for amount, out, hand in zip(contributed, folded, hands, strict=True)
    ]
    live = [seat for seat in range(setup.n) if not folded[seat]]
    order = clockwise_from(live, setup.button + 1 if aggressor is None else aggressor)
    return order, _settle(setup, seats)


def _settle(setup: HandSetup, seats: list[badugi_fast.Seat]) -> Settlement:
    """badugi_fast.settle() with the hand's options."""
    return badugi_fast.settle(seats, game=setup.rule.name, button=setup.button, **setup.settle)
