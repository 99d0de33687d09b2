"""Reading and writing ``.phh`` (one hand) and ``.phhs`` (many hands) text, as ``json`` does.

A ``.phhs`` file is a TOML document whose top-level tables (``[1]``, ``[2]``, ...) are
the hands, as PokerKit writes them (docs/rules.md, "Hand histories").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, Any

from badugi_fast.checks import check_type
from badugi_fast.errors import InvalidHistory, InvalidOptionType
from badugi_fast.phh import toml
from badugi_fast.phh.history import HandHistory


def loads(text: str) -> HandHistory:
    """The hand of a ``.phh`` document; InvalidHistory names the bad line or field."""
    return HandHistory.from_dict(toml.parse(text))


def load(fp: IO[str] | IO[bytes]) -> HandHistory:
    """The hand of an open ``.phh`` file (text or binary, UTF-8)."""
    return loads(_read(fp, "load"))


def loads_all(text: str) -> list[HandHistory]:
    """Every hand of a ``.phhs`` document, in file order; errors name the hand's table."""
    hands = []
    for name, table in toml.parse(text, hands=True).items():
        if not isinstance(table, dict):
            raise InvalidHistory(f"hand [{name}]: a .phhs file holds one table per hand")
        try:
            hands.append(HandHistory.from_dict(table))
        except InvalidHistory as error:
            raise InvalidHistory(f"hand [{name}]: {error}") from None
    return hands


def load_all(fp: IO[str] | IO[bytes]) -> list[HandHistory]:
    """Every hand of an open ``.phhs`` file."""
    return loads_all(_read(fp, "load_all"))


def dumps(history: HandHistory) -> str:
    """The ``.phh`` text of a hand: its fields in the specification's order, one action a line."""
    check_type(
        "history", history, HandHistory, "phh.loads() reads one, phh.from_state() writes one"
    )
    return toml.document(history.to_dict())


def dump(history: HandHistory, fp: IO[str]) -> None:
    """Write a hand's ``.phh`` text to an open text file."""
    fp.write(dumps(history))


def dumps_all(histories: Iterable[HandHistory]) -> str:
    """The ``.phhs`` text of several hands, in tables ``[1]``, ``[2]``, ..."""
    return "\n".join(f"[{number}]\n{dumps(history)}" for number, history in enumerate(histories, 1))


def dump_all(histories: Iterable[HandHistory], fp: IO[str]) -> None:
    """Write several hands' ``.phhs`` text to an open text file."""
    fp.write(dumps_all(histories))


def _read(fp: IO[Any], caller: str) -> str:
    """The text of an open file; what has no ``read`` (a path) is refused, naming ``caller``."""
    if not callable(getattr(fp, "read", None)):
        raise InvalidOptionType(
            f"{caller}() reads an open file, not a {type(fp).__name__}: "
            f"with open(path, 'rb') as fp: {caller}(fp)"
        )
    data = fp.read()
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidHistory(f"a PHH file must be UTF-8: {error}") from None
    return str(data)
