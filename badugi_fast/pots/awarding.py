"""Awarding pots from raw ranks: each pot cut into its halves, each half to its best hands.

This module knows nothing about cards: it works on one raw rank per live seat for each half
(smaller is stronger), so it can be tested and reused without the evaluator. The card-level
entry point is :func:`badugi_fast.settle`. Rules: docs/rules.md, "Settling a pot".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from operator import not_, sub
from typing import TYPE_CHECKING

from badugi_fast.errors import InvalidSettlement
from badugi_fast.pots.layering import check_amounts, layer_pots
from badugi_fast.pots.results import (
    Half,
    HalfKind,
    OddUnit,
    OddUnitTo,
    Pot,
    Settlement,
    new_half,
    new_pot,
    new_winner,
)

if TYPE_CHECKING:
    from badugi_fast.evaluation.hands import RankedHand

Describe = Callable[[int, int], str]
"""``describe(half_index, seat)`` names a winning hand; called only for winners."""

_ODD_UNIT_TO = ("badugi", "low")


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
    hands: Sequence[tuple[RankedHand, ...] | None] | None = None,
) -> Settlement:
    """Settle a hand from per-seat ranks; the pure core of :func:`badugi_fast.settle`.

    ``halves`` lists, per half, its kind and one raw rank per seat (smaller is stronger; only
    live seats' entries are read); any number of halves. ``qualifier`` (the worst qualifying
    raw rank) applies to the ``"badugi"`` half. Pass no halves when at most one seat is live.
    A pot only one seat is eligible for is taken uncontested, with no halves and no
    qualifier. ``hands`` (seat order) is stored in the result as judged. Amounts are
    validated here.
    """
    check_settlement(contributed, live, unit, button, odd_unit_to)
    n = len(contributed)
    if [len(ranks) for _, ranks in halves].count(n) != len(halves):
        raise InvalidSettlement(f"need one rank per half for each of {n} seats")
    return award(
        contributed, live, halves, game, button, unit, qualifier, odd_unit_to, describe, hands
    )


def check_settlement(
    contributed: Sequence[object],
    live: Sequence[bool],
    unit: object,
    button: object,
    odd_unit_to: object,
) -> None:
    """Raise for bad amounts or options, or no live seat, naming the seat or option."""
    check_amounts(contributed, unit, button)
    if odd_unit_to not in _ODD_UNIT_TO:
        raise InvalidSettlement(f"odd_unit_to must be 'badugi' or 'low', not {odd_unit_to!r}")
    if len(live) != len(contributed):
        raise InvalidSettlement(f"need one live flag for each of {len(contributed)} seats")
    if not any(live):
        raise InvalidSettlement("no live seat: at least one seat must not have folded")


def award(
    contributed: Sequence[int],
    live: Sequence[bool],
    halves: Sequence[tuple[HalfKind, Sequence[int]]],
    game: str,
    button: int,
    unit: int,
    qualifier: int | None,
    odd_unit_to: OddUnitTo,
    describe: Describe | None,
    hands: Sequence[tuple[RankedHand, ...] | None] | None,
) -> Settlement:
    """:func:`settle_ranks` on inputs already checked (by it, or by the engine, which only
    makes valid ones): cut the pots, judge each and build the result."""
    n = len(contributed)
    returned, layers = layer_pots(contributed, live)
    payouts = returned.copy()
    if halves:
        judge = _Judge(halves, button, n, unit, qualifier, odd_unit_to, describe, payouts)
        pots = tuple([judge.pot(amount, eligible) for amount, eligible in layers])
    else:
        pots = tuple([_uncontested(amount, eligible, payouts) for amount, eligible in layers])
    return Settlement(
        game,
        button,
        unit,
        bool(halves),
        tuple(contributed),
        tuple(map(not_, live)),
        tuple(payouts),
        tuple(returned),
        tuple(map(sub, payouts, contributed)),
        pots,
        sum([pot.carried_over for pot in pots]),
        (None,) * n if hands is None else tuple(hands),
    )


def _uncontested(amount: int, eligible: tuple[int, ...], payouts: list[int]) -> Pot:
    """A pot only one seat is eligible for: it takes the whole pot, with no contest and so
    no qualifier (as when everyone else folds)."""
    (seat,) = eligible
    payouts[seat] += amount
    half = new_half(
        "uncontested", amount, (new_winner(seat, amount, None),), (), "nobody else eligible"
    )
    return new_pot(amount, eligible, (half,), None, 0)


def _best(eligible: tuple[int, ...], ranks: Sequence[int], worst: int | None) -> list[int]:
    """The eligible seats with the strongest (smallest) rank, if it is no worse than ``worst``."""
    best = min(map(ranks.__getitem__, eligible))
    if worst is not None and best > worst:
        return []
    return [seat for seat in eligible if ranks[seat] == best]


class _Judge:
    """Awards pots at a showdown; holds what every pot of one hand shares."""

    __slots__ = ("button", "describe", "halves", "n", "odd_first", "payouts", "qualifier", "unit")

    def __init__(
        self,
        halves: Sequence[tuple[HalfKind, Sequence[int]]],
        button: int,
        n: int,
        unit: int,
        qualifier: int | None,
        odd_unit_to: OddUnitTo,
        describe: Describe | None,
        payouts: list[int],
    ) -> None:
        self.halves = halves
        self.button = button
        self.n = n
        self.unit = unit
        # the qualifier, per half: it applies to the Badugi half only
        self.qualifier = [qualifier if kind == "badugi" else None for kind, _ in halves]
        # which half an odd unit of the cut goes to first: the Badugi half, or the last (low)
        self.odd_first = 0 if odd_unit_to == "badugi" else len(halves) - 1
        self.describe = describe
        self.payouts = payouts

    def pot(self, amount: int, eligible: tuple[int, ...]) -> Pot:
        """Cut one pot into its halves, find each half's winners and pay them.

        A half nobody qualifies for gives its share to the halves that have winners; when no
        half has a winner, the pot is carried over. Odd units of the cut go one at a time to
        the halves with winners, starting with the ``odd_unit_to`` half.
        """
        if len(eligible) == 1:
            return _uncontested(amount, eligible, self.payouts)
        halves = self.halves
        winners = [
            _best(eligible, ranks, worst)
            for (_, ranks), worst in zip(halves, self.qualifier, strict=True)
        ]
        contested = [index for index, seats in enumerate(winners) if seats]
        if not contested:
            note = f"no hand qualified; {amount} carried over"
            skipped = tuple(new_half(kind, 0, (), (), note) for kind, _ in halves)
            return new_pot(amount, eligible, skipped, None, amount)
        share, odd = divmod(amount // self.unit, len(contested))
        first = self.odd_first if self.odd_first in contested else contested[0]
        by_preference = sorted(contested, key=lambda index: (index - first) % len(halves))
        gets_odd = set(by_preference[:odd])
        whole = len(contested) == 1 and len(halves) > 1
        paid = []
        for index, (kind, _) in enumerate(halves):
            if index in contested:
                units = share + (index in gets_odd)
                note = "takes the whole pot" if whole else ""
                paid.append(self._share(index, units, winners[index], note))
            else:
                takers = " and ".join(halves[other][0] for other in contested)
                verb = "half takes" if len(contested) == 1 else "halves take"
                note = f"no hand qualified; the {takers} {verb} the whole pot"
                paid.append(new_half(kind, 0, (), (), note))
        odd_cut = halves[by_preference[0]][0] if odd and len(contested) > 1 else None
        return new_pot(amount, eligible, tuple(paid), odd_cut, 0)

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
            return new_half(kind, amount, (new_winner(seat, amount, hand),), (), note)
        count = len(seats)
        share, rest = divmod(units, count)
        first = (self.button + 1) % self.n
        extra = sorted(seats, key=lambda seat: (seat - first) % self.n)[:rest]
        winners = []
        for seat in seats:
            amount = (share + (seat in extra)) * unit
            payouts[seat] += amount
            winners.append(new_winner(seat, amount, describe(index, seat) if describe else None))
        reason = (
            f"odd unit of a {count}-way tie: one each in seat order"
            f" from the left of the button (seat {first})"
        )
        odd = tuple([OddUnit(seat, unit, reason) for seat in extra])
        return new_half(kind, units * unit, tuple(winners), odd, note)
