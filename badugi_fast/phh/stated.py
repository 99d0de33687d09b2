"""What a card room's lines state beyond the actions themselves, checked against the rules
when the hand is replayed (docs/guide/rooms.md, "What a line states").

An action line says only ``p4 cc`` or ``p5 cbr 300``; the room's line said more: the chips
a call put in (``calls $1``) or the total it called (``calls 300``, Kings Club), the size
of a raise (``raises $1 to $3``) and whether the player went all in (``and is all-in``).
An imported hand keeps those words in the user field ``_stated``, one entry an action:
``"12 call 100"``, ``"13 to 300"``, ``"14 by 100"``, each ending ``all-in`` where the room
marks it, or ``"15 bet"`` / ``"15 raise"`` for a bet or raise it says no more of (not all
in). The replay computes each from the rules and refuses the hand where they differ, naming
the action: an edited or garbled amount is never imported as if it were true.
"""

from __future__ import annotations

from dataclasses import dataclass

from badugi_fast.engine import HandState
from badugi_fast.errors import InvalidHistory
from badugi_fast.phh.history import HandHistory

_WORDS = {"call": "calls", "to": "calls to", "by": "raises by"}
"""What each stated amount is, as the refusal says it."""


@dataclass(frozen=True, slots=True)
class Stated:
    """What the room said of one bet, call or raise: an amount (``call``: the chips a
    call puts in, ``to``: the round's total it calls, ``by``: a raise's size), or none,
    and whether the action put the player all in."""

    what: str | None
    amount: int
    all_in: bool

    def check(self, state: HandState, seat: int, name: str, raise_to: int | None) -> None:
        """Before the action (a call, or a raise to ``raise_to``) is played on ``state``:
        InvalidHistory unless the rules' amounts are the ones stated."""
        bets = state.bets
        stack, bet, level = state.stacks[seat], bets[seat], max(bets)
        # a call puts in what the bet asks, at most the chips behind (the engine's call)
        put = min(level - bet, stack) if raise_to is None else raise_to - bet
        rules = {"call": put, "to": bet + put, "by": (raise_to or 0) - level}
        if self.what is not None and rules[self.what] != self.amount:
            raise InvalidHistory(
                f"the room says {name} {_WORDS[self.what]} {self.amount}, the rules make it "
                f"{rules[self.what]}"
            )
        if self.all_in != (put >= stack > 0):
            said = "all in" if self.all_in else "not all in"
            left = stack - put
            raise InvalidHistory(
                f"the room says {name} is {said}, the rules leave {name} {max(left, 0)} behind"
            )


def stated(history: HandHistory) -> dict[int, Stated]:
    """The ``_stated`` field of a history, by action index (empty without one); a
    malformed entry raises InvalidHistory naming it."""
    entries = history.user_fields.get("_stated")
    if entries is None:
        return {}
    if not isinstance(entries, (list, tuple)):
        raise InvalidHistory(f"field '_stated' must be a list of strings, not {entries!r:.40}")
    said: dict[int, Stated] = {}
    for entry in entries:
        words = entry.split() if isinstance(entry, str) else []
        all_in = bool(words) and words[-1] == "all-in"
        words = words[:-1] if all_in else words
        index = _number(words[0]) if words else None
        what: str | None = None
        amount: int | None = 0
        if len(words) == 3 and words[1] in _WORDS:
            what, amount = words[1], _number(words[2])
        elif len(words) == 2 and words[1] in ("bet", "raise"):
            pass
        elif len(words) != 1:
            index = None
        if index is None or amount is None or index >= len(history.actions) or index in said:
            raise InvalidHistory(
                f"field '_stated': {entry!r:.60} is not an action's index and what the room "
                "said of it ('12 call 100', '13 to 300', '14 by 100', '15 bet', each may end"
                " 'all-in')"
            )
        said[index] = Stated(what, amount or 0, all_in)
    return said


def _number(text: str) -> int | None:
    """A whole number of at most 18 digits, or None."""
    return int(text) if text.isdigit() and len(text) <= 18 else None
