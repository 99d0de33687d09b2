"""Helpers for the engine tests: stacked decks and scripted hands."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from typing import Any

from badugi_fast.cards import DECK, Card, parse_cards
from badugi_fast.engine import HandState


def stacked_deck(
    n: int, button: int, hands: Mapping[int, str], then: str = "", size: int = 52
) -> list[Card]:
    """A deck (top first) whose one-at-a-time deal from left of the button gives each seat
    ``hands[seat]``; ``then`` comes next (burns and replacements), then unused cards by id,
    ``size`` cards in all."""
    order = [(button + 1 + step) % n for step in range(n)]
    parsed = {seat: parse_cards(text) for seat, text in hands.items()}
    count = len(next(iter(parsed.values())))
    top = [parsed[seat][j] for j in range(count) for seat in order]
    top += parse_cards(then) if then else []
    rest = [card for card in DECK if card not in top]
    return (top + rest)[:size]


def play(state: HandState, script: Iterable[str]) -> list[Any]:
    """Apply text actions in order; each is checked to come from the seat it names."""
    return [state.apply(step) for step in script]
