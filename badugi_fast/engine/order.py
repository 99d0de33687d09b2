"""Table order: who posts the blinds, who is dealt and acts first, who shows first.

Seats are numbered 0..n-1 clockwise (docs/rules.md, "How a hand is played"). Heads-up the
button posts the small blind and acts first in the first betting round only.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import SupportsIndex

from badugi_fast._binding import settle as showdown
from badugi_fast.checks import check_int, check_seat
from badugi_fast.engine.rules import MAX_SEATS
from badugi_fast.errors import InvalidOptionType, InvalidSettlement

MAX_TABLE = 2**16
"""The most seats :func:`show_order` takes."""


def blind_seats(n: int, button: int, no_small_blind: bool = False) -> tuple[int | None, int]:
    """(small blind, big blind): left of the button, or the button itself heads-up; with
    ``no_small_blind`` (the small blind's seat is empty) no small blind, and the big blind
    the first seat left of the button."""
    if no_small_blind:
        return None, (button + 1) % n
    small = button if n == 2 else (button + 1) % n
    return small, (small + 1) % n


def from_left_of_button(n: int, button: int) -> tuple[int, ...]:
    """Every seat clockwise from the first seat left of the button (the button last).

    The order of the deal (the small blind gets the first card; heads-up the big blind,
    as the button is dealt last), of the draws and of betting rounds 2-4.
    """
    return tuple((button + 1 + step) % n for step in range(n))


def show_order(
    live_seats: Iterable[SupportsIndex],
    last_aggressor: SupportsIndex | None = None,
    button: SupportsIndex = 0,
    n_seats: SupportsIndex | None = None,
) -> tuple[int, ...]:
    """The order live seats show at showdown (docs/rules.md, "How a hand is played").

    The last aggressor of the final round shows first; with no bet, the first live seat left
    of the button does. The others follow clockwise (increasing seat number, wrapping).
    Every seat, the button and the aggressor are checked against a table of ``n_seats``
    (default: the largest table the engine deals, 8 seats; at most :data:`MAX_TABLE`). The
    order itself is the C hand's (``badugi_show_order``).
    """
    size = MAX_SEATS if n_seats is None else check_int("n_seats", n_seats, 2, MAX_TABLE)
    if isinstance(live_seats, (str, bytes)) or not isinstance(live_seats, Iterable):
        raise InvalidOptionType(
            f"live_seats must be an iterable of seats, not {type(live_seats).__name__}"
        )
    seats = sorted({check_seat("seat", seat, size) for seat in live_seats})
    if not seats:
        raise InvalidSettlement("no live seat to show")
    button = check_seat("button", button, size)
    if last_aggressor is not None:
        last_aggressor = check_seat("last aggressor", last_aggressor, size)
    if last_aggressor is not None and last_aggressor not in seats:
        raise InvalidSettlement(f"last aggressor {last_aggressor} is not a live seat")
    live = set(seats)
    folded = [seat not in live for seat in range(size)]
    first = -1 if last_aggressor is None else last_aggressor
    return showdown.show_order(folded, first, button)
