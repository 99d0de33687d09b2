"""Actions as text, for ``HandState.apply`` and the terminal: "raise 6", "draw Kd 7s".

Accepted (any case): ``fold``/``f``; ``check``/``x``/``k``; ``call``/``c``; ``bet N``,
``raise N``, ``raise to N``, ``r N``, ``b N`` (N is the round's total bet); ``draw CARDS``,
``discard CARDS``, ``d CARDS`` and ``stand pat``/``pat``/``draw`` with no cards; at a
showdown with ``mucking``: ``show``, ``muck``; manual dealer: ``deal SEAT CARDS``. A
leading ``seat N:`` names who acts. Cards keep the case they were typed in, for the errors
that repeat them.
"""

from __future__ import annotations

from badugi_fast.cards import Card, shorten
from badugi_fast.engine.actions import PLAYER_KINDS, Action
from badugi_fast.errors import IllegalAction

_WORDS = {
    "f": "fold",
    "fold": "fold",
    "x": "check",
    "k": "check",
    "check": "check",
    "c": "call",
    "call": "call",
    "b": "bet",
    "bet": "bet",
    "r": "raise",
    "raise": "raise",
    "d": "discard",
    "draw": "discard",
    "discard": "discard",
    "pat": "discard",
    "stand": "discard",
    "deal": "deal",
    "show": "show",
    "muck": "muck",
}

FORMS = "fold, check, call, bet N, raise N (N: the round's total), draw CARDS, stand pat"
"""The forms of a player's action, as an unknown action's error lists them."""

Parsed = tuple[str, int | None, int | None, "str | tuple[Card, ...]"]


def parse_action(step: Action | str) -> Parsed:
    """(kind, seat or None, amount, cards) of an Action or its text form."""
    if isinstance(step, Action):
        if step.kind not in PLAYER_KINDS and step.kind not in ("deal", "show", "muck"):
            raise IllegalAction(f"{step.kind!r} is the dealer's own step and cannot be applied")
        return step.kind, step.seat, step.amount, step.cards
    if not isinstance(step, str):
        raise IllegalAction(f"an action is an Action or text, not {type(step).__name__}")
    typed = step.split()
    words = [word.lower() for word in typed]
    seat = None
    if len(words) >= 2 and words[0] == "seat" and _number(words[1].rstrip(":")) is not None:
        seat = _number(words[1].rstrip(":"))
        words, typed = words[2:], typed[2:]
    kind = _WORDS.get(words[0]) if words else None
    if kind is None:
        raise IllegalAction(f"unknown action {_shown(step)}: try {FORMS}")
    rest = words[1:]
    if kind in ("bet", "raise"):
        if rest[:1] == ["to"]:
            rest = rest[1:]
        amount = _number(rest[0]) if len(rest) == 1 else None
        if amount is None:
            raise IllegalAction(f"{_shown(step)}: say the total to {kind} to, e.g. '{kind} 6'")
        return kind, seat, amount, ()
    if kind == "discard":
        return kind, seat, None, " ".join(typed[2:] if rest[:1] == ["pat"] else typed[1:])
    if kind == "deal":
        dealt_to = _number(rest[0]) if rest else None
        if dealt_to is None:
            raise IllegalAction(f"{_shown(step)}: write 'deal SEAT CARDS'")
        return kind, dealt_to, None, " ".join(typed[2:])
    if rest:
        raise IllegalAction(f"{_shown(step)}: {kind} takes no amount or cards")
    return kind, seat, None, ()


MAX_DIGITS = 18
"""Longest number an action's text may spell out (any stack fits)."""


def _number(word: str) -> int | None:
    """The number ``word`` spells in ASCII digits, or None (``'²'`` is a digit, not a number)."""
    if word.isascii() and word.isdigit() and len(word) <= MAX_DIGITS:
        return int(word)
    return None


def _shown(step: str) -> str:
    """The action's text for an error message, cut short."""
    return shorten(step.strip())
