"""VectorGame's step beside its floor (benchmarks/floor.c), interleaved in one process.

    python benchmarks/floor.py [--tables N] [--steps S] [--rounds R]

The floor plays the same six-handed fixed-limit Badugi tables as compare_peers' VectorGame
workload in plain C, each table's action uniformly random among the legal ones. Its
variants: the bare game (the mask alone) with a fast generator's, ChaCha20's or SHAKE-128's
shuffle; with ChaCha20, the library's observation written plainly, from per-seat blocks,
the compact observation, and 32 bytes of card ids and betting counts; and with SHAKE-128,
the library's default deal, the observation written plainly and the compact one. The library's
rows time ``VectorGame.step`` alone, each action picked beforehand (untimed) uniformly among
the legal ones. Every figure is ns per table-step, the best of R interleaved rounds, in the
CPU time of the calling thread (one thread on both sides): on a shared machine the time
another process holds the core is left out of both alike.
"""

from __future__ import annotations

import argparse
import importlib.util
import sys
import tempfile
import time
from pathlib import Path
from types import ModuleType
from typing import Any

from cffi import FFI
from vector_threads import Steps

HERE = Path(__file__).resolve().parent
MODULE = "_badugi_floor"
SHUFFLES = {"xoshiro": 0, "chacha20": 1, "shake128": 2}
OBSERVATIONS = {"mask": 0, "plain": 1, "blocks": 2, "compact": 3, "bytes32": 4}
FLOORS = {
    "floor: bare game, fast generator's shuffle": ("xoshiro", "mask"),
    "floor: bare game, ChaCha20 shuffle": ("chacha20", "mask"),
    "floor: bare game, SHAKE-128 sort keys": ("shake128", "mask"),
    "floor: ChaCha20, 329 floats written plainly": ("chacha20", "plain"),
    "floor: ChaCha20, 329 floats from per-seat blocks": ("chacha20", "blocks"),
    "floor: ChaCha20, compact observation": ("chacha20", "compact"),
    "floor: ChaCha20, 32 bytes of ids and counts": ("chacha20", "bytes32"),
    "floor: SHAKE-128, 329 floats written plainly": ("shake128", "plain"),
    "floor: SHAKE-128, compact observation": ("shake128", "compact"),
}
"""The floor's variants (shuffle, what a step writes), by row."""
LIBRARY = {
    "VectorGame.step, SHAKE-128 deal (the default)": {},
    "VectorGame.step, SHAKE-128 deal, compact": {"observation": "compact"},
    "VectorGame.step, ChaCha20 deal": {"shuffle": "chacha20"},
    "VectorGame.step, ChaCha20 deal, compact": {"shuffle": "chacha20", "observation": "compact"},
}
"""The library's rows: VectorGame's options beside the workload's."""


def build(workdir: Path) -> ModuleType:
    """Compile floor.c as a cffi module in ``workdir`` and import it."""
    ffi = FFI()
    ffi.cdef(
        """
        int floor_table_bytes(void);
        int floor_observation_bytes(int observation);
        void floor_start(void *tables, int count, int scheme, uint64_t seed);
        int64_t floor_steps(void *tables, int count, int steps, int scheme, int observation,
                            void *out);
        """
    )
    ffi.set_source(
        MODULE,
        '#define FLOOR_LIBRARY\n#include "floor.c"',
        include_dirs=[str(HERE)],
        extra_compile_args=["-O3", "-std=c99"],
    )
    library = ffi.compile(tmpdir=str(workdir))
    spec = importlib.util.spec_from_file_location(MODULE, library)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


class Floor:
    """``tables`` floor tables of one variant, stepped ``steps`` at a time."""

    def __init__(self, floor: ModuleType, tables: int, shuffle: str, observation: str) -> None:
        self.floor, self.count = floor, tables
        self.scheme, self.observation = SHUFFLES[shuffle], OBSERVATIONS[observation]
        lib, ffi = floor.lib, floor.ffi
        self.tables = ffi.new("char[]", tables * lib.floor_table_bytes())
        self.out = ffi.new("char[]", max(1, tables * lib.floor_observation_bytes(self.observation)))
        lib.floor_start(self.tables, tables, self.scheme, 1)

    def seconds(self, steps: int) -> float:
        """Seconds for ``steps`` steps of every table."""
        lib = self.floor.lib
        start = time.thread_time()
        lib.floor_steps(self.tables, self.count, steps, self.scheme, self.observation, self.out)
        return time.thread_time() - start


def measure(tables: int, steps: int, rounds: int, floor: ModuleType) -> dict[str, float]:
    """ns per table-step of every row, the best of ``rounds`` interleaved rounds."""
    runs: dict[str, Any] = {
        **{what: Floor(floor, tables, *variant) for what, variant in FLOORS.items()},
        **{what: Steps(tables, 1, time.thread_time, **opts) for what, opts in LIBRARY.items()},
    }
    best = dict.fromkeys(runs, float("inf"))
    for _ in range(rounds):
        for what, run in runs.items():
            best[what] = min(best[what], run.seconds(steps) / (steps * tables) * 1e9)
    return best


def main() -> None:
    parser = argparse.ArgumentParser(description=(__doc__ or "").split("\n")[0])
    parser.add_argument("--tables", type=int, default=1024)
    parser.add_argument("--steps", type=int, default=50)
    parser.add_argument("--rounds", type=int, default=9)
    args = parser.parse_args()
    with tempfile.TemporaryDirectory(prefix="badugi_floor_") as workdir:
        floor = build(Path(workdir))
    best = measure(args.tables, args.steps, args.rounds, floor)
    print(f"{args.tables:,} tables, ns per table-step, the best of {args.rounds} rounds:")
    for what, ns in best.items():
        print(f"{what:<58}{ns:>8.1f}")
    for deal, name in (
        ("SHAKE-128", "SHAKE-128 deal (the default)"),
        ("ChaCha20", "ChaCha20 deal"),
    ):
        plain = best[f"floor: {deal}, 329 floats written plainly"]
        compact = best[f"floor: {deal}, compact observation"]
        step, short = best[f"VectorGame.step, {name}"], name.split(" (")[0]
        print(f"{deal} step / its floor: {step / plain:.2f}x")
        compact_step = best[f"VectorGame.step, {short}, compact"]
        print(f"{deal} compact step / its floor: {compact_step / compact:.2f}x")


if __name__ == "__main__":
    sys.exit(main())
