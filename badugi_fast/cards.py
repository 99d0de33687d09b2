"""Cards: the ``Card`` type, card text parsing, and the one input contract for cards.

A card is an int id 0..51, ``id = 4 * (rank - 1) + suit`` with rank A=1 .. K=13 and
suits s, h, d, c = 0..3 (docs/rules.md, "Cards"; the C core's convention, see
``csrc/badugi.h``). ``Card`` is an ``int`` subclass, so cards go straight to the C core
and print as ``"As"``.

The contract every public entry point follows (docs/rules.md, "Cards"): a hand is text
(``"As 2c 3h 4d"``) or any iterable, generators included, of cards; a card is a ``Card``,
a true integer 0..51 (``int`` or a numpy integer, never a ``bool``) or card text. Floats,
``Decimal``, bools, bytes and other objects are refused with ``InvalidCardType``; a bad,
repeated or missing card with ``InvalidCards``. :func:`card_ids` is the careful
implementation of that contract; fast paths take only :data:`PLAIN_HAND_TYPES` holding
:data:`PLAIN_ID_TYPES`, for which the C core itself checks range and repeats, and fall
back to :func:`card_ids` for anything else or any hand C refuses.
"""

from __future__ import annotations

import operator
import sys
from collections.abc import Iterable, Sequence
from typing import SupportsIndex

from badugi_fast.errors import InvalidCards, InvalidCardType

RANK_CHARS = "A23456789TJQK"
SUIT_CHARS = "shdc"
SUIT_GLYPHS = "♠♥♦♣"
DECK_SIZE = 52

PLAIN_HAND_TYPES = frozenset((list, tuple))
"""Containers the fast paths hand straight to C (anything else takes the careful path)."""
PLAIN_ID_TYPES: frozenset[type] = frozenset((int,))  # Card is added below, once defined
"""Card types the fast paths pass to C as they are: C checks their range and repeats."""

CardLike = SupportsIndex | str
"""One card: a ``Card``, an int id 0..51, or text such as ``"As"``, ``"10d"``, ``"A♠"``."""
CardsLike = str | Iterable[CardLike]
"""Several cards: text such as ``"As 2c 3h 4d"`` or a sequence of ``CardLike``."""


class Card(int):
    """A playing card: an int id 0..51 that prints as ``"As"``.

    ``Card(0)``, ``Card("As")`` and ``Card.parse("a♠")`` are the same card.
    """

    __slots__ = ()

    def __new__(cls, card: CardLike) -> Card:
        if isinstance(card, str):
            return parse_card(card)
        return DECK[_card_id(card)]

    @classmethod
    def parse(cls, text: str) -> Card:
        """Parse ``"As"``, ``"td"``, ``"10d"`` or ``"A♠"`` (any case)."""
        return parse_card(text)

    @property
    def rank(self) -> int:
        """1 = ace .. 13 = king."""
        return int(self) // 4 + 1

    @property
    def suit(self) -> str:
        """One of ``"s"``, ``"h"``, ``"d"``, ``"c"``."""
        return SUIT_CHARS[int(self) % 4]

    def __str__(self) -> str:
        return RANK_CHARS[int(self) // 4] + SUIT_CHARS[int(self) % 4]

    def __repr__(self) -> str:
        return f"Card('{self}')"


DECK: tuple[Card, ...] = tuple(int.__new__(Card, card) for card in range(DECK_SIZE))
"""Every card, indexed by id."""
PLAIN_ID_TYPES = frozenset((int, Card))


def _token_table() -> dict[str, Card]:
    """Every accepted spelling of every card."""
    rank_spellings = {rank: [char, char.lower()] for rank, char in enumerate(RANK_CHARS)}
    rank_spellings[9].append("10")
    suit_spellings = {
        suit: [char, char.upper(), glyph]
        for suit, (char, glyph) in enumerate(zip(SUIT_CHARS, SUIT_GLYPHS, strict=True))
    }
    return {
        rank_text + suit_text: DECK[4 * rank + suit]
        for rank, rank_texts in rank_spellings.items()
        for suit, suit_texts in suit_spellings.items()
        for rank_text in rank_texts
        for suit_text in suit_texts
    }


_TOKENS = _token_table()


def parse_card(text: str) -> Card:
    """One card from text; a ValueError says whether the rank or the suit is wrong."""
    if not isinstance(text, str):
        raise InvalidCardType(f"card text must be a str, not {type(text).__name__}")
    card = _TOKENS.get(text)
    if card is not None:
        return card
    raise InvalidCards(_explain_bad_token(text))


_MAX_SHOWN = 12
"""Longest piece of bad input quoted in an error message; longer input is cut short."""


def shorten(text: str) -> str:
    """``repr(text)``, cut to a few characters, so a huge bad input gives a short error."""
    return repr(text) if len(text) <= _MAX_SHOWN else f"{text[:_MAX_SHOWN]!r}..."


def _explain_bad_token(token: str) -> str:
    rank_text, suit_text = (token[:2], token[2:]) if token[:2] == "10" else (token[:1], token[1:])
    if not token:
        return "empty card text"
    if rank_text.upper() not in RANK_CHARS and rank_text != "10":
        return f"bad card {shorten(token)}: {rank_text!r} is not a rank (A 2-9 T/10 J Q K)"
    if not suit_text:
        return f"bad card {shorten(token)}: the rank has no suit (s h d c or ♠ ♥ ♦ ♣)"
    if len(suit_text) != 1 or (
        suit_text.lower() not in SUIT_CHARS and suit_text not in SUIT_GLYPHS
    ):
        return f"bad card {shorten(token)}: {shorten(suit_text)} is not a suit (s h d c or ♠ ♥ ♦ ♣)"
    return f"bad card {shorten(token)}"


def _tokens(text: str) -> list[str]:
    """Split hand text into card tokens: at separators, or glued ``"As2c10d"`` by width."""
    tokens = text.replace(",", " ").split()
    if len(tokens) != 1:
        return tokens
    glued, tokens, position = tokens[0], [], 0
    while position < len(glued):
        width = 3 if glued.startswith("10", position) else 2
        tokens.append(glued[position : position + width])
        position += width
    return tokens


_token = _TOKENS.get


def quick_cards(text: str) -> tuple[Card | None, ...]:
    """The cards of hand text in its usual spellings, unchecked; a None marks anything else.

    The fast path of ``parse_cards`` and ``Hand(text)``: repeats and the count are the
    caller's to check. Glued text is cut into two-character tokens without a loop, so an
    unusual spelling (a glued ``10``, an odd length) comes out as a None.
    """
    tokens = text.replace(",", " ").split()
    if len(tokens) != 1:
        return tuple(map(_token, tokens))
    glued = tokens[0]
    if len(glued) == 8:
        return (_token(glued[0:2]), _token(glued[2:4]), _token(glued[4:6]), _token(glued[6:8]))
    if len(glued) == 10:
        return (
            _token(glued[0:2]),
            _token(glued[2:4]),
            _token(glued[4:6]),
            _token(glued[6:8]),
            _token(glued[8:10]),
        )
    return (None,)


def parse_cards(text: str) -> tuple[Card, ...]:
    """Parse ``"As2c3h4d"``, ``"As 2c 3h 4d"`` or ``"As,2c,3h,4d"`` into distinct cards."""
    if not isinstance(text, str):
        raise InvalidCardType(f"cards text must be a str, not {type(text).__name__}")
    cards = quick_cards(text)
    if None in cards:
        tokens = _tokens(text)
        cards = tuple(map(_token, tokens))
        if None in cards:
            raise InvalidCards(_explain_bad_token(tokens[cards.index(None)]))
    if not cards:
        raise InvalidCards("no cards in an empty string")
    _check_distinct(cards)  # type: ignore[arg-type]
    return cards  # type: ignore[return-value]


def _check_distinct(cards: Sequence[int]) -> None:
    if len(set(cards)) != len(cards):
        seen: set[int] = set()
        for card in cards:
            if card in seen:
                raise InvalidCards(f"repeated card {DECK[card]}")
            seen.add(card)


def _card_id(card: object) -> int:
    """A card id from a Card, a true integer or card text, checked to be 0..51."""
    if isinstance(card, str):
        return parse_card(card)
    if isinstance(card, bool) or is_numpy_bool(card):
        raise InvalidCardType(f"{card!r} is a bool, not a card")
    try:
        value = operator.index(card)  # type: ignore[arg-type]
    except TypeError:
        raise InvalidCardType(
            f"{_describe(card)} is not a card: use an int 0..51, a Card, or text like 'As'"
        ) from None
    if not 0 <= value < DECK_SIZE:
        raise InvalidCards(f"card id {value} is out of range 0..51")
    return value


def is_numpy_bool(value: object) -> bool:
    """Whether ``value`` is a numpy bool: older numpy (2.2, for one) still gives it an
    ``__index__``, only deprecated, so without this check ``np.True_`` would be read as card
    id 1. Without numpy imported there can be no numpy bool."""
    numpy = sys.modules.get("numpy")
    return numpy is not None and isinstance(value, numpy.bool_)


def _describe(value: object) -> str:
    """A short description of a bad value for an error message."""
    text = repr(value)
    return text if len(text) <= 2 * _MAX_SHOWN else f"a {type(value).__name__}"


_NOT_HANDS = (bytes, bytearray, memoryview)


def card_ids(cards: CardsLike, counts: Sequence[int]) -> tuple[Card, ...]:
    """Normalise any accepted form of a hand into distinct cards, checking the count.

    The careful path of the contract in this module's docstring: it reads an iterable
    once, and names the first bad card, the repeated card or the wrong count. Blank text is
    no cards where ``counts`` allows none.
    """
    if isinstance(cards, str):
        ids = parse_cards(cards) if cards.strip() or 0 not in counts else ()
    else:
        if isinstance(cards, _NOT_HANDS):
            raise InvalidCardType(
                f"cards must be text or an iterable of cards, not {type(cards).__name__}"
            )
        try:
            iterator = iter(cards)
        except TypeError:
            raise InvalidCardType(
                f"cards must be text or an iterable of cards, not {type(cards).__name__}"
            ) from None
        ids = tuple(DECK[_card_id(item)] for item in iterator)
        _check_distinct(ids)
    if len(ids) not in counts:
        expected = " or ".join(str(count) for count in counts)
        raise InvalidCards(f"expected {expected} cards, got {len(ids)}")
    return ids


def format_cards(cards: Iterable[int]) -> str:
    """``"As 2c 3h 4d"`` for the given ids."""
    return " ".join(str(DECK[card]) for card in cards)
