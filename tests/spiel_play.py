"""Playing the OpenSpiel game in the tests (tests/test_openspiel*.py): the same hand with
its cards relabelled."""

from __future__ import annotations

from typing import Any

DRAW = 3
"""BADUGI_MOVE_DRAW, as ``PickedHand.describe`` names a draw."""


def relabelled(one: Any, two: Any, action: int, relabel: dict[int, int]) -> int:
    """The action in ``two`` that does what ``action`` does in ``one``, whose cards are
    ``relabel``'s images in ``two``: a draw throws the same cards relabelled (its bits name
    the cards in id order, which the relabelling may change)."""
    move, mask = one._table.describe(action)
    if move != DRAW:
        return action
    seat = one.current_player()
    held = one._table.cards(seat)
    thrown = {relabel.get(card, card) for i, card in enumerate(held) if mask >> i & 1}
    theirs = two._table.cards(seat)
    return action - mask + sum(1 << i for i, card in enumerate(theirs) if card in thrown)
