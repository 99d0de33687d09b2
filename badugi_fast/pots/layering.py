"""Checks on the amounts a settlement cuts into pots: the unit, the button, each contribution.

docs/rules.md, "Settling a pot". The cut itself (main and side pots by all-in level,
uncalled bets) is the C core's ``badugi_settle``, which counts chips in 64 bits: amounts
whose total passes :data:`MAX_CHIPS` are refused here with a named error.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_fast.checks import as_int, check_seat
from badugi_fast.errors import InvalidOptionType, InvalidSettlement

MAX_CHIPS = 2**63 - 1
"""The most chips a settlement takes in all (the unit; the contributions and dead money)."""


def check_amounts(
    contributed: Sequence[object], unit: object, button: object, dead_money: object = 0
) -> tuple[list[int], int, int, int]:
    """The contributions, unit, button and dead money as ints (each may be a numpy integer,
    never a bool: :func:`~badugi_fast.checks.as_int`); raise for a bad one, naming the seat
    or option: a total past :data:`MAX_CHIPS` names the seat at which the chips put in pass
    it, or dead_money when it is the dead money that takes them past it."""
    chip = as_int(unit)
    if chip is None:
        raise InvalidOptionType(f"unit must be an int, not {type(unit).__name__}")
    if chip <= 0:
        raise InvalidSettlement(f"unit must be positive, got {chip}")
    if chip > MAX_CHIPS:
        raise InvalidSettlement("unit must be at most 2**63 - 1 chips")
    n = len(contributed)
    if n < 2:
        raise InvalidSettlement(f"a hand needs at least 2 seats, got {n}")
    first = check_seat("button", button, n)
    dead = as_int(dead_money)
    if dead is None:
        raise InvalidOptionType(f"dead_money must be an int, not {type(dead_money).__name__}")
    if not 0 <= dead <= MAX_CHIPS or dead % chip:
        raise InvalidSettlement(
            f"dead_money must be a multiple of the unit {chip} in 0..2**63 - 1, not {dead}"
        )
    if (
        {int}.issuperset(map(type, contributed))
        and min(contributed) >= 0  # type: ignore[type-var, operator]
        and sum(contributed) + dead <= MAX_CHIPS  # type: ignore[arg-type]
        and (chip == 1 or not any([amount % chip for amount in contributed]))  # type: ignore[operator]
    ):
        return list(contributed), chip, first, dead  # type: ignore[arg-type]  # plain ints, all good
    total = 0
    amounts = []
    for seat, given in enumerate(contributed):
        amount = as_int(given)
        if amount is None:
            raise InvalidOptionType(
                f"seat {seat}: contributed must be an int, not {type(given).__name__}"
            )
        if amount < 0:
            raise InvalidSettlement(f"seat {seat}: contributed {amount} is negative")
        if amount % chip:
            raise InvalidSettlement(
                f"seat {seat}: contributed {amount} is not a multiple of the unit {chip}"
            )
        total += amount
        if total > MAX_CHIPS:
            raise InvalidSettlement(
                f"seat {seat}: the chips put in pass 2**63 - 1 in all, the most a settlement takes"
            )
        amounts.append(amount)
    if total + dead > MAX_CHIPS:  # every amount is good: the dead money takes the total past
        raise InvalidSettlement(
            f"the chips put in ({total}) plus dead_money ({dead}) pass 2**63 - 1 in all,"
            " the most a settlement takes"
        )
    return amounts, chip, first, dead
