"""Raw ranks of single hands: the C evaluators behind one fast path and the careful contract.

A hand given as a list or tuple of plain ids (``int`` or ``Card``) goes straight to C,
which reports an id out of range or a repeated card as rank 0. Anything else, and any hand
C refuses, takes ``cards.card_ids``, the one careful implementation of the input contract
(docs/rules.md, "Cards"), which names what is wrong. Raw ranks: smaller is stronger, 1 is
the best hand (docs/rules.md, "Glossary").
"""

from __future__ import annotations

from collections.abc import Mapping

from badugi_fast._binding.evaluate import EVALUATORS, Evaluator
from badugi_fast.cards import PLAIN_HAND_TYPES, PLAIN_ID_TYPES, CardsLike, card_ids
from badugi_fast.checks import check_apart


def _careful(evaluators: Mapping[int, Evaluator], cards: CardsLike) -> int:
    """The rank after the full input checks, which raise naming the bad card or count."""
    ids = card_ids(cards, tuple(evaluators))
    return evaluators[len(ids)](*ids)


def _rank4(
    evaluators: Mapping[int, Evaluator],
    cards: CardsLike,
    plain: frozenset[type] = PLAIN_HAND_TYPES,
    ids: frozenset[type] = PLAIN_ID_TYPES,
) -> int:
    """The fast path for four plain ids, else the careful path (constants bound as locals)."""
    if type(cards) in plain and len(cards) == 4:  # type: ignore[arg-type]
        a, b, c, d = cards  # type: ignore[str-unpack]  # a list or tuple here
        if type(a) in ids and type(b) in ids and type(c) in ids and type(d) in ids:
            try:
                rank = evaluators[4](a, b, c, d)
            except (OverflowError, KeyError):  # a huge int; no 4-card evaluator
                rank = 0
            if rank:
                return rank
    return _careful(evaluators, cards)


def _rank5(
    evaluators: Mapping[int, Evaluator],
    cards: CardsLike,
    plain: frozenset[type] = PLAIN_HAND_TYPES,
    ids: frozenset[type] = PLAIN_ID_TYPES,
) -> int:
    """The fast path for five plain ids, else :func:`_rank4` (four ids) or the careful path."""
    if type(cards) in plain and len(cards) == 5:  # type: ignore[arg-type]
        a, b, c, d, e = cards  # type: ignore[str-unpack]  # a list or tuple here
        if (
            type(a) in ids
            and type(b) in ids
            and type(c) in ids
            and type(d) in ids
            and type(e) in ids
        ):
            try:
                rank = evaluators[5](a, b, c, d, e)
            except OverflowError:
                rank = 0
            if rank:
                return rank
        return _careful(evaluators, cards)
    return _rank4(evaluators, cards)


BADUGI = EVALUATORS["badugi"]
BADUGI_ACE_HIGH = EVALUATORS["badugi-ace-high"]
ACE_FIVE = EVALUATORS["ace-five"]
DEUCE_SEVEN = EVALUATORS["deuce-seven"]
_BADUGI4 = {4: BADUGI[4]}
_BADUGI5 = {5: BADUGI[5]}


def evaluate(cards: CardsLike) -> int:
    """Badugi rank of four cards, aces low: 1 = A-2-3-4 rainbow .. 1092; smaller wins.

    ``cards``: text like ``"As 2c 3h 4d"`` or any iterable of ``Card``/ints 0..51/card
    text, in any order. Raises ``InvalidCards`` (a ValueError) naming a bad or repeated
    card or a wrong count, and ``InvalidCardType`` (a TypeError) for something that is
    not a card. The same contract holds for every ``evaluate_*`` function.
    """
    return _rank4(_BADUGI4, cards)


def evaluate_badugi5(cards: CardsLike) -> int:
    """Badugi rank of five cards, aces low (Badacey), on the same scale as :func:`evaluate`."""
    return _rank5(_BADUGI5, cards)


def evaluate_badugi_ace_high(cards: CardsLike) -> int:
    """Badugi rank of four or five cards, aces high (Badeucey): 1 = 2-3-4-5 rainbow .. 1092."""
    return _rank5(BADUGI_ACE_HIGH, cards)


def evaluate_ace_five(cards: CardsLike) -> int:
    """Ace-to-five low rank of five cards: 1 = 5-4-3-2-A .. 6175."""
    return _rank5(ACE_FIVE, cards)


def evaluate_deuce_seven(cards: CardsLike) -> int:
    """Deuce-to-seven low rank of five cards: 1 = 7-5-4-3-2 (not all one suit) .. 7462."""
    return _rank5(DEUCE_SEVEN, cards)


def compare(a: CardsLike, b: CardsLike) -> int:
    """Compare two 4-card Badugi hands: 1 if ``a`` is stronger, -1 if ``b`` is, 0 on a tie.

    Both hands come from one deck: a card in both raises ``InvalidCards`` naming it."""
    plain, ids = PLAIN_HAND_TYPES, PLAIN_ID_TYPES
    first = a if type(a) in plain else card_ids(a, (4,))  # an iterator is read once
    second = b if type(b) in plain else card_ids(b, (4,))
    rank_a = evaluate(first)
    rank_b = evaluate(second)
    # each hand holds four distinct cards now; plain ids are the cards, text may not be
    if len({*first, *second}) != 8 or not {*map(type, first), *map(type, second)} <= ids:
        hands = [card_ids(first, (4,)), card_ids(second, (4,))]
        check_apart(zip(("the first hand", "the second hand"), hands, strict=True))
    return (rank_a < rank_b) - (rank_a > rank_b)
