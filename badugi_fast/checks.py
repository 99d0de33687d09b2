"""Argument checks every package shares: ints, bools, seats and cards named in the error.

One place for them, so the engine, the odds, settlement and the histories refuse the same
bad values with the same kind of message (docs/rules.md, "Cards" for the card contract).
"""

from __future__ import annotations

import operator
from collections.abc import Collection, Iterable, Sequence
from typing import TypeVar

from badugi_fast.cards import DECK, Card, CardsLike, card_ids, is_numpy_bool
from badugi_fast.errors import InvalidCards, InvalidCardType, InvalidOption, InvalidOptionType

_SHOWN = 40
"""The most characters of a bad value an error message repeats."""
_T = TypeVar("_T")


def shown(value: object) -> str:
    """``repr(value)``, cut short, so a huge bad value gives a short error."""
    text = repr(value)
    return text if len(text) <= _SHOWN else f"{text[:_SHOWN]}..."


def check_int(name: str, value: object, minimum: int, maximum: int | None = None) -> int:
    """``value`` if it is an int (never a bool) in minimum..maximum; else an error naming it."""
    if type(value) is not int:
        raise InvalidOptionType(f"{name} must be an int, not {type(value).__name__}")
    if value < minimum or (maximum is not None and value > maximum):
        bound = f"at least {minimum}" if maximum is None else f"{minimum}..{maximum}"
        shown = value if value.bit_length() <= 64 else "a number of over 19 digits"
        raise InvalidOption(f"{name} must be {bound}, not {shown}")
    return value


def check_choice(name: str, value: object, choices: Collection[str]) -> str:
    """``value`` if it is one of the strings ``choices``; else an error naming ``name`` and
    listing them."""
    if type(value) is str and value in choices:
        return value
    named = f"{name} must be one of {', '.join(map(repr, choices))}"
    if type(value) is not str:
        raise InvalidOptionType(f"{named}, not a {type(value).__name__}")
    raise InvalidOption(f"{named}, not {shown(value)}")


def check_index(name: str, value: object, minimum: int, maximum: int | None = None) -> int:
    """:func:`check_int` for an index, which may be any integer but a bool: a numpy integer
    read from the library's own arrays (``argmax()``) is an index too."""
    try:
        bool_like = isinstance(value, bool) or is_numpy_bool(value)
        index = None if bool_like else operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        index = None
    if index is None:
        raise InvalidOptionType(f"{name} must be an int, not {type(value).__name__}")
    return check_int(name, index, minimum, maximum)


def check_type(name: str, value: object, kind: type[_T], hint: str) -> _T:
    """``value`` if it is a ``kind``; else an error naming ``name``, what it got and
    ``hint`` (where to get a ``kind``)."""
    if not isinstance(value, kind):
        raise InvalidOptionType(
            f"{name} must be a {kind.__name__}, not {type(value).__name__}: {hint}"
        )
    return value


def check_bool(name: str, value: object) -> bool:
    """``value`` if it is a bool; anything else is refused."""
    if value is not True and value is not False:
        raise InvalidOptionType(f"{name} must be a bool, not {type(value).__name__}")
    return value


def check_seat(what: str, seat: object, n_seats: int) -> int:
    """``seat`` if it is an int seat number of an ``n_seats`` table; else raise naming ``what``."""
    if type(seat) is not int:
        raise InvalidOptionType(f"{what} {seat!r} is not a seat: seats are ints")
    if not 0 <= seat < n_seats:
        raise InvalidOption(f"{what} {seat} is not a seat of a {n_seats}-seat table")
    return seat


def check_apart(hands: Iterable[tuple[str, Iterable[int]]]) -> None:
    """Raise ``InvalidCards`` naming the first card two of the named ``hands`` both hold
    (``(name, cards)`` pairs, each hand already checked): cards of one deck are in one place."""
    owner: dict[int, str] = {}
    for name, cards in hands:
        for card in cards:
            if card in owner:
                raise InvalidCards(f"{DECK[card]} is in {owner[card]} and in {name}")
            owner[card] = name


def named_cards(what: str, cards: CardsLike | object, counts: Sequence[int]) -> tuple[Card, ...]:
    """:func:`~badugi_fast.cards.card_ids`, its errors prefixed by ``what`` (a seat, an option).

    ``cards`` may be anything a user passed: what is not cards raises ``InvalidCardType``.
    """
    try:
        return card_ids(cards, counts)  # type: ignore[arg-type]
    except InvalidCards as error:
        raise InvalidCards(f"{what}: {error}") from None
    except InvalidCardType as error:
        raise InvalidCardType(f"{what}: {error}") from None
