"""Draw odds and equity: exact where it can be, Monte Carlo where it must, in C.

``draw_odds`` gives the distribution of one hand's final value after its draws,
``equity`` each known hand's share of the pot; ``policy_discard`` shows what the
built-in drawing policy throws. Rules: docs/rules.md, "Draw odds and equity".
"""

from badugi_fast.odds.draw_odds import DrawOdds, draw_odds
from badugi_fast.odds.equity import Equity, HalfEquity, equity
from badugi_fast.odds.policy import policy_discard
from badugi_fast.odds.position import Policy
from badugi_fast.odds.scale import CHUNK, DEFAULT_EXACT_LIMIT, DEFAULT_SAMPLES

__all__ = [
    "CHUNK",
    "DEFAULT_EXACT_LIMIT",
    "DEFAULT_SAMPLES",
    "DrawOdds",
    "Equity",
    "HalfEquity",
    "Policy",
    "draw_odds",
    "equity",
    "policy_discard",
]
