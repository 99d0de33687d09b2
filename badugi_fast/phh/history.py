"""The ``HandHistory`` value: every field of a PHH file, checked for type and length.

A hand history is plain data: building one checks that each field has the TOML type
the PHH specification gives it and that every per-player array has one entry per
player; whether the actions are legal is ``replay``'s job (docs/rules.md, "Hand
histories").
"""

from __future__ import annotations

import datetime
import math
import warnings
from collections.abc import Callable, Mapping
from dataclasses import dataclass, field, fields
from typing import Any, TypeAlias

from badugi_fast.checks import shown
from badugi_fast.errors import InvalidHistory
from badugi_fast.phh.toml import check_depth
from badugi_fast.phh.variants import Variant, variant

Number: TypeAlias = int | float
"""A chip amount or a time as PHH writes it: a TOML integer or float."""
TomlValue: TypeAlias = Any
"""Any value TOML can hold (kept as read for user-defined fields)."""

# The kind of each field: how it is checked on the way in.
_NUMBER, _NUMBERS, _STRING, _STRINGS, _INT, _INTS, _BOOL, _TIME, _NAME = range(9)
_KINDS: dict[str, int] = {
    "variant": _STRING,
    "antes": _NUMBERS,
    "blinds_or_straddles": _NUMBERS,
    "bring_in": _NUMBER,
    "small_bet": _NUMBER,
    "big_bet": _NUMBER,
    "min_bet": _NUMBER,
    "starting_stacks": _NUMBERS,
    "actions": _STRINGS,
    "author": _STRING,
    "event": _STRING,
    "url": _STRING,
    "venue": _STRING,
    "address": _STRING,
    "city": _STRING,
    "region": _STRING,
    "postal_code": _STRING,
    "country": _STRING,
    "time": _TIME,
    "time_zone": _STRING,
    "time_zone_abbreviation": _STRING,
    "day": _INT,
    "month": _INT,
    "year": _INT,
    "hand": _NAME,
    "level": _INT,
    "seats": _INTS,
    "seat_count": _INT,
    "table": _NAME,
    "players": _STRINGS,
    "finishing_stacks": _NUMBERS,
    "winnings": _NUMBERS,
    "currency": _STRING,
    "currency_symbol": _STRING,
    "ante_trimming_status": _BOOL,
    "time_limit": _NUMBER,
    "time_banks": _NUMBERS,
}
_PER_PLAYER = (
    "antes",
    "blinds_or_straddles",
    "seats",
    "players",
    "finishing_stacks",
    "winnings",
    "time_banks",
)
"""Array fields with one entry per player, in player order p1..pN."""


@dataclass(frozen=True, kw_only=True)
class HandHistory:
    """One hand in PHH form: the fields of the specification, in its order.

    Arrays are tuples; absent optional fields are None. ``user_fields`` keeps every
    other key of the file (``_``-prefixed ones by the specification) so that writing
    the history back loses nothing. Per-player arrays are in player order: ``p1`` is
    the first seat left of the button and ``pN`` the button; ``seats`` gives each
    player's seat number, which ``replay`` seats it by (docs/rules.md, "Players and
    seats").
    """

    variant: str
    antes: tuple[Number, ...]
    blinds_or_straddles: tuple[Number, ...] | None = None
    bring_in: Number | None = None
    small_bet: Number | None = None
    big_bet: Number | None = None
    min_bet: Number | None = None
    starting_stacks: tuple[Number, ...]
    actions: tuple[str, ...] = ()
    author: str | None = None
    event: str | None = None
    url: str | None = None
    venue: str | None = None
    address: str | None = None
    city: str | None = None
    region: str | None = None
    postal_code: str | None = None
    country: str | None = None
    time: datetime.time | None = None
    time_zone: str | None = None
    time_zone_abbreviation: str | None = None
    day: int | None = None
    month: int | None = None
    year: int | None = None
    hand: str | int | None = None
    level: int | None = None
    seats: tuple[int, ...] | None = None
    seat_count: int | None = None
    table: str | int | None = None
    players: tuple[str, ...] | None = None
    finishing_stacks: tuple[Number, ...] | None = None
    winnings: tuple[Number, ...] | None = None
    currency: str | None = None
    currency_symbol: str | None = None
    ante_trimming_status: bool | None = None
    time_limit: Number | None = None
    time_banks: tuple[Number, ...] | None = None
    user_fields: Mapping[str, TomlValue] = field(default_factory=dict, hash=False)

    def __post_init__(self) -> None:
        for name in _KINDS:
            value = getattr(self, name)
            if value is not None:
                object.__setattr__(self, name, _checked(name, value))
        players = len(self.starting_stacks)
        if players == 0:
            raise InvalidHistory("field 'starting_stacks': no players")
        for name in _PER_PLAYER:
            value = getattr(self, name)
            if value is not None and len(value) != players:
                raise InvalidHistory(
                    f"field {name!r}: {len(value)} entries for {players} players "
                    "(starting_stacks has one per player)"
                )
        if not isinstance(self.user_fields, Mapping):
            raise InvalidHistory("user_fields must be a mapping of field names to values")
        check_depth(self.user_fields)
        self._check_variant_fields()

    def _check_variant_fields(self) -> None:
        """The bet fields the variant requires are there, and no field it forbids."""
        code = self.code
        for name in ("blinds_or_straddles", *code.bet_fields):
            if getattr(self, name) is None:
                raise InvalidHistory(f"field {name!r} is required for variant {code.code!r}")
        forbidden = ["bring_in", "min_bet"] if code.structure == "fixed-limit" else ["bring_in"]
        if code.structure != "fixed-limit":
            forbidden += ["small_bet", "big_bet"]
        for name in forbidden:
            if getattr(self, name) is not None:
                raise InvalidHistory(f"field {name!r} is not used by variant {code.code!r}")

    @property
    def code(self) -> Variant:
        """The variant: game and betting structure of the ``variant`` code."""
        return variant(self.variant)

    @property
    def player_count(self) -> int:
        """How many players the hand has (one per starting stack)."""
        return len(self.starting_stacks)

    @classmethod
    def from_dict(cls, data: Mapping[str, TomlValue]) -> HandHistory:
        """A history from parsed TOML: known fields checked, every other key kept.

        A missing required field or a value of the wrong type raises InvalidHistory
        naming the field. Unknown keys without the ``_`` prefix the specification asks
        for are kept too, with a warning.
        """
        if not isinstance(data, Mapping):
            raise InvalidHistory(
                f"a hand history is a table of fields, not a {type(data).__name__}"
            )
        known: dict[str, TomlValue] = {}
        extra: dict[str, TomlValue] = {}
        for key, value in data.items():
            if not isinstance(key, str):
                raise InvalidHistory(
                    f"field names are strings, not {type(key).__name__} {shown(key)}"
                )
            if key in _KINDS:
                known[key] = value
            else:
                if not key.startswith("_"):
                    warnings.warn(
                        f"unknown PHH field {key!r} kept as a user field "
                        "(user fields should start with '_')",
                        stacklevel=2,
                    )
                extra[key] = value
        for name in ("variant", "antes", "starting_stacks", "actions"):
            if name not in known:
                raise InvalidHistory(f"required field {name!r} is missing")
        return cls(**known, user_fields=extra)

    def to_dict(self) -> dict[str, TomlValue]:
        """The fields that are set, in the specification's order, then the user fields."""
        data: dict[str, TomlValue] = {}
        for item in fields(self):
            value = getattr(self, item.name)
            if item.name != "user_fields" and value is not None:
                data[item.name] = list(value) if isinstance(value, tuple) else value
        data.update(self.user_fields)
        return data


def _is_int(value: object) -> bool:
    return isinstance(value, int) and not isinstance(value, bool)


_ACCEPTS: dict[int, tuple[Callable[[object], bool], str]] = {
    _NUMBER: (
        lambda value: _is_int(value) or (isinstance(value, float) and not math.isnan(value)),
        "a number",
    ),
    _STRING: (lambda value: isinstance(value, str), "a string"),
    _INT: (_is_int, "an integer"),
    _BOOL: (lambda value: isinstance(value, bool), "a boolean"),
    _TIME: (lambda value: isinstance(value, datetime.time), "a local time (HH:MM:SS)"),
    _NAME: (lambda value: _is_int(value) or isinstance(value, str), "a string or an integer"),
}
"""Each kind of value: what it accepts, and its name in an error."""
_ITEMS = {_NUMBERS: _NUMBER, _STRINGS: _STRING, _INTS: _INT}
"""The kind of each item of an array field."""
_PLAIN: dict[int, set[type]] = {_NUMBER: {int}, _STRING: {str}, _INT: {int}}
"""The type every item of an array of that kind usually has: such an array is accepted
whole (a bool is not an int here, as in ``_is_int``)."""


def _checked(name: str, value: object) -> Any:
    """``value`` in the form the field holds (arrays as tuples), or InvalidHistory."""
    kind = _KINDS[name]
    item_kind = _ITEMS.get(kind)
    if item_kind is None:
        return _scalar(name, kind, value)
    if not isinstance(value, list | tuple):
        raise InvalidHistory(f"field {name!r}: expected an array, got {value!r}")
    if set(map(type, value)) <= _PLAIN[item_kind]:
        return tuple(value)
    return tuple(_scalar(name, item_kind, item) for item in value)


def _scalar(name: str, kind: int, value: object) -> Any:
    accepts, expected = _ACCEPTS[kind]
    if not accepts(value):
        raise InvalidHistory(f"field {name!r}: expected {expected}, got {value!r}")
    return value
