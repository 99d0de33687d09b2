"""pytest setup for the benchmarks: collect ``bench_*.py`` and share the seeded hands.

Run with ``pytest benchmarks --benchmark-enable`` (pyproject's addopts disable
benchmarks, which then run once each as plain correctness tests).
"""

from __future__ import annotations

from pathlib import Path
from types import ModuleType

import _plain_loop
import _workload
import pytest


def pytest_collect_file(file_path: Path, parent: pytest.Collector) -> pytest.Module | None:
    """Collect ``bench_*.py`` as test modules (pyproject's python_files only has test_*)."""
    if (
        file_path.suffix == ".py"
        and file_path.name.startswith("bench_")
        and not parent.session.isinitpath(file_path)  # an explicit path is collected anyway
    ):
        module: pytest.Module = pytest.Module.from_parent(parent, path=file_path)
        return module
    return None


@pytest.fixture(scope="session")
def batch4() -> _workload.HandArray:
    """1M random unsorted 4-card hands, (N, 4) uint8."""
    return _workload.random_hands(_workload.BATCH_HANDS, 4)


@pytest.fixture(scope="session")
def batch5() -> _workload.HandArray:
    """1M random unsorted 5-card hands, (N, 5) uint8."""
    return _workload.random_hands(_workload.BATCH_HANDS, 5)


@pytest.fixture(scope="session")
def plain_loop(tmp_path_factory: pytest.TempPathFactory) -> ModuleType:
    """The plain C reference loop, built once per session in a temp dir."""
    return _plain_loop.build(tmp_path_factory.mktemp("plain_loop"))
