"""The size of a soak, fuzzer or cross-check: bounded in the default run, full with
``BADUGI_SOAK=full`` (docs/guide/development.md, "Soaks and fuzzers", lists them)."""

from __future__ import annotations

import os

FULL = os.environ.get("BADUGI_SOAK") == "full"
"""Whether this run plays every soak at its full size."""


def size(bounded: int, full: int) -> int:
    """``full`` in a full-size run, else ``bounded``."""
    return full if FULL else bounded
