"""The dealer engine: play whole hands of every game in badugi_fast.games.

docs/rules.md, "How a hand is played". ``HandState`` is one hand; ``Table`` plays hand
after hand; ``simulate`` runs self-play at scale; the bots are simple policies to play with.
"""

from badugi_fast.engine.actions import Action, ActionKind, LegalActions
from badugi_fast.engine.order import show_order
from badugi_fast.engine.rules import Betting, BettingRules
from badugi_fast.engine.state import HandState

__all__ = [
    "Action",
    "ActionKind",
    "Betting",
    "BettingRules",
    "HandState",
    "LegalActions",
    "show_order",
]
