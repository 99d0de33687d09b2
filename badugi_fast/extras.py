"""The optional dependencies: an import of one that is missing names the extra to install.

numpy (the ``numpy`` extra) for the batch evaluators and ``VectorGame``; pettingzoo,
gymnasium and numpy (``rl``) for the environments; PokerKit (``pokerkit``) for its
interop. Without them the rest of the package works, and the first call that needs one
says which ``pip install`` brings it, not only ``No module named 'numpy'``.
"""

from __future__ import annotations

from collections.abc import Iterator
from contextlib import contextmanager


@contextmanager
def extra(name: str, user: str) -> Iterator[None]:
    """Run the imports of the extra ``name`` that ``user`` needs; a missing package raises
    ``ModuleNotFoundError`` (an ``ImportError``) naming it and the extra that installs it."""
    try:
        yield
    except ModuleNotFoundError as error:
        raise ModuleNotFoundError(
            f"{user}: {error.name} is not installed (pip install 'badugi_fast[{name}]')",
            name=error.name,
        ) from None
