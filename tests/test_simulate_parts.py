"""simulate() with bots by name plays a chunk in C part by part (engine.simulate.PART): the
results are those of one call, whatever the parts, and a Ctrl-C stops a run of one chunk of
10**8 hands between two parts, and the library's threads at their next part, instead of
after the whole chunk (minutes)."""

from __future__ import annotations

import importlib
import os
import signal
import subprocess
import sys
import time

import pytest

from badugi_fast.engine.bots import BOTS
from badugi_fast.engine.simulate import simulate

BOTS_BY_NAME = ["random", "hand-strength", "calling-station", "random"]
simulation = importlib.import_module("badugi_fast.engine.simulate")
"""The module (``badugi_fast.engine.simulate`` is also the name of its function)."""


@pytest.mark.parametrize(("hands", "chunk_size", "threads"), [(300, 300, 1), (300, 70, 2)])
def test_parts_give_the_results_of_one_call_and_of_the_factories(
    monkeypatch: pytest.MonkeyPatch, hands: int, chunk_size: int, threads: int
) -> None:
    options = {"seed": 9, "chunk_size": chunk_size, "game": "badeucey", "betting": "pot-limit"}
    whole = simulate(hands, BOTS_BY_NAME, threads=threads, **options)
    factories = simulate(hands, [BOTS[name] for name in BOTS_BY_NAME], **options)
    monkeypatch.setattr(simulation, "PART", 7)
    parted = simulate(hands, BOTS_BY_NAME, threads=threads, **options)
    assert parted == whole == factories


def _interrupted_after_start(code: str) -> tuple[float, str]:
    """Run ``code`` in a new Python process, send it SIGINT once it says it has started a
    run, and return how long it took to end after the signal and what it said on stderr."""
    process = subprocess.Popen(
        # -I: the installed package, not a source tree in the working folder (CI's sanitized
        # run works inside a copy of the sources, whose badugi_fast has no built core)
        [sys.executable, "-I", "-c", f"print('started', flush=True)\n{code}"],
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
        start_new_session=True,
    )
    try:
        assert process.stdout is not None
        assert process.stdout.readline() == "started\n"
        time.sleep(0.5)  # inside the run's C calls
        assert process.poll() is None
        os.killpg(process.pid, signal.SIGINT)
        sent = time.monotonic()
        _, err = process.communicate(timeout=30)
        return time.monotonic() - sent, err
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()


@pytest.mark.skipif(os.name != "posix", reason="SIGINT to a process group is POSIX")
@pytest.mark.parametrize(
    "call",
    [
        "simulate(10**8, ['random', 'random'], chunk_size=10**8)",
        "simulate(4 * 10**8, ['random', 'random'], chunk_size=10**8, threads=2)",
    ],
    ids=["one chunk", "chunks on two threads"],
)
def test_ctrl_c_stops_a_long_chunk_between_two_parts(call: str) -> None:
    """One chunk of 10**8 hands ran its one C call to the end (a minute and more) before the
    Ctrl-C was heard; on the library's threads, the chunks already running went on to
    theirs, and the interpreter waited for them at its exit."""
    took, err = _interrupted_after_start(
        f"from badugi_fast.engine.simulate import simulate\n{call}"
    )
    assert "KeyboardInterrupt" in err
    assert took < 5
