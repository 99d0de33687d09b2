"""Training bots' example (docs/examples/selfplay.py) runs as saved, at a bounded size, and
writes its figure; its progress line shows only on a terminal. The docs' figure is the
script's full run (``python docs/examples/selfplay.py``, 400,000 hands)."""

from __future__ import annotations

import importlib.util
import io
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

pytest.importorskip("numpy")
pytest.importorskip("matplotlib")

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "selfplay.py"


def test_the_script_trains_and_writes_its_figure(tmp_path: Path) -> None:
    out = tmp_path / "curve.png"
    argv = ["--hands", "2000", "--evaluations", "2", "--eval-hands", "600", "--out", str(out)]
    run = subprocess.run(
        [sys.executable, "-I", str(SCRIPT), *argv], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert [line.split(":")[0] for line in lines] == [
        "vs random",
        "vs calling-station",
        "vs hand-strength",
        "vs equity",
    ]
    assert all(" -> " in line and line.endswith(" big blinds a hand") for line in lines)
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert run.stderr == ""  # no progress bar off a terminal


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("selfplay", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Terminal(io.StringIO):
    def isatty(self) -> bool:
        return True


@pytest.mark.parametrize("stderr", [Terminal, io.StringIO], ids=["terminal", "pipe"])
def test_training_shows_its_progress_only_on_a_terminal(
    stderr: type[io.StringIO], monkeypatch: pytest.MonkeyPatch
) -> None:
    written = stderr()
    monkeypatch.setattr("sys.stderr", written)
    curve = load_script().train(hands=2000, evaluations=2, eval_hands=100)
    assert curve["hands"][0] == 0 and curve["hands"][-1] >= 2000 and len(curve["random"]) == 3
    if stderr is Terminal:
        frames = written.getvalue().split("\r")
        assert "/2,000 hands" in frames[1]  # shown on the way
        assert frames[-1] == "2,000/2,000 hands\n"  # and left on a line of its own
    else:
        assert written.getvalue() == ""
