"""Shared pytest configuration for the badugi_fast test-suite."""

from __future__ import annotations

import os

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "exhaustive: checks every 4- and 5-card hand against the brute-force reference"
        " (slow-ish; CI runs them, deselect locally with -m 'not exhaustive')",
    )


def pytest_collection_modifyitems(config: pytest.Config, items: list[pytest.Item]) -> None:
    """Full-size odds checks run only when BADUGI_ODDS_FULL=1 (CI runs the bounded ones)."""
    if os.environ.get("BADUGI_ODDS_FULL") == "1":
        return
    skip = pytest.mark.skip(reason="full size: set BADUGI_ODDS_FULL=1")
    for item in items:
        if "odds_full" in item.keywords:
            item.add_marker(skip)
