"""The hand options a Table or a simulation passes on to every HandState, checked by name."""

from __future__ import annotations

import inspect
from typing import Any

from badugi_fast.engine.state import HandState
from badugi_fast.errors import InvalidOptionType

_OPTIONS = frozenset(inspect.signature(HandState).parameters)
_SET_BY_CALLER = frozenset(("button", "seed", "deck", "dealer"))
ONE_HAND = frozenset(("missed_blinds",))
"""Options of one hand alone: a player comes back once, where the button then is."""


def check_option_names(options: dict[str, Any], caller: str) -> None:
    """Refuse options a HandState does not take, or that belong to one hand, naming the
    first."""
    for key in options:
        if key not in _OPTIONS:
            raise InvalidOptionType(f"{caller}: unknown hand option {key!r}")
        if key in ONE_HAND:
            raise InvalidOptionType(
                f"{caller}: {key} is one hand's option, not every hand's; play that hand"
                " with HandState"
            )


def check_options(options: dict[str, Any], caller: str) -> None:
    """Refuse options a HandState does not take, or that ``caller`` sets itself per hand."""
    check_option_names(options, caller)
    for key in options:
        if key in _SET_BY_CALLER:
            raise InvalidOptionType(f"{caller} sets {key} itself; do not pass it")
