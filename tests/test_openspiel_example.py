"""Training bots' OpenSpiel example (docs/examples/openspiel_mccfr.py) runs as saved, at a
bounded size: OpenSpiel's outcome-sampling MCCFR on heads-up fixed-limit single draw, then
its average policy against random play."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("pyspiel")

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "openspiel_mccfr.py"


def test_the_script_runs_the_solver_and_plays_its_policy() -> None:
    argv = ["--iterations", "150", "--eval-hands", "60", "--seed", "3"]
    run = subprocess.run(
        [sys.executable, "-I", str(SCRIPT), *argv], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    trained, played = run.stdout.splitlines()
    assert re.fullmatch(r"150 iterations in \d+\.\d s", trained)
    assert re.fullmatch(
        r"vs random: [+-]\d+\.\d\d \+- \d+\.\d\d big blinds a hand \(60 hands\)", played
    )
    assert run.stderr == ""
