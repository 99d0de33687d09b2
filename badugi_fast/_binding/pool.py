"""The C thread pools (csrc/pool.c) that run a VectorGame step's parts: one pool of each
size in a process, made on first use and kept while it runs (its workers wait between
steps). A forked child makes its own: the parent's workers are not in it."""

from __future__ import annotations

import os
import threading
from typing import Any

from badugi_fast._core import ffi, lib

MAX_THREADS: int = lib.BADUGI_POOL_MAX_THREADS
_pools: dict[int, Any] = {}
_making = threading.Lock()


def c_pool(threads: int) -> Any:
    """The process's C pool of ``threads`` threads (1..MAX_THREADS, the caller's one of
    them); MemoryError when the system will not start them."""
    pool = _pools.get(threads)
    if pool is None:
        with _making:
            pool = _pools.get(threads)
            if pool is None:
                pool = lib.badugi_pool_new(threads)
                if pool == ffi.NULL:
                    raise MemoryError(f"the system would not start a pool of {threads} threads")
                _pools[threads] = pool
    return pool


if hasattr(os, "register_at_fork"):
    os.register_at_fork(after_in_child=_pools.clear)
