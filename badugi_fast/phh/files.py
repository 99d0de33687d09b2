"""Reading and writing ``.phh`` (one hand) and ``.phhs`` (many hands) text, as ``json`` does.

A ``.phhs`` file is a TOML document whose top-level tables (``[1]``, ``[2]``, ...) are
the hands, as PokerKit writes them (docs/rules.md, "Hand histories").
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import IO, Any

from badugi_fast.errors import InvalidHistory
from badugi_fast.phh import toml
from badugi_fast.phh.history import HandHistory


def loads(text: str) -> HandHistory:
    """The hand of a ``.phh`` document; InvalidHistory names the bad line or field."""
    return HandHistory.from_dict(toml.parse(text))


def load(fp: IO[str] | IO[bytes]) -> HandHistory:
    """The hand of an open ``.phh`` file (text or binary, UTF-8)."""
    return loads(_read(fp))


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
    return loads_all(_read(fp))


def dumps(history: HandHistory) -> str:
    """The ``.phh`` text of a hand: its fields in the specification's order, one action a line."""
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


def _read(fp: IO[Any]) -> str:
    data = fp.read()
    if isinstance(data, bytes):
        try:
            return data.decode("utf-8")
        except UnicodeDecodeError as error:
            raise InvalidHistory(f"a PHH file must be UTF-8: {error}") from None
    return str(data)
