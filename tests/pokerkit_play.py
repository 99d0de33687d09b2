"""PokerKit self-play: random hands of a PokerKit game, reproducible from a seed.

Shared by the PHH interop tests (hands PokerKit plays, exported with PokerKit's own
``HandHistory``) and the hand-class benchmark. PokerKit shuffles with the ``random``
module, so each hand seeds it and restores it afterwards.
"""

from __future__ import annotations

import random
import warnings
from typing import Any, NamedTuple

import pokerkit

AUTOMATIONS = (
    pokerkit.Automation.ANTE_POSTING,
    pokerkit.Automation.BET_COLLECTION,
    pokerkit.Automation.BLIND_OR_STRADDLE_POSTING,
    pokerkit.Automation.CARD_BURNING,
    pokerkit.Automation.HOLE_DEALING,
    pokerkit.Automation.HOLE_CARDS_SHOWING_OR_MUCKING,
    pokerkit.Automation.HAND_KILLING,
    pokerkit.Automation.CHIPS_PUSHING,
    pokerkit.Automation.CHIPS_PULLING,
)


def make_game(game_class: type[Any], hand_types: tuple[type[Any], ...] | None = None) -> Any:
    """A 1-2 blinds game of ``game_class``: 2-4 bets in fixed limit, a least bet of 2 in no
    limit; optionally with other hands."""
    if hand_types is not None:
        game_class = type(game_class.__name__, (game_class,), {"hand_types": hand_types})
    if issubclass(game_class, pokerkit.NoLimitPokerMixin):
        return game_class(AUTOMATIONS, True, 0, (1, 2), 2)
    return game_class(AUTOMATIONS, True, 0, (1, 2), 2, 4)


class Played(NamedTuple):
    """A finished PokerKit hand, and whether its stub ran out (PokerKit reshuffled)."""

    state: Any
    reshuffled: bool


def play(game: Any, seed: int, players: int, stacks: list[int]) -> Played:
    """One hand of random play.

    Calls and checks are likelier than raises, and folds happen only facing a bet,
    so hands reach the draws and the showdown; discards are 0-4 random cards, so
    six-handed hands often run the stub out and reshuffle.
    """
    rng = random.Random(seed)
    saved = random.getstate()
    random.seed(seed)
    try:
        with warnings.catch_warnings(record=True) as caught:
            warnings.simplefilter("always")
            state = _play(game, rng, stacks[:players])
    finally:
        random.setstate(saved)
    reshuffled = any("reserved" in str(warning.message) for warning in caught)
    return Played(state, reshuffled)


def _play(game: Any, rng: random.Random, stacks: list[int]) -> Any:
    state = game(stacks, len(stacks))
    while state.status:
        if state.can_stand_pat_or_discard():
            hole = list(state.hole_cards[state.stand_patter_or_discarder_index])
            state.stand_pat_or_discard(rng.sample(hole, rng.randint(0, len(hole))))
        elif state.actor_index is not None:
            _bet(state, rng)
        else:
            raise AssertionError("PokerKit waits for an action the player does not give")
    return state


def _bet(state: Any, rng: random.Random) -> None:
    roll = rng.random()
    if roll < 0.25 and state.can_complete_bet_or_raise_to():
        state.complete_bet_or_raise_to()
    elif roll < 0.35 and state.checking_or_calling_amount and state.can_fold():
        state.fold()
    else:
        state.check_or_call()
