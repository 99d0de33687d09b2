"""The result types of settlement: frozen, JSON-ready records of who received which chips.

docs/rules.md, "Settling a pot" explains every field's rule.
"""

from __future__ import annotations

from dataclasses import dataclass, fields
from functools import partial
from threading import RLock
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from badugi_fast.evaluation.hands import RankedHand

HalfKind = Literal["badugi", "ace-five", "deuce-seven", "uncontested"]
"""What a half is judged on; ``"uncontested"`` is a whole pot that only one seat could win."""

OddUnitTo = Literal["badugi", "low"]
"""Which half of a split-game pot gets the odd unit when the pot is cut in two."""


class _Result:
    """Base of the result types: adds :meth:`to_dict` to a frozen dataclass."""

    __slots__ = ()

    def to_dict(self) -> dict[str, Any]:
        """Return the object as plain dicts, lists, ints and strings (JSON-serialisable)."""
        return {f.name: _plain(getattr(self, f.name)) for f in fields(self)}  # type: ignore[arg-type]


def _plain(value: Any) -> Any:
    """Turn result objects, hands and tuples into dicts and lists for JSON."""
    if isinstance(value, tuple):
        return [_plain(item) for item in value]
    to_dict = getattr(value, "to_dict", None)
    return value if to_dict is None else to_dict()


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
    """One half of a pot (the whole pot in single-winner games) and how it was shared.

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

    ``odd_cut`` names the half that received the odd unit when a split-game pot was cut into
    halves (None when the cut was even or did not happen); ``carried_over`` is the part
    nobody won.
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
    chips); ``net[i]`` is ``payouts[i] - contributed[i]``. ``dead_money`` is the chips the pot
    started with that no seat put in (a pot carried over), so ``sum(payouts) + carried_over``
    always equals ``sum(contributed) + dead_money``. ``folded[i]`` says whether seat i folded.
    ``hands[i]`` is seat i's hand for every half of the game as judged at the showdown (None
    for a seat that folded or did not have to show). A settlement from ``settle()``,
    ``settle_ranks()`` or a hand builds its ``pots`` records when they are first read, so a
    caller that wants only the chips does not pay for them; every way of reading a
    settlement sees the same value either way.
    """

    game: str
    button: int
    unit: int
    showdown: bool
    contributed: tuple[int, ...]
    folded: tuple[bool, ...]
    payouts: tuple[int, ...]
    returned: tuple[int, ...]
    net: tuple[int, ...]
    pots: tuple[Pot, ...]
    carried_over: int
    hands: tuple[tuple[RankedHand, ...] | None, ...]
    dead_money: int


class UnbuiltPots(partial[tuple[Pot, ...]]):
    """A settlement's pots still to be built: a call that builds them from the C core's
    words, made on the first read of ``Settlement.pots``."""

    __slots__ = ()


_BUILDING = RLock()
"""Held while pots are built on a first read, so a settlement's pots are built once however
many threads read them first (re-entrant: a ``describe`` callback may read other
settlements)."""


class _BuiltOnFirstRead:
    """The ``pots`` slot of :class:`Settlement`: an :class:`UnbuiltPots` stored in it is
    called on the first read and the pots it builds stored in its place. Every read
    (attributes, equality, hashing, ``repr``, ``to_dict``, copies, pickles) goes through
    here, so none sees an UnbuiltPots."""

    __slots__ = ("_slot",)

    def __init__(self, slot: Any) -> None:
        self._slot = slot

    def __get__(self, settlement: Settlement | None, owner: type | None = None) -> Any:
        if settlement is None:
            return self._slot
        pots = self._slot.__get__(settlement, owner)
        if type(pots) is UnbuiltPots:
            with _BUILDING:  # threads reading first all get the one tuple built
                pots = self._slot.__get__(settlement, owner)
                if type(pots) is UnbuiltPots:
                    pots = pots()
                    self._slot.__set__(settlement, pots)
        return pots

    def __set__(self, settlement: Settlement, pots: tuple[Pot, ...] | UnbuiltPots) -> None:
        self._slot.__set__(settlement, pots)


setattr(Settlement, "pots", _BuiltOnFirstRead(vars(Settlement)["pots"]))  # noqa: B010


# Fast constructors for the hot path. Calling a frozen dataclass runs its generated __init__,
# which stores each field through object.__setattr__; storing straight into the slots builds
# the same object in about half the time, and settle() builds a dozen or more per call. Each
# setter is bound by field name, so reordering a dataclass's fields cannot swap values.
_new = object.__new__


def _slot(cls: type, name: str) -> Any:
    """The setter of one slot of a slots dataclass, by field name."""
    return getattr(cls, name).__set__


_WINNER_SEAT = _slot(Winner, "seat")
_WINNER_AMOUNT = _slot(Winner, "amount")
_WINNER_HAND = _slot(Winner, "hand")
_HALF_KIND = _slot(Half, "kind")
_HALF_AMOUNT = _slot(Half, "amount")
_HALF_WINNERS = _slot(Half, "winners")
_HALF_ODD_UNITS = _slot(Half, "odd_units")
_HALF_NOTE = _slot(Half, "note")
_POT_AMOUNT = _slot(Pot, "amount")
_POT_ELIGIBLE = _slot(Pot, "eligible")
_POT_HALVES = _slot(Pot, "halves")
_POT_ODD_CUT = _slot(Pot, "odd_cut")
_POT_CARRIED = _slot(Pot, "carried_over")
_SETTLEMENT_GAME = _slot(Settlement, "game")
_SETTLEMENT_BUTTON = _slot(Settlement, "button")
_SETTLEMENT_UNIT = _slot(Settlement, "unit")
_SETTLEMENT_SHOWDOWN = _slot(Settlement, "showdown")
_SETTLEMENT_CONTRIBUTED = _slot(Settlement, "contributed")
_SETTLEMENT_FOLDED = _slot(Settlement, "folded")
_SETTLEMENT_PAYOUTS = _slot(Settlement, "payouts")
_SETTLEMENT_RETURNED = _slot(Settlement, "returned")
_SETTLEMENT_NET = _slot(Settlement, "net")
_SETTLEMENT_POTS = _slot(Settlement, "pots")
_SETTLEMENT_CARRIED = _slot(Settlement, "carried_over")
_SETTLEMENT_DEAD = _slot(Settlement, "dead_money")
_SETTLEMENT_HANDS = _slot(Settlement, "hands")


def new_winner(seat: int, amount: int, hand: str | None) -> Winner:
    """``Winner(seat=, amount=, hand=)``, built fast."""
    winner = _new(Winner)
    _WINNER_SEAT(winner, seat)
    _WINNER_AMOUNT(winner, amount)
    _WINNER_HAND(winner, hand)
    return winner


def new_half(
    kind: HalfKind,
    amount: int,
    winners: tuple[Winner, ...],
    odd_units: tuple[OddUnit, ...],
    note: str,
) -> Half:
    """``Half(kind=, amount=, winners=, odd_units=, note=)``, built fast."""
    half = _new(Half)
    _HALF_KIND(half, kind)
    _HALF_AMOUNT(half, amount)
    _HALF_WINNERS(half, winners)
    _HALF_ODD_UNITS(half, odd_units)
    _HALF_NOTE(half, note)
    return half


def new_pot(
    amount: int,
    eligible: tuple[int, ...],
    halves: tuple[Half, ...],
    odd_cut: HalfKind | None,
    carried_over: int,
) -> Pot:
    """``Pot(amount=, eligible=, halves=, odd_cut=, carried_over=)``, built fast."""
    pot = _new(Pot)
    _POT_AMOUNT(pot, amount)
    _POT_ELIGIBLE(pot, eligible)
    _POT_HALVES(pot, halves)
    _POT_ODD_CUT(pot, odd_cut)
    _POT_CARRIED(pot, carried_over)
    return pot


def new_settlement(
    game: str,
    button: int,
    unit: int,
    showdown: bool,
    contributed: tuple[int, ...],
    folded: tuple[bool, ...],
    payouts: tuple[int, ...],
    returned: tuple[int, ...],
    net: tuple[int, ...],
    pots: tuple[Pot, ...] | UnbuiltPots,
    carried_over: int,
    hands: tuple[tuple[RankedHand, ...] | None, ...],
    dead_money: int,
) -> Settlement:
    """``Settlement(...)`` with its fields in order, built fast; ``pots`` may be an
    :class:`UnbuiltPots`, built when first read."""
    settlement = _new(Settlement)
    _SETTLEMENT_GAME(settlement, game)
    _SETTLEMENT_BUTTON(settlement, button)
    _SETTLEMENT_UNIT(settlement, unit)
    _SETTLEMENT_SHOWDOWN(settlement, showdown)
    _SETTLEMENT_CONTRIBUTED(settlement, contributed)
    _SETTLEMENT_FOLDED(settlement, folded)
    _SETTLEMENT_PAYOUTS(settlement, payouts)
    _SETTLEMENT_RETURNED(settlement, returned)
    _SETTLEMENT_NET(settlement, net)
    _SETTLEMENT_POTS(settlement, pots)
    _SETTLEMENT_CARRIED(settlement, carried_over)
    _SETTLEMENT_HANDS(settlement, hands)
    _SETTLEMENT_DEAD(settlement, dead_money)
    return settlement
