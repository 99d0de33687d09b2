"""Reading and writing PHH text: round trips, the notation, bad files (PokerKit's own files:
test_phh_pokerkit.py)."""

from __future__ import annotations

import datetime
import io
from pathlib import Path
from typing import Any

import pytest
from hypothesis import given
from hypothesis import strategies as st
from test_phh_replay import GOOD

from badugi_fast import phh
from badugi_fast.errors import InvalidHistory, InvalidOptionType
from badugi_fast.phh import notation

DATA = Path(__file__).parent / "data"
SPEC_EXAMPLE = DATA / "phh-std-yockey-arieh.phh"
MINIMAL = GOOD[: GOOD.index("actions")] + 'actions = ["d dh p1 As2c3h4d"]\n'
"""A three-player ``FB`` hand that has only just started."""


def test_the_specification_example_loads_and_round_trips() -> None:
    with SPEC_EXAMPLE.open("rb") as file:
        history = phh.load(file)
    assert history.variant == "F2L3D" and history.player_count == 4
    assert history.players == ("Bryce Yockey", "Phil Hui", "John Esposito", "Josh Arieh")
    assert history.actions[1] == "d dh p2 ??????????"
    assert phh.loads(phh.dumps(history)) == history


def test_every_field_and_user_fields_survive() -> None:
    history = phh.HandHistory(
        variant="XNB",
        antes=(0, 0),
        blinds_or_straddles=(1, 2),
        min_bet=2,
        starting_stacks=(100, 250.5),
        actions=("d dh p1 As2c3h4d # first", "", "# a comment"),
        author='Ann "A" Lee',
        event="Home game\nnight",
        time=datetime.time(21, 5, 7),
        time_zone="Europe/London",
        time_zone_abbreviation="GMT",
        day=30,
        month=11,
        year=2026,
        hand=7,
        level=3,
        seats=(2, 5),
        seat_count=6,
        table="Main",
        players=("Ann", ""),
        finishing_stacks=(98, 252.5),
        winnings=(0, 2),
        currency="USD",
        currency_symbol="$",
        ante_trimming_status=False,
        time_limit=30,
        time_banks=(60, 60.5),
        user_fields={"_note": {"a b": [1, 2.5]}, "_when": datetime.date(2026, 11, 30)},
    )
    text = phh.dumps(history)
    assert phh.loads(text) == history
    buffer = io.StringIO()
    phh.dump(history, buffer)
    assert phh.load(io.StringIO(buffer.getvalue())) == history


def test_unknown_plain_fields_are_kept_with_a_warning() -> None:
    with pytest.warns(UserWarning, match="'colour'"):
        history = phh.loads(MINIMAL + 'colour = "red"\n')
    assert history.user_fields == {"colour": "red"}


@pytest.mark.parametrize(
    ("line", "expected"),
    [
        (
            "d dh p1 As2c??",
            notation.Notation(
                "dh", 0, (notation.parse_cards("As2c")[0], notation.parse_cards("2c")[0], None)
            ),
        ),
        ("p3 cbr 450000", notation.Notation("cbr", 2, amount=450000)),
        (
            "p2 cbr 2.5 # small",
            notation.Notation("cbr", 1, amount=notation.parse_amount("2.5"), commentary="small"),
        ),
        ("  p1   sd  ", notation.Notation("sd", 0)),
        ("p1 sm -", notation.Notation("sm", 0, shown_as_dealt=True)),
        ("p4 sm", notation.Notation("sm", 3)),
        (
            "# Burn card 6s is exposed",
            notation.Notation("noop", commentary="Burn card 6s is exposed"),
        ),
        ("", notation.Notation("noop")),
    ],
)
def test_notation_reads_each_form(line: str, expected: notation.Notation) -> None:
    parsed = notation.parse_line(line)
    assert parsed == expected
    assert notation.parse_line(notation.format_line(parsed)) == parsed


@pytest.mark.parametrize(
    ("line", "reason"),
    [
        ("x1 f", "not an actor"),
        ("p0 f", "not an actor"),
        ("p1 raise 4", "not a player action"),
        ("p1 cbr", "takes 1 arguments"),
        ("p1 cbr -4", "not a positive amount"),
        ("p1 cbr four", "not an amount"),
        ("p1 f now", "takes 0 arguments"),
        ("d dh p1 As2", "two-character cards"),
        ("d dh p1 Asas", "'as' is not a card"),
        ("d dh p1 AsAs", "appears twice"),
        ("d dh p1 ?s2c", "'?s' is not a card"),
        ("d dh 1 As", "not a player"),
        ("d xx", "dealer action"),
    ],
)
def test_bad_notation_says_why(line: str, reason: str) -> None:
    with pytest.raises(ValueError, match=reason):
        notation.parse_line(line)


@pytest.mark.parametrize(
    ("text", "message"),
    [
        (MINIMAL[:-10], "not valid TOML: Unterminated string .* after line 7"),
        (MINIMAL.replace('"FB"', '"NT"'), "'NT' is not a variant"),
        (
            MINIMAL.replace("antes = [0, 0, 0]", "antes = [0, 0]"),
            "'antes': 2 entries for 3 players",
        ),
        (MINIMAL + 'players = ["a"]\n', "'players': 1 entries for 3 players"),
        (MINIMAL.replace("small_bet = 2\n", ""), "'small_bet' is required"),
        (MINIMAL + "min_bet = 2\n", "'min_bet' is not used by variant 'FB'"),
        (MINIMAL.replace("big_bet = 4", 'big_bet = "4"'), "'big_bet': expected a number"),
        (MINIMAL.replace('actions = ["d dh p1 As2c3h4d"]', "actions = [1]"), "'actions'"),
        (MINIMAL.replace('variant = "FB"\n', ""), "'variant' is missing"),
        (MINIMAL.replace("[100, 100, 100]", "[]"), "no players"),
        (MINIMAL + "day = 1.5\n", "'day': expected an integer"),
    ],
)
def test_bad_files_give_one_clear_error(text: str, message: str) -> None:
    with pytest.raises(InvalidHistory, match=message):
        phh.loads(text)


def test_bad_hand_in_phhs_is_named() -> None:
    good = "[1]\n" + MINIMAL
    bad = "\n[2]\n" + MINIMAL.replace('"FB"', '"FT"')
    with pytest.raises(InvalidHistory, match=r"hand \[2\]: field 'variant'"):
        phh.loads_all(good + bad)
    with pytest.raises(InvalidHistory, match=r"hand \[x\]: a .phhs file holds one table"):
        phh.loads_all("x = 1\n")


def test_non_utf8_file_is_refused() -> None:
    with pytest.raises(InvalidHistory, match="UTF-8"):
        phh.load(io.BytesIO(b'variant = "\xff"'))


@pytest.mark.parametrize("read", [phh.load, phh.load_all], ids=lambda read: read.__name__)
@pytest.mark.parametrize("path", ["hand.phh", Path("hand.phh")], ids=repr)
def test_a_path_given_to_load_says_to_open_it(read: Any, path: object) -> None:
    with pytest.raises(InvalidOptionType, match=rf"{read.__name__}\(\) reads an open file, not a"):
        read(path)


@pytest.mark.parametrize(
    "write",
    [phh.dumps, lambda bad: phh.dump(bad, io.StringIO()), lambda bad: phh.dumps_all([bad])],
    ids=["dumps", "dump", "dumps_all"],
)
def test_what_is_not_a_hand_history_is_not_written(write: Any) -> None:
    state = phh.replay(phh.loads(MINIMAL))
    for bad in (5, state, phh.loads(MINIMAL).to_dict()):
        with pytest.raises(InvalidOptionType, match="history must be a HandHistory, not"):
            write(bad)


ZONES = [None, datetime.timezone.utc, datetime.timezone(datetime.timedelta(hours=-5, minutes=-30))]
TOML_SCALARS = (
    st.text(max_size=12)
    | st.integers(min_value=-(2**63), max_value=2**63 - 1)
    | st.floats(allow_nan=False)
    | st.booleans()
    | st.times()
    | st.dates()
    | st.datetimes(timezones=st.sampled_from(ZONES))
)
TOML_VALUES = st.recursive(
    TOML_SCALARS,
    lambda inner: (
        st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3)
    ),
    max_leaves=8,
)


@given(
    st.dictionaries(st.text(max_size=8).map(lambda key: "_" + key), TOML_VALUES, max_size=4),
    st.lists(st.text(max_size=20).filter(lambda line: "\n" not in line), max_size=4),
)
def test_any_user_fields_and_action_text_survive_the_toml_writer(
    user_fields: dict[str, object], actions: list[str]
) -> None:
    history = phh.HandHistory(
        variant="FB",
        antes=(0, 0),
        blinds_or_straddles=(1, 2),
        small_bet=2,
        big_bet=4,
        starting_stacks=(10, 10),
        actions=tuple(actions),
        event="".join(actions),
        user_fields=user_fields,
    )
    assert phh.loads(phh.dumps(history)) == history
