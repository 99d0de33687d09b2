"""Hostile pickles made from real ones, as a tampered file would hold them: the bytes of
their values overwritten in place or cut short (:class:`Bytes`), or the plain values a
class's ``__reduce_ex__`` gives edited one at a time and pickled again (:func:`forged`).
Neither forges a length or an opcode, which would only make pickle itself fail, or
allocate gigabytes for a memo index, before any of badugi_fast's code runs."""

from __future__ import annotations

import io
import math
import pickle
import pickletools
import random
from collections.abc import Callable
from typing import Any

_PREFIXED = {"SHORT_BINBYTES": 1, "SHORT_BINUNICODE": 1, "LONG1": 1, "BINBYTES": 4,
             "BINUNICODE": 4, "BINBYTES8": 8, "BINUNICODE8": 8}  # fmt: skip
_FIXED = {"BININT1", "BININT2", "BININT", "BINGET", "BINPUT", "NEWTRUE", "NEWFALSE", "NONE",
          "BINFLOAT"}  # fmt: skip
_CONSTANTS = {"NONE": b"N", "NEWTRUE": b"\x88", "NEWFALSE": b"\x89"}
"""One-byte values that are their own opcodes. One is overwritten only with another: any
other byte may be an opcode that reads the next bytes as its argument, such as LONG_BINPUT,
whose forged memo index makes pickle allocate gigabytes."""


def constant_bytes(raw: bytes) -> set[int]:
    """Where a pickle keeps a None, True or False (:data:`_CONSTANTS`)."""
    return {at for op, _, at in pickletools.genops(raw) if op.name in _CONSTANTS}


def value_bytes(raw: bytes) -> list[int]:
    """Where a pickle keeps its values: the bytes of every number, string and bytes object
    (and memo index), not the lengths and frame sizes around them. Overwriting those
    forges values without making pickle itself allocate gigabytes for a forged length."""
    ops = list(pickletools.genops(raw))
    positions = []
    for (op, _, at), (_, _, end) in zip(ops, [*ops[1:], (None, None, len(raw))], strict=True):
        if op.name in _PREFIXED:
            positions += range(at + 1 + _PREFIXED[op.name], end)
        elif op.name in _FIXED:
            positions += range(at + (op.name not in _CONSTANTS), end)
    return positions


class Bytes:
    """A real pickle and where its values are, to overwrite."""

    def __init__(self, raw: bytes) -> None:
        self.raw = raw
        self.values = value_bytes(raw)
        self.constants = constant_bytes(raw)

    def mutated(self, rng: random.Random) -> bytes:
        """The pickle cut short (one in 20), or one to four of its value bytes overwritten
        (a constant only with another constant)."""
        raw = bytearray(self.raw)
        if rng.random() < 0.05:
            del raw[rng.randrange(len(raw)) :]
            return bytes(raw)
        for _ in range(rng.choice((1, 1, 2, 4))):
            at = rng.choice(self.values)
            if at in self.constants:
                raw[at] = rng.choice(b"".join(_CONSTANTS.values()))
            else:
                raw[at] = rng.choice((0, 1, 0xFF, 0x7F, 0x80, rng.randrange(256)))
        return bytes(raw)


class Forged:
    """A pickle that calls ``restore`` with ``args``, as a tampered file can."""

    def __init__(self, restore: Callable[..., object], *args: Any) -> None:
        self.restore, self.args = restore, args

    def __reduce__(self) -> tuple[Any, ...]:
        return self.restore, self.args


def pickled_as(value: object, reduced: tuple[Any, ...]) -> bytes:
    """A pickle of ``value`` made from ``reduced`` in place of its own ``__reduce_ex__``
    (a class's pickle names the class, which pickle checks is the value's)."""
    buffer = io.BytesIO()

    class Pickler(pickle.Pickler):
        def reducer_override(self, obj: object) -> Any:
            return reduced if obj is value else NotImplemented

    Pickler(buffer, pickle.HIGHEST_PROTOCOL).dump(value)
    return buffer.getvalue()


def _hostile(value: Any, rng: random.Random) -> Any:
    """A value to put where ``value`` was: an edge of its type, another type, or (for a
    container) the container with an item dropped, repeated, moved or changed."""
    if isinstance(value, bool) or value is None:
        return rng.choice((not value, 0, 1, None, (), "1"))
    if isinstance(value, int):
        edges = (-1, 0, 1, 2, 3, 7, 51, 52, 255, 256, 2**31 - 1, 2**31, 2**63, -(2**63))
        return rng.choice((*edges, value + 1, value - 1, -value, True, 1.5, "1", None))
    if isinstance(value, float):
        edges = (math.nan, math.inf, -math.inf, 0.0, -0.0, 1e308, 5e-324, -1.0, 1, None)
        return rng.choice((*edges, value * 2, value / 3))
    if isinstance(value, str):
        others = ("", "x", "\x00", "badugi", "holdem", "A" * 10_000, "\u0410", "\uff21", 7)
        return rng.choice((*others, value + "x", value[:-1], value.upper(), value.encode()))
    if isinstance(value, bytes):
        raw = bytearray(value)
        if raw:
            raw[rng.randrange(len(raw))] = rng.choice((0, 1, 4, 51, 52, 0x7F, 0xFF))
        return rng.choice(
            (bytes(raw), value[:-1], value + b"\0", value * 2, b"", bytearray(value), None)
        )
    if isinstance(value, (tuple, list)):
        items = list(value)
        if items and rng.random() < 0.6:
            at = rng.randrange(len(items))
            items[at] = forged(items[at], rng)
        elif items:
            at = rng.randrange(len(items))
            change = rng.randrange(4)
            if change == 0:
                del items[at]
            elif change == 1:
                items.insert(at, items[at])
            elif change == 2:
                items[at], items[-1] = items[-1], items[at]
            else:
                items.append(rng.choice((0, None, "x")))
        else:
            items.append(rng.choice((0, None, "x", (0,))))
        if rng.random() < 0.05:
            return items if type(value) is tuple else tuple(items)
        return type(value)(items)
    if isinstance(value, dict):
        items = dict(value)
        if items and rng.random() < 0.7:
            key = rng.choice(list(items))
            if rng.random() < 0.8:
                items[key] = forged(items[key], rng)
            else:
                del items[key]
        else:
            items[rng.choice((99, -1, "x", None))] = rng.choice((0, (0, 0), None))
        return items
    return rng.choice((None, 0, "x"))


def forged(value: Any, rng: random.Random) -> Any:
    """``value`` (plain values in tuples, lists and dicts) with one part of it made hostile,
    at any depth: the container at hand itself one time in four."""
    if isinstance(value, (tuple, list, dict)) and value and rng.random() < 0.75:
        return _hostile(value, rng)
    if isinstance(value, (tuple, list, dict)):
        return _hostile(value, rng) if rng.random() < 0.5 else value
    return _hostile(value, rng)


def forged_pickle(value: object, rng: random.Random) -> bytes:
    """A pickle of ``value`` through its own ``__reduce_ex__``, with one part of the
    arguments it is rebuilt from (never the class a pickle names), or of the state it is
    then given, made hostile; a plain dict, list or tuple with one part of it hostile."""
    if type(value) in (dict, list, tuple):
        return pickle.dumps(forged(value, rng))
    restore, args, *state = value.__reduce_ex__(pickle.HIGHEST_PROTOCOL)
    plain = [at for at, arg in enumerate(args) if not isinstance(arg, type)]
    if state and state[0] is not None and (not plain or rng.random() < 0.7):
        state[0] = forged(state[0], rng)
    else:
        at = rng.choice(plain)
        args = (*args[:at], forged(args[at], rng), *args[at + 1 :])
    return pickled_as(value, (restore, args, *state[:1]))
