"""Half-pot limit against PokerKit's pot limit, whose largest raise, halved above the bet,
must be ours at every decision (docs/rules.md, "Betting rounds")."""

from __future__ import annotations

import random
import warnings
from typing import Any

from soak import size
from test_engine_pokerkit import AUTOMATIONS, PotLimitDeuceToSevenLowballTripleDraw

from badugi_fast.engine import HandState

HANDS = size(150, 2_000)


def test_same_bounds_as_pokerkits_pot_limit_halved() -> None:
    """Random 2-7 triple draw hands in half-pot limit, under PokerKit's conventions, played
    in step with PokerKit's pot limit: wherever PokerKit's largest raise is not capped by the
    stack, ours is the bet plus half its raise (rounded down), never less than the smallest
    raise; the smallest raise and whether a raise is allowed are PokerKit's."""
    compared = capped = 0
    for seed in range(HANDS):
        rng = random.Random(seed)
        n = rng.randint(2, 6)
        stacks = [rng.choice([3, 15, 40, 200, 1000]) for _ in range(n)]
        state = HandState(
            "deuce-seven-triple-draw", "half-pot-limit", stacks, n - 1, seed=seed,
            conventions="pokerkit",
        )  # fmt: skip
        pk = PotLimitDeuceToSevenLowballTripleDraw(AUTOMATIONS, True, 0, (1, 2), 2, 2)(stacks, n)
        fed = 0
        while state.actor is not None:
            fed = feed(pk, state, fed)
            if fed < 0:  # a reshuffle: PokerKit's differs (test_engine_pokerkit.py)
                break
            legal = state.legal_actions()
            assert legal is not None
            if legal.can_draw:
                hand = state.hole_cards(legal.seat)
                state.draw(rng.sample(hand, rng.randint(0, len(hand))))
                continue
            seat = legal.seat
            assert pk.actor_index == seat
            assert legal.can_raise == pk.can_complete_bet_or_raise_to(), seed
            if legal.can_raise:
                low, high = legal.min_raise_to, legal.max_raise_to
                assert low is not None and high is not None
                pot_low = pk.min_completion_betting_or_raising_to_amount
                pot_high = pk.max_completion_betting_or_raising_to_amount
                all_in = state.bets[seat] + state.stacks[seat]
                level = max(state.bets)
                assert low == pot_low, seed
                if pot_high < all_in:
                    assert high == max(level + (pot_high - level) // 2, low), seed
                    compared += 1
                else:
                    assert high <= all_in
                    capped += 1
            choice = rng.choice(["call", "call", "raise", "fold"])
            if choice == "raise" and legal.can_raise:
                assert legal.min_raise_to is not None and legal.max_raise_to is not None
                state.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to))
            elif choice == "fold" and legal.can_fold:
                state.fold()
            else:
                state.check_or_call()
    assert compared >= HANDS and capped >= 10, (compared, capped)


def feed(pk: Any, state: HandState, fed: int) -> int:
    """Our hand's new steps through PokerKit: how many are fed, or -1 at a reshuffle."""
    history = state.history
    with warnings.catch_warnings():
        warnings.simplefilter("error")  # a card PokerKit thinks unavailable is a failure
        for record in history[fed:]:
            text = "".join(map(str, record.cards))
            if record.kind == "reshuffle":
                return -1
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
    return len(history)
