"""What a player types into the range language, read as he meant it or refused by name:
Unicode lookalikes and weights past the bounds (issue 41, items 10 and 11), a hand with
a mistyped card or a card short, and ProPokerTools' habits (issue 38: ``A2xx``,
``$low86``, percentages). The new macros and percentages are counted against brute force
in tests/test_ranges.py's tables.
"""

from __future__ import annotations

import pytest

import badugi_fast as bf
from badugi_fast.cli import main
from badugi_fast.errors import InvalidOption, InvalidRange
from badugi_fast.ranges import Range

HERO = "As 2h 3d Kd"

LOOKALIKES = {
    "Cyrillic A": ("\u0410" + "23", 0, "CYRILLIC CAPITAL LETTER A"),
    "fullwidth A": ("\uff21", 0, "FULLWIDTH LATIN CAPITAL LETTER A"),
    "Greek rank variable": ("A\u03a1\u03a1", 1, "GREEK CAPITAL LETTER RHO"),
    "fullwidth suit": ("A\uff53", 1, "FULLWIDTH LATIN SMALL LETTER S"),
    "Kelvin sign in a macro": ("$badugi\u212a", 7, "KELVIN SIGN"),
    "Arabic-Indic digits in a weight": ("\u0660.5:A", 0, "ARABIC-INDIC DIGIT ZERO"),
    "a rank list": ("[\uff21,2]", 1, "FULLWIDTH LATIN CAPITAL LETTER A"),
}


@pytest.mark.parametrize("case", LOOKALIKES)
def test_a_lookalike_letter_is_refused_with_its_name_and_place(case: str) -> None:
    """Cyrillic A23 read as 17,248 hands and a fullwidth A as every hand."""
    text, position, name = LOOKALIKES[case]
    with pytest.raises(InvalidRange, match=name) as caught:
        Range.parse(text)
    assert caught.value.position == position
    with pytest.raises(InvalidRange, match=name):
        bf.equity([HERO, text], draws=0)


def test_only_ascii_capitals_are_rank_variables() -> None:
    assert len(Range.parse("ARR")) == len(Range.parse("AOO"))
    with pytest.raises(InvalidRange, match="only ASCII letters are ranks, suits and variables"):
        Range.parse("\u0410")


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


@pytest.mark.parametrize("text", ["Zs 5h 6d 7c", "Zs5h6d7c", "5h 6d Zs 7c", "1s,5h,6d,7c"])
def test_a_hand_with_a_mistyped_card_is_refused_by_the_token(text: str, capsys: object) -> None:
    """It read as a range of 10 hands, and equity() answered as if it were a hand."""
    token = "Zs" if "Z" in text else "1s"
    with pytest.raises(InvalidRange, match=f"bad card '{token}'") as caught:
        bf.equity([HERO, text], draws=0)
    assert caught.value.position == text.index(token)
    with pytest.raises(InvalidRange, match=rf"write it in parentheses: \({text}\)"):
        Range.parse(text)
    assert main(["equity", HERO, text]) == 2


def test_a_range_shaped_like_a_hand_on_purpose() -> None:
    assert len(Range.parse("(Zs 5h 6d 7c)")) == 10
    assert len(Range.parse("*s *h *d *c")) == 13**4  # no token is a mistyped card
    assert len(Range.parse("Ax Ky Qz Jw")) == 24  # suit variables are not suits


def test_a_hand_a_card_short_is_refused_as_equity_refuses_it() -> None:
    """Range.parse("As 2h 3d") read 49 hands."""
    with pytest.raises(InvalidRange, match=r"a badugi hand a card short.*'As 2h 3d \*'"):
        Range.parse("As 2h 3d")
    with pytest.raises(InvalidRange, match="a badacey hand a card short"):
        Range.parse("As 2h 3d 4c", game="badacey")
    assert len(Range.parse("As 2h 3d *")) == 49
    assert len(Range.parse("As 2h")) == bf.Range.parse("As2h").count() == 1_225
    with pytest.raises(bf.InvalidCards):
        bf.equity([HERO, "As 2h 3d"])


@pytest.mark.parametrize(
    ("text", "meant", "literal"),
    [("A2xx", "A2**", "A2x*x"), ("Axxx", "A***", "Ax*x*x"), ("K, AAxx", "K, AA**", "K, AAx*x")],
)
def test_forum_shorthand_is_refused_with_both_spellings(
    text: str, meant: str, literal: str
) -> None:
    """A2xx ("an ace, a deuce and any two") read as 7,918 Badugi hands: a deuce and
    another card of one suit."""
    with pytest.raises(InvalidRange, match="x is a suit variable") as caught:
        Range.parse(text)
    assert f"{meant!r}" in str(caught.value) and f"{literal!r}" in str(caught.value)
    assert len(Range.parse("A2**")) == 17_316
    assert len(Range.parse("A2x*x")) == 7_918


def test_suit_variables_as_the_syntax_means_them_stay() -> None:
    for text, count in (("xxyy", 36_504), ("wxyz", 28_561), ("AxKx", 4_894), ("AxAyxy", 864)):
        assert len(Range.parse(text)) == count, text


@pytest.mark.parametrize(
    ("text", "game", "message"),
    [
        ("$low68", "deuce-seven-triple-draw", "each card must be lower than the one before"),
        ("$badugi87654", "badugi", "a hand of this class has 4 cards"),
        ("$low87654", "deuce-seven-triple-draw", "no unpaired low has 87654"),
        ("$pat8", "badugi", "takes no rank"),
        ("0%", "badugi", "0% is not a share"),
        ("101%", "badugi", "101% is not a share"),
        ("10%-5%", "badugi", "the first share must be the smaller"),
    ],
)
def test_macro_and_percent_mistakes(text: str, game: str, message: str) -> None:
    with pytest.raises(InvalidRange, match=message) as caught:
        Range.parse(text, game=game)  # type: ignore[arg-type]
    assert caught.value.position == 0


def test_more_top_cards_as_players_say_them() -> None:
    """$low86 and $badugi86 are counted in tests/test_ranges.py; here, the worst hand the
    top cards allow is the same hand however many of its cards are named."""

    def leaf(text: str, game: str = "deuce-seven-triple-draw") -> object:
        return Range.parse(text, game=game)._program  # type: ignore[arg-type]

    assert leaf("$low8") == leaf("$low8765")  # 8-7-6-5-4 is a straight: the worst is 8-7-6-5-3
    assert leaf("$low8", "ace-five-triple-draw") == leaf("$low8765", "ace-five-triple-draw")
    assert leaf("$badugi8", "badugi") == leaf("$badugi876", "badugi")
    assert leaf("$low86") != leaf("$low8")
