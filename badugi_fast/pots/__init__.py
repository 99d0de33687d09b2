"""Pots: cutting chips into main and side pots, awarding their halves, results and report.

Chip logic on raw ranks (docs/rules.md, "Settling a pot"): the checks, the result objects
and the report here, the arithmetic in the C core (``badugi_settle``, ``csrc/settle.c``).
The card-level entry point is :func:`badugi_fast.settle`.
"""

from badugi_fast.pots.awarding import Describe, settle_ranks
from badugi_fast.pots.report import format_settlement
from badugi_fast.pots.results import (
    Half,
    HalfKind,
    OddUnit,
    OddUnitTo,
    Pot,
    Settlement,
    Winner,
)

__all__ = [
    "Describe",
    "Half",
    "HalfKind",
    "OddUnit",
    "OddUnitTo",
    "Pot",
    "Settlement",
    "Winner",
    "format_settlement",
    "settle_ranks",
]
