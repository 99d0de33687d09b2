"""Checks on the amounts a settlement cuts into pots: the unit, the button, each contribution.

docs/rules.md, "Settling a pot". The cut itself (main and side pots by all-in level,
uncalled bets) is the C core's ``badugi_settle``, which counts chips in 64 bits: amounts
whose total passes :data:`MAX_CHIPS` are refused here with a named error.
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_fast.checks import check_seat
from badugi_fast.errors import InvalidOptionType, InvalidSettlement

MAX_CHIPS = 2**63 - 1
"""The most chips a settlement takes in all (the unit; the contributions and dead money)."""


def check_amounts(
    contributed: Sequence[object], unit: object, button: object, dead_money: object = 0
) -> None:
    """Raise for a bad unit, button, dead money or contribution, naming the seat or option:
    a total past :data:`MAX_CHIPS` names the seat at which the chips put in pass it, or
    dead_money when it is the dead money that takes them past it."""
    if type(unit) is not int:
        raise InvalidOptionType(f"unit must be an int, not {type(unit).__name__}")
    if unit <= 0:
        raise InvalidSettlement(f"unit must be positive, got {unit}")
    if unit > MAX_CHIPS:
        raise InvalidSettlement("unit must be at most 2**63 - 1 chips")
    n = len(contributed)
    if n < 2:
        raise InvalidSettlement(f"a hand needs at least 2 seats, got {n}")
    check_seat("button", button, n)
    if type(dead_money) is not int:
        raise InvalidOptionType(f"dead_money must be an int, not {type(dead_money).__name__}")
    if not 0 <= dead_money <= MAX_CHIPS or dead_money % unit:
        raise InvalidSettlement(
            f"dead_money must be a multiple of the unit {unit} in 0..2**63 - 1, not {dead_money}"
        )
    if (
        {int}.issuperset(map(type, contributed))
        and min(contributed) >= 0  # type: ignore[type-var, operator]
        and sum(contributed) + dead_money <= MAX_CHIPS  # type: ignore[arg-type]
        and (unit == 1 or not any([amount % unit for amount in contributed]))  # type: ignore[operator]
    ):
        return  # plain ints, all good: the loop below only finds which one is bad
    total = 0
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
        total += amount
        if total > MAX_CHIPS:
            raise InvalidSettlement(
                f"seat {seat}: the chips put in pass 2**63 - 1 in all, the most a settlement takes"
            )
    # every amount is good and together they fit: the dead money takes the total past
    raise InvalidSettlement(
        f"the chips put in ({total}) plus dead_money ({dead_money}) pass 2**63 - 1 in all,"
        " the most a settlement takes"
    )
