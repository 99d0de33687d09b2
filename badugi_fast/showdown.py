"""Showdown: judge each seat's cards for every half of the game, then settle the pot.

Glue between the evaluators and the pure pot logic of :mod:`badugi_fast.pots`: card checks,
the hands of every seat, and the public :func:`settle`. Rules: docs/rules.md, "Settling a
pot" and "Five-card split games".
"""

from __future__ import annotations

import operator
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, SupportsIndex

from badugi_fast.cards import (
    DECK,
    PLAIN_HAND_TYPES,
    PLAIN_ID_TYPES,
    Card,
    CardsLike,
    is_numpy_bool,
    shorten,
)
from badugi_fast.checks import check_int, named_cards
from badugi_fast.errors import InvalidCards, InvalidOption, InvalidOptionType, InvalidSettlement
from badugi_fast.evaluation.hands import Hand, RankedHand
from badugi_fast.games import GameRule, game_rule
from badugi_fast.pots.awarding import award, check_settlement
from badugi_fast.pots.results import HalfKind, OddUnitTo, Settlement


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat's part in a hand: chips put in, whether it folded, and the cards it shows."""

    contributed: int
    folded: bool = False
    cards: CardsLike | None = None


_FIELDS = frozenset(("contributed", "folded", "cards"))
_CARD_IDS = frozenset(range(52))
_NAMES: dict[tuple[object, int], str] = {}
"""Hand descriptions by (value class, rank): a description depends only on the hand's value,
so this holds at most one entry per value of each kind (about 16,000 in all)."""


def settle(
    seats: Sequence[Seat | Mapping[str, Any]],
    *,
    game: str = "badugi",
    button: SupportsIndex = 0,
    unit: SupportsIndex = 1,
    qualifier: SupportsIndex | CardsLike | None = None,
    odd_unit_to: OddUnitTo = "badugi",
    badeucey_aces_low: bool = False,
    dead_money: SupportsIndex = 0,
) -> Settlement:
    """Settle a hand: who receives which chips, pot by pot, with the winning hands named.

    ``seats`` is in seat order (seat i is index i): :class:`Seat` objects or dicts with the
    same keys. With two or more live seats every live seat must show its cards (a seat that
    mucks has folded); folded seats' cards may be left out, and any cards given are checked.
    ``unit`` is the smallest chip. ``qualifier`` is the worst Badugi hand that still wins
    (cards, or a raw rank on the game's Badugi scale; games without a Badugi half take
    none); it applies to the Badugi half of every contested pot: a Badugi pot nobody
    qualifies for is carried over, and in the split games the other half takes it all. A pot
    only one seat is eligible for (the others folded) is taken uncontested, as when everyone
    else folds: no qualifier, no halves. ``odd_unit_to`` says which half of a split-game pot
    gets the odd unit of the cut, and ``badeucey_aces_low`` (a bool) plays Badeucey's Badugi
    half aces low (ignored in other games). ``dead_money`` is chips in the pot that no seat
    put in (a pot carried over from an earlier hand): it joins the main pot, every live
    seat eligible, so ``sum(payouts) + carried_over == sum(contributed) + dead_money``. The
    result's ``hands`` holds every live seat's hands as judged. Raises a ``BadugiError``
    (also a ValueError or TypeError) naming the seat or option for bad input.
    """
    rule, worst = settle_options(game, qualifier, odd_unit_to, badeucey_aces_low)
    contributed, live, cards = _read_seats(seats, rule)
    contributed, unit, button, dead_money = check_settlement(
        contributed, live, unit, button, odd_unit_to, dead_money
    )
    if None in cards and sum(live) >= 2:
        for seat, is_live in enumerate(live):
            if is_live and cards[seat] is None:
                raise InvalidSettlement(f"seat {seat}: a live seat must show its cards at showdown")
    return judge(rule, contributed, live, cards, button, unit, worst, odd_unit_to, dead_money)


ODD_UNIT_TO: tuple[OddUnitTo, ...] = ("badugi", "low")


def settle_options(
    game: object, qualifier: object, odd_unit_to: object, badeucey_aces_low: object
) -> tuple[GameRule, int | None]:
    """The game's rule and the qualifier as a raw rank, once settle()'s options are checked.

    The one check of these options, for :func:`settle` and for the engine's hands, which
    take the same options and settle through :func:`judge`; an error names the option.
    """
    rule = game_rule(game, badeucey_aces_low=badeucey_aces_low)
    if type(odd_unit_to) is not str:
        raise InvalidOptionType(
            f"odd_unit_to must be 'badugi' or 'low', not a {type(odd_unit_to).__name__}"
        )
    if odd_unit_to not in ODD_UNIT_TO:
        raise InvalidOption(f"odd_unit_to must be 'badugi' or 'low', not {shorten(odd_unit_to)}")
    worst = None if qualifier is None else qualifier_rank(qualifier, rule)
    return rule, worst


def judge(
    rule: GameRule,
    contributed: list[int],
    live: list[bool],
    cards: Sequence[Sequence[int] | None],
    button: int,
    unit: int,
    worst: int | None,
    odd_unit_to: OddUnitTo,
    dead_money: int = 0,
) -> Settlement:
    """:func:`settle` on seats already checked (by it, or by the engine, whose hands are
    valid by construction): rank every live seat's cards (when two or more are live, each
    shows) and award the pots. ``worst`` is the qualifier as a raw rank."""
    ranks: list[tuple[HalfKind, list[int]]] = []
    hands: list[tuple[RankedHand, ...] | None] | None = None
    if sum(live) >= 2:
        ranks, hands = _judged(rule, cards, live)

    classes = [half.hand for half in rule.halves]

    def describe(index: int, seat: int) -> str:
        """Describe a winning hand, e.g. ``"8-7-3-2 (eight badugi)"``."""
        value_key = (classes[index], ranks[index][1][seat])
        text = _NAMES.get(value_key)
        if text is None:
            text = _NAMES[value_key] = str(hands[seat][index])  # type: ignore[index]
        return text

    return award(
        contributed,
        live,
        ranks,
        rule.name,
        button,
        unit,
        worst,
        odd_unit_to,
        describe,
        hands,
        dead_money,
    )


def _judged(
    rule: GameRule, cards: Sequence[Sequence[int] | None], live: list[bool]
) -> tuple[list[tuple[HalfKind, list[int]]], list[tuple[RankedHand, ...] | None]]:
    """Each half's raw ranks (0 for seats that do not play) and each live seat's hand for
    every half (None for the others), from cards already checked."""
    n = len(cards)
    deck = DECK.__getitem__
    hands: list[tuple[RankedHand, ...] | None] = [None] * n
    if len(rule.halves) == 1:  # the common case, without the loop over halves
        (half,) = rule.halves
        judge = half.hand.from_checked
        ranks = [0] * n
        for seat, held in enumerate(cards):
            if live[seat] and held is not None:
                hand = judge(tuple(map(deck, held)))
                ranks[seat] = hand.rank
                hands[seat] = (hand,)
        return [(half.kind, ranks)], hands
    judges = [half.hand.from_checked for half in rule.halves]
    for seat, held in enumerate(cards):
        if live[seat] and held is not None:
            as_cards = tuple(map(deck, held))
            hands[seat] = tuple([judge(as_cards) for judge in judges])
    return [
        (half.kind, [0 if hand is None else hand[index].rank for hand in hands])
        for index, half in enumerate(rule.halves)
    ], hands


def _read_seats(
    seats: Sequence[Seat | Mapping[str, Any]], rule: GameRule
) -> tuple[list[int], list[bool], list[Sequence[int] | None]]:
    """Split seats into contributions (checked later), live flags and checked card ids."""
    if type(seats) not in PLAIN_HAND_TYPES and (
        isinstance(seats, (str, bytes)) or not isinstance(seats, Sequence)
    ):
        raise InvalidOptionType(f"seats must be a list of seats, not {type(seats).__name__}")
    if type(seats) in PLAIN_HAND_TYPES and {Seat}.issuperset(map(type, seats)):
        # all Seat objects: read them column by column; a folded flag that is not a bool
        # falls through to the careful path below, which names the seat
        plain: list[Seat] = seats  # type: ignore[assignment]  # checked just above
        flags = [seat.folded for seat in plain]
        if {bool}.issuperset(map(type, flags)):
            return (
                [seat.contributed for seat in plain],
                list(map(operator.not_, flags)),
                _check_cards([seat.cards for seat in plain], rule),
            )
    contributed: list[int] = []
    live: list[bool] = []
    shown: list[CardsLike | None] = []
    for seat, entry in enumerate(seats):
        if type(entry) is Seat or isinstance(entry, Seat):
            amount, folded, cards = entry.contributed, entry.folded, entry.cards
        else:
            amount, folded, cards = _dict_fields(seat, entry)
        if folded is not True and folded is not False:
            raise InvalidOptionType(
                f"seat {seat}: folded must be a bool, not {type(folded).__name__}"
            )
        contributed.append(amount)
        live.append(not folded)
        shown.append(cards)
    return contributed, live, _check_cards(shown, rule)


def _dict_fields(seat: int, entry: object) -> tuple[Any, Any, Any]:
    """(contributed, folded, cards) of a seat given as a dict, unchecked."""
    if not isinstance(entry, Mapping):
        raise InvalidOptionType(
            f"seat {seat}: expected a Seat or a dict, not {type(entry).__name__}"
        )
    unknown = entry.keys() - _FIELDS
    if unknown:
        names = sorted(repr(str(key)[:20]) for key in unknown)
        raise InvalidSettlement(f"seat {seat}: unknown key(s) {', '.join(names)}")
    if "contributed" not in entry:
        raise InvalidSettlement(f"seat {seat}: missing 'contributed'")
    return entry["contributed"], entry.get("folded", False), entry.get("cards")


def _check_cards(shown: list[CardsLike | None], rule: GameRule) -> list[Sequence[int] | None]:
    """Every seat's cards as ids (None where none were shown), each card held once at most.

    Lists or tuples of plain ids are checked for all seats at once with a few set
    operations; anything else takes the careful path seat by seat, so an error can name
    the seat.
    """
    size = rule.cards
    hands: list[Any] = [cards for cards in shown if cards is not None]
    plain = PLAIN_HAND_TYPES.issuperset(map(type, hands)) and rule.is_full
    if plain and {size}.issuperset(map(len, hands)):
        flat = list(chain.from_iterable(hands))
        if (
            PLAIN_ID_TYPES.issuperset(map(type, flat))
            and _CARD_IDS.issuperset(flat)
            and len(set(flat)) == len(flat)
        ):
            return shown  # type: ignore[return-value]  # lists or tuples of plain ids
    checked: list[Sequence[int] | None] = [
        None
        if cards is None
        else rule.check_deck(
            f"seat {seat}: {rule.name} hand",
            named_cards(f"seat {seat}: {rule.name} hand", cards, (rule.cards,)),
        )
        for seat, cards in enumerate(shown)
    ]
    _raise_repeated(checked)
    return checked


def _raise_repeated(hands: list[Sequence[int] | None]) -> None:
    """Raise naming the first card that two seats (or one seat twice) hold."""
    owner: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand or ():
            if card in owner:
                where = "twice" if owner[card] == seat else f"also at seat {owner[card]}"
                raise InvalidCards(f"seat {seat}: card {DECK[card]} appears {where}")
            owner[card] = seat


def qualifier_rank(qualifier: object, rule: GameRule) -> int:
    """The worst qualifying raw rank on the game's Badugi scale, from a rank or cards."""
    half = rule.badugi_half
    if half is None:
        raise InvalidOption(f"qualifier: {rule.name} has no Badugi half to qualify for")
    rank = given_rank(qualifier)
    if rank is None:
        counts = (4, 5) if rule.cards >= 4 else (rule.cards,)  # a Badugi half's hand
        return half.hand(named_cards("qualifier", qualifier, counts)).rank
    return check_int("qualifier rank", rank, 1, Hand.RANK_COUNT)


def given_rank(qualifier: object) -> int | None:
    """The qualifier as the raw rank it gives, or None when it gives cards (unchecked).

    Any true integer (``operator.index``: an int, a numpy integer) is a rank; a bool
    (numpy's too) or a lone Card is neither a rank nor a hand, and is refused."""
    if isinstance(qualifier, (bool, Card)) or is_numpy_bool(qualifier):
        raise InvalidOptionType(
            f"qualifier must be a hand's cards or a raw rank, not a {type(qualifier).__name__}"
        )
    try:
        return operator.index(qualifier)  # type: ignore[arg-type]
    except TypeError:
        return None
