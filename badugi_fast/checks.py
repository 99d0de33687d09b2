"""Argument checks every package shares: ints, bools, seats and cards named in the error.

One place for them, so the engine, the odds, settlement and the histories refuse the same
bad values with the same kind of message (docs/rules.md, "Cards" for the card contract).
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Collection, Iterable, Sequence
from typing import Any, TypeVar, cast

from badugi_fast.cards import DECK, Card, CardsLike, card_ids, is_numpy_bool
from badugi_fast.errors import InvalidCards, InvalidCardType, InvalidOption, InvalidOptionType

_SHOWN = 40
"""The most characters of a bad value an error message repeats."""
_T = TypeVar("_T")


def shown(value: object) -> str:
    """``repr(value)``, cut short, so a huge bad value gives a short error."""
    text = repr(value)
    return text if len(text) <= _SHOWN else f"{text[:_SHOWN]}..."


def as_int(value: object) -> int | None:
    """``value`` as a Python int if it is a true integer (an int or a numpy integer: anything
    ``operator.index`` takes), never a bool or a numpy bool; else None. The one door every
    integer argument comes through, so nothing past it sees a numpy integer."""
    if type(value) is int:
        return value
    if isinstance(value, bool) or is_numpy_bool(value):
        return None
    try:
        return operator.index(value)  # type: ignore[arg-type]
    except TypeError:
        return None


def check_int(name: str, value: object, minimum: int, maximum: int | None = None) -> int:
    """``value`` as an int if it is a true integer (:func:`as_int`: an int or a numpy integer,
    never a bool) in minimum..maximum; else an error naming it."""
    number = as_int(value)
    if number is None:
        raise InvalidOptionType(f"{name} must be an int, not {type(value).__name__}")
    if number < minimum or (maximum is not None and number > maximum):
        bound = f"at least {minimum}" if maximum is None else f"{minimum}..{maximum}"
        shown = number if number.bit_length() <= 64 else "a number of over 19 digits"
        raise InvalidOption(f"{name} must be {bound}, not {shown}")
    return number


def check_choice(name: str, value: object, choices: Collection[str]) -> str:
    """``value`` if it is one of the strings ``choices``; else an error naming ``name`` and
    listing them."""
    if type(value) is str and value in choices:
        return value
    named = f"{name} must be one of {', '.join(map(repr, choices))}"
    if type(value) is not str:
        raise InvalidOptionType(f"{named}, not a {type(value).__name__}")
    raise InvalidOption(f"{named}, not {shown(value)}")


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


def check_list(name: str, value: object, items: str) -> Sequence[Any]:
    """``value`` if it is a list: any sequence but text or bytes, whose items are characters
    or byte values (``stacks=b"ab"`` is not seats of 97 and 98 chips), or a one-dimensional
    numpy array; never a set or a dict, which are no sequences. Else an InvalidOptionType
    naming ``name`` and ``items``. The length and the items are the caller's to check (the
    length first: nothing here copies a list, however long)."""
    if isinstance(value, Sequence) and not isinstance(value, str | bytes | bytearray | memoryview):
        return value
    numpy = sys.modules.get("numpy")  # without numpy imported there is no numpy array
    if numpy is not None and isinstance(value, numpy.ndarray) and value.ndim == 1:
        return cast("Sequence[Any]", value)  # len, iteration and numpy scalar items
    raise InvalidOptionType(f"{name} must be a list of {items}, not {type(value).__name__}")


def check_seat(what: str, seat: object, n_seats: int) -> int:
    """``seat`` as an int if it is a seat number (:func:`as_int`) of an ``n_seats`` table; else
    raise naming ``what``."""
    number = as_int(seat)
    if number is None:
        raise InvalidOptionType(f"{what} {seat!r} is not a seat: seats are ints")
    if not 0 <= number < n_seats:
        raise InvalidOption(f"{what} {number} is not a seat of a {n_seats}-seat table")
    return number


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
