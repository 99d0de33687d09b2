"""The ``badugi`` command line."""

from __future__ import annotations

import argparse
import inspect
import io
import json
import os
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from badugi_fast import Seat, evaluate, settle
from badugi_fast.cli import main, parser


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
        (["eval", "--game", "badacey", "As 2c 3h 4d"], "badacey hands have 5 cards, got 4"),
        (["eval", "As 2h 3d"], "badugi hands have 4 cards, got 3"),  # said "expected 4 or 5"
        (["compare", "As 2c 3h 4d", "As 5c 6h 7d"], "As is in the first hand and in the second"),
        (
            ["compare", "--game", "badacey", "As 2c 3h 4d 5s", "Kd Qc 6h 7d 5s"],
            "5s is in the first hand and in the second hand",
        ),
        (["compare", "As As 3h 4d", "2s 5c 6h 7d"], "repeated card As"),
    ],
)
def test_bad_input_is_a_clear_error(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err


def test_showdown_from_arguments(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(
        capsys, "showdown", "--game", "badugi", "100:As2c3h4d", "100:Kc7d5h6s", "30:fold"
    )
    assert code == 0
    assert "seat 0 wins 230 with 4-3-2-A (perfect badugi)" in out
    data = json.loads(
        run(capsys, "showdown", "--json", "100:As2c3h4d", "100:Kc7d5h6s", "30:fold")[1]
    )
    assert data["payouts"] == [230, 0, 0]


def test_showdown_from_json_file_and_stdin(
    capsys: pytest.CaptureFixture[str], tmp_path: Any, monkeypatch: pytest.MonkeyPatch
) -> None:
    hand = {
        "game": "badacey",
        "button": 1,
        "seats": [
            {"contributed": 50, "cards": "As 2c 3h 4d Ks"},
            {"contributed": 50, "cards": "Kh Qc Jd 9s 5h"},
        ],
    }
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    from_file = json.loads(run(capsys, "showdown", "--json", "--file", str(path))[1])
    monkeypatch.setattr("sys.stdin", io.StringIO(json.dumps(hand)))
    from_stdin = json.loads(run(capsys, "showdown", "--json", "--file", "-")[1])
    assert from_file == from_stdin
    assert from_file["payouts"] == [100, 0]  # seat 0 scoops: perfect badugi and the better low


@pytest.mark.parametrize("game", ["badugi", "badacey", "badeucey"])
def test_showdown_demo_settles_every_chip(capsys: pytest.CaptureFixture[str], game: str) -> None:
    for seed in range(20):
        code, out, _ = run(
            capsys, "showdown", "--demo", "--json", "--game", game, "--seed", str(seed)
        )
        data = json.loads(out)
        assert code == 0 and data["game"] == game
        assert sum(data["payouts"]) + data["carried_over"] == sum(data["contributed"])
    assert "main pot" in run(capsys, "showdown", "--demo", "--seed", "1")[1]


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["showdown"], "give SEAT arguments"),
        (["showdown", "100-As2c3h4d"], "write AMOUNT:CARDS"),
        (["showdown", "100:As2c3h4d", "100:As5c6h7d"], "seat 1"),
        (["showdown", "--demo", "--players", "9"], "players must be 2..8"),
        (["showdown", "100:As2c3h4d", "-5:Kc7d5h6s"], "seat 1: contributed -5 is negative"),
        (["showdown", "-5:fold", "9:As2c3h4d", "9:Kc7d5h6s"], "seat 0: contributed -5 is negative"),
        (["showdown", "9:As2c3h4d", "9-Kc7d5h6s"], "seat 1 ('9-Kc7d5h6s'): write AMOUNT:CARDS"),
        (["showdown", "--demo", "100:As2c3h4d"], "--demo takes no SEAT arguments"),
        (["showdown", "--file", "-", "100:As2c3h4d"], "--file takes no SEAT arguments"),
        (["showdown", "--demo", "--file", "-"], "give --demo or --file, not both"),
        (
            ["showdown", "9:As2c3h4d", "9:Kc7d5h6s", "--qualifier", "5000"],
            "qualifier rank must be 1..1092, not 5000",
        ),
        (["showdown", "9:As2c3h4d", "9:Kc7d5h6s", "--qualifier", "9" * 31], "more than 30 digits"),
        (["showdown", "9:As2c3h4d", "9:Kc7d5h6s", "--qualifier", "9x8h7d6c"], "bad card '9x'"),
        (["showdown", "9:As2c3h4d", "9:Kc7d5h6s", "--dead-money", "-5"], "dead_money must be"),
    ],
)
def test_showdown_bad_input(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, _, err = run(capsys, *argv)
    assert code == 2 and message in err


def test_showdown_takes_every_option_of_settle(
    capsys: pytest.CaptureFixture[str], tmp_path: Path
) -> None:
    options = set(inspect.signature(settle).parameters) - {"seats"}
    assert options <= vars(parser().parse_args(["showdown"])).keys()  # a flag for each
    seats = ["100:Ks Qh Jd Tc", "100:Kh Qd Jc 9s"]  # neither a nine-high badugi or better
    nine = evaluate("9s 8h 7d 6c")
    expected = settle(
        [Seat(100, cards="Ks Qh Jd Tc"), Seat(100, cards="Kh Qd Jc 9s")],
        qualifier=nine,
        dead_money=50,
    ).to_dict()
    assert expected["carried_over"] == 250
    for qualifier in ("9s8h7d6c", str(nine), f"00{nine}"):  # cards, or a number: a raw rank
        argv = ["showdown", "--json", "--qualifier", qualifier, "--dead-money", "50", *seats]
        assert json.loads(run(capsys, *argv)[1]) == expected
    hand = {
        "seats": [{"contributed": 100, "cards": cards[4:]} for cards in seats],
        "qualifier": nine,
        "dead_money": 50,
    }
    path = tmp_path / "hand.json"
    path.write_text(json.dumps(hand))
    assert json.loads(run(capsys, "showdown", "--json", "--file", str(path))[1]) == expected


def test_showdown_says_why_the_last_seat_left_shows_nothing(
    capsys: pytest.CaptureFixture[str],
) -> None:
    out = run(capsys, "showdown", "100:As2c3h4d", "100:fold")[1]
    assert out.splitlines()[:2] == [
        "seat 0: put in   100  no showdown: the others folded",  # its cards are not judged
        "seat 1: put in   100  folded",
    ]


def test_showdown_split_game_options(capsys: pytest.CaptureFixture[str]) -> None:
    seats = ["10:As 2c 3h 4d 7s", "10:2s 3c 4h 5d 8c", "5:fold"]
    aces_high = json.loads(run(capsys, "showdown", "--json", "--game", "badeucey", *seats)[1])
    assert aces_high["payouts"] == [0, 25, 0]  # seat 1 scoops: 5-4-3-2 badugi and 8-5 low
    aces_low = json.loads(
        run(
            capsys,
            "showdown",
            "--json",
            "--game",
            "badeucey",
            "--badeucey-aces-low",
            "--odd-unit-to",
            "low",
            *seats,
        )[1]
    )
    assert aces_low["payouts"] == [12, 13, 0]  # now 4-3-2-A wins it; the odd unit goes low
    out = run(capsys, "showdown", "--game", "badeucey", "--badeucey-aces-low", *seats)[1]
    assert "4-3-2-A (perfect badugi)" in out


def badugi(*argv: str) -> list[str]:
    """The ``badugi`` command as a new process runs it (what the console script does): the
    installed package (``-I``), not a source tree the tests may be run from."""
    return [
        sys.executable,
        "-I",
        "-c",
        "import sys, badugi_fast.cli as c; sys.exit(c.main())",
        *argv,
    ]


def test_ctrl_c_prints_one_line_and_exits_130(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def interrupted(args: object) -> str:
        raise KeyboardInterrupt

    monkeypatch.setattr("badugi_fast.cli.evaluate.run", interrupted)
    code, out, err = run(capsys, "eval", "As 2c 3h 4d")
    assert (code, out, err) == (130, "", "badugi: interrupted\n")


@pytest.mark.parametrize(
    "argv",
    [
        ["simulate", "--hands", "100000000", "--workers", "2", "--chunk-size", "50"],
        [
            *("equity", "As2h3dKd", "8s7h5d2c", "--draws", "3", "--exact-limit", "0"),
            *("--samples", "1000000000", "--workers", "2"),
        ],
        [
            *("equity", "Ks Kh Kd Kc", "Qs Qh Qd Qc", "Js Jh Jd Jc", "--draws", "1"),
            *("--discards", "Kh Kd Kc", "Qs Qd Qc", "Js Jh", "--exact-limit", "100000000000"),
        ],
    ],
    ids=["simulate", "equity", "exact-equity"],
)
def test_ctrl_c_at_the_terminal_stops_every_worker_at_once(argv: list[str]) -> None:
    """Ctrl-C reaches the whole process group, worker processes included; an exact
    enumeration of 4.3e10 deals (a minute) hears it between two parts."""
    process = subprocess.Popen(
        badugi(*argv),
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        time.sleep(2.5)  # started, chunks in flight
        assert process.poll() is None
        os.killpg(process.pid, signal.SIGINT)
        sent = time.monotonic()
        out, err = process.communicate(timeout=30)
        assert time.monotonic() - sent < 10  # not until every chunk ran
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    assert (process.returncode, out, err) == (130, "", "badugi: interrupted\n")


def test_a_closed_standard_output_is_an_error(
    capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr("sys.stdout", None)
    code = main(["eval", "As 2c 3h 4d"])
    assert code == 2 and "standard output is closed" in capsys.readouterr().err


def test_a_closed_pipe_ends_the_command_silently() -> None:
    """``badugi eval ... | head -1``: the reader has gone before the output is written."""
    reader, writer = os.pipe()
    os.close(reader)
    try:
        done = subprocess.run(
            badugi("eval", "As 2c 3h 4d"), stdout=writer, stderr=subprocess.PIPE, text=True
        )
    finally:
        os.close(writer)
    assert (done.returncode, done.stderr) == (141, "")


def test_a_pipe_closed_mid_output_ends_the_command_silently() -> None:
    """``badugi play | head -1``: the reader goes while the command is still writing."""
    reader, writer = os.pipe()
    process = subprocess.Popen(
        badugi("play", "--seed", "1"),
        stdin=subprocess.PIPE,
        stdout=writer,
        stderr=subprocess.PIPE,
        text=True,
    )
    os.close(writer)
    try:
        with os.fdopen(reader, "rb") as output:
            assert output.read1(1)  # the first hand's table is out: the reader leaves
        _, err = process.communicate("call\n" * 20, timeout=10)
    finally:
        if process.poll() is None:
            process.kill()
            process.wait()
    assert (process.returncode, err) == (141, "")


def test_the_guide_runs_an_example_of_every_subcommand_and_says_which_take_game_and_json() -> None:
    guide = (Path(__file__).resolve().parent.parent / "docs" / "guide" / "cli.md").read_text()
    commands = next(
        action for action in parser()._actions if isinstance(action, argparse._SubParsersAction)
    )
    options = {name: sub._option_string_actions for name, sub in commands.choices.items()}
    assert {name for name in options if f'>>> main(["{name}"' not in guide} == set()
    files = {"replay", "import", "review"}
    assert {name for name, given in options.items() if "--game" not in given} == files
    assert {name for name, given in options.items() if "--json" not in given} == {"play", *files}
    prose = " ".join(guide.split())
    assert "All but `replay`, `import` and `review` take `--game`" in prose
    assert "all but `play`, `replay`, `import` and `review` take `--json`" in prose


@pytest.mark.parametrize(
    ("argv", "line"),
    [
        (["play", "--players", "9"], "badugi play: error: argument --players: players must be"),
        (["play", "--stack", "-5"], "badugi play: error: argument --stack: must be at least 1"),
        (["simulate", "--bots", "foo,random"], "badugi simulate: error: argument --bots: unknown"),
        (["play", "--game", "badugii"], "badugi play: error: argument --game: invalid choice"),
        (["eval"], "badugi eval: error: the following arguments are required: cards"),
        (["bogus"], "badugi: error: argument command: invalid choice: 'bogus'"),
    ],
)
def test_an_argument_error_is_one_line_with_where_the_help_is(
    capsys: pytest.CaptureFixture[str], argv: list[str], line: str
) -> None:
    """argparse printed its usage block, five lines, before the message (issue 28, item 7)."""
    with pytest.raises(SystemExit) as exit_info:
        main(argv)
    err = capsys.readouterr().err
    assert exit_info.value.code == 2
    assert err.startswith(line) and err.count("\n") == 1 and "usage:" not in err
    command = "badugi" if argv == ["bogus"] else f"badugi {argv[0]}"
    assert err.endswith(f" (see {command} --help)\n")
