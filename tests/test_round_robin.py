"""The bundled bots' round robin (docs/examples/round_robin.py), at a bounded size: the
equity bot beats every other bundled bot and the hand-strength bot beats the random one,
each beyond its 95% interval. The training guide's table is the script's full run
(``python docs/examples/round_robin.py``, 1,000,000 hands a pair); here 10,000 are enough."""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

SCRIPT = Path(__file__).resolve().parent.parent / "docs" / "examples" / "round_robin.py"


def load_script() -> ModuleType:
    spec = importlib.util.spec_from_file_location("round_robin", SCRIPT)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module  # where its dataclass looks itself up
    spec.loader.exec_module(module)
    return module


def test_the_equity_bot_beats_every_other_bot_significantly() -> None:
    script = load_script()
    results = script.round_robin(hands=10_000, batches=10)
    for other in ("random", "calling-station", "hand-strength"):
        result = results["equity", other]
        assert result.mean > 0 and result.significant, (other, str(result))
    strength = results["hand-strength", "random"]
    assert strength.mean > 0 and strength.significant, str(strength)


def test_the_script_prints_the_table_best_first() -> None:
    run = subprocess.run(
        [sys.executable, "-I", str(SCRIPT), "--hands", "1000", "--batches", "2"],
        capture_output=True,
        text=True,
        timeout=120,
    )
    assert run.returncode == 0, run.stderr[-2000:]
    lines = run.stdout.splitlines()
    assert lines[0] == "1,000 hands a pair in 2 runs; big blinds a hand, 95% intervals"
    assert lines[1].startswith("| bot | vs equity |") and lines[3].startswith("| equity | ")
    assert len(lines) == 7 and all(line.count(" ± ") == 3 for line in lines[3:])
