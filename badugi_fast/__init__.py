"""badugi_fast: exact, constant-time Badugi, Badacey and Badeucey hand evaluation,
showdown and pot settlement.

Raw ranks are ints where smaller is stronger (1 = best); value objects (``Hand`` and
friends) compare the other way round, so the stronger hand is greater. Cards are ids
0..51 (``4 * (rank - 1) + suit``, suits s h d c) or text such as ``"As 2c 3h 4d"``.
"""

from badugi_fast._binding import VERSION as _VERSION
from badugi_fast.cards import Card, CardLike, CardsLike, parse_card, parse_cards
from badugi_fast.engine import (
    Action,
    BettingRules,
    HandState,
    LegalActions,
    SimulationResult,
    Table,
    show_order,
    simulate,
)
from badugi_fast.errors import (
    BadugiError,
    ExecutorError,
    HandInUse,
    IllegalAction,
    InvalidCards,
    InvalidCardType,
    InvalidHistory,
    InvalidOption,
    InvalidOptionType,
    InvalidRange,
    InvalidSettlement,
    InvalidState,
    NoFittingDeal,
    PayoutMismatch,
    RoomHistoryError,
)
from badugi_fast.evaluation import (
    AceFiveHand,
    AceHighHand,
    DeuceSevenHand,
    Hand,
    compare,
    evaluate,
    evaluate_ace_five,
    evaluate_ace_five_many,
    evaluate_badugi5,
    evaluate_badugi5_many,
    evaluate_badugi_ace_high,
    evaluate_badugi_ace_high_many,
    evaluate_deuce_seven,
    evaluate_deuce_seven_many,
    evaluate_many,
)
from badugi_fast.games import Game, variant
from badugi_fast.odds import DrawOdds, Equity, HalfEquity, draw_odds, equity, policy_discard
from badugi_fast.pots import (
    Half,
    HalfKind,
    OddUnit,
    OddUnitTo,
    Pot,
    Settlement,
    Winner,
    format_settlement,
)
from badugi_fast.ranges import Range
from badugi_fast.reviews import HandReview, review
from badugi_fast.showdown import Seat, settle

__version__: str = _VERSION
"""The version, as the C library reports it (its one definition is ``csrc/badugi.h``)."""

__all__ = [
    "AceFiveHand",
    "AceHighHand",
    "Action",
    "BadugiError",
    "BettingRules",
    "Card",
    "CardLike",
    "CardsLike",
    "DeuceSevenHand",
    "DrawOdds",
    "Equity",
    "ExecutorError",
    "Game",
    "Half",
    "HalfEquity",
    "HalfKind",
    "Hand",
    "HandInUse",
    "HandReview",
    "HandState",
    "IllegalAction",
    "InvalidCardType",
    "InvalidCards",
    "InvalidHistory",
    "InvalidOption",
    "InvalidOptionType",
    "InvalidRange",
    "InvalidSettlement",
    "InvalidState",
    "LegalActions",
    "NoFittingDeal",
    "OddUnit",
    "OddUnitTo",
    "PayoutMismatch",
    "Pot",
    "Range",
    "RoomHistoryError",
    "Seat",
    "Settlement",
    "SimulationResult",
    "Table",
    "Winner",
    "compare",
    "draw_odds",
    "equity",
    "evaluate",
    "evaluate_ace_five",
    "evaluate_ace_five_many",
    "evaluate_badugi5",
    "evaluate_badugi5_many",
    "evaluate_badugi_ace_high",
    "evaluate_badugi_ace_high_many",
    "evaluate_deuce_seven",
    "evaluate_deuce_seven_many",
    "evaluate_many",
    "format_settlement",
    "parse_card",
    "parse_cards",
    "policy_discard",
    "review",
    "settle",
    "show_order",
    "simulate",
    "variant",
]
