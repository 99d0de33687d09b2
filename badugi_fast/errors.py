"""The errors badugi_fast raises for bad input: one base class, one subclass per kind.

Each subclass also inherits the builtin that callers already catch (``ValueError``), so
``except ValueError`` keeps working and ``except BadugiError`` catches everything this
library raises on purpose. Wrong *types* (a float where a card id goes) raise
``InvalidCardType``/``InvalidOptionType``, which are also ``TypeError``. A bad option value
raises ``InvalidOption``, a kind of ``InvalidSettlement``: settle()'s options are part of a
settlement, and one ``except InvalidSettlement`` keeps catching every bad value given to it.
"""

from __future__ import annotations


class BadugiError(Exception):
    """Base of every error badugi_fast raises for bad input or an illegal action."""


class InvalidCards(BadugiError, ValueError):
    """A bad card, a repeated card or the wrong number of cards; the message names it."""


class InvalidCardType(BadugiError, TypeError):
    """Something that is not a card where a card goes (a float, a bool, bytes, ...)."""


class InvalidSettlement(BadugiError, ValueError):
    """A bad seat, amount or option given to settlement or table-order helpers."""


class InvalidOption(InvalidSettlement):
    """A bad option value (out of range, unknown, or a combination no table plays), of a
    hand, a table, a settlement or an odds question; the message names the option."""


class InvalidOptionType(BadugiError, TypeError):
    """An option of the wrong type (for example a string where a bool goes)."""


class IllegalAction(BadugiError, ValueError):
    """An action the engine's rules do not allow now; the state is left unchanged."""


class InvalidHistory(BadugiError, ValueError):
    """A hand history that cannot be read or replayed; the message names the line or field."""


class InvalidState(BadugiError, ValueError):
    """A pickled hand that does not describe a hand the rules could reach; nothing of it is
    used. The message names the first bad field or broken invariant."""


class HandInUse(BadugiError, RuntimeError):
    """A call on a HandState while another thread is inside a call on the same hand.

    The C calls release the GIL, so each hand admits one call at a time; the refused call
    changes nothing. Give each thread its own hand (``copy()``), or share one behind a lock.
    """


class ExecutorError(BadugiError, RuntimeError):
    """An executor that lost, repeated or garbled a chunk of work; the message says how."""


class RoomHistoryError(InvalidHistory):
    """A hand from a card room's history that cannot be imported; the message names the
    room, the hand's number and the line of the file.

    ``reason`` is the short kind of refusal (``"cancelled hand"``, ``"line not
    understood"``, ...), for counting; ``room``, ``hand`` and ``line`` locate it.
    """

    def __init__(
        self, message: str, *, room: str = "", hand: str = "", line: int = 0, reason: str = ""
    ) -> None:
        super().__init__(message)
        self.room, self.hand, self.line, self.reason = room, hand, line, reason or message

    def __reduce__(self) -> tuple[object, ...]:
        fields = {"room": self.room, "hand": self.hand, "line": self.line, "reason": self.reason}
        return (_rebuilt, (type(self), str(self), fields))


class PayoutMismatch(InvalidHistory):
    """An imported hand whose replay pays a player other than the room did; the message
    names the player, the room's amount and the amount the rules pay."""


def _rebuilt(kind: type[RoomHistoryError], message: str, fields: dict[str, object]) -> object:
    """A pickled RoomHistoryError with its keyword fields."""
    return kind(message, **fields)  # type: ignore[arg-type]


class InvalidRange(InvalidOption):
    """Range text that does not parse, or a range that names no hand; ``text`` and
    ``position`` (0-based, or None) locate the offending character, which the message
    points at."""

    def __init__(self, message: str, text: str = "", position: int | None = None) -> None:
        self.text = text
        self.position = position
        if position is not None:
            where = f"at character {position + 1} of {text!r}"
            message = f"{message}, {where}\n  {text}\n  {' ' * position}^"
        super().__init__(message)


class NoFittingDeal(InvalidRange):
    """A range player's draws so far (``drawn``) that no hand of his range makes by the
    drawing policy, or too rarely for a deal that fits to be found (docs/rules.md,
    "Reviewing a hand"): a real player broke or kept cards the policy would not."""
