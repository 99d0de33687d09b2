"""Ranges: the hands a player may hold, written in a range language for draw games.

``Range.parse("$badugi8, A23*", game="badugi")`` and ``Range`` values built from hands,
from a predicate over a hand, and by union, intersection and complement; ``equity()``
takes them for any player. Rules and the syntax: docs/rules.md, "Ranges".
"""

from badugi_fast.ranges.range import Range

__all__ = ["Range"]
