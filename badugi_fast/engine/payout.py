"""The end of a hand: who shows in which order, and the payouts through settle().

docs/rules.md, "How a hand is played": the last aggressor of the final round shows first
(with no bet, the first live seat left of the button), the others clockwise; every live
seat shows (or, with ``mucking``, shows or mucks), and settle() pays (side pots, splits,
halves, odd chips, qualifiers).
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


def showing_seats(setup: HandSetup, folded: list[bool], aggressor: int | None) -> tuple[int, ...]:
    """The live seats in the order they show (none if fewer than two are live)."""
    live = [seat for seat in range(setup.n) if not folded[seat]]
    if len(live) < 2:
        return ()
    return clockwise_from(live, setup.button + 1 if aggressor is None else aggressor)


def settle_hand(
    setup: HandSetup,
    contributed: list[int],
    folded: list[bool],
    hands: list[list[Card]],
    shown: bool,
) -> Settlement:
    """The settlement of a finished hand; ``shown``: every live seat showed its cards (none
    did when the others folded). A seat that mucked at the showdown is folded here: its
    chips stay in, it claims no pot."""
    if not shown:  # everyone else folded: no cards to judge
        seats = list(map(_no_cards, contributed, folded))
    else:
        seats = [
            _no_cards(amount, out) if out else _seat(amount, out, hand)
            for amount, out, hand in zip(contributed, folded, hands, strict=True)
        ]
    return badugi_fast.settle(seats, game=setup.rule.name, button=setup.button, **setup.settle)
