"""pytest-benchmark: importing card rooms' hand histories (issue 31).

Run: ``pytest benchmarks/bench_rooms.py --benchmark-enable``. Target: ``badugi import``
(read, replay and check the room's payouts) at >= 2,000 hands/s on one core, measured
beside the reading alone in ``compare_peers.py``. Every benchmark checks its results.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from _rooms_workload import room_text

from badugi_fast.cli.rooms import import_text
from badugi_fast.phh import from_room

TEXT, HANDS = room_text(40)


@pytest.mark.benchmark(group="rooms: PokerStars hands")
def test_read(benchmark: Callable[..., Any]) -> None:
    histories = benchmark(from_room, TEXT)
    assert len(histories) == HANDS


@pytest.mark.benchmark(group="rooms: PokerStars hands")
def test_import(benchmark: Callable[..., Any]) -> None:
    report = benchmark(import_text, "bench.txt", TEXT)
    assert report.imported == report.read == HANDS
    assert not report.refused and not report.disagree
