"""Awarding pots from raw ranks: each pot cut into its halves, each half to its best hands.

This module knows nothing about cards: it works on one raw rank per live seat for each half
(smaller is stronger), so it can be tested and reused without the evaluator. It checks the
input, hands it to the C core's ``badugi_settle`` (the one implementation of the pot
arithmetic, shared with the engine's hand) and builds the result objects from the words it
writes. The card-level entry point is :func:`badugi_fast.settle`. Rules: docs/rules.md,
"Settling a pot".
"""

from __future__ import annotations

import operator
from collections.abc import Callable, Sequence
from itertools import chain
from operator import not_, sub
from typing import TYPE_CHECKING

from badugi_fast._binding.settle import odd_half, settle
from badugi_fast.cards import is_numpy_bool
from badugi_fast.checks import check_choice
from badugi_fast.errors import InvalidOptionType, InvalidSettlement
from badugi_fast.pots.layering import MAX_CHIPS, check_amounts
from badugi_fast.pots.results import (
    Half,
    HalfKind,
    OddUnit,
    OddUnitTo,
    Pot,
    Settlement,
    UnbuiltPots,
    new_half,
    new_pot,
    new_settlement,
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
    dead_money: int = 0,
) -> Settlement:
    """Settle a hand from per-seat ranks; the pure core of :func:`badugi_fast.settle`.

    ``halves`` lists, per half, its kind (``"badugi"``, ``"ace-five"`` or
    ``"deuce-seven"``) and one raw rank per seat (an int, never a bool; smaller is stronger;
    only live seats' entries are read); any number of halves. ``qualifier`` (the worst
    qualifying raw rank) applies to the ``"badugi"`` half. Pass no halves when at most one
    seat is live. A pot only one seat is eligible for is taken uncontested, with no halves
    and no qualifier. ``hands`` (seat order) is stored in the result as judged. ``dead_money`` is
    as :func:`badugi_fast.settle` takes it. Amounts are validated here. ``describe`` names
    each winning hand with a str; it is called before this returns, once per winner.
    """
    contributed, unit, button, dead_money = check_settlement(
        contributed, live, unit, button, odd_unit_to, dead_money
    )
    n = len(contributed)
    if [len(ranks) for _, ranks in halves].count(n) != len(halves):
        raise InvalidSettlement(f"need one rank per half for each of {n} seats")
    for half, (kind, _) in enumerate(halves):
        check_choice(f"half {half}'s kind", kind, _JUDGED)
    worst = None if qualifier is None else _rank("qualifier", qualifier)
    read = [(kind, _ranks(half, ranks, live)) for half, (kind, ranks) in enumerate(halves)]
    result = award(
        contributed, live, read, game, button, unit, worst, odd_unit_to, describe, hands, dead_money
    )
    if describe is not None:
        result.pots  # noqa: B018  # a caller's describe runs (and may raise) during the call
    return result


_JUDGED = ("badugi", "ace-five", "deuce-seven")
"""The kinds a half can be judged on (``"uncontested"`` is what a pot with one eligible
seat becomes, never a half given)."""


def _ranks(half: int, ranks: Sequence[int], live: Sequence[bool]) -> list[int]:
    """One half's ranks as the C core compares them: each live seat's checked, 0 for the
    others (not read)."""
    return [
        _rank(f"half {half}, seat {seat}", rank) if is_live else 0
        for seat, (rank, is_live) in enumerate(zip(ranks, live, strict=True))
    ]


def _rank(what: str, value: object) -> int:
    """``value`` as a rank the C core compares: an integer in the signed 64-bit range (a
    bool is not a rank, as :func:`badugi_fast.settle` says of a qualifier)."""
    try:
        if isinstance(value, bool) or is_numpy_bool(value):
            raise TypeError
        rank = operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidSettlement(
            f"{what}: a rank must be an int, not {type(value).__name__}"
        ) from None
    if not -MAX_CHIPS - 1 <= rank <= MAX_CHIPS:
        raise InvalidSettlement(f"{what}: a rank must be in -2**63..2**63 - 1")
    return rank


def check_settlement(
    contributed: Sequence[object],
    live: Sequence[bool],
    unit: object,
    button: object,
    odd_unit_to: object,
    dead_money: object = 0,
) -> tuple[list[int], int, int, int]:
    """The amounts as ints (:func:`~badugi_fast.pots.layering.check_amounts`); raise for bad
    amounts or options, or no live seat, naming the seat or option."""
    amounts = check_amounts(contributed, unit, button, dead_money)
    if odd_unit_to not in _ODD_UNIT_TO:
        raise InvalidSettlement(f"odd_unit_to must be 'badugi' or 'low', not {odd_unit_to!r}")
    if len(live) != len(contributed):
        raise InvalidSettlement(f"need one live flag for each of {len(contributed)} seats")
    if not any(live):
        raise InvalidSettlement("no live seat: at least one seat must not have folded")
    return amounts


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
    dead_money: int,
) -> Settlement:
    """:func:`settle_ranks` on inputs already checked (by it, or by the engine, which only
    makes valid ones): the C core (``badugi_settle``) cuts and awards the pots, and this
    builds the result from the words it writes (their layout: ``csrc/badugi.h``); the pot
    records are built when ``pots`` is first read."""
    n = len(contributed)
    count = len(halves)
    kinds = [kind for kind, _ in halves]
    folded = list(map(not_, live))
    words = settle(
        contributed,
        dead_money,
        folded,
        count,
        halves[0][1] if count == 1 else list(chain.from_iterable([ranks for _, ranks in halves])),
        [qualifier if kind == "badugi" and qualifier is not None else MAX_CHIPS for kind in kinds],
        button,
        unit,
        odd_half(odd_unit_to, count),
    )
    payouts = tuple(words[:n])
    return new_settlement(
        game,
        button,
        unit,
        bool(halves),
        tuple(contributed),
        tuple(folded),
        payouts,
        tuple(words[n : 2 * n]),
        tuple(map(sub, payouts, contributed)),
        UnbuiltPots(_pots, words, 2 * n, kinds, unit, (button + 1) % n, describe),
        words[2 * n + 1],
        (None,) * n if hands is None else tuple(hands),
        dead_money,
    )


def _pots(
    words: list[int],
    at: int,
    kinds: list[HalfKind],
    unit: int,
    first: int,
    describe: Describe | None,
) -> tuple[Pot, ...]:
    """The pots from the C core's words: the pot count at ``words[at]`` (then the carried
    chips and where the half records start), the pot records after it, then the half
    records of the contested pots. ``first`` is the seat left of the button, where odd
    units start."""
    record = at + 3
    at = words[at + 2]
    every = len(kinds)
    pots = []
    for _ in range(words[record - 3]):
        amount, _, odd_cut, contested, count = words[record : record + 5]
        record += 5 + count
        eligible = tuple(words[record - count : record])
        if count == 1:
            winner = new_winner(eligible[0], amount, None)
            half = new_half("uncontested", amount, (winner,), (), "nobody else eligible")
            pots.append(new_pot(amount, eligible, (half,), None, 0))
            continue
        if not contested:
            note = f"no hand qualified; {amount} carried over"
            skipped = tuple([new_half(kind, 0, (), (), note) for kind in kinds])
            pots.append(new_pot(amount, eligible, skipped, None, amount))
            continue
        note = "takes the whole pot" if contested == 1 and every > 1 else ""
        halves: list[Half | None] = []
        for index, kind in enumerate(kinds):
            paid, _, won, odd = words[at : at + 4]
            at += 4
            if won == 1:
                seat = words[at]
                winner = new_winner(seat, paid, _named(describe, index, seat))
                halves.append(new_half(kind, paid, (winner,), (), note))
            elif won:
                seats = words[at : at + won]
                chips = words[at + won : at + 2 * won]
                winners = tuple(
                    [
                        new_winner(seat, share, _named(describe, index, seat))
                        for seat, share in zip(seats, chips, strict=True)
                    ]
                )
                reason = (
                    f"odd unit of a {won}-way tie: one each in seat order"
                    f" from the left of the button (seat {first})"
                )
                given = words[at + 2 * won : at + 2 * won + odd]
                odd_units = tuple([OddUnit(seat, unit, reason) for seat in given])
                halves.append(new_half(kind, paid, winners, odd_units, note))
            else:
                halves.append(None)
            at += 2 * won + odd
        # every half paid (the filter drops nothing), or some carried to the others
        judged = tuple(filter(None, halves)) if contested == every else _every_half(kinds, halves)
        cut = None if odd_cut < 0 else kinds[odd_cut]
        pots.append(new_pot(amount, eligible, judged, cut, 0))
    return tuple(pots)


def _named(describe: Describe | None, half: int, seat: int) -> str | None:
    """The winning hand's name as ``describe`` gives it (None without one); a name that is
    not a str is refused, so a report never prints a number or None as a hand."""
    if describe is None:
        return None
    name = describe(half, seat)
    if type(name) is not str:
        raise InvalidOptionType(
            f"describe must return a str, not {type(name).__name__} (half {half}, seat {seat})"
        )
    return name


def _every_half(kinds: list[HalfKind], paid: list[Half | None]) -> tuple[Half, ...]:
    """Every half of a contested pot, in order: those paid, and for those nobody qualified
    for (None) a note naming the halves that took the whole pot."""
    won = [half.kind for half in paid if half is not None]
    verb = "half takes" if len(won) == 1 else "halves take"
    note = f"no hand qualified; the {' and '.join(won)} {verb} the whole pot"
    return tuple(
        [
            new_half(kind, 0, (), (), note) if half is None else half
            for kind, half in zip(kinds, paid, strict=True)
        ]
    )
