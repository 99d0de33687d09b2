"""Half-pot limit (docs/rules.md, "Betting rounds"): hand-worked maxima on each street, the
rounding, the smallest bet where half the pot is less, and a cross-check against PokerKit's
pot limit, whose largest raise, halved above the bet, must be ours at every decision."""

from __future__ import annotations

import random
import warnings
from typing import Any

import pytest
from engine_play import play
from soak import size
from test_engine_pokerkit import AUTOMATIONS, PotLimitDeuceToSevenLowballTripleDraw

from badugi_fast import phh
from badugi_fast.engine import HandState
from badugi_fast.errors import IllegalAction

HANDS = size(150, 2_000)


def bounds(state: HandState) -> tuple[int | None, int | None]:
    legal = state.legal_actions()
    assert legal is not None
    return legal.min_raise_to, legal.max_raise_to


def test_half_pot_maximum_on_each_street() -> None:
    state = HandState(betting="half-pot-limit", stacks=[1000] * 3, button=0, seed=1)
    assert bounds(state) == (4, 4)  # call 2, the pot is 5: raise 2 (5 / 2 rounded down)
    play(state, ["seat 0: raise 4"])
    assert bounds(state) == (6, 9)  # pot 7, call 3 more: 4 + 10 / 2
    with pytest.raises(IllegalAction, match="raise to 10 is above the maximum 9"):
        state.raise_to(10)
    play(state, ["seat 1: raise 9"])
    assert bounds(state) == (14, 20)  # pot 15, call 7 more: 9 + 22 / 2
    play(state, ["seat 2: call"])
    assert bounds(state) == (14, 22)  # pot 22, call 5 more: 9 + 27 / 2 rounded down
    play(state, ["seat 0: call"] + ["stand pat"] * 3)
    assert state.pot == 27 and bounds(state) == (2, 13)  # a bet of half the pot
    play(state, ["seat 1: bet 13"])
    assert bounds(state) == (26, 39)  # pot 40, call 13: 13 + 53 / 2
    play(state, ["seat 2: fold", "seat 0: call"] + ["stand pat"] * 2)
    assert state.pot == 53 and bounds(state) == (2, 26)
    play(state, ["seat 1: check", "seat 0: check"] + ["stand pat"] * 2)
    play(state, ["seat 1: check", "seat 0: check"])
    assert state.is_over and sum(state.stacks) == 3000


def test_the_rules_examples() -> None:
    """docs/rules.md, "Betting rounds", "Half-pot limit": blinds 5-10, first to act."""
    state = HandState(betting="half-pot-limit", stacks=[1000] * 3, blinds=(5, 10), seed=1)
    assert bounds(state) == (20, 22)  # 10 + 25 / 2
    play(state, ["seat 0: call"])
    assert bounds(state) == (20, 25)  # the small blind: 10 + 30 / 2


def test_dead_money_and_antes_count_in_the_half_pot() -> None:
    state = HandState(
        betting="half-pot-limit", stacks=[1000] * 3, button=0, seed=1, antes=1, dead_money=30
    )
    assert state.pot == 36 and bounds(state) == (4, 21)  # call 2, pot 38: 2 + 19


def test_half_the_pot_below_the_smallest_bet_is_the_smallest_bet() -> None:
    state = HandState(
        betting="half-pot-limit", stacks=[100, 100], blinds=(0, 0), antes=1, small_bet=10, seed=1
    )
    assert state.pot == 2 and bounds(state) == (10, 10)  # half the pot is 1
    short = HandState(
        betting="half-pot-limit", stacks=[6, 100], blinds=(0, 0), antes=1, small_bet=10, seed=1
    )
    assert short.actor == 1 and bounds(short) == (10, 10)
    play(short, ["seat 1: check"])
    assert bounds(short) == (5, 5)  # all in for less than the smallest bet


def test_a_half_pot_hand_writes_its_x_code_and_replays() -> None:
    state = HandState("badacey", "half-pot-limit", [300, 200, 100], button=1, seed=7)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal is not None
        if legal.can_draw:
            state.stand_pat()
        elif legal.max_raise_to is not None and state.street < 2:
            state.raise_to(legal.max_raise_to)
        else:
            state.check_or_call()
    history = phh.from_state(state)
    assert history.variant == "XHBA"
    again = phh.replay(phh.loads(phh.dumps(history)))
    assert again.rules.structure == "half-pot-limit"
    assert again.stacks == state.stacks  # the replay sits every player on its own seat


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
