"""Shared pytest configuration for the badugi_fast test-suite."""

from __future__ import annotations

import pytest


def pytest_configure(config: pytest.Config) -> None:
    config.addinivalue_line(
        "markers",
        "exhaustive: checks every 4- and 5-card hand against the brute-force reference"
        " (slow-ish; CI runs them, deselect locally with -m 'not exhaustive')",
    )
