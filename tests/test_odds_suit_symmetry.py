"""The drawing policy ignores the suits' names: relabelled deals have the same exact odds.

docs/rules.md ("Draw odds and equity", its Ties). Every case is run under all 24
relabellings of the suits and must give the same exact figures, to the last bit (issue 28,
item 10: they once agreed only to rounding). The hands are paired ones, where the policy
has a choice to make. CI takes a seeded sample; BADUGI_SOAK=full takes every 4-card hand
(up to relabelling) whose policy throws one card, under one to three draws.
"""

from __future__ import annotations

import itertools
import random

import pytest
from soak import FULL

import badugi_fast as bf
from badugi_fast.cards import format_cards

RELABELLINGS = tuple(itertools.permutations(range(4)))
CI_HANDS = 12


def relabel(cards: tuple[int, ...], suits: tuple[int, ...]) -> list[int]:
    """The cards with suit s renamed suits[s] (card id = 4 * rank + suit)."""
    return [card - card % 4 + suits[card % 4] for card in cards]


def canonical(cards: tuple[int, ...]) -> tuple[int, ...]:
    """One hand per class of relabelled hands."""
    return min(tuple(sorted(relabel(cards, suits))) for suits in RELABELLINGS)


def _one_card_draw(cards: tuple[int, ...]) -> bool:
    """A paired hand (the policy has a choice to make) whose policy throws one card: three
    draws of it are small enough to enumerate exactly many times over."""
    return len({card // 4 for card in cards}) < 4 and len(bf.policy_discard(list(cards))) == 1


def _hands() -> list[tuple[int, ...]]:
    """Every such hand up to relabelling (BADUGI_SOAK=full), else a seeded sample."""
    if FULL:
        every = {canonical(cards) for cards in itertools.combinations(range(52), 4)}
        return sorted(cards for cards in every if _one_card_draw(cards))
    rng = random.Random(20)
    hands: set[tuple[int, ...]] = set()
    while len(hands) < CI_HANDS:
        cards = canonical(tuple(rng.sample(range(52), 4)))
        if _one_card_draw(cards):
            hands.add(cards)
    return sorted(hands)


def _check_draw_odds(hand: tuple[int, ...], draws: int) -> None:
    first = None
    for suits in RELABELLINGS:
        cards = relabel(hand, suits)
        odds = bf.draw_odds(cards[::-1] if suits[0] else cards, draws=draws)  # any card order
        assert odds.exact
        if first is None:
            first = odds
        assert odds == first, f"{format_cards(hand)} relabelled {suits}, {draws} draws"


@pytest.mark.parametrize("hand", _hands(), ids=lambda hand: format_cards(hand).replace(" ", ""))
def test_relabelled_hands_have_the_same_draw_odds(hand: tuple[int, ...]) -> None:
    for draws in (1, 2, 3):
        _check_draw_odds(hand, draws)


def test_the_issue_example() -> None:
    """``As 2c 3h Kc`` and ``As 2h 3d Kd``: 51.1101% and 51.2257% before (issue 20), then
    1 ulp apart (issue 28)."""
    one = bf.draw_odds("As 2c 3h Kc", draws=3)
    other = bf.draw_odds("As 2h 3d Kd", draws=3)
    assert one == other and one.p_badugi == other.p_badugi


@pytest.mark.parametrize(
    ("game", "hands", "draws"),
    [
        ("badugi", ("As Ah 2d 3c", "4s 5h 6s Kd"), 2),
        ("badugi", ("2s 2h 3d Kc", "As 4s 7h 7d"), 1),
        ("badacey", ("As Ah 2d 3c 4c", "5s 6h 7h 8d Kc"), 1),
        ("badeucey", ("2s 2h 3d 4c 7c", "5s 6h 8h 8d Kc"), 1),
    ],
)
def test_relabelled_tables_have_the_same_equity(
    game: bf.Game, hands: tuple[str, str], draws: int
) -> None:
    """With another hand at the table the position decides the ties, the other hand in it."""
    ids = [tuple(bf.parse_cards(hand)) for hand in hands]
    first = None
    for suits in RELABELLINGS:
        dead = relabel(tuple(bf.parse_cards("Jc Qd")), suits)
        result = bf.equity([relabel(h, suits) for h in ids], game=game, draws=draws, dead=dead)
        assert result.exact
        if first is None:
            first = result
        assert result == first, suits


def test_policy_discard_is_the_same_up_to_relabelling() -> None:
    """Asked of one hand alone, the policy throws from a relabelled hand what it throws from
    the hand, relabelled (up to a relabelling that leaves the hand unchanged)."""
    for text in ("As Ah 2d 3c", "2s 2h 3d Kc", "As Ah Ad 2s", "As 2s 2h 3d 3c"):
        cards = tuple(bf.parse_cards(text))
        game: bf.Game = "badugi" if len(cards) == 4 else "badacey"
        forms = set()
        for suits in RELABELLINGS:
            hand = relabel(cards, suits)
            thrown = tuple(bf.policy_discard(hand, game=game))
            kept = tuple(card for card in hand if card not in thrown)
            forms.add(
                min(
                    (sorted_relabel(kept, back), sorted_relabel(thrown, back))
                    for back in RELABELLINGS
                )
            )
        assert len(forms) == 1, text


def sorted_relabel(cards: tuple[int, ...], suits: tuple[int, ...]) -> tuple[int, ...]:
    return tuple(sorted(relabel(cards, suits)))
