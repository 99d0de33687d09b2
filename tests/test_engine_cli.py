"""``badugi play`` and ``badugi simulate``: output, JSON, and clean failures (exit 2)."""

from __future__ import annotations

import io
import json
from concurrent.futures import ThreadPoolExecutor

import pytest

from badugi_fast.cli import main


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
    script = "call\n" + "stand pat\ncheck\n" * 3
    code, out, err = run(
        ["play", "--players", "3", "--seed", "5", "--bot", "calling-station"],
        script,
        monkeypatch,
        capsys,
    )
    assert code == 0, err
    assert "your cards: " in out and "you may: fold | call 2 | raise 4" in out
    assert "seat 0 call 2" in out and "your stack:" in out
    assert "main pot" in out


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
    assert "seat 0 muck" in out and out.count("seat 1 show") == 1 and "your stack: 198" in out


def test_play_stops_cleanly_at_end_of_input(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["play", "--seed", "1"], "", monkeypatch, capsys)
    assert code == 2 and err.strip().splitlines() == [
        "badugi: error: end of input: no action for your turn"
    ]


def test_play_refuses_a_bad_action_from_a_pipe(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    code, _, err = run(["play", "--seed", "1"], "raise 99\n", monkeypatch, capsys)
    assert code == 2 and err.strip().splitlines() == [
        "badugi: error: raise to 99 is above the maximum 4"
    ]
    code, _, err = run(["play", "--seed", "1"], "dance\n", monkeypatch, capsys)
    assert code == 2 and "unknown action 'dance'" in err and len(err.strip().splitlines()) == 1


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


def test_simulate_shows_a_progress_bar_on_a_terminal(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    terminal = Terminal()
    monkeypatch.setattr("sys.stderr", terminal)
    clock = iter(range(0, 10**6, 2))  # two seconds a reading: the bar shows at once
    monkeypatch.setattr("badugi_fast.cli.common.time.monotonic", lambda: next(clock))
    code, out, _ = run(["simulate", "--hands", "200", "--seed", "3"], "", monkeypatch, capsys)
    assert code == 0 and "200 hands" in out
    assert terminal.getvalue().endswith("200/200 hands\n")


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


def test_workers_are_bounded_by_the_cpu_count(
    monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    sizes = []

    class Pool(ThreadPoolExecutor):
        def __init__(self, max_workers: int, **options: object) -> None:
            sizes.append(max_workers)
            super().__init__(max_workers)

    monkeypatch.setattr("badugi_fast.cli.common.ProcessPoolExecutor", Pool)
    monkeypatch.setattr("badugi_fast.cli.common.cpu_count", lambda: 2)
    code, out, _ = run(
        ["simulate", "--hands", "40", "--workers", "200", "--json"], "", monkeypatch, capsys
    )
    assert code == 0 and json.loads(out)["hands"] == 40 and sizes == [2]
