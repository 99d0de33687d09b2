"""Pure pot settlement: cut contributions into pots and share each pot among its winners.

This module knows nothing about cards: it works on one raw rank per live seat for each half
(smaller is stronger), so it can be tested and reused without the evaluator. The card-level
entry point is :func:`badugi_fast.showdown.settle`. Rules: RULES.md, "Settling a pot".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from typing import Any, Literal

HalfKind = Literal["badugi", "ace-five", "deuce-seven", "uncontested"]
"""What a half is judged on; ``"uncontested"`` is a whole pot taken without a showdown."""

OddUnitTo = Literal["badugi", "low"]
"""Which half of a split-game pot gets the odd unit when the pot is cut in two."""

Describe = Callable[[int, int], str]
"""``describe(half_index, seat)`` names a winning hand; called only for winners."""

_ODD_UNIT_TO = ("badugi", "low")


class _Result:
    """Base of the result types: adds :meth:`to_dict` to a frozen dataclass."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the object as plain dicts, lists, ints and strings (JSON-serialisable)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]


def _plain(value: Any) -> Any:
    """Turn result objects and tuples into dicts and lists for JSON."""
    if isinstance(value, _Result):
        return value.to_dict()
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    return value


@dataclass(frozen=True, slots=True)
class OddUnit(_Result):
    """One odd unit that an even split could not share: who got it and why."""

    seat: int
    amount: int
    reason: str


@dataclass(frozen=True, slots=True)
class Winner(_Result):
    """A seat's share of one half; ``hand`` is None when it won without showing."""

    seat: int
    amount: int
    hand: str | None


@dataclass(frozen=True, slots=True)
class Half(_Result):
    """One half of a pot (the whole pot in Badugi) and how it was shared.

    ``amount`` is what this half finally paid (0 when it went to the other half or was carried
    over); ``note`` explains anything unusual, such as a qualifier nobody met.
    """

    kind: HalfKind
    amount: int
    winners: tuple[Winner, ...]
    odd_units: tuple[OddUnit, ...]
    note: str


@dataclass(frozen=True, slots=True)
class Pot(_Result):
    """The main pot or a side pot: its chips, who could win it and how it was paid.

    ``odd_cut`` names the half that received the odd unit when a split-game pot was cut in
    two (None when the cut was even or did not happen); ``carried_over`` is the part nobody won.
    """

    amount: int
    eligible: tuple[int, ...]
    halves: tuple[Half, ...]
    odd_cut: HalfKind | None
    carried_over: int


@dataclass(frozen=True, slots=True)
class Settlement(_Result):
    """Who receives which chips at the end of a hand, in seat order.

    ``payouts[i]`` is everything seat i receives (pots won plus ``returned[i]``, its uncalled
    chips); ``net[i]`` is ``payouts[i] - contributed[i]``. ``sum(payouts) + carried_over`` always
    equals ``sum(contributed)``.
    """

    game: str
    button: int
    unit: int
    showdown: bool
    contributed: tuple[int, ...]
    payouts: tuple[int, ...]
    returned: tuple[int, ...]
    net: tuple[int, ...]
    pots: tuple[Pot, ...]
    carried_over: int


def check_amounts(contributed: Sequence[object], unit: object, button: object) -> None:
    """Raise TypeError/ValueError for a bad unit, button or contribution, naming the seat."""
    if type(unit) is not int:
        raise TypeError(f"unit must be an int, not {type(unit).__name__}")
    if unit <= 0:
        raise ValueError(f"unit must be positive, got {unit}")
    n = len(contributed)
    if n < 2:
        raise ValueError(f"a hand needs at least 2 seats, got {n}")
    if type(button) is not int:
        raise TypeError(f"button must be an int seat number, not {type(button).__name__}")
    if not 0 <= button < n:
        raise ValueError(f"button {button} is not a seat (seats are 0..{n - 1})")
    for seat, amount in enumerate(contributed):
        if type(amount) is not int:
            raise TypeError(
                f"seat {seat}: contributed must be an int, not {type(amount).__name__}"
            )
        if amount < 0:
            raise ValueError(f"seat {seat}: contributed {amount} is negative")
        if amount % unit:
            raise ValueError(
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
    previous = 0
    for level in sorted(set(contributed)):
        if level == 0:
            continue
        depth = level - previous
        previous = level
        reached = [seat for seat in range(n) if contributed[seat] >= level]
        eligible = tuple(seat for seat in reached if live[seat])
        if len(reached) == 1 or not eligible:
            for seat in reached:
                returned[seat] += depth
        elif pots and pots[-1][1] == eligible:
            pots[-1] = (pots[-1][0] + depth * len(reached), eligible)
        else:
            pots.append((depth * len(reached), eligible))
    return returned, pots


def _share(
    units: int,
    winners: list[int],
    button: int,
    n: int,
    unit: int,
    describe: Callable[[int], str | None],
    payouts: list[int],
) -> tuple[tuple[Winner, ...], tuple[OddUnit, ...]]:
    """Split ``units`` evenly among ``winners``; odd units go in seat order left of the button."""
    count = len(winners)
    share, rest = divmod(units, count)
    order = sorted(winners, key=lambda seat: (seat - button - 1) % n)
    extra = set(order[:rest])
    result = []
    for seat in sorted(winners):
        amount = (share + (seat in extra)) * unit
        payouts[seat] += amount
        result.append(Winner(seat, amount, describe(seat)))
    odd = tuple(
        OddUnit(
            seat,
            unit,
            f"{rest} odd unit(s) of a {count}-way tie, one each in seat order"
            f" from the left of the button (seat {(button + 1) % n})",
        )
        for seat in order[:rest]
    )
    return tuple(result), odd


def settle_ranks(
    contributed: Sequence[int],
    live: Sequence[bool],
    halves: Sequence[tuple[HalfKind, Sequence[int]]],
    *,
    game: str = "badugi",
    button: int = 0,
    unit: int = 1,
    qualifier: int | None = None,
    odd_unit_to: OddUnitTo = "badugi",
    describe: Describe | None = None,
) -> Settlement:
    """Settle a hand from per-seat ranks; the pure core of :func:`badugi_fast.settle`.

    ``halves`` lists, per half, its kind and one raw rank per seat (smaller is stronger; only
    live seats' entries are read). The first half is the Badugi half, the only one
    ``qualifier`` (the worst qualifying raw rank) applies to. Pass no halves when at most one
    seat is live: every pot is then taken uncontested. Amounts are validated here.
    """
    check_amounts(contributed, unit, button)
    if odd_unit_to not in _ODD_UNIT_TO:
        raise ValueError(f"odd_unit_to must be 'badugi' or 'low', not {odd_unit_to!r}")
    n = len(contributed)
    if len(live) != n:
        raise ValueError(f"got {len(live)} live flags for {n} seats")
    if not any(live):
        raise ValueError("no live seat: at least one seat must not have folded")
    showdown = bool(halves)
    returned, layers = layer_pots(contributed, live)
    payouts = list(returned)
    pots = []
    carried_total = 0
    for amount, eligible in layers:
        units = amount // unit
        if not showdown:
            pots.append(_uncontested(amount, eligible, payouts))
            continue
        pot = _judge(
            units, eligible, halves, button, n, unit, qualifier, odd_unit_to, describe, payouts
        )
        carried_total += pot.carried_over
        pots.append(pot)
    return Settlement(
        game=game,
        button=button,
        unit=unit,
        showdown=showdown,
        contributed=tuple(contributed),
        payouts=tuple(payouts),
        returned=tuple(returned),
        net=tuple(p - c for p, c in zip(payouts, contributed, strict=True)),
        pots=tuple(pots),
        carried_over=carried_total,
    )


def _uncontested(amount: int, eligible: tuple[int, ...], payouts: list[int]) -> Pot:
    """A pot with no showdown: its one eligible seat takes it without showing."""
    (seat,) = eligible
    payouts[seat] += amount
    half = Half("uncontested", amount, (Winner(seat, amount, None),), (), "no showdown")
    return Pot(amount, eligible, (half,), None, 0)


def _best(eligible: tuple[int, ...], ranks: Sequence[int], worst: int | None) -> list[int]:
    """The eligible seats with the strongest (smallest) rank no worse than ``worst``."""
    best = min(ranks[seat] for seat in eligible)
    if worst is not None and best > worst:
        return []
    return [seat for seat in eligible if ranks[seat] == best]


def _judge(
    units: int,
    eligible: tuple[int, ...],
    halves: Sequence[tuple[HalfKind, Sequence[int]]],
    button: int,
    n: int,
    unit: int,
    qualifier: int | None,
    odd_unit_to: OddUnitTo,
    describe: Describe | None,
    payouts: list[int],
) -> Pot:
    """Award one pot at a showdown: cut it into halves, find each half's winners, share."""
    winners = [
        _best(eligible, ranks, qualifier if index == 0 else None)
        for index, (_, ranks) in enumerate(halves)
    ]
    # Units per half: an even cut with the odd unit to the chosen half; when nobody qualifies
    # for the Badugi half of a split game, the low half takes the whole pot.
    odd_cut: HalfKind | None = None
    if len(halves) == 1:
        cut = [units]
    elif not winners[0]:
        cut = [0, units]
    else:
        low = units // 2
        if units % 2:
            low += odd_unit_to == "low"
            odd_cut = halves[1][0] if odd_unit_to == "low" else halves[0][0]
        cut = [units - low, low]
    result = []
    carried = 0
    for index, (kind, _) in enumerate(halves):
        seats = winners[index]
        if not seats:
            carried += cut[index] * unit
            if len(halves) > 1:
                note = f"no hand qualified; the {halves[1 - index][0]} half takes the whole pot"
            else:
                note = "no hand qualified; carried over"
            result.append(Half(kind, 0, (), (), note))
            continue
        won, odd = _share(cut[index], seats, button, n, unit, _namer(describe, index), payouts)
        note = "takes the whole pot" if len(halves) > 1 and cut[index] == units else ""
        result.append(Half(kind, cut[index] * unit, won, odd, note))
    return Pot(units * unit, eligible, tuple(result), odd_cut, carried)


def _namer(describe: Describe | None, index: int) -> Callable[[int], str | None]:
    """Bind ``describe`` to one half (or name nothing when there is no describer)."""
    if describe is None:
        return lambda seat: None
    return lambda seat: describe(index, seat)
