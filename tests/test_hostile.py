"""Hostile input at every public entry point: one contract, checked in one place.

Every bad input raises a ``BadugiError`` that is also the documented builtin (``ValueError``
for bad values, ``TypeError`` for wrong types) and names the problem; nothing is silently
truncated, coerced or answered. The command line exits 2 with one short line.
(docs/rules.md, "Cards")
"""

from __future__ import annotations

import io
import json
import sys
from collections.abc import Callable
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast import phh
from badugi_fast.cli import MAX_ERROR_LENGTH, main
from badugi_fast.evaluation.batch import _raise_bad_row


class IntLike:
    """Has __int__ but is not an integer: must not be read as a card id."""

    def __int__(self) -> int:
        return 0

    def __repr__(self) -> str:  # the same test id in every process (pytest-xdist)
        return "IntLike()"


NOT_CARD_IDS = [
    np.float32(0.9),
    np.float16(0.0),
    Decimal("0.7"),
    Fraction(1, 3),
    IntLike(),
    True,
    False,
    np.True_,
    0.0,
    None,
]
FOUR = [5, 10, 15]
FIVE = [5, 10, 15, 20]
FOUR_CARD = [bf.evaluate, bf.Hand, bf.AceHighHand, bf.evaluate_badugi_ace_high]
FIVE_CARD = [
    bf.evaluate_badugi5,
    bf.evaluate_ace_five,
    bf.evaluate_deuce_seven,
    bf.AceFiveHand,
    bf.DeuceSevenHand,
]
ENTRY_POINTS: list[tuple[Callable[[Any], object], list[int]]] = [
    *((entry, FOUR) for entry in FOUR_CARD),
    *((entry, FIVE) for entry in FIVE_CARD),
    (lambda cards: bf.compare(cards, [4, 9, 14, 19]), FOUR),
]


@pytest.mark.parametrize(("entry", "rest"), ENTRY_POINTS)
@pytest.mark.parametrize("bad", NOT_CARD_IDS, ids=repr)
def test_only_true_integers_are_card_ids(
    entry: Callable[[Any], object], rest: list[int], bad: object
) -> None:
    for cards in ([bad, *rest], (*rest, bad), iter([bad, *rest])):
        with pytest.raises(bf.InvalidCardType) as raised:
            entry(cards)
        assert isinstance(raised.value, TypeError)


@pytest.mark.parametrize(("entry", "rest"), ENTRY_POINTS)
@pytest.mark.parametrize("bad", [b"0123", bytearray(b"01234"), memoryview(b"0123"), 7, None])
def test_bytes_and_non_iterables_are_not_hands(
    entry: Callable[[Any], object], rest: list[int], bad: object
) -> None:
    with pytest.raises(bf.InvalidCardType, match="not"):
        entry(bad)


@pytest.mark.parametrize(("entry", "rest"), ENTRY_POINTS)
def test_iterables_hold_the_same_contract_as_lists(
    entry: Callable[[Any], object], rest: list[int]
) -> None:
    valid = [0, *rest]
    assert entry(iter(valid)) == entry(valid) == entry(card for card in valid)
    assert entry(np.array(valid, dtype=np.int8)) == entry(valid)
    with pytest.raises(bf.InvalidCards, match="repeated card 2h"):
        entry(iter([5, *rest]))
    with pytest.raises(bf.InvalidCards, match="card id 52 is out of range"):
        entry(card for card in [52, *rest])
    with pytest.raises(bf.InvalidCards, match=r"expected \d( or \d)? cards, got 2"):
        entry(iter(rest[:2]))


@pytest.mark.parametrize("bad", [True, False, 0.5, Decimal(1), np.float32(1)], ids=repr)
def test_a_card_is_never_a_bool_or_a_float(bad: object) -> None:
    with pytest.raises(bf.InvalidCardType):
        bf.Card(bad)  # type: ignore[arg-type]


def test_huge_card_text_gives_a_short_error() -> None:
    with pytest.raises(bf.InvalidCards) as raised:
        bf.parse_cards("Z" * 1_000_000)
    assert len(str(raised.value)) < 120


@pytest.mark.parametrize(
    "batch", [bf.evaluate_many, bf.evaluate_badugi_ace_high_many, bf.evaluate_badugi5_many]
)
def test_batches_name_the_bad_row(batch: Callable[[Any], Any]) -> None:
    width = 5 if batch is bf.evaluate_badugi5_many else 4
    rows = np.array([list(range(width)), [7] * width])
    with pytest.raises(bf.InvalidCards, match=r"hands\[1\]: repeated card"):
        batch(rows)
    with pytest.raises(bf.InvalidCardType):
        batch(rows.astype(np.float32))


def test_a_row_changed_while_read_is_a_clear_error_not_an_assertion() -> None:
    # C refused row 0, but by the time the error is written it reads as a valid hand:
    # what a caller sees when another thread writes to the array during the C loop.
    valid = np.array([[0, 5, 10, 15]], dtype=np.uint8)
    with pytest.raises(bf.InvalidCards, match=r"hands\[0\] was not a valid hand when read"):
        _raise_bad_row(valid, 0)


NINE_RANK = bf.evaluate("9s 8h 7d 6c")
SEATS = [{"contributed": 10, "cards": "As 2c 3h 4d 7s"}, {"contributed": 10, "cards": [*FIVE, 25]}]


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"badeucey_aces_low": "false"}, bf.InvalidOptionType, "badeucey_aces_low must be a bool"),
        ({"badeucey_aces_low": 0}, bf.InvalidOptionType, "badeucey_aces_low must be a bool"),
        ({"odd_unit_to": "high"}, bf.InvalidSettlement, "odd_unit_to"),
        ({"qualifier": bf.Card("Ks")}, bf.InvalidOptionType, "not a Card"),
        ({"qualifier": True}, bf.InvalidOptionType, "not a bool"),
        ({"qualifier": np.True_}, bf.InvalidOptionType, "not a bool"),
        ({"qualifier": np.int64(0)}, bf.InvalidSettlement, "qualifier rank must be 1..1092, not 0"),
        ({"qualifier": 0}, bf.InvalidSettlement, "qualifier rank must be 1..1092, not 0"),
        ({"button": True}, bf.InvalidOptionType, "button"),
        ({"button": 2}, bf.InvalidSettlement, "button 2 is not a seat"),
        ({"unit": 1.0}, bf.InvalidOptionType, "unit"),
        ({"game": "holdem"}, bf.InvalidSettlement, "game must be one of"),
        ({"game": "deuce-seven-triple-draw", "qualifier": 500}, bf.InvalidSettlement, "no Badugi"),
    ],
)
def test_settle_options_are_checked_not_coerced(
    options: dict[str, Any], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        bf.settle(SEATS, **{"game": "badeucey", **options})


@pytest.mark.parametrize(
    ("seat", "error", "message"),
    [
        ({"contributed": 10, "folded": "yes"}, bf.InvalidOptionType, "folded must be a bool"),
        ({"contributed": 10.0, "cards": "Ks Qh Jd Tc 9s"}, bf.InvalidOptionType, "contributed"),
        ({"contributed": True, "cards": "Ks Qh Jd Tc 9s"}, bf.InvalidOptionType, "contributed"),
        ({"contributed": 10, "cards": b"Ks Qh Jd Tc 9s"}, bf.InvalidCardType, "seat 2"),
        ({"contributed": 10, "cards": "Ks Qh Jd Tc"}, bf.InvalidCards, "seat 2"),
        ({"contributed": 10, "cards": "As Qh Jd Tc 9s"}, bf.InvalidCards, "As appears also"),
        ({"contributed": 10, "bet\nx": 1}, bf.InvalidSettlement, "unknown key"),
        ("10:As", bf.InvalidOptionType, "seat 2"),
    ],
)
def test_settle_seats_are_checked(seat: object, error: type[Exception], message: str) -> None:
    with pytest.raises(error, match=message):
        bf.settle([*SEATS, seat], game="badeucey")  # type: ignore[list-item]


def test_settle_reads_cards_given_as_generators() -> None:
    seats = [
        {"contributed": 10, "cards": (card for card in [0, 5, 10, 15])},
        {"contributed": 10, "cards": iter([1, 6, 11, 19])},
    ]
    assert bf.settle(seats).payouts == (20, 0)
    folded = [
        {"contributed": 10, "cards": iter([0, 5, 10, 15])},
        {"contributed": 10, "folded": True},
    ]
    assert bf.settle(folded).payouts == (20, 0)


def run_cli(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str]:
    code = main(list(argv))
    return code, capsys.readouterr().err


def assert_one_short_line(code: int, err: str, message: str) -> None:
    assert code == 2
    assert err.count("\n") == 1 and len(err) <= MAX_ERROR_LENGTH + 20
    assert message in err


@pytest.mark.parametrize(
    "rank", [np.int64(NINE_RANK), np.uint16(NINE_RANK), np.array(NINE_RANK)], ids=repr
)
def test_settle_reads_a_numpy_integer_qualifier_as_a_raw_rank(rank: object) -> None:
    seats = [bf.Seat(100, cards="Ks Qh Jd Tc"), bf.Seat(100, cards="Kh Qd Jc 9s")]
    result = bf.settle(seats, qualifier=rank)  # type: ignore[arg-type]
    assert result == bf.settle(seats, qualifier=NINE_RANK)
    assert result.carried_over == 200  # neither king badugi reaches the nine


@pytest.mark.parametrize(
    ("document", "message"),
    [
        ("[" * 100_000 + "]" * 100_000, "nested too deeply"),
        ('{"seats": [], "bad\\nkey": 1}', "unknown key"),
        ('{"seats": [{"contributed": 1, "cards": "As 2c 3h 4d", "x\\ny": 0}]}', "unknown key"),
        ('{"seats": [], "badeucey_aces_low": "false"}', "must be a bool"),
        ("{", "not JSON"),
        ('"text"', "must be an object"),
    ],
)
def test_cli_bad_json(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, document: str, message: str
) -> None:
    monkeypatch.setattr(sys, "stdin", io.StringIO(document))
    assert_one_short_line(*run_cli(capsys, "showdown", "--file", "-"), message)


@pytest.mark.parametrize("stdin", [None, "closed"])
def test_cli_closed_stdin(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch, stdin: str | None
) -> None:
    stream = None
    if stdin == "closed":
        stream = io.StringIO(json.dumps({"seats": []}))
        stream.close()
    monkeypatch.setattr(sys, "stdin", stream)
    assert_one_short_line(*run_cli(capsys, "showdown", "--file", "-"), "standard input is closed")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["showdown", "--demo", "--players", "0"], "players must be 2..8"),
        (["showdown", "--demo", "--players", "-3"], "players must be 2..8"),
        (["eval", "Z" * 1_000_000], "is not a rank"),
        (["showdown", "1" * 1_000_000 + ":As2c3h4d", "1:Ks2h3d4c"], "seat"),
        (["showdown", "--file", "/nonexistent/hand.json"], "No such file"),
        (["showdown", "10:As2c3h4d", "10:As2c3h4d"], "appears"),
    ],
)
def test_cli_bad_arguments(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    assert_one_short_line(*run_cli(capsys, *argv), message)


def test_every_public_error_is_a_badugi_error_and_a_builtin() -> None:
    for error in (bf.InvalidCards, bf.InvalidSettlement, bf.IllegalAction, bf.InvalidHistory):
        assert issubclass(error, bf.BadugiError) and issubclass(error, ValueError)
    for error in (bf.InvalidCardType, bf.InvalidOptionType):
        assert issubclass(error, bf.BadugiError) and issubclass(error, TypeError)


@pytest.mark.parametrize("bad", [True, 1.0, np.float32(1)], ids=repr)
def test_the_engine_takes_no_bool_or_float_as_a_card(bad: object) -> None:
    state = bf.HandState(stacks=[100, 100], button=0, deck=[0, 1, *range(4, 52)])
    while state.phase != "draw":
        state.check_or_call()
    state.stand_pat()  # the big blind (As); now the button, who holds Ah: True would be card 1
    seat = state.actor
    assert seat is not None and bf.Card("Ah") in state.hole_cards(seat)
    before = state.copy()
    with pytest.raises(bf.InvalidCardType):
        state.draw([bad])
    assert state.hole_cards(seat) == before.hole_cards(seat) and state.actor == before.actor


def _hand() -> bf.HandState:
    return bf.HandState(stacks=[100, 100, 100], seed=1)


@pytest.mark.parametrize(
    ("attempt", "error", "message"),
    [
        (lambda: _hand().fold(seat=True), bf.IllegalAction, "seat True is not to act"),
        (lambda: _hand().check_or_call(seat=0.0), bf.IllegalAction, "seat 0.0 is not to act"),
        (lambda: _hand().apply("raise ²"), bf.IllegalAction, "say the total"),
        (lambda: _hand().apply("raise " + "9" * 5000), bf.IllegalAction, "say the total"),
        (lambda: _hand().apply("x" * 100_000), bf.IllegalAction, "unknown action"),
        (lambda: _hand().raise_to(10**5000), bf.IllegalAction, "over 19 digits is above"),
        (lambda: bf.HandState(stacks=[100, 100], seed=2**64), bf.InvalidSettlement, "seed"),
        (lambda: bf.HandState(stacks=[100, 100], small_bet=0), bf.InvalidSettlement, "at least 1"),
        (lambda: bf.HandState(stacks=[10**20, 1]), bf.InvalidSettlement, "seat 0: stack"),
        (lambda: bf.HandState(stacks=[2**53, 1]), bf.InvalidSettlement, "holds over"),
        (lambda: bf.HandState(stacks=[9, 9], blinds=(1, 2**64)), bf.InvalidSettlement, "big blind"),
        (lambda: bf.HandState(stacks=[9, 9], antes=2**60), bf.InvalidSettlement, "antes"),
        (lambda: bf.HandState(stacks=[9, 9], small_bet=2**60), bf.InvalidSettlement, "small_bet"),
        (lambda: _hand().raise_to(-(10**30)), bf.IllegalAction, "below the minimum"),
        (lambda: _hand().draw([2**70]), bf.IllegalAction, "no draw action now"),
        (lambda: bf.show_order(3, button=1), bf.InvalidOptionType, "iterable of seats"),
        (lambda: bf.Table([100, 100]).leave(1.0), bf.InvalidOptionType, "seat 1.0"),
        (lambda: bf.settle(SEATS, game="x" * 10_000), bf.InvalidSettlement, "game must be"),
    ],
)
def test_engine_options_and_actions_are_checked(
    attempt: Callable[[], object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message) as raised:
        attempt()
    assert len(str(raised.value)) < 300


def test_a_table_seed_wraps_instead_of_overflowing() -> None:
    table = bf.Table([100, 100], seed=2**64 - 1)
    table.play(3, [bf.engine.calling_station(1), bf.engine.calling_station(2)])
    assert sum(table.stacks) == 200


def test_a_hand_history_with_a_huge_amount_is_refused_at_once() -> None:
    text = "\n".join(
        [
            'variant = "FB"',
            "antes = [0, 0]",
            "blinds_or_straddles = [1, 2]",
            "small_bet = 2",
            "big_bet = 4",
            "starting_stacks = [100, 100]",
            'actions = ["d dh p1 As2c3h4d", "d dh p2 6s7c8h9d", "p2 cbr 1e999999"]',
        ]
    )
    with pytest.raises(bf.InvalidHistory, match="too large an amount"):
        phh.replay(phh.loads(text))
