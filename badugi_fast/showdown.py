"""Showdown: judge the cards of each game, then settle the pot; and the order hands are shown.

Glue between the evaluators and the pure pot logic of :mod:`badugi_fast.settlement`: which
evaluator judges each half of each game, card checks, the public :func:`settle` and
:func:`show_order`. Rules: RULES.md, "Settling a pot" and "Five-card split games".
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from itertools import chain
from typing import Any, cast

from badugi_fast.cards import DECK, Card, CardsLike, card_ids
from badugi_fast.engine.order import show_order as show_order  # moved to the engine
from badugi_fast.errors import InvalidSettlement
from badugi_fast.games import Game, HalfRule, game_rule
from badugi_fast.hands import Hand
from badugi_fast.settlement import HalfKind, OddUnitTo, Settlement, settle_ranks


@dataclass(frozen=True, slots=True)
class Seat:
    """One seat's part in a hand: chips put in, whether it folded, and the cards it shows."""

    contributed: int
    folded: bool = False
    cards: CardsLike | None = None


_BADUGI_RANKS = Hand.RANK_COUNT
_FIELDS = frozenset(("contributed", "folded", "cards"))
_CARD_IDS = frozenset(range(52))
_ID_TYPES = frozenset((int, Card))
_HAND_TYPES = frozenset((list, tuple))
_NAMES: dict[tuple[object, int], str] = {}
"""Hand descriptions by (value class, rank): a description depends only on the hand's value,
so this holds at most one entry per value of each kind (about 16,000 in all)."""


def settle(
    seats: Sequence[Seat | Mapping[str, Any]],
    *,
    game: Game = "badugi",
    button: int = 0,
    unit: int = 1,
    qualifier: int | CardsLike | None = None,
    odd_unit_to: OddUnitTo = "badugi",
    badeucey_aces_low: bool = False,
) -> Settlement:
    """Settle a hand: who receives which chips, pot by pot, with the winning hands named.

    ``seats`` is in seat order (seat i is index i): :class:`Seat` objects or dicts with the
    same keys. With two or more live seats every live seat must show its cards (a seat that
    mucks has folded); folded seats' cards may be left out, and any cards given are checked.
    ``unit`` is the smallest chip. ``qualifier`` is the worst Badugi hand that still wins
    (cards, or a raw rank on the game's Badugi scale); it applies to the Badugi half of every
    contested pot: a Badugi pot nobody qualifies for is carried over, and in the split games
    the other half takes it all. A pot only one seat is eligible for (the others folded) is
    taken uncontested, as when everyone else folds: no qualifier, no halves.
    ``odd_unit_to`` says which half of a split-game pot gets the odd unit of the cut, and
    ``badeucey_aces_low`` plays Badeucey's Badugi half aces low (ignored in other games).
    Raises ValueError/TypeError naming the seat (or option) for bad input.
    """
    rule = game_rule(game, badeucey_aces_low=badeucey_aces_low)
    size, halves = rule.cards, rule.halves
    worst = None
    if qualifier is not None:
        if rule.badugi_half is None:
            raise InvalidSettlement(f"qualifier: {game} has no Badugi half to qualify for")
        worst = _qualifier_rank(qualifier, rule.badugi_half)
    contributed, live, hands = _read_seats(seats, size, game)
    ranks: list[tuple[HalfKind, list[int]]] = []
    if sum(live) >= 2:
        for seat, is_live in enumerate(live):
            if is_live and hands[seat] is None:
                raise ValueError(f"seat {seat}: a live seat must show its cards at showdown")
        ranks = [(half.kind, _rank_all(half, hands, live)) for half in halves]

    def describe(index: int, seat: int) -> str:
        """Describe a winning hand, e.g. ``"8-7-3-2 (eight badugi)"``."""
        hand_class = halves[index].hand
        value_key = (hand_class, ranks[index][1][seat])
        text = _NAMES.get(value_key)
        if text is None:
            text = _NAMES[value_key] = str(hand_class(hands[seat] or ()))
        return text

    return settle_ranks(
        contributed,
        live,
        ranks,
        game=game,
        button=button,
        unit=unit,
        qualifier=worst,
        odd_unit_to=odd_unit_to,
        describe=describe,
    )


def _read_seats(
    seats: Sequence[Seat | Mapping[str, Any]], size: int, game: str
) -> tuple[list[int], list[bool], list[Sequence[int] | None]]:
    """Split seats into contributions (checked later), live flags and checked card ids."""
    contributed: list[int] = []
    live: list[bool] = []
    shown: list[CardsLike | None] = []
    for seat, entry in enumerate(seats):
        if isinstance(entry, Seat):
            amount, folded, cards = entry.contributed, entry.folded, entry.cards
        else:
            amount, folded, cards = _dict_fields(seat, entry)
        if folded is not True and folded is not False:
            raise TypeError(f"seat {seat}: folded must be a bool, not {type(folded).__name__}")
        contributed.append(amount)
        live.append(not folded)
        shown.append(cards)
    return contributed, live, _check_cards(shown, size, game)


def _dict_fields(seat: int, entry: object) -> tuple[Any, Any, Any]:
    """(contributed, folded, cards) of a seat given as a dict, unchecked."""
    if not isinstance(entry, Mapping):
        raise TypeError(f"seat {seat}: expected a Seat or a dict, not {type(entry).__name__}")
    unknown = entry.keys() - _FIELDS
    if unknown:
        raise ValueError(f"seat {seat}: unknown key(s) {sorted(map(str, unknown))}")
    if "contributed" not in entry:
        raise ValueError(f"seat {seat}: missing 'contributed'")
    return entry["contributed"], entry.get("folded", False), entry.get("cards")


def _check_cards(shown: list[CardsLike | None], size: int, game: str) -> list[Sequence[int] | None]:
    """Every seat's cards as ids (None where none were shown), each card held once at most.

    Lists or tuples of ``size`` ids are checked for all seats at once with a few set
    operations; anything else is normalised seat by seat, so an error can name the seat.
    """
    hands: list[Any] = [cards for cards in shown if cards is not None]
    if _HAND_TYPES.issuperset(map(type, hands)) and {size}.issuperset(map(len, hands)):
        flat = list(chain.from_iterable(hands))
        if (
            _ID_TYPES.issuperset(map(type, flat))
            and _CARD_IDS.issuperset(flat)
            and len(set(flat)) == len(flat)
        ):
            return cast("list[Sequence[int] | None]", shown)
    checked: list[Sequence[int] | None] = [
        None if cards is None else _card_ids(seat, cards, size, game)
        for seat, cards in enumerate(shown)
    ]
    _raise_repeated(checked)
    return checked


def _raise_repeated(hands: list[Sequence[int] | None]) -> None:
    """Raise a ValueError naming the first card that two seats (or one seat twice) hold."""
    owner: dict[int, int] = {}
    for seat, hand in enumerate(hands):
        for card in hand or ():
            if card in owner:
                where = "twice" if owner[card] == seat else f"also at seat {owner[card]}"
                raise ValueError(f"seat {seat}: card {DECK[card]} appears {where}")
            owner[card] = seat


def _card_ids(seat: int, cards: CardsLike, size: int, game: str) -> tuple[int, ...]:
    """One seat's card ids from any accepted form, or an error naming the seat and card."""
    try:
        return card_ids(cards, (size,))
    except ValueError as error:
        raise ValueError(f"seat {seat}: {game} hand: {error}") from error
    except TypeError as error:
        raise TypeError(f"seat {seat}: {error}") from error


def _rank_all(half: HalfRule, hands: list[Sequence[int] | None], live: list[bool]) -> list[int]:
    """Raw rank of every live seat's hand for one half (0 for seats that do not play)."""
    evaluate_half = half.rank
    return [
        evaluate_half(hand) if is_live and hand is not None else 0
        for hand, is_live in zip(hands, live, strict=True)
    ]


def _qualifier_rank(qualifier: int | CardsLike, half: HalfRule) -> int:
    """The worst qualifying raw rank on the game's Badugi scale, from a rank or cards."""
    if isinstance(qualifier, bool):
        raise TypeError("qualifier must be cards or a rank, not a bool")
    if isinstance(qualifier, int):
        if not 1 <= qualifier <= _BADUGI_RANKS:
            raise ValueError(f"qualifier rank {qualifier} is not in 1..{_BADUGI_RANKS}")
        return qualifier
    try:
        return half.hand(qualifier).rank
    except ValueError as error:
        raise ValueError(f"qualifier: {error}") from error
    except TypeError as error:
        raise TypeError(f"qualifier: {error}") from error
