"""The ranges example (docs/examples/range_equity.py) runs as saved at a bounded size and
writes its figure; the docs' figure is its full run (``python
docs/examples/range_equity.py``, 1,000,000 samples a bar)."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("matplotlib")

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "range_equity.py"


def test_the_script_prints_its_table_and_writes_its_figure(tmp_path: Path) -> None:
    out = tmp_path / "ranges.png"
    argv = ["--samples", "3000", "--exact-limit", "0", "--out", str(out)]
    run = subprocess.run(
        [sys.executable, "-I", str(SCRIPT), *argv], capture_output=True, text=True, timeout=120
    )
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert [line[:16].strip() for line in lines[1:5]] == [
        "any hand",
        "pat hands",
        "one-card draws",
        "two-card draws",
    ]
    assert lines[-1] == "(* exact; the others sampled)" and "*" not in "".join(lines[1:5])[16:]
    assert out.read_bytes().startswith(b"\x89PNG\r\n\x1a\n")
    assert run.stderr == ""
