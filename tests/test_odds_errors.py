"""Hostile input to draw_odds, equity and policy_discard: errors that name what is wrong.

Every bad card or option raises one of the badugi_fast.errors types before any C runs.
"""

from __future__ import annotations

from typing import Any

import pytest

import badugi_fast as bf
from badugi_fast._binding import odds as kernels
from badugi_fast.errors import (
    BadugiError,
    InvalidCards,
    InvalidCardType,
    InvalidOptionType,
    InvalidSettlement,
)
from badugi_fast.games import GAMES

HANDS = ["As 2h 3d Kd", "8s 7h 5d 2c"]

BAD_ODDS: list[tuple[dict[str, Any], type[BadugiError], str]] = [
    ({"cards": "As 2h 3d Xx"}, InvalidCards, "Xx"),
    ({"cards": "As 2h 3d As"}, InvalidCards, "repeated card As"),
    ({"cards": "As 2h 3d 4c 5s"}, InvalidCards, "expected 4 cards, got 5"),
    ({"cards": [0, 1, 2, 52]}, InvalidCards, "card id 52"),
    ({"cards": [0, 1, 2, -1]}, InvalidCards, "card id -1"),
    ({"cards": [0, 1, 2, 3.5]}, InvalidCardType, "3.5"),
    ({"cards": 7}, InvalidCardType, "int"),
    ({"discard": "Kc"}, InvalidCards, "Kc is not in the hand"),
    ({"discard": "Kd Kd"}, InvalidCards, "repeated card Kd"),
    ({"dead": "As"}, InvalidCards, "As is in cards and in dead"),
    ({"dead": "Qq"}, InvalidCards, "dead"),
    ({"draws": 4}, InvalidSettlement, "draws must be 0..3, not 4"),
    ({"draws": -1}, InvalidSettlement, "draws"),
    ({"draws": "1"}, InvalidOptionType, "draws must be an int"),
    ({"draws": True}, InvalidOptionType, "draws must be an int, not bool"),
    ({"draws": 0, "discard": "Kd"}, InvalidSettlement, "needs at least one draw"),
    ({"game": "holdem"}, InvalidSettlement, "holdem"),
    ({"game": "deuce-seven-triple-draw"}, InvalidCards, "expected 5 cards"),
    (
        {"game": "ace-five-triple-draw", "cards": "As 2h 3d 4c 5s", "target": "As 2h 3d 4c"},
        InvalidCards,
        "target: expected 5 cards",
    ),
    (
        {"game": "ace-five-triple-draw", "cards": "As 2h 3d 4c 5s", "target": 6176},
        InvalidSettlement,
        r"target must be 1\.\.6175",
    ),
    ({"target": 0}, InvalidSettlement, "target must be 1..1092, not 0"),
    ({"target": 1093}, InvalidSettlement, "target"),
    ({"target": "9s 8h 7d Zc"}, InvalidCards, "target"),
    ({"target": bf.AceHighHand("2s 3h 4d 5c")}, InvalidOptionType, "target must be a Hand"),
    ({"samples": 0}, InvalidSettlement, r"samples must be 1\.\.1000000000, not 0"),
    ({"samples": 10**12}, InvalidSettlement, "samples must be"),
    ({"samples": 1.5}, InvalidOptionType, "samples must be an int"),
    ({"seed": -1}, InvalidSettlement, "seed"),
    ({"seed": 2**64}, InvalidSettlement, "seed"),
    ({"exact_limit": -1}, InvalidSettlement, "exact_limit"),
    ({"executor": "not an executor", "exact_limit": 0}, InvalidOptionType, "executor"),
    ({"policy": "pat"}, InvalidOptionType, "policy must be callable"),
]


@pytest.mark.parametrize(("change", "error", "message"), BAD_ODDS, ids=str)
def test_draw_odds_rejects(change: dict[str, Any], error: type[BadugiError], message: str) -> None:
    arguments: dict[str, Any] = {"cards": "As 2h 3d Kd", "draws": 1} | change
    cards = arguments.pop("cards")
    with pytest.raises(error, match=message):
        bf.draw_odds(cards, **arguments)


BAD_EQUITY: list[tuple[dict[str, Any], type[BadugiError], str]] = [
    ({"hands": ["As 2h 3d Kd"]}, InvalidSettlement, "2..8 hands, not 1"),
    ({"hands": ["As 2h 3d Kd"] * 9}, InvalidSettlement, "not 9"),
    ({"hands": "As 2h 3d Kd"}, InvalidCardType, "list or tuple of hands"),
    ({"hands": ["As 2h 3d Kd", "As 7h 5d 2c"]}, InvalidCards, "As is in hands.0. and in hands.1."),
    ({"hands": ["As 2h 3d Kd", "8s 7h 5d"]}, InvalidCards, r"hands\[1\]: expected 4 cards"),
    ({"hands": ["As 2h 3d Kd", "8s 7h 5d 2c"], "game": "badacey"}, InvalidCards, "expected 5"),
    ({"discards": ["Kd"]}, InvalidSettlement, "one entry per hand"),
    ({"discards": "Kd"}, InvalidOptionType, "discards must be a list"),
    ({"discards": [None, "Kd"]}, InvalidCards, r"discard of hands\[1\]: Kd is not in the hand"),
    ({"dead": ["7h"]}, InvalidCards, r"7h is in hands\[1\] and in dead"),
]


@pytest.mark.parametrize(("change", "error", "message"), BAD_EQUITY, ids=str)
def test_equity_rejects(change: dict[str, Any], error: type[BadugiError], message: str) -> None:
    arguments: dict[str, Any] = {"hands": HANDS, "draws": 1} | change
    hands = arguments.pop("hands")
    with pytest.raises(error, match=message):
        bf.equity(hands, **arguments)


def test_p_at_least_checks_its_hand() -> None:
    odds = bf.draw_odds("As 2h 3d Kd", draws=1)
    assert odds.p_at_least("Ks Qh Jd Tc") == pytest.approx(10 / 48)
    assert odds.p_at_least(bf.Hand("4c 3d 2h As")) == pytest.approx(1 / 48)
    assert odds.p_at_least(1092) == pytest.approx(1)
    with pytest.raises(InvalidSettlement, match=r"hand must be 1\.\.1092"):
        odds.p_at_least(5000)
    with pytest.raises(InvalidOptionType, match="hand must be a Hand"):
        odds.p_at_least(bf.AceFiveHand("As 2h 3d 4c 5s"))


def test_lowball_odds_have_no_badugi() -> None:
    odds = bf.draw_odds("7s 5h 4d 3c Kc", game="deuce-seven-triple-draw", draws=1)
    assert odds.p_at_least(bf.DeuceSevenHand("7s 5h 4d 3c 2c")) == pytest.approx(4 / 47)
    with pytest.raises(InvalidSettlement, match="has no Badugi half"):
        odds.p_badugi  # noqa: B018


def test_policy_discard_checks_its_input() -> None:
    assert bf.policy_discard("As 2h 3d Kd") == (bf.Card("Kd"),)
    assert bf.policy_discard("8s 5h 4d 3c 2c", game="badacey") == ()
    with pytest.raises(InvalidCards, match="expected 5 cards"):
        bf.policy_discard("As 2h 3d Kd", game="badeucey")
    with pytest.raises(InvalidSettlement, match="poker"):
        bf.policy_discard("As 2h 3d Kd", game="poker")


def test_the_policy_kernel_words_its_refusals() -> None:
    """What position() checks first, the C policy refuses too, worded from its table."""
    with pytest.raises(InvalidCards, match="refused the hand: a card"):
        kernels.builtin_discard(GAMES["badugi"], 0, (0, 0, 4, 8))
