"""``badugi odds`` and ``badugi equity``."""

from __future__ import annotations

import io
import json

import pytest

import badugi_fast as bf
from badugi_fast.cli import main
from badugi_fast.cli.common import ProgressBar


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_odds_table(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "As 2h 3d Kd", "--draws", "3")
    assert code == 0 and "exact: every deal enumerated" in out
    assert "badugi: 51.2257%" in out  # 1 - (38*37*36)/(48*47*46)
    assert "four badugi" in out and "three-card hands" in out


def test_odds_json_matches_the_api(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "odds", "As", "2h", "3d", "Kd", "--discard", "Kd 3d", "--draws", "1", "--json"
    )
    data = json.loads(out)
    expected = bf.draw_odds("As 2h 3d Kd", discard="Kd 3d", draws=1)
    assert code == 0 and data["exact"] and data["p_badugi"] == expected.p_badugi
    assert {int(k): v for k, v in data["distribution"].items()} == dict(expected.distribution)
    assert {int(k): v for k, v in data["stderr"].items()} == dict(expected.stderr)


def test_odds_of_a_split_game_report_both_halves(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "odds", "As 2h 3d Kd 9c", "--game", "badacey", "--draws", "1")
    assert code == 0 and "nine badugi" in out
    low = out.split("low half", 1)[1]
    assert "nine-high low           42.5532%   42.5532%" in low  # 20 of 47 cards: 4 to 8
    code, out, _ = run(capsys, "odds", "As 2h 3d Kd 9c", "--game", "badacey", "--json")
    expected = bf.draw_odds("As 2h 3d Kd 9c", game="badacey")
    data = {int(k): v for k, v in json.loads(out)["low_distribution"].items()}
    assert code == 0 and data == dict(expected.low_distribution)
    code, out, _ = run(capsys, "odds", "As 2h 3d Kd", "--json")
    assert "low_distribution" not in json.loads(out) and "low half" not in out


def test_equity_sampled_with_workers(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ["equity", "As2h3d4c5s", "9s8h7d6c5c", "--game", "badacey", "--draws", "2"]
    options = ["--samples", "70000", "--seed", "3", "--exact-limit", "0", "--json"]
    code, out, _ = run(capsys, *argv, *options, "--workers", "2")
    data = json.loads(out)
    expected = bf.equity(
        ["As2h3d4c5s", "9s8h7d6c5c"], game="badacey", draws=2, samples=70000, seed=3, exact_limit=0
    )
    assert code == 0 and tuple(data["equity"]) == expected.equity
    assert set(data["halves"]) == {"badugi", "ace-five"}
    code, table, _ = run(capsys, *argv, *options[:-1])
    assert "Monte Carlo: 70,000 deals, seed 3" in table and "ace-five half" in table


def test_equity_discards_and_policy(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "equity", "As 2h 3d Kd", "8s 7h 5d 2c", "--draws", "1", "--discards", "Kd", "-"
    )
    assert code == 0 and "11.3636%" in out and "88.6364%" in out


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["odds", "As 2h 3d Xx"], "Xx"),
        (["odds", "As 2h 3d Kd", "--draws", "4"], "draws must be 0..3"),
        (["equity", "As 2h 3d Kd"], "2..8 hands"),
        (["equity", "As 2h 3d Kd", "8s 7h 5d 2c", "--workers", "0"], "--workers"),
        (
            ["equity", "As 2h 3d Kd", "8s 7h 5d 2c", "--discards", "Qc", "-", "--draws", "1"],
            "Qc is not in the hand",
        ),
    ],
)
def test_errors_exit_2(capsys: pytest.CaptureFixture[str], argv: list[str], message: str) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and out == "" and message in err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_progress_bar_only_on_a_terminal_after_a_second(monkeypatch: pytest.MonkeyPatch) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    bar = ProgressBar("deals")
    bar(1, 4)
    assert terminal.getvalue() == ""  # not yet a second
    bar.start -= 2
    bar(2, 4)
    bar(4, 4)
    frames = terminal.getvalue().split("\r")
    assert frames[1].endswith(" 2/4 deals") and frames[2:] == [" " * len(frames[1]), ""]
    monkeypatch.setattr("sys.stderr", io.StringIO())
    ProgressBar("deals")(4, 4)  # not a terminal: silent, nothing to check but no error


@pytest.mark.parametrize(
    ("game", "draws"), [("badugi", 3), ("ace-five-triple-draw", 3), ("deuce-seven-single-draw", 1)]
)
def test_every_odds_entry_plays_all_the_games_draws_by_default(
    capsys: pytest.CaptureFixture[str], game: str, draws: int
) -> None:
    """One default everywhere (issue 28, item 4): all the draws the game has."""
    cards = "As 2h 3d Kd" if game == "badugi" else "7s 5h 4d 3c Kc"
    other = "8s 7h 5d 2c" if game == "badugi" else "8s 6h 4c 3d 2s"
    odds = bf.draw_odds(cards, game=game)
    assert odds == bf.draw_odds(cards, game=game, draws=draws)
    assert bf.equity([cards, other], game=game) == bf.equity([cards, other], game=game, draws=draws)
    for command, hands in (("odds", [cards]), ("equity", [cards, other])):
        code, out, _ = run(capsys, command, *hands, "--game", game)
        assert code == 0 and out.startswith(f"{game}, {draws} draw(s); exact")
        assert out == run(capsys, command, *hands, "--game", game, "--draws", str(draws))[1]


def test_a_drawing_hand_has_equity_by_default() -> None:
    # The trap: 0 draws gave A-2-3 no equity at all against a pat eight.
    assert bf.equity(["As 2h 3d Kd", "8s 7h 5d 2c"]).equity[0] > 0.27


@pytest.mark.parametrize("command", ["odds", "equity"])
def test_help_shows_every_default(capsys: pytest.CaptureFixture[str], command: str) -> None:
    with pytest.raises(SystemExit):
        main([command, "--help"])
    text = " ".join(capsys.readouterr().out.split())
    for option in ("--game", "--draws", "--dead", "--target", "--samples", "--seed"):
        assert f"{option} " in text
    for default in (
        "the game (default: badugi)",
        "(default: all of them, 3 in triple draw, 1 in single draw)",
        "(default: none)",
        "(default 1,000,000)",
        "(default: a random one, printed)",
        "(default 100,000,000; 0 always samples)",
        "threads (default: one per CPU;",
    ):
        assert default in text, default
