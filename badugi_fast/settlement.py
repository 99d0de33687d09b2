"""Pure pot settlement: cut contributions into pots and share each pot among its winners.

This module knows nothing about cards: it works on one raw rank per live seat for each half
(smaller is stronger), so it can be tested and reused without the evaluator. The card-level
entry point is :func:`badugi_fast.showdown.settle`. Rules: RULES.md, "Settling a pot".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, fields
from itertools import compress
from operator import sub
from typing import Any, Literal

HalfKind = Literal["badugi", "ace-five", "deuce-seven", "uncontested"]
"""What a half is judged on; ``"uncontested"`` is a whole pot that only one seat could win."""

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
    """A seat's share of one half; ``hand`` is None for an uncontested pot."""

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


# Fast constructors for the hot path. Calling a frozen dataclass runs its generated __init__,
# which stores each field through object.__setattr__; storing straight into the slots builds
# the same object in about half the time, and settle() builds a dozen or more per call.
_new = object.__new__


def _setters(cls: type) -> Any:
    """The slot setters of a slots dataclass, in field order."""
    return tuple(getattr(cls, field.name).__set__ for field in fields(cls))


_WINNER_SEAT, _WINNER_AMOUNT, _WINNER_HAND = _setters(Winner)
_HALF_KIND, _HALF_AMOUNT, _HALF_WINNERS, _HALF_ODD_UNITS, _HALF_NOTE = _setters(Half)
_POT_AMOUNT, _POT_ELIGIBLE, _POT_HALVES, _POT_ODD_CUT, _POT_CARRIED = _setters(Pot)


def _winner(seat: int, amount: int, hand: str | None) -> Winner:
    """``Winner(seat, amount, hand)``, built fast."""
    winner = _new(Winner)
    _WINNER_SEAT(winner, seat)
    _WINNER_AMOUNT(winner, amount)
    _WINNER_HAND(winner, hand)
    return winner


def _half(
    kind: HalfKind,
    amount: int,
    winners: tuple[Winner, ...],
    odd_units: tuple[OddUnit, ...],
    note: str,
) -> Half:
    """``Half(kind, amount, winners, odd_units, note)``, built fast."""
    half = _new(Half)
    _HALF_KIND(half, kind)
    _HALF_AMOUNT(half, amount)
    _HALF_WINNERS(half, winners)
    _HALF_ODD_UNITS(half, odd_units)
    _HALF_NOTE(half, note)
    return half


def _pot(
    amount: int,
    eligible: tuple[int, ...],
    halves: tuple[Half, ...],
    odd_cut: HalfKind | None,
    carried_over: int,
) -> Pot:
    """``Pot(amount, eligible, halves, odd_cut, carried_over)``, built fast."""
    pot = _new(Pot)
    _POT_AMOUNT(pot, amount)
    _POT_ELIGIBLE(pot, eligible)
    _POT_HALVES(pot, halves)
    _POT_ODD_CUT(pot, odd_cut)
    _POT_CARRIED(pot, carried_over)
    return pot


def _check_amounts(contributed: Sequence[object], unit: object, button: object) -> None:
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
            raise TypeError(f"seat {seat}: contributed must be an int, not {type(amount).__name__}")
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
    seat is live. A pot only one seat is eligible for is taken uncontested, with no halves
    and no qualifier. Amounts are validated here.
    """
    _check_amounts(contributed, unit, button)
    if odd_unit_to not in _ODD_UNIT_TO:
        raise ValueError(f"odd_unit_to must be 'badugi' or 'low', not {odd_unit_to!r}")
    n = len(contributed)
    if len(live) != n or [len(ranks) for _, ranks in halves].count(n) != len(halves):
        raise ValueError(f"need one live flag and one rank per half for each of {n} seats")
    if not any(live):
        raise ValueError("no live seat: at least one seat must not have folded")
    returned, layers = layer_pots(contributed, live)
    payouts = returned.copy()
    if halves:
        judge = _Judge(halves, button, n, unit, qualifier, odd_unit_to == "low", describe, payouts)
        pots = tuple([judge.pot(amount, eligible) for amount, eligible in layers])
    else:
        pots = tuple([_uncontested(amount, eligible, payouts) for amount, eligible in layers])
    return Settlement(
        game,
        button,
        unit,
        bool(halves),
        tuple(contributed),
        tuple(payouts),
        tuple(returned),
        tuple(map(sub, payouts, contributed)),
        pots,
        sum([pot.carried_over for pot in pots]),
    )


def _uncontested(amount: int, eligible: tuple[int, ...], payouts: list[int]) -> Pot:
    """A pot only one seat is eligible for: it takes the whole pot, with no contest and so
    no qualifier (as when everyone else folds)."""
    (seat,) = eligible
    payouts[seat] += amount
    half = _half("uncontested", amount, (_winner(seat, amount, None),), (), "nobody else eligible")
    return _pot(amount, eligible, (half,), None, 0)


def _best(eligible: tuple[int, ...], ranks: Sequence[int], worst: int | None) -> list[int]:
    """The eligible seats with the strongest (smallest) rank, if it is no worse than ``worst``."""
    best = min(map(ranks.__getitem__, eligible))
    if worst is not None and best > worst:
        return []
    return [seat for seat in eligible if ranks[seat] == best]


class _Judge:
    """Awards pots at a showdown; holds what every pot of one hand shares."""

    __slots__ = ("button", "describe", "halves", "n", "odd_to_low", "payouts", "qualifier", "unit")

    def __init__(
        self,
        halves: Sequence[tuple[HalfKind, Sequence[int]]],
        button: int,
        n: int,
        unit: int,
        qualifier: int | None,
        odd_to_low: bool,
        describe: Describe | None,
        payouts: list[int],
    ) -> None:
        self.halves = halves
        self.button = button
        self.n = n
        self.unit = unit
        self.qualifier = qualifier
        self.odd_to_low = odd_to_low
        self.describe = describe
        self.payouts = payouts

    def pot(self, amount: int, eligible: tuple[int, ...]) -> Pot:
        """Cut one pot into its halves, find each half's winners and pay them."""
        if len(eligible) == 1:
            return _uncontested(amount, eligible, self.payouts)
        units = amount // self.unit
        halves = self.halves
        kind = halves[0][0]
        badugi = _best(eligible, halves[0][1], self.qualifier)
        if len(halves) == 1:
            if not badugi:
                note = f"no hand qualified; {amount} carried over"
                return _pot(amount, eligible, (_half(kind, 0, (), (), note),), None, amount)
            return _pot(amount, eligible, (self._share(0, units, badugi, ""),), None, 0)
        low_kind = halves[1][0]
        low = _best(eligible, halves[1][1], None)
        if not badugi:
            note = f"no hand qualified; the {low_kind} half takes the whole pot"
            skipped = _half(kind, 0, (), (), note)
            whole = self._share(1, units, low, "takes the whole pot")
            return _pot(amount, eligible, (skipped, whole), None, 0)
        low_units = units // 2
        odd_cut: HalfKind | None = None
        if units % 2:
            low_units += self.odd_to_low
            odd_cut = low_kind if self.odd_to_low else kind
        pair = (self._share(0, units - low_units, badugi, ""), self._share(1, low_units, low, ""))
        return _pot(amount, eligible, pair, odd_cut, 0)

    def _share(self, index: int, units: int, seats: list[int], note: str) -> Half:
        """Share ``units`` evenly among ``seats``; odd units go in seat order left of the button."""
        unit = self.unit
        payouts = self.payouts
        describe = self.describe
        kind = self.halves[index][0]
        if len(seats) == 1:
            (seat,) = seats
            amount = units * unit
            payouts[seat] += amount
            hand = describe(index, seat) if describe else None
            return _half(kind, amount, (_winner(seat, amount, hand),), (), note)
        count = len(seats)
        share, rest = divmod(units, count)
        first = (self.button + 1) % self.n
        extra = sorted(seats, key=lambda seat: (seat - first) % self.n)[:rest]
        winners = []
        for seat in seats:
            amount = (share + (seat in extra)) * unit
            payouts[seat] += amount
            winners.append(_winner(seat, amount, describe(index, seat) if describe else None))
        reason = (
            f"odd unit of a {count}-way tie: one each in seat order"
            f" from the left of the button (seat {first})"
        )
        odd = tuple([OddUnit(seat, unit, reason) for seat in extra])
        return _half(kind, units * unit, tuple(winners), odd, note)


def format_settlement(result: Settlement) -> str:
    """A compact human-readable account: each pot and its winners, then a per-seat table."""
    lines = [f"{result.game}, button seat {result.button}, unit {result.unit}"]
    for number, pot in enumerate(result.pots):
        title = "main pot" if number == 0 else f"side pot {number}"
        seats = " ".join(map(str, pot.eligible))
        lines.append(f"{title} {pot.amount}, eligible seats {seats}")
        for half in pot.halves:
            lines.append(f"  {_format_half(half, half.kind == pot.odd_cut)}")
    lines.append("")
    lines.append(f"{'seat':>4} {'put in':>9} {'returned':>9} {'payout':>9} {'net':>9}")
    for seat, row in enumerate(
        zip(result.contributed, result.returned, result.payouts, result.net, strict=True)
    ):
        put_in, returned, payout, net = row
        lines.append(f"{seat:>4} {put_in:>9} {returned:>9} {payout:>9} {net:>+9}")
    if result.carried_over:
        lines.append(f"carried over: {result.carried_over}")
    return "\n".join(lines)


def _format_half(half: Half, odd_cut: bool) -> str:
    """One line for one half: its amount, notes and each winner's share and hand."""
    if not half.winners:
        return f"{half.kind}: {half.note}"
    head = f"{half.kind} {half.amount}"
    if odd_cut:
        head += " (incl. the odd unit of the cut)"
    if half.note:
        head += f" ({half.note})"
    odd = {unit.seat for unit in half.odd_units}
    shares = [
        f"seat {w.seat} wins {w.amount}"
        + (" (incl. an odd unit)" if w.seat in odd else "")
        + (f" with {w.hand}" if w.hand else "")
        for w in half.winners
    ]
    return f"{head}: {'; '.join(shares)}"
