"""Bundled bots: simple policies for tests, examples and self-play.

A bot is any callable from a :class:`SeatView` to an action (an Action or its text form,
as ``HandState.apply`` takes). Each factory takes a seed, so ``simulate`` can give every
chunk of hands its own reproducible bots. With ``mucking``, a bot is also asked at the
showdown (``view.phase == "showdown"``) and answers "show" or, when ``view.can_muck``, "muck".
"""

from __future__ import annotations

import random
from collections.abc import Callable

from badugi_fast.cards import Card
from badugi_fast.engine.actions import Action, LegalActions
from badugi_fast.engine.view import SeatView
from badugi_fast.errors import IllegalAction
from badugi_fast.games import GameRule, game_rule
from badugi_fast.odds.policy import builtin_discards

Bot = Callable[[SeatView], "Action | str"]
"""A player: given its view when it is to act, the action it takes."""

BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed (``simulate`` seeds one per seat per chunk of hands)."""


def illegal_play(error: IllegalAction, seat: int, step: object, hand: str) -> IllegalAction:
    """The error for a bot's illegal action: the engine's reason with the seat, what the bot
    returned and ``hand`` (which hand, by its seed), so the hand can be played again."""
    return IllegalAction(f"seat {seat}'s bot played {step!r:.80} in {hand}: {error}")


def _legal(view: SeatView) -> LegalActions:
    if view.legal is None:
        raise ValueError(f"seat {view.seat} is not to act")
    return view.legal


class RandomBot:
    """Uniformly random among the legal kinds of action: fold (when facing a bet),
    check or call, bet or raise (to a uniformly random legal total); draws a uniformly
    random subset of its cards; at a showdown, mucks half the time it may."""

    __slots__ = ("_rng",)

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __call__(self, view: SeatView) -> Action:
        rng = self._rng
        if view.phase == "showdown":
            return Action("muck" if view.can_muck and rng.random() < 0.5 else "show", view.seat)
        legal = _legal(view)
        if legal.can_draw:
            cards = view.hole_cards
            return Action(
                "discard", view.seat, None, tuple(rng.sample(cards, rng.randint(0, len(cards))))
            )
        choices = ["check" if legal.can_check else "call"]
        if legal.can_fold:
            choices.append("fold")
        if legal.min_raise_to is not None and legal.max_raise_to is not None:
            choices.append("raise")
        choice = rng.choice(choices)
        if choice == "raise":
            to = rng.randint(legal.min_raise_to or 0, legal.max_raise_to or 0)
            return Action("raise", view.seat, to)
        return Action(choice, view.seat)  # type: ignore[arg-type]


class CallingStation:
    """Checks or calls every bet, never draws and always shows: the classic loose-passive
    baseline."""

    __slots__ = ()

    def __init__(self, seed: int | None = None) -> None:
        del seed  # deterministic; takes a seed only to be a BotFactory

    def __call__(self, view: SeatView) -> Action:
        if view.phase == "showdown":
            return Action("show", view.seat)
        legal = _legal(view)
        if legal.can_draw:
            return Action("discard", view.seat)
        return Action("check" if legal.can_check else "call", view.seat)


class HandStrengthBot:
    """A basic rule-based player: draws as the odds' players do, then bets by hand strength.

    Draw: the built-in drawing policy of the odds, without a target (docs/rules.md, "The
    drawing policy"), in the hand's game and ``badeucey_aces_low`` variant. Bet: raise in
    the best quarter of its game's hand values, call in the best three fifths, else check
    or fold; ``seed`` adds a little randomness (a bluff one time in twenty). At a showdown
    it mucks, when it may, a hand that a hand already shown beats in every half of the game.
    """

    __slots__ = ("_rng",)

    def __init__(self, seed: int | None = None) -> None:
        self._rng = random.Random(seed)

    def __call__(self, view: SeatView) -> Action:
        rule = game_rule(view.game, badeucey_aces_low=view.badeucey_aces_low)
        if view.phase == "showdown":
            beaten = view.can_muck and beaten_by_a_shown_hand(rule, view.hole_cards, view.history)
            return Action("muck" if beaten else "show", view.seat)
        legal = _legal(view)
        if legal.can_draw:
            return Action("discard", view.seat, None, builtin_discards(rule, view.hole_cards))
        strength = strength_of(rule, view.hole_cards)
        bluff = self._rng.random() < 0.05
        if legal.min_raise_to is not None and (strength < 0.25 or bluff):
            return Action("raise", view.seat, legal.min_raise_to)
        if legal.can_check:
            return Action("check", view.seat)
        return Action("call" if strength < 0.6 else "fold", view.seat)


def strength_of(rule: GameRule, cards: tuple[Card, ...]) -> float:
    """0 (the best hand of the game's first half) to 1 (the worst)."""
    half = rule.halves[0]
    return (half.rank(cards) - 1) / half.hand.RANK_COUNT


def beaten_by_a_shown_hand(
    rule: GameRule, cards: tuple[Card, ...], history: tuple[Action, ...]
) -> bool:
    """Whether a hand shown so far beats ``cards`` in every half of the game."""
    halves = rule.halves
    mine = [half.rank(cards) for half in halves]
    for record in history:
        if record.kind == "show":
            theirs = [half.rank(record.cards) for half in halves]
            if all(map(int.__lt__, theirs, mine)):
                return True
    return False


def random_bot(seed: int | None = None) -> RandomBot:
    """A :class:`RandomBot`."""
    return RandomBot(seed)


def calling_station(seed: int | None = None) -> CallingStation:
    """A :class:`CallingStation`."""
    return CallingStation(seed)


def hand_strength_bot(seed: int | None = None) -> HandStrengthBot:
    """A :class:`HandStrengthBot`."""
    return HandStrengthBot(seed)


BOTS: dict[str, BotFactory] = {
    "random": random_bot,
    "calling-station": calling_station,
    "hand-strength": hand_strength_bot,
}
"""The bundled bots by name (as the CLI spells them)."""
