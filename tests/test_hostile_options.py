"""Hostile hand options and hand histories: each is played or refused with a named error.

A bad option value raises ``InvalidOption`` (a ``ValueError``, and an ``InvalidSettlement``
for code that caught those), a wrong type ``InvalidOptionType`` (a ``TypeError``); a bad
hand history raises ``InvalidHistory``. None may recurse, overflow, or be accepted because
an equal-looking option was accepted before (docs/rules.md, "How a hand is played" and
"Hand histories").
"""

from __future__ import annotations

from pathlib import Path
from typing import Any

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast import phh
from badugi_fast.cli import MAX_ERROR_LENGTH, main
from badugi_fast.engine import Action, HandState
from badugi_fast.engine.rules import MAX_RAISES
from badugi_fast.errors import InvalidOption
from badugi_fast.phh.toml import MAX_DEPTH
from badugi_fast.vector import VectorGame

KING_BADUGI = ["Ks", "Qh", "Jd", "Tc"]
KING_RANK = bf.evaluate(KING_BADUGI)


@pytest.mark.parametrize(
    "qualifier",
    [set(KING_BADUGI), np.array([bf.Card(text) for text in KING_BADUGI]), list(KING_BADUGI)],
    ids=["set", "array", "list"],
)
def test_an_unhashable_qualifier_that_settle_accepts_plays(qualifier: Any) -> None:
    seats = [bf.Seat(2, cards="As 2c 3h 4d"), bf.Seat(2, cards="Ks Qs Js Ts")]
    assert bf.settle(seats, qualifier=qualifier).payouts == (4, 0)
    for seed in range(20):  # the hands pay as with the qualifier given as a rank
        state = _played_out(HandState(stacks=[100] * 3, seed=seed, qualifier=qualifier))
        reference = _played_out(HandState(stacks=[100] * 3, seed=seed, qualifier=KING_RANK))
        assert state.result == reference.result


def test_a_numpy_integer_qualifier_plays_and_is_written_as_its_rank() -> None:
    for seed in range(20):
        state = _played_out(HandState(stacks=[100] * 3, seed=seed, qualifier=np.int64(KING_RANK)))
        reference = _played_out(HandState(stacks=[100] * 3, seed=seed, qualifier=KING_RANK))
        assert state.result == reference.result
        assert phh.dumps(phh.from_state(state)) == phh.dumps(phh.from_state(reference))


def _played_out(state: HandState) -> HandState:
    """The hand played to its end: every seat checks or calls and stands pat."""
    while not state.is_over:
        if state.legal_actions().can_draw:
            state.draw([])
        else:
            state.check_or_call()
    return state


@pytest.mark.parametrize(
    ("options", "error", "named"),
    [
        ({"game": {}}, bf.InvalidOptionType, "game"),
        ({"game": ["badugi"]}, bf.InvalidOptionType, "game"),
        ({"blinds": [[1], [2]]}, bf.InvalidOptionType, "small blind"),
        ({"dealer": bytearray(b"auto")}, bf.InvalidOptionType, "dealer"),
        ({"dealer": np.array(["auto"])}, bf.InvalidOptionType, "dealer"),
        ({"odd_unit_to": ["low"]}, bf.InvalidOptionType, "odd_unit_to"),
        ({"odd_unit_to": np.array(["low", "x"])}, bf.InvalidOptionType, "odd_unit_to"),
        ({"betting": np.array(["no-limit", "x"])}, bf.InvalidOptionType, "betting"),
        ({"qualifier": {"Ks", "Qh"}}, bf.InvalidCards, "qualifier"),
        ({"qualifier": [["Ks"]]}, bf.InvalidCardType, "qualifier"),
    ],
)
def test_an_unhashable_bad_option_is_named(
    options: dict[str, Any], error: type[Exception], named: str
) -> None:
    with pytest.raises(error, match=named):
        HandState(stacks=[100] * 3, seed=1, **options)


@pytest.mark.parametrize(
    ("dead_money", "error"),
    [
        (-1, bf.InvalidOption),
        (2**53 + 1, bf.InvalidOption),
        (1.0, bf.InvalidOptionType),
        (True, bf.InvalidOptionType),
        ("5", bf.InvalidOptionType),
    ],
)
def test_bad_dead_money_is_named(dead_money: Any, error: type[Exception]) -> None:
    with pytest.raises(error, match="dead_money"):
        HandState(stacks=[100] * 3, seed=1, dead_money=dead_money)


@pytest.mark.parametrize(
    ("options", "named"),
    [
        ({"button": 0.0}, "button"),
        ({"antes": 0.0}, "antes"),
        ({"cap_heads_up": 0}, "cap_heads_up"),
        ({"badeucey_aces_low": 0}, "badeucey_aces_low"),
        ({"blinds": (1.0, 2.0)}, "small blind"),
        ({"blinds": (np.float64(1), 2)}, "small blind"),
        ({"blinds": (1, np.bool_(True))}, "big blind"),
        ({"antes": np.bool_(False)}, "antes"),
        ({"max_raises": 3.0}, "max_raises"),
        ({"qualifier": (0.0, 5.0, 10.0, 15.0)}, "qualifier"),
    ],
)
def test_an_option_equal_to_an_accepted_one_is_still_checked(
    options: dict[str, Any], named: str
) -> None:
    """The setup cache must not let 0.0 through because 0 came first."""
    HandState(stacks=[100] * 3, seed=1, qualifier=(0, 5, 10, 15))
    HandState(stacks=[100] * 3, seed=1)
    with pytest.raises(TypeError, match=named) as caught:
        HandState(stacks=[100] * 3, seed=1, **options)
    assert isinstance(caught.value, bf.BadugiError)


@pytest.mark.parametrize("max_raises", [MAX_RAISES + 1, 2**31, 2**63, 2**64])
def test_max_raises_is_bounded(max_raises: int) -> None:
    with pytest.raises(InvalidOption, match=rf"max_raises must be 0\.\.{MAX_RAISES}"):
        HandState(stacks=[100] * 3, seed=1, max_raises=max_raises)
    with pytest.raises(InvalidOption, match="max_raises"):
        bf.BettingRules(max_raises=max_raises)


def test_the_largest_max_raises_plays() -> None:
    state = HandState(stacks=[100] * 3, seed=1, max_raises=MAX_RAISES)
    assert state.rules.max_raises == MAX_RAISES
    state.raise_to(4)
    assert state.legal_actions().min_raise_to == 6


def _history(actions: str, *extra: str, variant: str = "XFB") -> str:
    return "\n".join(
        [
            f'variant = "{variant}"',
            "antes = [0, 0]",
            "blinds_or_straddles = [1, 2]",
            "small_bet = 2",
            "big_bet = 4",
            "starting_stacks = [100, 100]",
            f"actions = [{actions}]",
            *extra,
        ]
    )


def _replay_error(tmp_path: Path, capsys: pytest.CaptureFixture[str], text: str) -> str:
    path = tmp_path / "hostile.phh"
    path.write_text(text)
    status = main(["replay", str(path)])
    captured = capsys.readouterr()
    assert status in (1, 2)  # 1: the hand is refused, named on stdout; 2: the file is not PHH
    error, other = (captured.out, captured.err) if status == 1 else (captured.err, captured.out)
    assert other == ""
    error = error.strip()
    assert "\n" not in error
    assert len(error) <= MAX_ERROR_LENGTH
    return error


def test_a_history_with_a_huge_max_raises_is_one_line(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _history('"d dh p1 As2c3h4d"', "_max_raises = 3000000000")
    with pytest.raises(bf.InvalidHistory, match="max_raises"):
        phh.replay(phh.loads(text))
    assert "max_raises" in _replay_error(tmp_path, capsys, text)


@pytest.mark.parametrize(
    "nested",
    [
        "[" * 600 + "]" * 600,
        "{a = " * 600 + "1" + "}" * 600,
        "[" * (MAX_DEPTH + 1) + "]" * (MAX_DEPTH + 1),
    ],
    ids=["arrays", "tables", "just-too-deep"],
)
def test_deeply_nested_toml_is_refused(
    nested: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    text = _history('"d dh p1 As2c3h4d"', f"_note = {nested}")
    with pytest.raises(bf.InvalidHistory, match=f"nested more than {MAX_DEPTH} deep"):
        phh.loads(text)
    with pytest.raises(bf.InvalidHistory, match="nested"):
        phh.loads_all("[1]\n" + text)
    assert "nested" in _replay_error(tmp_path, capsys, text)


def test_deeply_nested_dotted_keys_are_refused() -> None:
    dotted = ".".join(["a"] * 600)
    with pytest.raises(bf.InvalidHistory, match="nested"):
        phh.loads(_history('"d dh p1 As2c3h4d"', f"_{dotted} = 1"))


def test_toml_nested_to_the_limit_round_trips() -> None:
    nested = "[" * MAX_DEPTH + "]" * MAX_DEPTH
    history = phh.loads(_history('"d dh p1 As2c3h4d"', f"_note = {nested}"))
    assert phh.loads(phh.dumps(history)) == history


def test_a_history_with_a_too_deep_user_field_is_refused() -> None:
    deep: list[Any] = []
    for _ in range(2000):
        deep = [deep]
    history = phh.loads(_history('"d dh p1 As2c3h4d"'))
    with pytest.raises(bf.InvalidHistory, match="nested"):
        phh.HandHistory(**{**vars(history), "user_fields": {"_note": deep}})


@pytest.mark.parametrize(
    ("data", "named"),
    [
        ([("variant", "FB")], "a table of fields"),
        ("variant", "a table of fields"),
        (None, "a table of fields"),
        ({1: 2, "variant": "FB"}, "1"),
        ({("variant",): "FB"}, "variant"),
    ],
)
def test_from_dict_refuses_what_is_not_a_table_of_named_fields(data: Any, named: str) -> None:
    with pytest.raises(bf.InvalidHistory, match=named):
        phh.HandHistory.from_dict(data)


@pytest.mark.parametrize("amount", ["\u0664", "\uff14", "4_0", "\u09e7\u09e6"])
def test_a_phh_amount_is_ascii_digits(amount: str) -> None:
    text = _history(f'"d dh p1 As2c3h4d", "d dh p2 6s7c8h9d", "p2 cbr {amount}"')
    with pytest.raises(bf.InvalidHistory, match="not an amount"):
        phh.replay(phh.loads(text))


def test_the_blinds_that_make_the_default_bets_too_large_are_named() -> None:
    with pytest.raises(InvalidOption, match="big blind") as caught:
        HandState(stacks=[2**52] * 2, blinds=(2**53, 2**53), seed=1)
    assert "big_bet must" not in str(caught.value)
    with pytest.raises(InvalidOption, match="small_bet"):
        HandState(stacks=[2**52] * 2, small_bet=2**53, seed=1)
    state = HandState(stacks=[2**52] * 2, blinds=(2**53, 2**53), big_bet=2**53, seed=1)
    assert state.rules.small_bet == 2**53


def test_a_manual_dealer_refuses_a_deck() -> None:
    with pytest.raises(InvalidOption, match="deck"):
        HandState(stacks=[100] * 3, dealer="manual", deck=list(range(52)), seed=1)


@pytest.mark.parametrize("kind", ["bet", "raise"])
def test_an_action_to_raise_without_an_amount_says_so(kind: Any) -> None:
    state = HandState(stacks=[100] * 3, seed=1)
    with pytest.raises(bf.IllegalAction, match=f"{kind} needs the total") as caught:
        state.apply(Action(kind, state.actor, None))
    assert "-1" not in str(caught.value)
    assert state.history == HandState(stacks=[100] * 3, seed=1).history


@pytest.mark.parametrize(
    ("call", "error"),
    [
        (lambda: HandState(stacks=[100] * 3, blinds=(2, 1)), "blind"),
        (lambda: HandState(stacks=[100] * 3, dealer="robot"), "dealer"),
        (lambda: HandState(stacks=[100] * 3, seed=2**64), "seed"),
        (lambda: HandState(stacks=[100] * 9), "seats"),
        (lambda: HandState(game="chess"), "game"),
        (lambda: HandState(betting="spread-limit"), "betting"),
        (lambda: HandState(big_bet_from=5), "big_bet_from"),
        (lambda: HandState(blinds=(0, 0)), "small_bet"),
        (lambda: HandState(game="deuce-seven-triple-draw", qualifier=5), "qualifier"),
        (lambda: HandState(odd_unit_to="high"), "odd_unit_to"),
        (lambda: bf.settle([bf.Seat(1), bf.Seat(1)], odd_unit_to="high"), "odd_unit_to"),
        (lambda: bf.settle([bf.Seat(1), bf.Seat(1)], qualifier=0), "qualifier"),
        (lambda: bf.equity(["As2c3h4d", "5s6c7h8d"], draws=4), "draws"),
        (lambda: bf.equity(["As2c3h4d"]), "hands"),
        (lambda: bf.draw_odds("As2c3h4d", draws=0, discard="As"), "draw"),
        (lambda: bf.show_order([0, 1], button=9), "button"),
    ],
)
def test_a_bad_option_value_raises_invalid_option(call: Any, error: str) -> None:
    with pytest.raises(InvalidOption, match=error) as caught:
        call()
    assert isinstance(caught.value, bf.InvalidSettlement)  # still caught as before
    assert isinstance(caught.value, ValueError)


def test_invalid_option_is_exported() -> None:
    assert bf.InvalidOption is InvalidOption
    assert "InvalidOption" in bf.__all__


@pytest.mark.parametrize(
    "options",
    [{"blinds": list(range(10**5))}, {"mucking": "y" * 10**5}, {"dealer": "x" * 10**5}],
    ids=["blinds", "mucking", "dealer"],
)
def test_a_huge_bad_option_gives_a_short_error(options: dict[str, Any]) -> None:
    with pytest.raises(bf.BadugiError) as caught:
        HandState(stacks=[100] * 3, seed=1, **options)
    assert len(str(caught.value)) < 120


def test_a_list_where_a_tuple_will_do_still_shares_its_checked_setup() -> None:
    """Tables pass their options to every hand: blinds=[1, 2] must not re-check each one."""
    first = HandState(stacks=[100] * 3, seed=1, blinds=[1, 2], qualifier=[0, 5, 10, 15])
    second = HandState(stacks=[100] * 3, seed=2, blinds=[1, 2], qualifier=[0, 5, 10, 15])
    assert first._setup is second._setup
    assert first.blinds == (1, 2)
    assert first.qualifier == (0, 5, 10, 15)


@pytest.mark.parametrize(
    "listed",
    [b"\x64\x64", bytearray(b"\x64\x64"), memoryview(b"\x64\x64"), {100, 90}, {0: 100, 1: 90}, 100],
    ids=["bytes", "bytearray", "memoryview", "set", "dict", "int"],
)
def test_a_list_option_is_a_sequence_and_never_bytes(listed: Any) -> None:
    """Bytes are a sequence of ints and a dict iterates its keys: stacks of b"dd" once sat
    two players of 100 chips at a Table and in simulate(), and a set sat them in no order;
    each list option refuses them by name, as it refuses an int."""
    kind = type(listed).__name__
    for make in (
        lambda: HandState(stacks=listed),
        lambda: bf.Table(listed),
        lambda: bf.simulate(2, ["random"] * 2, stacks=listed),
    ):
        with pytest.raises(
            bf.InvalidOptionType, match=f"^stacks must be a list of ints, not {kind}$"
        ):
            make()
    with pytest.raises(
        bf.InvalidOptionType, match=f"^raise_fractions must be a list of numbers, not {kind}$"
    ):
        VectorGame(1, betting="no-limit", raise_fractions=listed)
    assert bf.Table(range(100, 102)).stacks == (100, 101)  # any other sequence still is one
