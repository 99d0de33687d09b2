"""TOML in and out for PHH files.

Reading uses the standard library's ``tomllib`` (``tomli`` on Python 3.10); writing is
a small emitter for the values PHH files hold (strings, numbers, booleans, dates and
times, arrays and inline tables), laid out as the specification's examples are: one
key per line and one action per line (docs/rules.md, "Hand histories").
"""

from __future__ import annotations

import datetime
import math
import re
import sys
from collections.abc import Iterable, Mapping
from typing import Any

from badugi_fast.errors import InvalidHistory

if sys.version_info >= (3, 11):
    import tomllib
else:  # pragma: no cover - exercised on Python 3.10 only
    import tomli as tomllib

MAX_DEPTH = 32
"""How deeply a hand's values may nest arrays and tables: deeper ones are refused, read or
written (a TOML reader recurses once per level, and no field of a hand needs more)."""
_BARE_KEY = re.compile(r"[A-Za-z0-9_-]+\Z")
_ESCAPES = {
    '"': '\\"',
    "\\": "\\\\",
    "\b": "\\b",
    "\t": "\\t",
    "\n": "\\n",
    "\f": "\\f",
    "\r": "\\r",
}


def parse(text: str, *, hands: bool = False) -> dict[str, Any]:
    """The TOML document ``text`` as a dict; bad TOML raises InvalidHistory with its line.

    ``hands``: the document holds one table per hand (a ``.phhs`` file), so its values
    may nest one level deeper than MAX_DEPTH.
    """
    if not isinstance(text, str):
        raise InvalidHistory(f"a PHH document must be text, not {type(text).__name__}")
    try:
        data = tomllib.loads(text)
    except tomllib.TOMLDecodeError as error:
        where = ""
        if "end of document" in str(error):
            where = f", after line {text.count(chr(10)) + 1}: is the file cut short?"
        raise InvalidHistory(f"not valid TOML: {error}{where}") from None
    except RecursionError:  # the reader recurses once per level
        raise InvalidHistory(_TOO_DEEP) from None
    check_depth(data, MAX_DEPTH + hands)
    return data


def check_depth(data: Mapping[str, Any], limit: int = MAX_DEPTH) -> None:
    """Raise InvalidHistory if the values of ``data`` nest arrays and tables in each other
    more than ``limit`` deep; walked level by level, so any depth (or a cycle) is safe."""
    level = _containers(data.values())
    for _ in range(limit):
        if not level:
            return
        level = _containers(item for container in level for item in _items(container))
    if level:
        raise InvalidHistory(_TOO_DEEP)


_TOO_DEEP = f"arrays and tables nested more than {MAX_DEPTH} deep in a hand"


def _containers(values: Iterable[Any]) -> list[Any]:
    return [item for item in values if isinstance(item, list | tuple | Mapping)]


def _items(container: Any) -> Iterable[Any]:
    return container.values() if isinstance(container, Mapping) else container


def key(name: str) -> str:
    """A TOML key: bare when it can be, quoted otherwise."""
    return name if _BARE_KEY.match(name) else string(name)


def string(text: str) -> str:
    """A TOML basic string, with control characters escaped."""
    escaped = "".join(
        _ESCAPES.get(char, f"\\u{ord(char):04x}" if ord(char) < 0x20 or ord(char) == 0x7F else char)
        for char in text
    )
    return f'"{escaped}"'


def value(item: Any) -> str:
    """One TOML value on one line; an unsupported type raises InvalidHistory."""
    if isinstance(item, bool):
        return "true" if item else "false"
    if isinstance(item, int):
        return str(item)
    if isinstance(item, float):
        if math.isnan(item):
            return "nan"
        if math.isinf(item):
            return "inf" if item > 0 else "-inf"
        return repr(item)
    if isinstance(item, str):
        return string(item)
    if isinstance(item, datetime.datetime | datetime.date | datetime.time):
        return item.isoformat()
    if isinstance(item, list | tuple):
        return "[" + ", ".join(value(element) for element in item) + "]"
    if isinstance(item, Mapping):
        pairs = (f"{key(str(name))} = {value(element)}" for name, element in item.items())
        return "{" + ", ".join(pairs) + "}"
    raise InvalidHistory(f"cannot write {item!r} ({type(item).__name__}) as TOML")


def document(data: Mapping[str, Any], *, lines_for: tuple[str, ...] = ("actions",)) -> str:
    """``key = value`` lines for ``data``; arrays named in ``lines_for`` get one item per line."""
    out = []
    for name, item in data.items():
        if name in lines_for and isinstance(item, list | tuple) and item:
            body = "".join(f"  {value(element)},\n" for element in item)
            out.append(f"{key(name)} = [\n{body}]\n")
        else:
            out.append(f"{key(name)} = {value(item)}\n")
    return "".join(out)
