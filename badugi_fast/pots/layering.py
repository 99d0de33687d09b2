"""Cutting chips into pots: checks on the amounts, then main and side pots by all-in level.

docs/rules.md, "Settling a pot": pots, side pots and uncalled bets.
"""

from __future__ import annotations

from collections.abc import Sequence
from itertools import compress

from badugi_fast.checks import check_seat
from badugi_fast.errors import InvalidOptionType, InvalidSettlement


def check_amounts(contributed: Sequence[object], unit: object, button: object) -> None:
    """Raise for a bad unit, button or contribution, naming the seat or option."""
    if type(unit) is not int:
        raise InvalidOptionType(f"unit must be an int, not {type(unit).__name__}")
    if unit <= 0:
        raise InvalidSettlement(f"unit must be positive, got {unit}")
    n = len(contributed)
    if n < 2:
        raise InvalidSettlement(f"a hand needs at least 2 seats, got {n}")
    check_seat("button", button, n)
    for seat, amount in enumerate(contributed):
        if type(amount) is not int:
            raise InvalidOptionType(
                f"seat {seat}: contributed must be an int, not {type(amount).__name__}"
            )
        if amount < 0:
            raise InvalidSettlement(f"seat {seat}: contributed {amount} is negative")
        if amount % unit:
            raise InvalidSettlement(
                f"seat {seat}: contributed {amount} is not a multiple of the unit {unit}"
            )


def layer_pots(
    contributed: Sequence[int], live: Sequence[bool]
) -> tuple[list[int], list[tuple[int, tuple[int, ...]]]]:
    """Cut contributions into pots at each all-in total; return (returned, [(amount, eligible)]).

    A layer only one seat reached, or that no live seat reached, goes back to whoever put it in
    (the uncalled bet). Folded chips stay in the layers they reached. Adjacent layers with the
    same eligible seats form one pot.
    """
    n = len(contributed)
    returned = [0] * n
    pots: list[tuple[int, tuple[int, ...]]] = []
    remaining = list(compress(range(n), live))  # the live seats that reached `level`
    order = sorted(range(n), key=contributed.__getitem__)
    previous = 0
    for position, seat in enumerate(order):
        level = contributed[seat]
        if level != previous:  # a new layer: previous..level, put in by order[position:]
            depth = level - previous
            previous = level
            reached = n - position
            eligible = tuple(remaining)
            if reached == 1 or not eligible:
                for other in order[position:]:
                    returned[other] += depth
            elif pots and pots[-1][1] == eligible:
                pots[-1] = (pots[-1][0] + depth * reached, eligible)
            else:
                pots.append((depth * reached, eligible))
        if live[seat]:
            remaining.remove(seat)
    return returned, pots
