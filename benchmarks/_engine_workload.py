"""The engine benchmark: six-handed fixed-limit Badugi (three draws) and no-limit 2-7
single draw played by one random policy on badugi_fast's engine and on PokerKit's
``FixedLimitBadugi`` and ``NoLimitDeuceToSevenLowballSingleDraw``.

The policy, the same for both: in a betting round, pick uniformly among check-or-call,
fold (when facing a bet) and bet-or-raise (when allowed, to the least total); in a draw,
throw a uniformly
random subset of the hand. Each hand's policy draws from ``random.Random(seed)``; PokerKit
shuffles with the global ``random``, seeded with the same number.
"""

from __future__ import annotations

import random
import warnings
from typing import Any

from pokerkit import Automation, FixedLimitBadugi, NoLimitDeuceToSevenLowballSingleDraw

from badugi_fast.engine import HandState

SEATS = 6
STACK = 200
BLINDS = (1, 2)
SMALL_BET, BIG_BET = 2, 4

_AUTOMATIONS = (
    Automation.ANTE_POSTING,
    Automation.BET_COLLECTION,
    Automation.BLIND_OR_STRADDLE_POSTING,
    Automation.CARD_BURNING,
    Automation.HOLE_DEALING,
    Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    Automation.HAND_KILLING,
    Automation.CHIPS_PUSHING,
    Automation.CHIPS_PULLING,
)


def play_ours(seed: int, single_draw: bool = False) -> HandState:
    """One hand on badugi_fast's engine (fixed-limit Badugi, or with ``single_draw``
    no-limit 2-7 single draw); returns the finished state."""
    draw = random.Random(seed).random
    if single_draw:
        state = HandState(
            "deuce-seven-single-draw", "no-limit", [STACK] * SEATS, blinds=BLINDS, seed=seed
        )
    else:
        state = HandState(
            stacks=[STACK] * SEATS, blinds=BLINDS, small_bet=SMALL_BET, big_bet=BIG_BET, seed=seed
        )
    subsets = 32 if single_draw else 16
    while state.actor is not None:
        if state.phase == "draw":
            hand = state.hole_cards(state.actor)
            mask = int(draw() * subsets)
            state.draw([card for i, card in enumerate(hand) if mask >> i & 1])
            continue
        legal = state.legal_actions()
        assert legal is not None
        raise_to = legal.min_raise_to
        choice = int(draw() * (1 + legal.can_fold + (raise_to is not None)))
        if choice == 0:
            state.check_or_call()
        elif choice == 1 and legal.can_fold:
            state.fold()
        else:
            state.raise_to(raise_to)  # type: ignore[arg-type]
    return state


def play_pokerkit(seed: int, single_draw: bool = False) -> Any:
    """The same policy on PokerKit; returns the finished state."""
    draw = random.Random(seed).random
    random.seed(seed)
    if single_draw:
        state = NoLimitDeuceToSevenLowballSingleDraw.create_state(
            _AUTOMATIONS, True, 0, BLINDS, BLINDS[1], [STACK] * SEATS, SEATS
        )
    else:
        state = FixedLimitBadugi.create_state(
            _AUTOMATIONS, True, 0, BLINDS, SMALL_BET, BIG_BET, [STACK] * SEATS, SEATS
        )
    subsets = 32 if single_draw else 16
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # PokerKit warns when it reshuffles the muck
        while state.status:
            if state.can_stand_pat_or_discard():
                hand = state.hole_cards[state.stand_patter_or_discarder_index]
                mask = int(draw() * subsets)
                state.stand_pat_or_discard([card for i, card in enumerate(hand) if mask >> i & 1])
                continue
            can_fold = state.can_fold()
            can_raise = state.can_complete_bet_or_raise_to()
            choice = int(draw() * (1 + can_fold + can_raise))
            if choice == 0:
                state.check_or_call()
            elif choice == 1 and can_fold:
                state.fold()
            else:
                state.complete_bet_or_raise_to()
    return state


def mid_hand(seed: int = 7) -> HandState:
    """A six-handed state in the middle of a hand: everyone called, the first draw half done."""
    state = HandState(
        stacks=[STACK] * SEATS, blinds=BLINDS, small_bet=SMALL_BET, big_bet=BIG_BET, seed=seed
    )
    while state.phase == "betting":
        state.check_or_call()
    for _ in range(3):
        actor = state.actor
        assert actor is not None
        state.draw(state.hole_cards(actor)[:2])
    return state
