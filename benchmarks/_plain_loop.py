"""The reference for ``evaluate_many``: a plain C loop over the same generated table.

``build(workdir)`` regenerates the rank tables with ``tables/generate.py`` into
``workdir``, compiles them with minimal unchecked batch loops as a throwaway cffi
module, and imports it. Nothing is written outside ``workdir``. Two loops, both
sorting network, colex index, one table read: ``plain_eval4`` computes the
binomials by multiplication, ``plain_eval4_tables`` reads them from small tables
(the stricter reference: it is the faster one).
"""

from __future__ import annotations

import importlib.util
import subprocess
import sys
from pathlib import Path
from types import ModuleType

from cffi import FFI

ROOT = Path(__file__).resolve().parent.parent
MODULE = "_badugi_plain_loop"
CDEF = """
size_t plain_eval4(const uint8_t *cards, size_t n, uint16_t *out);
size_t plain_eval4_tables(const uint8_t *cards, size_t n, uint16_t *out);
"""
SOURCE = r"""
#include <stddef.h>
#include <stdint.h>
#include "tables.h"

#define SORT2(a, b) do { uint32_t x_ = (a), y_ = (b); \
    (a) = x_ < y_ ? x_ : y_; (b) = x_ < y_ ? y_ : x_; } while (0)

size_t plain_eval4(const uint8_t *cards, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *h = cards + 4 * i;
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
        SORT2(a, b); SORT2(c, d); SORT2(a, c); SORT2(b, d); SORT2(b, c);
        out[i] = bdg_badugi_low4[a + b * (b - 1) / 2 + c * (c - 1) * (c - 2) / 6
                                 + d * (d - 1) * (d - 2) * (d - 3) / 24];
    }
    return n;
}

#define CHOOSE(x, k) ((k) == 2 ? (x) * ((x) - 1) / 2 \
    : (k) == 3 ? (x) * ((x) - 1) * ((x) - 2) / 6 : (x) * ((x) - 1) * ((x) - 2) * ((x) - 3) / 24)
#define ROW(k, x) CHOOSE(x, k), CHOOSE((x) + 1, k), CHOOSE((x) + 2, k), CHOOSE((x) + 3, k)
#define TABLE(k) {ROW(k, 0u), ROW(k, 4u), ROW(k, 8u), ROW(k, 12u), ROW(k, 16u), ROW(k, 20u), \
    ROW(k, 24u), ROW(k, 28u), ROW(k, 32u), ROW(k, 36u), ROW(k, 40u), ROW(k, 44u), ROW(k, 48u)}
static const uint32_t choose2[52] = TABLE(2), choose3[52] = TABLE(3), choose4[52] = TABLE(4);

size_t plain_eval4_tables(const uint8_t *cards, size_t n, uint16_t *out) {
    for (size_t i = 0; i < n; i++) {
        const uint8_t *h = cards + 4 * i;
        uint32_t a = h[0], b = h[1], c = h[2], d = h[3];
        SORT2(a, b); SORT2(c, d); SORT2(a, c); SORT2(b, d); SORT2(b, c);
        out[i] = bdg_badugi_low4[a + choose2[b] + choose3[c] + choose4[d]];
    }
    return n;
}
"""


def build(workdir: Path) -> ModuleType:
    """Generate the tables into ``workdir``, compile the loop there, and import it."""
    subprocess.run(
        [sys.executable, str(ROOT / "tables" / "generate.py"), str(workdir / "badugi_tables.c")],
        check=True,
        stdout=subprocess.DEVNULL,
    )
    ffi = FFI()
    ffi.cdef(CDEF)
    ffi.set_source(
        MODULE,
        SOURCE,
        sources=["badugi_tables.c"],  # relative to workdir: ffi.compile builds there
        include_dirs=[str(ROOT / "csrc")],
        extra_compile_args=["-O3", "-std=c99"],
    )
    library = ffi.compile(tmpdir=str(workdir))
    spec = importlib.util.spec_from_file_location(MODULE, library)
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module
