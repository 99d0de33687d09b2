"""The library's one sampling stream, ``badugi_random`` (csrc/badugi.h, "Random numbers";
docs/rules.md, "The seed scheme"): the odds' samples are drawn from it in C, and
``simulate()`` takes its bots' and hands' seeds from it here."""

from __future__ import annotations

from collections.abc import Sequence

from badugi_fast._core import ffi, lib


def random_words(seed: int, chunk: int, count: int) -> Sequence[int]:
    """The first ``count`` 64-bit outputs of the stream of chunk ``chunk`` of ``seed``
    (both 0 to 2**64 - 1, checked by the caller), as a C array: 8 bytes a word."""
    words = ffi.new("uint64_t[]", count)
    lib.badugi_random(seed, chunk, count, words)  # only refuses a NULL array
    return words  # type: ignore[no-any-return]
