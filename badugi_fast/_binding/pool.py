"""The C thread pool (csrc/pool.c) that runs a VectorGame step's parts: one in a process,
made on first use and kept while it runs (its workers wait between steps). A step asking
for more threads than it has gets a pool twice as large (or as large as asked), which
serves every later step, so a process never holds more than about 2 * MAX_THREADS
threads; the smaller pool is kept, unused, since a step may still be running on it. A
forked child makes its own: the parent's workers are not in it."""

from __future__ import annotations

import os
import threading
from typing import Any

from badugi_fast._core import ffi, lib

MAX_THREADS: int = lib.BADUGI_POOL_MAX_THREADS
_pools: list[tuple[int, Any]] = []
"""The pools made in this process and the threads each was asked for, the one in use last
(without POSIX threads a pool runs on the caller's thread alone, whatever it was asked)."""
_making = threading.Lock()


def c_pool(threads: int) -> Any:
    """A C pool of at least ``threads`` threads (1..MAX_THREADS, the caller's one of
    them); MemoryError when the system will not start them."""
    if _pools and _pools[-1][0] >= threads:  # every step but a pool's first: no lock
        return _pools[-1][1]
    with _making:
        size = _pools[-1][0] if _pools else 0
        if size < threads:
            size = min(MAX_THREADS, max(threads, 2 * size))
            pool = lib.badugi_pool_new(size)
            if pool == ffi.NULL:
                raise MemoryError(f"the system would not start a pool of {size} threads")
            _pools.append((size, pool))
        return _pools[-1][1]


def _forget_pools() -> None:
    """In a forked child: no pool (the parent's workers are not in it), and a new lock (a
    parent's thread may have held the old one when it forked, and never lets it go here)."""
    global _making
    _pools.clear()
    _making = threading.Lock()


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_forget_pools)
