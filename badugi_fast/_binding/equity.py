"""Equity against random hands (csrc/badugi.h, "Equity against random hands"): each game's
tables, enumerated in C on first use and kept for the process, for the bundled bots that
read them (the hand-strength and equity bots), wherever they play: as Python bots, in
simulate()'s C chunks or at a VectorGame's tables."""

from __future__ import annotations

import threading
from typing import Any

from badugi_fast._core import ffi, lib

_tables: dict[bytes, Any] = {}
"""The tables made so far, by the game they are for (its descriptor's bytes, with the
qualifier and odd half, which they do not read, zeroed)."""
_making = threading.Lock()


def equity_tables(game: Any) -> Any:
    """The tables of a ``badugi_game`` (cdata: a pointer to one), made once per process and
    game (some 10 to 100 ms; concurrent callers wait for the one making them); MemoryError
    when C cannot allocate them."""
    key_game = ffi.new("badugi_game *", game[0])
    key_game.qualifier = key_game.odd_half = 0
    key = bytes(ffi.buffer(key_game))
    tables = _tables.get(key)
    if tables is None:
        with _making:
            tables = _tables.get(key)
            if tables is None:
                made = lib.badugi_equity_new(key_game)
                if made == ffi.NULL:
                    raise MemoryError("no memory for a game's equity tables")
                tables = _tables[key] = ffi.gc(made, lib.badugi_equity_free)
    return tables
