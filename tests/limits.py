"""Time and memory limits a fuzzer asserts on each case: the CPU time the process spends on
the case (its threads' and C's included; wall time, on a machine shared with other work,
is held only to :data:`WALL_SECONDS`, to catch a case that waits forever), and the peak
resident memory it adds to the process (the kernel's high-water mark, reset before the
case: C's allocations count as Python's do). Under the ASan+UBSan build CI also runs, the
limits are :data:`SANITIZED_SCALE` times larger (shadow memory, slower code)."""

from __future__ import annotations

import re
import time
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

STATUS = Path("/proc/self/status")
CLEAR_REFS = Path("/proc/self/clear_refs")
SANITIZED_SCALE = 4
WALL_SECONDS = 60.0
"""The wall time any case may take, however busy the machine."""
"""How much more time and memory a case may take in a process with AddressSanitizer."""


def _sanitized() -> bool:
    """Whether AddressSanitizer is loaded into this process (CI preloads it)."""
    try:
        return "libasan" in Path("/proc/self/maps").read_text()
    except OSError:
        return False


SCALE = SANITIZED_SCALE if _sanitized() else 1


def _kib(field: str) -> int:
    found = re.search(rf"^{field}:\s+(\d+) kB", STATUS.read_text(), re.MULTILINE)
    assert found, f"no {field} in {STATUS}"
    return int(found.group(1))


def _reset_peak() -> bool:
    """Reset the high-water mark to the resident memory now (Linux 4.0+); False where the
    kernel has no such file, and then memory is not measured."""
    try:
        CLEAR_REFS.write_text("5")
    except OSError:
        return False
    return True


class Case:
    """What one case took, filled in when its ``with`` block ends."""

    seconds: float = 0.0
    """CPU time."""
    wall: float = 0.0
    megabytes: float = 0.0


@contextmanager
def within(seconds: float, megabytes: float, what: object) -> Iterator[Case]:
    """Run the ``with`` block as one case and assert it took at most ``seconds`` of CPU
    time and added at most ``megabytes`` to the peak resident memory (each times
    :data:`SCALE`); ``what`` names the case in the failure. Catch the refusals a case may
    end in inside the block, so that they are held to the limits too."""
    case = Case()
    measured = _reset_peak()
    before = _kib("VmRSS") if measured else 0
    start, cpu = time.perf_counter(), time.process_time()
    yield case
    case.seconds = time.process_time() - cpu
    case.wall = time.perf_counter() - start
    case.megabytes = (_kib("VmHWM") - before) / 1024 if measured else 0.0
    assert case.seconds <= seconds * SCALE and case.wall <= WALL_SECONDS * SCALE, (
        f"{what!r:.300} took {case.seconds:.2f} s of CPU time ({case.wall:.2f} s), past the"
        f" limit of {seconds * SCALE} s"
    )
    assert case.megabytes <= megabytes * SCALE, (
        f"{what!r:.300} took {case.megabytes:.0f} MB more, past the limit of {megabytes * SCALE} MB"
    )
