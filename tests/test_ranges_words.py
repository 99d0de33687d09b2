"""Weights a player types into the range language (issue 41, item 11): each hand's weight
between 1e-18 and 1e18, and a weight past the bounds, written or multiplied, refused
naming the weights and the rule.
"""

from __future__ import annotations

import pytest

from badugi_fast.errors import InvalidOption, InvalidRange
from badugi_fast.ranges import Range

HERO = "As 2h 3d Kd"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("(1e-201:A):(1e-201:A)", "a weight is between 1e-18 and 1e18, not 1e-201"),
        ("(1e-10:A):(1e-10:A)", "the weights 1e-10 and 1e-10 multiply to 1e-20"),
        ("(1e10:A):(1e10:A)", "the weights 1e10 and 1e10 multiply to 1e20"),
        ("1e-9:(1e-5:(1e-5:A))", "the weights 1e-05 and 1e-05 and 1e-09 multiply to 1e-19"),
    ],
)
def test_weights_past_the_bounds_name_the_weights_and_the_rule(text: str, message: str) -> None:
    """An underflow read as an empty range without a word; an overflow said 'the range
    kernel refused the weights (error -1)'."""
    with pytest.raises(InvalidRange, match=message) as caught:
        len(Range.parse(text))
    assert "a hand's weight is 0 or between 1e-18 and 1e18" in str(caught.value) or (
        "not 1e-201" in str(caught.value)
    )


def test_weights_from_python_keep_the_same_bounds() -> None:
    big = Range.parse("A").weighted(1e10)
    with pytest.raises(InvalidRange, match="the weights 1e10 and 1e10 multiply to 1e20"):
        len(big & big)
    with pytest.raises(InvalidOption, match="between 1e-18 and 1e18"):
        Range.parse("A").weighted(1e19)
    with pytest.raises(InvalidOption, match="between 1e-18 and 1e18"):
        Range.from_hands([HERO], weights=[1e-300])
    assert Range.parse("1e-18:A, 1e18:K").weight("Ks Qh Jd Th") == 1e18


def test_a_weight_written_with_an_exponent_or_a_point() -> None:
    assert Range.parse("1e3:A, *").weight(HERO) == 1000.0
    assert Range.parse("2:A").weight(HERO) == 1.0  # 2 is a deuce: "a deuce and an ace"
    assert Range.parse("2E3") == Range.parse("2O3")  # a capital E is a rank variable
