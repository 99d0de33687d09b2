"""``badugi range`` and ranges in ``badugi equity``."""

from __future__ import annotations

import json

import pytest

import badugi_fast as bf
from badugi_fast.cli import main


def run(capsys: pytest.CaptureFixture[str], *argv: str) -> tuple[int, str, str]:
    code = main(list(argv))
    captured = capsys.readouterr()
    return code, captured.out, captured.err


def test_equity_against_a_random_hand(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "equity", "As 2h 3d Kd", "*", "--draws", "0", "--json")
    assert code == 0
    assert json.loads(out)["equity"] == list(bf.equity(["As 2h 3d Kd", "*"], draws=0).equity)
    code, out, _ = run(capsys, "equity", "As 2h 3d Kd", "$badugi8", "--draws", "1")
    assert code == 0 and "\n$badugi8 " in out and "exact" in out


def test_equity_with_a_draw_samples_a_range(capsys: pytest.CaptureFixture[str]) -> None:
    argv = ("equity", "As 2h 3d Kd", "*", "--draws", "1", "--samples", "70000", "--seed", "5")
    code, out, _ = run(capsys, *argv, "--json")
    expected = bf.equity(["As 2h 3d Kd", "*"], draws=1, samples=70_000, seed=5)
    assert code == 0 and json.loads(out)["equity"] == list(expected.equity)
    assert not expected.exact


def test_range_counts_and_lists(capsys: pytest.CaptureFixture[str]) -> None:
    code, out, _ = run(capsys, "range", "$badugi8", "--list", "2")
    assert code == 0
    assert out.splitlines() == [
        "$badugi8: 1,680 badugi hands, total weight 1680",
        "  As 2h 3d 4c",
        "  As 2h 3d 5c",
        "  ... and 1,678 more (--list N shows N)",
    ]
    code, out, _ = run(capsys, "range", "0.5:A23, $pat", "--dead", "Kd", "--json", "--list", "1")
    data = json.loads(out)
    r = bf.Range.parse("0.5:A23, $pat")
    assert data["hands"] == r.count("Kd") and data["listed"][0]["weight"] == 0.5
    code, out, _ = run(capsys, "range", "$low8", "--game", "deuce-seven-triple-draw", "--list", "0")
    assert code == 0 and out.startswith("$low8: 18,360 deuce-seven-triple-draw hands")


@pytest.mark.parametrize(
    ("argv", "message"),
    [
        (["range", "A2e"], "'e' is not a rank, a suit or a range operator, at character 3"),
        (["range", "$badugi3"], "no badugi has 3 as its top card"),
        (["equity", "As 2h 3d Kd", "As *"], "no hand of the range 'As *' is left"),
    ],
)
def test_bad_ranges_exit_2(
    capsys: pytest.CaptureFixture[str], argv: list[str], message: str
) -> None:
    code, out, err = run(capsys, *argv)
    assert code == 2 and not out
    assert err.startswith("badugi: error: ") and message in err and len(err.splitlines()) == 1
