"""The settlement of a finished hand, through settle()'s judge on the engine's own data.

docs/rules.md, "How a hand is played": every live seat shows (or, with ``mucking``, shows
or mucks; the C hand keeps the show order), and settle() pays: side pots, splits, halves,
odd chips, qualifiers.
"""

from __future__ import annotations

from dataclasses import replace
from operator import not_, or_

from badugi_fast._binding.hand import run_share
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


def settle_runs(
    setup: HandSetup,
    contributed: list[int],
    folded: list[bool],
    runs: list[list[list[Card]]],
    dead_money: int,
) -> tuple[Settlement, tuple[Settlement, ...]]:
    """The settlement of a hand run more than once, and each run's (docs/rules.md, "Running
    it twice"), from the hands shown in each run (``runs[run - 1][seat]``). A run wins its
    share of every pot (``run_share``), awarded among that pot's eligible seats on the run's
    hands as dead money is: each run's settlement holds those pots alone, and no chips put
    in. A live seat with no hand in a run mucked it there (``mucking``): it claims none of
    that run's share, and the pots are cut as in every run. The hand's settlement adds the
    runs up, with its uncalled chips; it has no hands of its own."""
    n, count, button = len(contributed), setup.runs, setup.button
    rule, worst, odd_unit_to = setup.rule, setup.worst, setup.settle["odd_unit_to"]
    nothing = [0] * n
    settled = []
    for run, hands in enumerate(runs, 1):
        mucked = [not folded[seat] and not hands[seat] for seat in range(n)]
        shown = next(cards for cards in hands if cards)  # a seat alone in a pot shows
        # the pots are cut on the seats live at the split, whoever mucked in this run
        whole = settle_hand(
            setup, contributed, folded, [cards or shown for cards in hands], dead_money
        )
        parts = [
            judge(
                rule,
                nothing,
                [seat in pot.eligible and not mucked[seat] for seat in range(n)],
                hands,
                button,
                1,
                worst,
                odd_unit_to,
                run_share(pot.amount, count, run),
            )
            for pot in whole.pots
        ]
        payouts = tuple(sum(part.payouts[seat] for part in parts) for seat in range(n))
        settled.append(
            replace(
                whole,
                contributed=tuple(nothing),
                folded=tuple(map(or_, folded, mucked)),
                payouts=payouts,
                returned=tuple(nothing),
                net=payouts,
                pots=tuple(pot for part in parts for pot in part.pots),
                carried_over=sum(part.carried_over for part in parts),
                dead_money=sum(part.dead_money for part in parts),
                hands=tuple(
                    None if out else hand for out, hand in zip(mucked, whole.hands, strict=True)
                ),
            )
        )
    returned = whole.returned
    payouts = tuple(returned[seat] + sum(one.payouts[seat] for one in settled) for seat in range(n))
    hand = replace(
        whole,
        payouts=payouts,
        net=tuple(payouts[seat] - contributed[seat] for seat in range(n)),
        pots=tuple(pot for one in settled for pot in one.pots),
        carried_over=sum(one.carried_over for one in settled),
        hands=(None,) * n,
    )
    return hand, tuple(settled)
