"""The ``badugi`` command line."""

from __future__ import annotations

import json

import pytest

from badugi_fast.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_eval_shows_playing_dead_name_and_rank(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "6h 4d 3s Ah")
    assert code == 0
    assert "4-3-A (three-card four)" in out
    assert "playing: 4d 3s Ah" in out and "dead:    6h" in out
    assert "rank:    718 of 1092" in out


def test_eval_accepts_separate_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    assert run(capsys, "eval", "As", "2c", "3h", "4d")[1] == run(capsys, "eval", "As2c3h4d")[1]


def test_eval_json(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "eval", "--json", "Ac Ad 2c 3d")
    data = json.loads(out)
    assert code == 0 and data["game"] == "badugi"
    badugi = data["halves"]["badugi"]
    assert badugi["name"] == "two-card deuce"
    assert badugi["playing"] == ["2c", "Ad"] and sorted(badugi["dead"]) == ["3d", "Ac"]


def test_eval_split_games_show_both_halves(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "eval", "--game", "badacey", "As 2c 3h 4d 5s")[1]
    assert "badugi half: 4-3-2-A (perfect badugi)" in out
    assert "ace-five half: 5-4-3-2-A (wheel)" in out
    data = json.loads(run(capsys, "eval", "--game", "badeucey", "--json", "As 2c 3h 4d 4s")[1])
    assert data["halves"]["badugi"]["name"] == "ace badugi"  # aces high in Badeucey
    assert data["halves"]["deuce-seven"]["name"] == "pair of fours"


def test_compare(capsys: pytest.CaptureFixture[str]) -> None:
    out = run(capsys, "compare", "9s 8h 4d 3c", "8s 7h 3d 2c")[1]
    assert "second hand wins" in out
    assert "tie: split" in run(capsys, "compare", "As 2h 3d 4c", "Ah 2s 3c 4d")[1]
    data = json.loads(
        run(capsys, "compare", "--game", "badeucey", "--json", "2s 3h 4d 5c 7s", "As 2h 3d 4c 6c")[
            1
        ]
    )
    assert data["winners"] == {"badugi": "first", "deuce-seven": "first"}


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["eval", "As 2c 3h Xd"], "bad card 'Xd'"),
        (["eval", "As 2c 3h 4d 5d"], "badugi hands have 4 cards, got 5"),
        (["eval", "--game", "badacey", "As 2c 3h 4d"], "expected 5 cards, got 4"),
        (["compare", "As 2c 3h 4d", "As 5c 6h 7d"], ""),
        (["compare", "As As 3h 4d", "2s 5c 6h 7d"], "repeated card As"),
    ],
)
def test_bad_input_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    if message:
        assert code == 2 and message in err
    else:
        assert code == 0  # the same card in two hands is fine for a plain comparison
