"""Messages that were slightly off for a new user (issue 28, item 8): each says what was
given, in the words it was given, and what to do."""

from __future__ import annotations

import io
import shutil
from pathlib import Path
from typing import Any

import pytest

import badugi_fast as bf
from badugi_fast.cli import main
from badugi_fast.cli.common import ProgressBar
from badugi_fast.errors import IllegalAction, InvalidCards, InvalidOption, InvalidOptionType


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


def test_a_last_card_without_its_suit_says_so() -> None:
    with pytest.raises(InvalidCards, match=r"^bad card '5': the rank has no suit"):
        bf.evaluate("As2c3h4d5")  # said "'' is not a suit"


def test_a_list_given_as_the_game_is_called_a_list() -> None:
    with pytest.raises(InvalidOptionType, match=r"game must be one of .*, not a list$"):
        bf.HandState([100, 100])  # type: ignore[arg-type]  # said "not a tuple"


def test_a_wrong_game_name_is_echoed_whole() -> None:
    with pytest.raises(InvalidOption, match=r"not '2-7 triple draw'$"):
        bf.HandState(stacks=[100, 100], game="2-7 triple draw")  # was cut to '2-7 triple d'...


def at_the_draw() -> bf.HandState:
    state = bf.HandState(stacks=[100, 100], seed=1)
    state.apply("call")
    state.apply("check")
    return state


def test_cards_are_echoed_as_typed() -> None:
    with pytest.raises(IllegalAction, match=r"cannot discard 'Kd Kd': repeated card Kd"):
        at_the_draw().apply("draw Kd Kd")  # echoed 'kd kd'
    assert at_the_draw().apply("DRAW AS").cards == (bf.Card("As"),)


@pytest.mark.parametrize("typed", ["draw", "D", "discard"])
def test_a_bare_draw_typed_at_the_table_is_asked_again_not_taken_as_standing_pat(
    typed: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """To apply() (and so to a bot's code) a draw of no cards stands pat; typed at the table
    it is a slip, so it is explained and asked again, and from a pipe it ends the game."""
    script = f"call\n{typed}\nstand pat\nquit\n"
    monkeypatch.setattr("sys.stdin", Terminal(script))
    assert main(["play", "--players", "2", "--seed", "1", "--bot", "calling-station"]) == 0
    out = capsys.readouterr().out
    refusal = f"> {typed!r} names no cards: type the cards to draw (draw Kd 7s), or stand pat\n"
    assert refusal in out and out.count("seat 0 stands pat") == 1
    monkeypatch.setattr("sys.stdin", io.StringIO(script))
    assert main(["play", "--players", "2", "--seed", "1", "--bot", "calling-station"]) == 2
    assert "names no cards" in capsys.readouterr().err
    assert at_the_draw().apply("draw").cards == ()  # apply's text form is unchanged


def test_a_wager_out_of_bounds_is_named_as_the_hand_would_record_it() -> None:
    """Facing the blind, 'bet 4' is recorded as a raise, so 'bet 3' is refused as one; with
    no bet to face it is a bet, and refused as a bet, not as 'raise to 3'."""
    state = bf.HandState(stacks=[100] * 3, seed=1)
    with pytest.raises(IllegalAction, match=r"^raise to 3 is below the minimum 4$"):
        state.apply("bet 3")
    assert state.copy().apply("bet 4").kind == "raise"
    for step in ("call", "call", "check", "pat", "pat", "pat"):
        state.apply(step)
    with pytest.raises(IllegalAction, match=r"^bet 3 is above the maximum 2$"):
        state.apply("raise 3")
    with pytest.raises(IllegalAction, match=r"^bet 1 is below the minimum 2$"):
        state.apply("bet 1")
    assert state.apply("raise 2").kind == "bet"


def play(argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: Any) -> str:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    assert main(["play", *argv]) == 0
    out: str = capsys.readouterr().out
    return out


@pytest.mark.parametrize("mucking", [False, True])
def test_help_at_the_table_wraps_at_words_and_offers_only_this_games_actions(
    mucking: bool, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setenv("COLUMNS", "50")
    argv = ["--players", "2", "--seed", "1", *(["--mucking"] if mucking else [])]
    out = play(argv, "help\nquit\n", monkeypatch, capsys)
    text = out.split("> ", 1)[1].split("> ", 1)[0]
    lines = text.splitlines()
    assert len(lines) > 2 and all(len(line) < shutil.get_terminal_size().columns for line in lines)
    assert " ".join(lines).startswith("Type fold, check, call, bet N, raise N (N: the round's")
    assert "--mucking" not in text  # said "With --mucking, show or muck" either way
    assert ("show or muck" in text) is mucking


def test_you_see_your_cards_when_everyone_folds_before_you_act(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "folding.py").write_text(
        "def always_fold(seed):\n"
        "    return lambda view: 'fold' if view.legal.can_fold else 'check'\n"
    )
    monkeypatch.chdir(tmp_path)
    monkeypatch.syspath_prepend(str(tmp_path))
    argv = ["--players", "3", "--seed", "1", "--bot", "folding:always_fold", "--hands", "2"]
    out = play(argv, "fold\n", monkeypatch, capsys)
    second = out.split("=== hand 2", 1)[1]  # you are the big blind; both fold to you
    assert "you may:" not in second
    assert "seat 2 fold\nyour cards: 5c 3h Js 3c: J-5-3 (three-card jack)\n" in second


def test_ctrl_c_and_the_end_of_a_run_take_the_progress_bar_off_its_line(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """'badugi: interrupted' was written after the bar on the bar's line."""
    stderr = Terminal()
    monkeypatch.setattr("sys.stderr", stderr)
    monkeypatch.setattr("badugi_fast.cli.common.time.monotonic", iter(range(0, 100, 2)).__next__)

    def interrupted(hands: int, bots: object, *, progress: Any, **options: object) -> None:
        progress(250, 1000)
        raise KeyboardInterrupt

    monkeypatch.setattr("badugi_fast.cli.play.simulate", interrupted)
    assert main(["simulate", "--hands", "1000"]) == 130
    bar, blank, line = stderr.getvalue().split("\r")[1:]
    assert bar.endswith("250/1,000 hands") and blank == " " * len(bar)
    assert line == "badugi: interrupted\n"
    assert ProgressBar.on_screen == 0
