"""Equity against random hands (csrc/badugi.h, "Equity against random hands"): each game's
tables, enumerated in C on first use and kept for the process, for the bundled bots that
read them (the hand-strength and equity bots), wherever they play: as Python bots, in
simulate()'s C chunks or at a VectorGame's tables."""

from __future__ import annotations

import threading
from typing import Any

from badugi_fast._core import ffi, lib
from badugi_fast.errors import InvalidOption

_tables: dict[bytes, Any] = {}
"""The tables made so far, by the game they are for (its descriptor's bytes, with the
qualifier and odd half, which they do not read, zeroed)."""
_making = threading.Lock()


def equity_tables(game: Any) -> Any:
    """The tables of a ``badugi_game`` (cdata: a pointer to one), made once per process and
    game (some 10 to 100 ms; concurrent callers wait for the one making them); MemoryError
    when C cannot allocate them. A small game has none (InvalidOption): the tables are the
    whole deck's, of four or five cards."""
    deck = lib.badugi_game_deck(game)
    if game.cards < 4 or deck != (1 << lib.BADUGI_CARDS) - 1:
        raise InvalidOption(
            "the hand-strength and equity bots play the full games only: their equity tables"
            f" are the 52-card deck's, not a small game's ({game.cards}-card hands from"
            f" {bin(deck).count('1')} cards)"
        )
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
