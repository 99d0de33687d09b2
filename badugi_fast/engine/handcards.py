"""Reading the cards a player throws or the dealer deals, and a given deck order.

Errors name the card and the seat: "cannot discard Kd: not in seat 3's hand".
"""

from __future__ import annotations

from collections.abc import Sequence

from badugi_fast.cards import DECK, PLAIN_ID_TYPES, Card, CardsLike, card_ids
from badugi_fast.errors import IllegalAction, InvalidCards, InvalidCardType
from badugi_fast.games import GameRule

_ALL = range(len(DECK) + 1)


def discard_cards(
    cards: CardsLike, hand: Sequence[Card], seat: int, verb: str = "discard"
) -> tuple[Card, ...]:
    """The cards of ``cards``, each checked to be in ``hand`` (no repeats)."""
    kind = type(cards)
    if kind is list or kind is tuple:  # the fast path: held cards given as Cards or int ids
        if not cards:
            return ()
        # plain ids only: True or 1.0 equal a card id but are no card (the careful path says so)
        if PLAIN_ID_TYPES.issuperset(map(type, cards)) and set(hand).issuperset(cards):
            chosen = tuple(map(DECK.__getitem__, cards))  # type: ignore[arg-type]
            if len(set(chosen)) == len(chosen):
                return chosen
    elif isinstance(cards, str) and not cards.strip():
        return ()
    chosen = _read(cards, f"cannot {verb} {cards!r}", IllegalAction)
    if len(set(chosen)) != len(chosen):
        raise IllegalAction(f"cannot {verb} the same card twice: {cards!r}")
    for card in chosen:
        if card not in hand:
            raise IllegalAction(f"cannot {verb} {card}: not in seat {seat}'s hand")
    return chosen


def read_deck(deck: CardsLike, n: int, rule: GameRule) -> list[Card]:
    """A given deck order (top card first) as a stub to pop from (top card last).

    It needs at least ``size * (n + 1)`` distinct cards of the game's deck: enough to deal
    every hand and to complete any draw (docs/rules.md, "How a hand is played").
    """
    cards = rule.check_deck("deck", _read(deck, "deck", InvalidCards))
    size = rule.cards
    need = size * (n + 1)
    if len(cards) < need:
        raise InvalidCards(f"deck: {n} players of {size} cards need {need} cards, got {len(cards)}")
    return list(reversed(cards))


def _read(cards: CardsLike, context: str, bad_value: type[ValueError]) -> tuple[Card, ...]:
    """Any accepted form of cards, or ``bad_value``/InvalidCardType prefixed by ``context``."""
    try:
        return card_ids(cards, _ALL)
    except ValueError as error:
        raise bad_value(f"{context}: {error}") from error
    except TypeError as error:
        raise InvalidCardType(f"{context}: {error}") from error
