"""Half-pot limit against PokerKit's pot limit, whose largest raise, halved above the bet,
must be ours at every decision (docs/rules.md, "Betting rounds")."""

from __future__ import annotations

import random

from soak import size
from test_engine_pokerkit import AUTOMATIONS, PotLimitDeuceToSevenLowballTripleDraw, feed

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
            steps = state.history[fed:]
            done = feed(pk, steps)
            if done < len(steps):  # a reshuffle: PokerKit's differs
                break
            fed += done
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
