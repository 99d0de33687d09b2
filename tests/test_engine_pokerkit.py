"""Cross-check against PokerKit: random fixed-limit Badugi hands, and pot-limit and no-limit
2-7 triple draw hands, played on our engine under PokerKit's conventions and replayed card
for card and action for action through ``pokerkit.FixedLimitBadugi`` (or PokerKit's 2-7
triple draw with its big-bet mixins) must end with the same stacks. Stacks go down to one
chip, so blinds, bets and raises go all in for less.

Our engine runs PokerKit's rules (``BettingRules.phh_fixed_limit``: four bets and raises by
players a round, capped heads-up too, and PokerKit's conventions after an all-in for less), so
every hand is compared but one whose stub ran out: PokerKit reshuffles every card out of play
(burns and this draw's discards too), we never reshuffle those (docs/rules.md, "How a hand is
played"), so the replacements cannot be compared.
Seat i is PokerKit's player i, with the button on the last seat (PHH's convention).
"""

from __future__ import annotations

import random
import warnings
from collections.abc import Sequence
from typing import Any

import pokerkit
import pytest

from badugi_fast.engine import Action, BettingRules, HandState

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)
RULES = BettingRules.phh_fixed_limit(2, 4)
HANDS = 300


class PotLimitDeuceToSevenLowballTripleDraw(
    pokerkit.games.PotLimitPokerMixin,
    pokerkit.games.DeuceToSevenLowballMixin,
    pokerkit.games.TripleDraw,
):
    """PokerKit's pot-limit 2-7 triple draw (it ships the fixed-limit game only)."""


class NoLimitDeuceToSevenLowballTripleDraw(
    pokerkit.games.NoLimitPokerMixin,
    pokerkit.games.DeuceToSevenLowballMixin,
    pokerkit.games.TripleDraw,
):
    """PokerKit's no-limit 2-7 triple draw (it ships the fixed-limit game only)."""


BIG_BET_GAMES = {
    "pot-limit": PotLimitDeuceToSevenLowballTripleDraw,
    "no-limit": NoLimitDeuceToSevenLowballTripleDraw,
}


def play(seed: int, betting: str = "fixed-limit") -> HandState:
    """A random hand: fixed-limit Badugi under PokerKit's rules, or 2-7 triple draw in pot
    or no limit under PokerKit's conventions; 2-6 seats, deep and short stacks."""
    rng = random.Random(seed)
    n = rng.randint(2, 6)
    stacks = [rng.choice([1, 3, 7, 15, 40, 200, 200]) for _ in range(n)]
    if betting == "fixed-limit":
        state = HandState(betting=RULES, stacks=stacks, button=n - 1, seed=seed)
    else:
        state = HandState(
            "deuce-seven-triple-draw",
            betting,  # type: ignore[arg-type]
            stacks,
            n - 1,
            seed=seed,
            conventions="pokerkit",
        )
    while state.actor is not None:
        legal = state.legal_actions()
        assert legal is not None
        if legal.can_draw:
            hand = state.hole_cards(legal.seat)
            state.draw(rng.sample(hand, rng.randint(0, len(hand))))
            continue
        options = ["check_or_call", "check_or_call"]
        options += ["fold"] * legal.can_fold + ["raise"] * legal.can_raise
        choice = rng.choice(options)
        if choice == "raise":
            assert legal.min_raise_to is not None and legal.max_raise_to is not None
            state.raise_to(rng.choice((legal.min_raise_to, legal.max_raise_to)))
        else:
            getattr(state, choice)()
    return state


def short_all_in_raise(state: HandState) -> bool:
    """Whether some bet or raise was an all-in for less than a full bet."""
    return any(
        record.kind in ("bet", "raise") and state.all_in(record.seat or 0)
        for record in state.history
    )


def replay(state: HandState) -> tuple[int, ...]:
    """Our hand's cards and actions through PokerKit; its final stacks."""
    game = BIG_BET_GAMES.get(state.rules.structure)
    sizes = (2, 2) if game else (2, 4)  # a big-bet round's least bet is the big blind
    pk = (game or pokerkit.FixedLimitBadugi)(AUTOMATIONS, True, 0, (1, 2), *sizes)(
        list(starting_stacks(state)), state.n_seats
    )
    assert feed(pk, state.history) == len(state.history)
    assert not pk.status
    return tuple(pk.stacks)


def feed(pk: Any, records: Sequence[Action]) -> int:
    """Our hand's steps played through PokerKit up to a reshuffle (PokerKit's differs):
    how many were fed. A card PokerKit thinks unavailable is a failure."""
    with warnings.catch_warnings():
        warnings.simplefilter("error")
        for fed, record in enumerate(records):
            text = "".join(map(str, record.cards))
            if record.kind == "reshuffle":
                return fed
            if record.kind == "deal":
                pk.deal_hole(text)
            elif record.kind == "burn":
                pk.burn_card(text)
            elif record.kind == "discard":
                pk.stand_pat_or_discard(text)
            elif record.kind == "fold":
                pk.fold()
            elif record.kind in ("check", "call"):
                pk.check_or_call()
            elif record.kind in ("bet", "raise"):
                pk.complete_bet_or_raise_to(record.amount)
    return len(records)


def starting_stacks(state: HandState) -> tuple[int, ...]:
    result = state.result
    assert result is not None
    return tuple(final - net for final, net in zip(state.stacks, result.net, strict=True))


@pytest.mark.parametrize("betting", ["fixed-limit", "pot-limit", "no-limit"])
def test_same_stacks_as_pokerkit(betting: str) -> None:
    compared = skipped = side_pots = all_in_raises = 0
    for seed in range(HANDS):
        state = play(seed, betting)
        if any(record.kind == "reshuffle" for record in state.history):
            skipped += 1
            continue
        assert replay(state) == state.stacks, f"seed {seed}"
        compared += 1
        side_pots += len(state.result.pots) > 1  # type: ignore[union-attr]
        all_in_raises += short_all_in_raise(state)
    assert compared >= HANDS * 0.7 and side_pots >= 10 and all_in_raises >= 10, (
        compared,
        skipped,
        side_pots,
        all_in_raises,
    )
