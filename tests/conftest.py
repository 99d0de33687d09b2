"""Shared pytest configuration for the badugi_fast test-suite."""

from __future__ import annotations

import importlib.util

import pytest

POKERKIT_MODULES = [
    "test_engine_half_pot_pokerkit.py",
    "test_engine_pokerkit.py",
    "test_interop_pokerkit.py",
    "test_phh_pokerkit.py",
    "test_pokerkit_agreement.py",
]
"""The test modules that cross-check against PokerKit, which needs Python 3.11+."""
HAS_POKERKIT = importlib.util.find_spec("pokerkit") is not None
collect_ignore = [] if HAS_POKERKIT else POKERKIT_MODULES


def pytest_report_header() -> str | None:
    """Say so when the PokerKit cross-checks are left out."""
    if HAS_POKERKIT:
        return None
    return "pokerkit is not installed (it needs Python 3.11+): left out " + ", ".join(
        POKERKIT_MODULES
    )


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "exhaustive: checks every 4- and 5-card hand against the brute-force reference"
        " (slow-ish; CI runs them, deselect locally with -m 'not exhaustive')",
    )


def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """The longest tests (building a package, the soak) start first, so pytest-xdist's
    workers finish together."""
    items.sort(key=lambda item: not any(map(item.get_closest_marker, ("packaging", "soak"))))
