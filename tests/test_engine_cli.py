"""``badugi play`` and ``badugi simulate``: output, JSON, and clean failures (exit 2)."""

from __future__ import annotations

import importlib
import io
import json
import sys
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest

from badugi_fast.cli import main
from badugi_fast.parallel import thread_pool


def run(
    argv: list[str], stdin: str, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> tuple[int, str, str]:
    monkeypatch.setattr("sys.stdin", io.StringIO(stdin))
    code = main(argv)
    out, err = capsys.readouterr()
    return code, out, err


def test_play_a_hand_from_a_script(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "call\nstand pat\ncheck\ndraw As\ncheck\nstand pat\ncheck\n"
    argv = ["play", "--players", "3", "--seed", "5", "--bot", "calling-station", "--hands", "1"]
    code, out, err = run(argv, script, monkeypatch, capsys)
    assert code == 0, err
    assert "your cards: As Ah 2c 5d: 5-2-A (three-card five)\n" in out  # your hand's value
    assert "you may: fold | call 2 | raise to 4" in out and "you may: check | bet 2" in out
    assert "your cards: Ah 2c 5d 4s*: 5-4-2-A (five badugi)  (* just drawn)" in out
    assert "your cards: Ah 2c 5d 4s: 5-4-2-A (five badugi)\n" in out  # one draw later
    assert "seat 0 call 2" in out and "main pot" in out
    shows = [line for line in out.splitlines() if " show " in line]
    assert shows == [  # every hand shown is named, not only the winner's
        "seat 1 show 6c 8s 3s Jc: 6-3 (two-card six)",
        "seat 2 show Kc Ts Ac Jh: J-T-A (three-card jack)",
        "seat 0 show Ah 2c 5d 4s: 5-4-2-A (five badugi)",
    ]
    assert out.endswith("1 hands played\nfinal stacks: seat 0 (you) 204, seat 1 198, seat 2 198\n")


def test_play_goes_on_until_you_quit_and_the_big_blinds_option_is_a_raise(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "call\n" + "stand pat\ncheck\n" * 3 + "raise 4\nquit\n"
    argv = ["play", "--players", "3", "--seed", "5", "--bot", "calling-station"]
    code, out, err = run(argv, script, monkeypatch, capsys)
    assert code == 0, err
    assert "=== hand 2: button seat 1" in out and "you may: check | raise to 4" in out
    assert "seat 0 raise 4" in out  # the engine records what the hint said
    assert "you left the table (the hand in play does not count)\nfinal stacks: " in out


def test_play_labels_all_ins(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = ["play", "--players", "2", "--seed", "1", "--stack", "3", "--bot", "calling-station"]
    code, out, err = run(argv, "raise 3\n", monkeypatch, capsys)
    assert code == 0, err
    assert "seat 0 raise 3 (all-in)" in out and "seat 1 call 1 (all-in)" in out
    assert "(you) [button] all-in" in out


def test_play_with_mucking_asks_you_to_show_or_muck(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "call\n" + "stand pat\ncheck\n" * 3 + "muck\n"
    code, out, err = run(
        ["play", "--players", "3", "--seed", "5", "--bot", "calling-station", "--mucking"],
        script,
        monkeypatch,
        capsys,
    )
    assert code == 0, err
    assert "showdown, pot 6" in out and "you may: show | muck" in out
    assert "seat 0 muck" in out and out.count("seat 1 show") == 1
    assert "seat 1 show 6c 8s 3s Jc: 6-3 (two-card six)" in out
    assert "final stacks: seat 0 (you) 198" in out


def test_play_ends_cleanly_at_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["play", "--seed", "1"], "", monkeypatch, capsys)
    assert (code, err) == (0, "")
    assert out.endswith("final stacks: seat 0 (you) 200, seat 1 200, seat 2 200, seat 3 200\n")


def test_play_refuses_a_bad_action_from_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["play", "--seed", "1"], "raise 99\n", monkeypatch, capsys)
    assert code == 2 and err.strip().splitlines() == [
        "badugi: error: raise to 99 is above the maximum 6"
    ]
    code, _, err = run(["play", "--seed", "1"], "dance\n", monkeypatch, capsys)
    assert code == 2 and len(err.strip().splitlines()) == 1
    assert "unknown action 'dance': try fold, check, call, bet N, raise N" in err
    assert "draw CARDS, stand pat" in err


@pytest.mark.parametrize(
    ("command", "defaults"),
    [
        ("play", ["badugi", "fixed-limit", "random", "200", "(1, 2)", "4", "hand-strength"]),
        ("simulate", ["badugi", "fixed-limit", "random,calling-station,hand-strength", "500"]),
    ],
)
def test_help_shows_every_default(
    command: str,
    defaults: list[str],
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    monkeypatch.setenv("COLUMNS", "300")  # no default cut in two
    with pytest.raises(SystemExit):
        main([command, "--help"])
    out = capsys.readouterr().out
    for default in defaults:
        assert f"(default: {default})" in out
    options = [line for line in out.splitlines() if line.startswith("  --")]
    assert out.count("(default: ") == len(options), out  # every option (-h is not "  --")


def test_play_against_the_bot_the_guide_writes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    guide = Path(__file__).parent.parent / "docs" / "guide" / "engine.md"
    source = guide.read_text(encoding="utf-8").split("```{testcode}\n", 1)[1].split("```")[0]
    (tmp_path / "mybot.py").write_text(source, encoding="utf-8")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "mybot", raising=False)
    argv = ["play", "--players", "2", "--seed", "3", "--bot", "mybot:PatBadugi"]
    code, out, err = run(argv, "call\n", monkeypatch, capsys)
    assert code == 0, err
    assert "seat 0 call 1\nseat 1 check\n" in out  # PatBadugi's answer as the big blind
    for bot, message in [("shark", "unknown bot 'shark'"), ("mybot:Nobody", "cannot load")]:
        with pytest.raises(SystemExit):
            main(["play", "--bot", bot])
        assert message in capsys.readouterr().err


def test_play_names_a_bot_given_where_a_factory_goes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / "onebot.py").write_text("def always_call(view):\n    return 'call'\n")
    monkeypatch.chdir(tmp_path)
    monkeypatch.setattr(sys, "path", list(sys.path))
    monkeypatch.delitem(sys.modules, "onebot", raising=False)
    importlib.invalidate_caches()  # the module was just written, in a new current directory
    with pytest.raises(SystemExit):
        main(["play", "--bot", "onebot:always_call"])
    err = capsys.readouterr().err
    assert "argument --bot: onebot:always_call: " in err
    assert "is it a bot? This takes a bot factory, factory(seed) -> bot" in err


def test_simulate_prints_a_table_and_json(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, out, err = run(["simulate", "--hands", "200", "--seed", "3"], "", monkeypatch, capsys)
    assert code == 0 and "200 hands" in out and "hand-strength" in out
    assert err == ""  # no progress bar off a terminal
    code, out, _ = run(
        ["simulate", "--hands", "100", "--bots", "random,random", "--json", "--game", "badeucey"],
        "",
        monkeypatch,
        capsys,
    )
    data = json.loads(out)
    assert code == 0 and data["hands"] == 100 and sum(data["net"]) == 0
    assert data["game"] == "badeucey"


def test_simulate_refuses_unknown_bots(capsys: pytest.CaptureFixture[str]) -> None:
    with pytest.raises(SystemExit) as exit_info:
        main(["simulate", "--bots", "random,shark"])
    assert exit_info.value.code == 2 and "unknown bot 'shark'" in capsys.readouterr().err


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stderr", [Terminal, io.StringIO], ids=["terminal", "pipe"])
def test_simulate_shows_a_progress_bar_only_on_a_terminal(
    stderr: type[io.StringIO], monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    """``badugi simulate ... 2>&1 | tail``: no bar in the pipe, however long the run. On a
    terminal the bar moves chunk by chunk, also when the bundled bots play in C."""
    written = stderr()
    monkeypatch.setattr("sys.stderr", written)
    clock = iter(range(0, 10**6, 2))  # two seconds a reading: the bar is due at once
    monkeypatch.setattr("badugi_fast.cli.common.time.monotonic", lambda: next(clock))
    argv = ["simulate", "--hands", "1000", "--chunk-size", "250", "--seed", "3"]
    code, out, _ = run(argv, "", monkeypatch, capsys)
    assert code == 0 and "1,000 hands" in out
    if stderr is Terminal:
        frames = written.getvalue().split("\r")
        assert [line.split()[-2] for line in frames[1:-2]] == [
            "250/1,000",
            "500/1,000",
            "750/1,000",
        ]
        assert frames[-2:] == [" " * len(frames[-3]), ""]  # done: blanked, not left on screen
    else:
        assert written.getvalue() == ""


def test_play_without_a_standard_input_is_a_clear_error(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    monkeypatch.setattr("sys.stdin", None)
    code = main(["play", "--seed", "1"])
    err = capsys.readouterr().err
    assert code == 2 and err == "badugi: error: play needs a standard input to read your actions\n"


@pytest.mark.parametrize("command", ["simulate", "equity"])
def test_workers_above_the_maximum_are_refused(
    command: str, capsys: pytest.CaptureFixture[str]
) -> None:
    argv = [command, "--workers", "1000000"]
    if command == "equity":
        argv += ["As 2h 3d Kd", "8s 7h 5d 2c"]
    code = main(argv)
    err = capsys.readouterr().err
    assert code == 2 and "--workers 1000000 is more than the maximum 256" in err


@pytest.mark.parametrize(("workers", "threads"), [([], 3), (["--workers", "200"], 2)])
def test_simulate_runs_on_a_thread_a_cpu_or_on_workers_at_most_that(
    workers: list[str],
    threads: int,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Without --workers, simulate's C chunks run on the library's thread a CPU (3 here);
    --workers 200 on two CPUs runs on 2; the same totals either way."""
    sizes = []

    def pool(size: int) -> ThreadPoolExecutor:
        sizes.append(size)
        return thread_pool(size)

    monkeypatch.setattr(sys.modules["badugi_fast.engine.simulate"], "thread_pool", pool)
    monkeypatch.setattr("badugi_fast.parallel.cpu_count", lambda: 3)
    monkeypatch.setattr("badugi_fast.cli.common.cpu_count", lambda: 2)
    argv = ["simulate", "--hands", "40", "--chunk-size", "7", "--json", *workers]
    code, out, _ = run(argv, "", monkeypatch, capsys)
    assert code == 0 and sizes == [threads]
    code, alone, _ = run([*argv, "--workers", "1"], "", monkeypatch, capsys)
    assert code == 0 and sizes == [threads]  # one thread: no pool
    assert json.loads(out) == json.loads(alone)
