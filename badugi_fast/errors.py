"""The errors badugi_fast raises for bad input: one base class, one subclass per kind.

Each subclass also inherits the builtin that callers already catch (``ValueError``), so
``except ValueError`` keeps working and ``except BadugiError`` catches everything this
library raises on purpose. Wrong *types* (a float where a card id goes) raise
``InvalidCardType``/``InvalidOptionType``, which are also ``TypeError``.
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


class InvalidOptionType(BadugiError, TypeError):
    """An option of the wrong type (for example a string where a bool goes)."""


class IllegalAction(BadugiError, ValueError):
    """An action the engine's rules do not allow now; the state is left unchanged."""


class InvalidHistory(BadugiError, ValueError):
    """A hand history that cannot be read or replayed; the message names the line or field."""


class ExecutorError(BadugiError, RuntimeError):
    """An executor that lost, repeated or garbled a chunk of work; the message says how."""
