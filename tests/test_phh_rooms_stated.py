"""What a room's lines state, checked (issue 41 item 12), and a garbled line read with its
cards unknown (issue 37 item 7): docs/guide/rooms.md, "How a hand is read"."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

from badugi_fast import phh
from badugi_fast.cli import main
from badugi_fast.errors import InvalidHistory, RoomHistoryError
from badugi_fast.phh.rooms import read_room

ROOMS = Path(__file__).parent / "data" / "rooms"
STARS = (ROOMS / "pokerstars" / "triple-draw-27-limit.txt").read_text()
KINGS = (ROOMS / "kingsclub" / "single-draw-27-run-twice.txt").read_text()
TILT = (ROOMS / "fulltilt" / "badugi-pot-limit-split.txt").read_text()


def edited(text: str, line: str, new: str) -> str:
    """``text`` with the first of its lines ``line`` made ``new``."""
    assert line + "\n" in text, line
    return text.replace(line + "\n", new + "\n", 1)


def refusal(text: str) -> str:
    """Why the first hand of ``text`` refused is, reading or replaying it."""
    for result in read_room(text):
        if isinstance(result, RoomHistoryError):
            return str(result)
        try:
            phh.replay(result)
        except InvalidHistory as error:
            return str(error)
    raise AssertionError("every hand imported")


@pytest.mark.parametrize(
    ("text", "line", "new", "said"),
    [
        # each edit imported unchanged before (the fuzzer's most common: a call's amount)
        (
            STARS,
            "Ovenbird: calls $1",
            "Ovenbird: calls $99",
            "p4 calls 9900, the rules make it 100",
        ),
        (
            STARS,
            "Ovenbird: raises $1 to $2",
            "Ovenbird: raises $7 to $2",
            "p4 raises by 700, the rules make it 100",
        ),
        (STARS, "Hero Lowman: calls $2", "Hero Lowman: calls $2 and is all-in", "p5 is all in"),
        (
            KINGS,
            "Pell Orrin calls 1,010, and is all in",
            "Pell Orrin calls 1,010",
            "p2 is not all in",
        ),
        (
            KINGS,
            "Pell Orrin calls 1,010, and is all in",
            "Pell Orrin calls 995, and is all in",
            "p2 calls to 99500, the rules make it 101000",
        ),
        (
            TILT,
            "Garfish Lea calls $0.60",
            "Garfish Lea calls $0.50",
            "p1 calls 50, the rules make it 60",
        ),
    ],
)
def test_a_stated_amount_the_rules_do_not_make_refuses_the_hand(
    text: str, line: str, new: str, said: str
) -> None:
    for whole in read_room(text):
        assert isinstance(whole, phh.HandHistory) and "_stated" in whole.user_fields
        phh.replay(whole)
    assert f"the room says {said}" in refusal(edited(text, line, new))


def test_kept_cards_the_hero_does_not_hold_refuse_the_hand() -> None:
    line = "Dealt to Hero Lowman [7s 3c 8d] [As 5h]"
    why = refusal(edited(STARS, line, "Dealt to Hero Lowman [7s 3c Kd] [As 5h]"))
    assert why == (
        "PokerStars hand #900000000001, line 21: kept cards that disagree: p5 (Hero Lowman)"
        " keeps 7s 3c Kd, holds 3c 7s 8d"
    )
    # the kept cards in another order are the same cards
    (history,) = phh.from_room(edited(STARS, line, "Dealt to Hero Lowman [8d 7s 3c] [As 5h]"))
    assert history.actions == phh.from_room(STARS)[0].actions


def test_an_absurd_seat_count_refuses_the_hand() -> None:
    text = STARS.replace("6-max", "99999999999999999999-max")
    assert "seat not understood: seats at the table 99999999999999999999" in refusal(text)


def test_a_garbled_draw_is_imported_with_the_cards_unknown_and_a_warning() -> None:
    """PokerStars' own garbled log: the hero's discards ``[]``, then his whole hand twice
    where the kept cards and the two new ones belong. Refused before ("5 cards dealt in the
    draw, expected 2"); the betting and the payouts are intact."""
    text = edited(
        STARS, "Hero Lowman: discards 2 cards [Qs 9c]", "Hero Lowman: discards 2 cards []"
    )
    text = edited(
        text,
        "Dealt to Hero Lowman [7s 3c 8d] [As 5h]",
        "Dealt to Hero Lowman [7s 3c 8d As 5h] [7s 3c 8d As 5h]",
    )
    (history,) = phh.from_room(text)
    assert history.user_fields["_warnings"] == [
        "line 20: p5 (Hero Lowman): the cards thrown could not be read; its cards are unknown (??)"
    ]
    whole = phh.from_room(STARS)[0]
    mine = [line for line in history.actions if "p5" in line]
    assert mine[0] == "d dh p5 ??????????" and "p5 sd ??" in mine and "p5 sd As" not in mine
    others = [line for line in history.actions if "p5" not in line]
    assert others == [line for line in whole.actions if "p5" not in line]
    state = phh.replay(history)  # and the room's payouts check out
    assert state.stacks == phh.replay(whole).stacks
    again = phh.loads(phh.dumps(history))
    assert again.user_fields["_warnings"] == history.user_fields["_warnings"]


def test_badugi_import_counts_the_hands_with_warnings_and_reports_them(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path, report = tmp_path / "garbled.txt", tmp_path / "report.jsonl"
    path.write_text(
        edited(STARS, "Dealt to Hero Lowman [Qs 7s 3c 9c 8d]", "Dealt to Hero Lowman [Qs 7s]")
    )
    assert main(["import", str(path), "--report", str(report)]) == 0
    assert capsys.readouterr().out.endswith("0 payouts disagree, 1 with warnings\n")
    (note,) = [json.loads(line) for line in report.read_text().splitlines()]
    assert note["outcome"] == "warning" and "could not be read" in note["detail"]


def test_a_dealt_hand_that_cannot_be_read_is_unknown_with_a_warning() -> None:
    text = edited(
        STARS, "Dealt to Hero Lowman [Qs 7s 3c 9c 8d]", "Dealt to Hero Lowman [Qs 7s 3c 9c]"
    )
    (history,) = phh.from_room(text)
    (warning,) = history.user_fields["_warnings"]
    assert warning.startswith("line 11: p5 (Hero Lowman): the cards dealt could not be read")
    assert [line for line in history.actions if line.startswith("p5 sd")] == [
        "p5 sd ????",
        "p5 sd ??",
        "p5 sd ??",
    ]
    phh.replay(history)


@pytest.mark.parametrize(
    "entries",
    [
        ["x call 100"],
        ["10 call"],
        ["10 calls 100"],
        ["999 bet"],
        [7],
        "10 bet",
        ["10 bet", "10 bet"],
    ],
)
def test_a_malformed_stated_field_is_refused_by_name(entries: object) -> None:
    (history,) = phh.from_room(STARS)
    fields = {**history.user_fields, "_stated": entries}
    with pytest.raises(InvalidHistory, match="field '_stated'"):
        phh.replay(dataclasses.replace(history, user_fields=fields))


def test_kept_cards_that_cannot_be_read_make_the_cards_unknown() -> None:
    line = "Dealt to Hero Lowman [7s 3c 8d] [As 5h]"
    (history,) = phh.from_room(edited(STARS, line, "Dealt to Hero Lowman [7s 3c 8x] [As 5h]"))
    (warning,) = history.user_fields["_warnings"]
    assert warning.startswith("line 21: p5 (Hero Lowman): the cards kept could not be read")
    phh.replay(history)


def test_a_hand_of_garbled_draws_as_pokerstars_wrote_one_imports_with_a_warning() -> None:
    """After the form of a real PokerStars log: the hero's discards ``[]`` at two draws,
    his whole hand twice where the new cards belong, then a card thrown that was never
    dealt to him (``[Jd]``). Refused before; the room's payouts check out."""
    text = (ROOMS / "pokerstars" / "triple-draw-27-limit-garbled-draws.txt").read_text()
    (history,) = phh.from_room(text)
    assert history.user_fields["_warnings"] == [
        "line 17: p1 (Hero Tamsin): the cards thrown could not be read; its cards are unknown (??)"
    ]
    assert not any(line.startswith("p1 sd") and "?" not in line for line in history.actions)
    state = phh.replay(history)
    assert state.is_over and history.user_fields["_collected"] == [0, 2016, 0, 0]
