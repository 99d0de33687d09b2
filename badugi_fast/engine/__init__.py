"""The dealer engine: play whole hands of every game in badugi_fast.games.

docs/rules.md, "How a hand is played". ``HandState`` is one hand; ``Table`` plays hand
after hand; ``simulate`` runs self-play at scale; the bots are simple policies to play with.
"""

from badugi_fast.engine.actions import Action, ActionKind, LegalActions
from badugi_fast.engine.bots import (
    BOTS,
    Bot,
    BotFactory,
    CallingStation,
    EquityBot,
    HandStrengthBot,
    RandomBot,
    calling_station,
    equity_bot,
    hand_strength_bot,
    random_bot,
)
from badugi_fast.engine.order import show_order
from badugi_fast.engine.rake import raked_payouts
from badugi_fast.engine.rules import Betting, BettingRules, Conventions
from badugi_fast.engine.simulate import SimulationResult, simulate
from badugi_fast.engine.state import HandState
from badugi_fast.engine.table import Level, Table
from badugi_fast.engine.view import SeatView

__all__ = [
    "BOTS",
    "Action",
    "ActionKind",
    "Betting",
    "BettingRules",
    "Bot",
    "BotFactory",
    "CallingStation",
    "Conventions",
    "EquityBot",
    "HandState",
    "HandStrengthBot",
    "LegalActions",
    "Level",
    "RandomBot",
    "SeatView",
    "SimulationResult",
    "Table",
    "calling_station",
    "equity_bot",
    "hand_strength_bot",
    "raked_payouts",
    "random_bot",
    "show_order",
    "simulate",
]
