"""``badugi replay``: hands street by street, each failing hand named and the next one
replayed (exit 1), and one clear line (exit 2) for a file that is not PHH."""

from __future__ import annotations

from pathlib import Path

import pytest

from badugi_fast import phh
from badugi_fast.cli import main

SPEC_EXAMPLE = Path(__file__).parent / "data" / "phh-std-yockey-arieh.phh"
WIKIPEDIA_BADUGI = Path(__file__).parent / "data" / "pokerkit-alice-carol-wikipedia.phh"
WSOP_F2L3D = Path(__file__).parent / "data" / "pokerkit-wsop-2023-43-f2l3d.phhs"


def test_replay_prints_every_street(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["replay", str(SPEC_EXAMPLE)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "hand 1: F2L3D (deuce-seven-triple-draw, fixed-limit), 4 players"
    labels = [line.split(":")[0].strip() for line in lines[1:]]
    assert labels == [
        "deal",
        *[f"{kind} {number}" for number in (1, 2, 3) for kind in ("betting round", "draw")],
        "betting round 4",
        "showdown",
        "result",
        "stacks",
    ]
    assert "p2 (Phil Hui) gets ?? ?? ?? ?? ??" in lines[1]
    assert "p4 (Josh Arieh) discards As Qs; p4 (Josh Arieh) gets 2h Qh" in lines[3]
    assert lines[-3].endswith("p4 (Josh Arieh) shows 5c 3c 2h 4d 7c: 7-5-4-3-2 (seven-five)")
    assert lines[-2] == "  result: p4 (Josh Arieh) wins 2510000"


def test_replay_of_cards_dealt_unknown_and_shown_prints_the_final_stacks(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """The PHH standard's Badugi example: every card dealt ``??``, two hands shown."""
    assert main(["replay", str(WIKIPEDIA_BADUGI)]) == 0
    lines = capsys.readouterr().out.splitlines()
    assert lines[0] == "hand 1: FB (badugi, fixed-limit), 4 players"
    assert "p4 (Alice) shows 2s 4c 6d 9h" in lines[-3]
    assert lines[-2] == "  result: p2 (Carol) wins 36"
    assert lines[-1] == "  stacks: p1 (Bob) 196, p2 (Carol) 220, p3 (Ted) 200, p4 (Alice) 184"


def test_replay_reads_phhs_and_names_the_failing_hand(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = phh.load(SPEC_EXAMPLE.open("rb"))
    partial = phh.HandHistory(**{**vars(history), "actions": history.actions[:6]})
    good = tmp_path / "two.phhs"
    good.write_text(phh.dumps_all([history, partial]))
    assert main(["replay", str(good)]) == 0
    out = capsys.readouterr().out
    assert "hand 2: F2L3D" in out and "(the history stops before the hand is over)" in out
    broken = phh.HandHistory(**{**vars(history), "actions": (*history.actions[:5], "p2 cc")})
    bad = tmp_path / "bad.phhs"
    bad.write_text(phh.dumps_all([broken, history, broken]))
    assert main(["replay", str(bad)]) == 1
    out = capsys.readouterr().out
    refusal = "hand {}: refused: action 5 ('p2 cc'): p2 acts out of turn: p4 is to act (betting)"
    assert out.startswith(refusal.format(1) + "\n\nhand 2: F2L3D")
    assert refusal.format(3) in out
    assert out.endswith("bad.phhs: 3 hands, 1 replayed, 2 refused, 0 payouts disagree\n")


def test_replay_of_an_import_reports_every_hand_and_goes_on(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What ``badugi import -o`` wrote, a hand paid otherwise among them: replay stopped at
    the first that disagreed and said nothing of the others."""
    room = Path(__file__).parent / "data" / "rooms" / "pokerstars" / "triple-draw-27-limit.txt"
    hands, again = tmp_path / "hands.phhs", tmp_path / "again.txt"
    again.write_text(room.read_text().replace("#900000000001:", "#900000000002:"))
    assert main(["import", str(room), str(again), "-o", str(hands)]) == 0
    text = hands.read_text().replace(
        "_collected = [0, 0, 0, 2070, 0]", "_collected = [0, 0, 0, 2060, 10]", 1
    )
    hands.write_text(text)
    capsys.readouterr()
    assert main(["replay", str(hands)]) == 1
    out = capsys.readouterr().out
    assert out.startswith(
        "hand 1 (PokerStars #900000000001): payouts disagree: p4 (Ovenbird): the room paid 2060"
    )
    assert "hand 2: F2L3D" in out and "paid what the rules pay" in out
    assert out.endswith("hands.phhs: 2 hands, 1 replayed, 0 refused, 1 payouts disagree\n")


def test_a_hand_whose_fields_are_refused_exits_1_and_a_file_not_phh_exits_2(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    path = tmp_path / "x.phh"
    path.write_text('variant = "NT"\nantes = [0, 0]\nstarting_stacks = [1, 1]\nactions = []\n')
    assert main(["replay", str(path)]) == 1
    assert capsys.readouterr().out.startswith("hand 1: refused: field 'variant'")
    path.write_text('variant = "FB"\nantes = [0, ')
    assert main(["replay", str(path)]) == 2
    assert capsys.readouterr().err.startswith("badugi: error: x.phh: not valid TOML")
    path.write_bytes(b"\xff\xfe")
    assert main(["replay", str(path)]) == 2
    assert "x.phh: a PHH file must be UTF-8" in capsys.readouterr().err
    assert main(["replay", str(tmp_path / "missing.phh")]) == 2


def test_replay_prints_mucks_and_reshuffles(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    history = phh.load(SPEC_EXAMPLE.open("rb"))
    actions = history.actions
    mucked = phh.HandHistory(**{**vars(history), "actions": (*actions[:-2], "p1 sm")})
    # the last replacement is Qh, thrown in the second draw: the dealer reshuffled first
    redealt = (*actions[:21], "d dh p4 Qh", *actions[22:-1], "p4 sm")
    reshuffled = phh.HandHistory(**{**vars(history), "actions": redealt, "finishing_stacks": None})
    path = tmp_path / "mucks.phhs"
    path.write_text(phh.dumps_all([mucked, reshuffled]))
    assert main(["replay", str(path)]) == 0
    lines = capsys.readouterr().out.splitlines()
    # p4 has no showdown line: p4 shows
    muck = "  showdown: p1 (Bryce Yockey) mucks; p4 (Josh Arieh) shows 5c 3c 2h 4d 7c"
    assert any(line.startswith(muck) for line in lines)
    assert "  result: p4 (Josh Arieh) wins 2510000" in lines
    draw = next(line for line in lines if line.startswith("  draw 3") and "Qh" in line)
    assert (
        "the dealer reshuffles the cards out of play: a stub of 43; p4 (Josh Arieh) gets Qh" in draw
    )
    assert lines[-5].endswith("p4 (Josh Arieh) mucks")
    assert lines[-4] == "  result: p1 (Bryce Yockey) wins 2510000"
    assert lines[-1] == "mucks.phhs: 2 hands, 2 replayed, 0 refused, 0 payouts disagree"
