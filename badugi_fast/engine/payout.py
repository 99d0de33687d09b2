"""The settlement of a finished hand, through settle()'s judge on the engine's own data.

docs/rules.md, "How a hand is played": every live seat shows (or, with ``mucking``, shows
or mucks; the C hand keeps the show order), and settle() pays: side pots, splits, halves,
odd chips, qualifiers.
"""

from __future__ import annotations

from operator import not_

from badugi_fast.cards import Card
from badugi_fast.engine.setup import HandSetup
from badugi_fast.pots import Settlement
from badugi_fast.showdown import judge


def settle_hand(
    setup: HandSetup,
    contributed: list[int],
    folded: list[bool],
    hands: list[list[Card]],
    dead_money: int,
) -> Settlement:
    """The settlement of a finished hand: settle() on its contributions, dead money and the
    live seats' cards (every live seat has shown when two or more are left). A seat that
    mucked at the showdown is folded here: its chips stay in, it claims no pot. The
    engine's amounts and cards are valid by construction, so this skips settle()'s checks."""
    live = list(map(not_, folded))
    odd_unit_to = setup.settle["odd_unit_to"]
    button, worst = setup.button, setup.worst
    return judge(setup.rule, contributed, live, hands, button, 1, worst, odd_unit_to, dead_money)
