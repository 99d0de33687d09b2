"""The vector environment's training example (docs/examples/vector_env_training.py) runs as
saved, at a bounded size, and reports its winnings against the equity bot as it trains. The
docs' figures are the script's full run (``python docs/examples/vector_env_training.py``,
400,000 hands)."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("numpy")
pytest.importorskip("gymnasium")

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "vector_env_training.py"


def test_the_script_trains_against_the_equity_bot() -> None:
    run = subprocess.run(
        [sys.executable, str(SCRIPT), "--hands", "2000", "--points", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    pattern = r" *[\d,]+ hands: [+-]\d+\.\d{3} big blinds a hand against the equity bot"
    assert len(lines) == 2 and all(re.fullmatch(pattern, line) for line in lines), lines
    assert run.stderr == ""
