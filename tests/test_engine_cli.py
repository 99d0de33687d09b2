"""``badugi play`` and ``badugi simulate``: output, JSON, and clean failures (exit 2)."""

from __future__ import annotations

import io
import json

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
    assert code == 0 and "200 hands" in out and "hand-strength" in out and "200/200" in err
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
