"""The binding: the only code that touches the compiled core, ``badugi_fast._core``.

Each module here speaks to one part of the C library (csrc/badugi.h) and hands the rest of
the package plain Python values, the package's value objects, or an opaque C hand:

- :mod:`.evaluate`: the rank evaluators, one hand at a time or in checked batches;
- :mod:`.settle`: ``badugi_settle``, the one settlement of a showdown;
- :mod:`.game`: a game (games.py) as the ``badugi_game`` the hand and the odds take;
- :mod:`.hand`: the C hand the engine plays, its calls, refusal codes and pickled fields;
- :mod:`.odds`: the odds kernels and their tallies, with ranges too;
- :mod:`.ranges`: a range's program run over every hand, and its combos;
- :mod:`.bots`: the bundled bots' C policies, for the Python bot classes;
- :mod:`.vector`: a VectorGame's tables and simulate()'s chunks, in C;
- :mod:`.pool`: the C thread pools a VectorGame's step runs on;
- :mod:`.picked`: a hand whose every card the caller picks, for the OpenSpiel game.

Above it, Python checks arguments and builds results; below it, C does the arithmetic
(docs/guide/development.md, "Layers").
"""

from __future__ import annotations

from badugi_fast._core import ffi, lib

VERSION: str = ffi.string(lib.badugi_version()).decode()
"""The C library's version, which is the package's."""
