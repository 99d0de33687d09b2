"""Card text and ids: every accepted spelling, and a clear error for everything else."""

from __future__ import annotations

import pytest

from badugi_fast import Card, parse_card, parse_cards
from badugi_fast.cards import DECK

RANKS = "A23456789TJQK"
SUITS = "shdc"


def test_card_ids_follow_the_documented_convention() -> None:
    for rank_index, rank in enumerate(RANKS):
        for suit_index, suit in enumerate(SUITS):
            card = parse_card(rank + suit)
            assert card == 4 * rank_index + suit_index
            assert str(card) == rank + suit
            assert card.rank == rank_index + 1 and card.suit == suit
            assert Card(int(card)) is card and Card(str(card)) is card
            assert repr(card) == f"Card('{rank}{suit}')"


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("As", "As"),
        ("as", "As"),
        ("AS", "As"),
        ("Td", "Td"),
        ("td", "Td"),
        ("10d", "Td"),
        ("A♠", "As"),
        ("2♥", "2h"),
        ("3♦", "3d"),
        ("4♣", "4c"),
        ("kC", "Kc"),
    ],
)
def test_every_spelling_parses(text: str, expected: str) -> None:
    assert str(parse_card(text)) == expected


@pytest.mark.parametrize(
    "text", ["As2c3h4d", "As 2c 3h 4d", "As,2c,3h,4d", " As, 2c  3h,4d ", "A♠2♣3♥4♦", "as2C3H4d"]
)
def test_hand_text_forms(text: str) -> None:
    assert [str(card) for card in parse_cards(text)] == ["As", "2c", "3h", "4d"]


def test_tens_written_10_inside_glued_text() -> None:
    assert [str(card) for card in parse_cards("10dAs10c")] == ["Td", "As", "Tc"]


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("Xs 2c 3h 4d", "'X' is not a rank"),
        ("As 2c 3h 4x", "'x' is not a suit"),
        ("As2c3h4", "bad card '4': the rank has no suit"),
        ("As2c3h4d5", "bad card '5': the rank has no suit"),  # said "'' is not a suit"
        ("As 2c 3h 10", "bad card '10': the rank has no suit"),
        ("As 2c 3h 4dd", "'dd' is not a suit"),
        ("As 2c 3h As", "repeated card As"),
        ("as 2c 3h AS", "repeated card As"),
        ("", "no cards"),
        (" , ", "no cards"),
        ("1s", "'1' is not a rank"),
    ],
)
def test_bad_text_names_the_token(text: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        parse_cards(text)


@pytest.mark.parametrize("bad", [-1, 52, 10**30])
def test_card_out_of_range(bad: int) -> None:
    with pytest.raises(ValueError, match=f"card id {bad} is out of range"):
        Card(bad)


@pytest.mark.parametrize("bad", [1.0, None, b"As", [0]])
def test_card_wrong_type(bad: object) -> None:
    with pytest.raises(TypeError):
        Card(bad)  # type: ignore[arg-type]


def test_parse_cards_wants_text() -> None:
    with pytest.raises(TypeError, match="must be a str"):
        parse_cards([0, 1, 2, 3])  # type: ignore[arg-type]


def test_deck_is_52_distinct_cards() -> None:
    assert len(set(DECK)) == 52 and all(DECK[i] == i for i in range(52))
