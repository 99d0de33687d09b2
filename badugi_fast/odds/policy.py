"""The built-in drawing policy, for one hand (docs/rules.md, "Draw odds and equity").

The policy itself runs in C (``csrc/odds.c``) inside every odds and equity run; this is
its Python face, to ask what it throws from a given hand (the hand-strength bot draws
with the same C function).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import SupportsIndex

from badugi_fast._binding import odds as kernels
from badugi_fast.cards import DECK, Card, CardsLike
from badugi_fast.evaluation import RankedHand
from badugi_fast.games import GameRule
from badugi_fast.odds.position import position


def policy_discard(
    cards: CardsLike,
    *,
    game: str = "badugi",
    badeucey_aces_low: bool = False,
    target: RankedHand | CardsLike | SupportsIndex | None = None,
    seen: CardsLike = (),
) -> tuple[Card, ...]:
    """The cards the built-in policy throws from ``cards`` (in the order given), its
    player having seen the cards ``seen`` go out of play (his earlier discards, dead cards;
    none: the hand alone); ``badeucey_aces_low`` as in ``draw_odds``. Where the policy throws
    one of several mirror-image discards with equal chances (``As Ah 2d 3c``: ``As`` or
    ``Ah``), the first of them (docs/rules.md, "The drawing policy", Ties)."""
    question = position(
        (cards,),
        game=game,
        badeucey_aces_low=badeucey_aces_low,
        draws=1,
        discards=None,
        dead=seen,
        target=target,
        policy=None,
        names=("cards",),
    )
    return builtin_discards(question.rule, question.hands[0], question.target, question.dead)


def builtin_discards(
    rule: GameRule, hand: Sequence[int], target: int = 0, seen: Sequence[int] = ()
) -> tuple[Card, ...]:
    """What the built-in policy throws from ``hand``, cards already checked to be a hand of
    ``rule``'s game (a bot's own cards): the fast path of :func:`policy_discard`, with
    ``target`` a raw rank (0: none) and ``seen`` card ids apart from the hand."""
    mask = kernels.builtin_discard(rule, target, hand, seen)
    return tuple(DECK[card] for i, card in enumerate(hand) if mask >> i & 1)
