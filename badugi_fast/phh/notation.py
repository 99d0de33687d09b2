"""The PHH action notation: one action line to a record and back.

Grammar (docs/rules.md, "Hand histories"): ``[[actor action[ arguments]][ # commentary]]``
with the actor ``d`` (the dealer) or ``pN`` (player N, counted from 1) and the actions
``d dh pN cards``, ``d db cards``, ``pN pb``, ``pN cbr amount``, ``pN cc``, ``pN f``,
``pN sd[ cards]`` and ``pN sm[ cards]`` (``sm -`` shows the cards already dealt). Cards
are glued two-character tokens such as ``As2c``; ``??`` is an unknown card.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from decimal import Decimal, InvalidOperation
from functools import lru_cache
from typing import Literal

from badugi_fast.cards import DECK, RANK_CHARS, SUIT_CHARS, Card
from badugi_fast.errors import InvalidHistory

Verb = Literal["dh", "db", "pb", "cbr", "cc", "f", "sd", "sm", "noop"]
"""What an action line does; ``noop`` is an empty line or a bare commentary."""

_CARDS = {
    rank + suit: DECK[4 * r + s]
    for r, rank in enumerate(RANK_CHARS)
    for s, suit in enumerate(SUIT_CHARS)
}
_PLAYER = re.compile(r"p([1-9][0-9]*)\Z")
_ARGUMENTS: dict[str, tuple[int, ...]] = {
    "pb": (0,),
    "cbr": (1,),
    "cc": (0,),
    "f": (0,),
    "sd": (0, 1),
    "sm": (0, 1),
}
"""How many arguments each player action takes."""


@dataclass(frozen=True, slots=True)
class Notation:
    """One parsed action line.

    ``player`` is 0-based (``p1`` is 0), the dealt player for ``d dh``, None for other
    dealer lines and no-ops. ``cards`` is None when the line gives none (a stand-pat
    ``sd``, a mucking ``sm``) and holds None for each unknown ``??`` card. ``shown_as_dealt``
    marks ``sm -``.
    """

    verb: Verb
    player: int | None = None
    cards: tuple[Card | None, ...] | None = None
    amount: int | Decimal | None = None
    commentary: str | None = None
    shown_as_dealt: bool = False

    @property
    def by_dealer(self) -> bool:
        """True for the dealer's lines (``d dh``, ``d db``)."""
        return self.verb in ("dh", "db")


def parse_cards(text: str) -> tuple[Card | None, ...]:
    """Glued PHH cards (``"As2c??"``): a ValueError names a bad token or a repeated card."""
    if not text or len(text) % 2:
        raise ValueError(f"{text!r} is not a list of two-character cards")
    cards: list[Card | None] = []
    for start in range(0, len(text), 2):
        token = text[start : start + 2]
        if token == "??":
            cards.append(None)
            continue
        card = _CARDS.get(token)
        if card is None:
            raise ValueError(
                f"{token!r} is not a card (rank A 2-9 T J Q K then suit c d h s, or ??)"
            )
        if card in cards:
            raise ValueError(f"card {token} appears twice")
        cards.append(card)
    return tuple(cards)


def format_cards(cards: tuple[Card | None, ...]) -> str:
    """Glued PHH cards, ``??`` for an unknown one."""
    return "".join("??" if card is None else str(card) for card in cards)


_WHOLE = re.compile(r"[0-9]{1,18}\Z")
_DECIMAL = re.compile(r"[+-]?([0-9]+\.?[0-9]*|\.[0-9]+)([eE][+-]?[0-9]+)?\Z")
"""A decimal number in ASCII digits (Python's Decimal() would also read other scripts'
digits and underscores, which the engine's own text form refuses)."""


def parse_amount(text: str) -> int | Decimal:
    """An amount as an int when whole, else a Decimal; a ValueError names bad text."""
    if _WHOLE.match(text):
        return int(text)
    if not _DECIMAL.match(text):
        raise ValueError(f"{text[:20]!r} is not an amount")
    try:
        amount = Decimal(text)
    except InvalidOperation:  # an exponent too large to hold
        raise ValueError(f"{text[:20]!r} is too large an amount") from None
    if amount <= 0:
        raise ValueError(f"{text[:20]!r} is not a positive amount")
    if amount.adjusted() >= 18:
        raise ValueError(f"{text[:20]!r} is too large an amount")
    return amount


_CACHED_LENGTH = 48
"""Lines up to this long are parsed once and remembered: a replay reads every line twice
(for the cards it names, then to play it), and ``p1 cc`` or ``d dh p2 ????`` come back in
every hand of a file."""


def parse_line(line: str) -> Notation:
    """One action line as a ``Notation``; bad notation raises a ValueError saying why."""
    if len(line) <= _CACHED_LENGTH:
        return _parse_short(line)
    return _parse(line)


@lru_cache(maxsize=8192)
def _parse_short(line: str) -> Notation:
    return _parse(line)


def _parse(line: str) -> Notation:
    body, hash_sign, commentary = line.partition("#")
    comment = commentary.strip() if hash_sign else None
    words = body.split()
    if not words:
        return Notation("noop", commentary=comment)
    actor, verb, arguments = words[0], words[1] if len(words) > 1 else "", words[2:]
    if actor == "d":
        return _parse_dealer(verb, arguments, comment)
    match = _PLAYER.match(actor)
    if match is None:
        raise ValueError(f"{actor!r} is not an actor (d, or p1, p2, ...)")
    player = int(match.group(1)) - 1
    if verb not in _ARGUMENTS:
        raise ValueError(f"{verb!r} is not a player action (pb, cbr, cc, f, sd, sm)")
    if len(arguments) not in _ARGUMENTS[verb]:
        raise ValueError(f"'{verb}' takes {' or '.join(map(str, _ARGUMENTS[verb]))} arguments")
    if verb == "cbr":
        return Notation("cbr", player, amount=parse_amount(arguments[0]), commentary=comment)
    if verb == "sm" and arguments == ["-"]:
        return Notation("sm", player, commentary=comment, shown_as_dealt=True)
    cards = parse_cards(arguments[0]) if arguments else None
    return Notation(verb, player, cards, commentary=comment)  # type: ignore[arg-type]


def _parse_dealer(verb: str, arguments: list[str], comment: str | None) -> Notation:
    if verb == "dh" and len(arguments) == 2:
        match = _PLAYER.match(arguments[0])
        if match is None:
            raise ValueError(f"{arguments[0]!r} is not a player (p1, p2, ...)")
        return Notation(
            "dh", int(match.group(1)) - 1, parse_cards(arguments[1]), commentary=comment
        )
    if verb == "db" and len(arguments) == 1:
        return Notation("db", cards=parse_cards(arguments[0]), commentary=comment)
    raise ValueError("a dealer action is 'd dh pN cards' or 'd db cards'")


def format_line(notation: Notation) -> str:
    """The action line for ``notation`` (``parse_line(format_line(n)) == n``)."""
    if notation.verb == "noop":
        words = []
    elif notation.verb == "dh":
        words = ["d", "dh", f"p{_player(notation) + 1}", format_cards(notation.cards or ())]
    elif notation.verb == "db":
        words = ["d", "db", format_cards(notation.cards or ())]
    else:
        words = [f"p{_player(notation) + 1}", notation.verb]
        if notation.verb == "cbr":
            words.append(str(notation.amount))
        elif notation.shown_as_dealt:
            words.append("-")
        elif notation.cards:
            words.append(format_cards(notation.cards))
    if notation.commentary is not None:
        words += ["#", notation.commentary]
    return " ".join(words)


def _player(notation: Notation) -> int:
    if notation.player is None:
        raise InvalidHistory(f"a {notation.verb!r} action needs a player")
    return notation.player
