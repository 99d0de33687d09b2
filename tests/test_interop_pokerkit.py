"""Our PokerKit hand classes order every hand exactly as PokerKit's own classes do.

Orders, not numbers: sorted by our rank, neighbours must compare the same way under
PokerKit's class (a tie is a tie, stronger is greater), which pins down the whole order.
The run takes every 41st 4-card hand (every one with ``BADUGI_SOAK=full``; PokerKit's
side takes minutes) and random 5-card samples; the exhaustive proof of our order is
test_exhaustive.py, against the brute-force reference. A PokerKit game that swaps in
our class must finish every hand with the same stacks.
"""

from __future__ import annotations

import random
from collections.abc import Sequence
from itertools import combinations, pairwise
from typing import Any

import pokerkit
import pokerkit_play
import pytest
from soak import FULL

from badugi_fast.interop import pokerkit as fast

PAIRS = [
    (fast.BadugiHand, pokerkit.BadugiHand),
    (fast.StandardBadugiHand, pokerkit.StandardBadugiHand),
    (fast.RegularLowHand, pokerkit.RegularLowHand),
    (fast.StandardLowHand, pokerkit.StandardLowHand),
]
DECK = pokerkit.Deck.REGULAR


def assert_same_order(hands: Sequence[tuple[Any, ...]], ours: type[Any], theirs: type[Any]) -> None:
    """PokerKit's class agrees with ours on the order of ``hands`` (as hole cards)."""
    mine = [ours.from_game(hand) for hand in hands]
    order = sorted(range(len(hands)), key=lambda index: mine[index])
    reference = {index: theirs.from_game(hands[index]) for index in order}
    for low, high in pairwise(order):
        tied = mine[low] == mine[high]
        assert (reference[low] == reference[high]) == tied, (hands[low], hands[high])
        assert (reference[low] < reference[high]) == (not tied), (hands[low], hands[high])


@pytest.mark.parametrize(("ours", "theirs"), PAIRS[:2], ids=["badugi", "ace-high badugi"])
def test_four_card_hands(ours: type[Any], theirs: type[Any]) -> None:
    hands = list(combinations(DECK, 4))
    assert len(hands) == 270_725
    assert_same_order(hands[:: 1 if FULL else 41], ours, theirs)


@pytest.mark.parametrize(("ours", "theirs"), PAIRS, ids=["badugi", "ace-high", "a-5", "2-7"])
def test_random_five_card_hands(ours: type[Any], theirs: type[Any]) -> None:
    rng = random.Random(f"five {theirs.__name__}")
    hands = [tuple(rng.sample(DECK, 5)) for _ in range(4000)]
    assert_same_order(hands, ours, theirs)


@pytest.mark.parametrize("size", [1, 2, 3, 6])
def test_badugi_hands_of_other_sizes(size: int) -> None:
    """Fewer cards (unknown cards filtered out) and more (a board) order as PokerKit's."""
    rng = random.Random(size)
    hands = [tuple(rng.sample(DECK, size)) for _ in range(600)]
    assert_same_order(hands, fast.BadugiHand, pokerkit.BadugiHand)


@pytest.mark.parametrize(("ours", "theirs"), PAIRS, ids=["badugi", "ace-high", "a-5", "2-7"])
def test_cards_labels_and_validity_match_pokerkit(ours: type[Any], theirs: type[Any]) -> None:
    rng = random.Random(theirs.__name__)
    size = 4 if issubclass(theirs, pokerkit.BadugiHand) else 5
    for _ in range(300):
        hand = tuple(rng.sample(DECK, size))
        mine, reference = ours.from_game(hand), theirs.from_game(hand)
        assert mine.cards == reference.cards
        assert str(mine) == str(reference) and repr(mine) == repr(reference)
        assert isinstance(mine, theirs)
    with pytest.raises(ValueError, match="invalid"):
        ours("Ac2c" if size == 4 else "AcAd")


def test_direct_construction_matches_pokerkit() -> None:
    assert fast.BadugiHand("Ac2d3h") == fast.BadugiHand.from_game("Ac2d3hKh")
    assert fast.BadugiHand("Ac2d3h4s") > fast.BadugiHand("Ac2d3h")
    assert str(fast.BadugiHand("Ac2d3h")) == str(pokerkit.BadugiHand("Ac2d3h"))


def test_unknown_cards_are_refused() -> None:
    with pytest.raises(ValueError, match="unknown card"):
        fast.BadugiHand.from_game("????????")


@pytest.mark.parametrize("players", [2, 4, 6])
def test_pokerkit_game_with_our_hands_finishes_alike(players: int) -> None:
    """The same seeded hands end with the same stacks whichever class judges showdowns."""
    theirs = pokerkit_play.make_game(pokerkit.FixedLimitBadugi)
    ours = pokerkit_play.make_game(pokerkit.FixedLimitBadugi, (fast.BadugiHand,))
    stacks = [40, 200, 25, 200, 60, 200]
    for seed in range(40):
        expected = pokerkit_play.play(theirs, seed, players, stacks).state
        got = pokerkit_play.play(ours, seed, players, stacks).state
        assert got.stacks == expected.stacks, seed
