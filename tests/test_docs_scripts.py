"""The guide's scripts run as saved: each ``python`` block with an ``if __name__ ==
"__main__":`` guard (the Dask examples, which start a two-worker LocalCluster) runs in a
fresh interpreter and prints what the ``text`` block after it shows."""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

pytest.importorskip("distributed")

GUIDE = Path(__file__).resolve().parent.parent / "docs" / "guide"
SCRIPT = re.compile(r"```python\n(.*?)```\n\n```text\n(.*?)```", re.S)
GUARD = 'if __name__ == "__main__":'


SCRIPTS = [
    (page.name, script, output)
    for page in sorted(GUIDE.glob("*.md"))
    for script, output in SCRIPT.findall(page.read_text(encoding="utf-8"))
    if GUARD in script
]
"""(page, script, its output) for every guarded script of the guide."""


def test_the_dask_examples_are_scripts() -> None:
    assert {page for page, _, _ in SCRIPTS} == {"engine.md", "odds.md"}
    for page in GUIDE.glob("*.md"):
        for block in re.findall(
            r"```py(?:thon)?\n(.*?)```", page.read_text(encoding="utf-8"), re.S
        ):
            if "LocalCluster" in block or "Client(" in block:
                assert GUARD in block, f"{page.name}: a cluster started without a __main__ guard"


@pytest.mark.parametrize(("page", "script", "output"), SCRIPTS, ids=[s[0] for s in SCRIPTS])
def test_script_runs(page: str, script: str, output: str, tmp_path: Path) -> None:
    path = tmp_path / "script.py"
    path.write_text(script, encoding="utf-8")
    run = subprocess.run(
        [sys.executable, "-I", str(path)], capture_output=True, text=True, timeout=60
    )
    assert run.returncode == 0, f"{page}: {run.stderr[-2000:]}"
    assert run.stdout == output, page
