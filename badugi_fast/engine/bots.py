"""Bundled bots: simple policies for tests, examples and self-play.

A bot is any callable from a :class:`SeatView` to an action (an Action or its text form,
as ``HandState.apply`` takes). Each factory takes a seed, so ``simulate`` can give every
chunk of hands its own reproducible bots. With ``mucking``, a bot is also asked at the
showdown (``view.phase == "showdown"``) and answers "show" or, when ``view.can_muck``, "muck".
"""

from __future__ import annotations

import random
from collections.abc import Callable
from typing import cast

from badugi_fast.cards import Card
from badugi_fast.engine.actions import Action, LegalActions
from badugi_fast.engine.view import SeatView
from badugi_fast.errors import IllegalAction, InvalidOptionType
from badugi_fast.games import GameRule, game_rule
from badugi_fast.odds.policy import builtin_discards

Bot = Callable[[SeatView], "Action | str"]
"""A player: given its view when it is to act, the action it takes."""

BotFactory = Callable[[int], Bot]
"""Makes a bot from a seed (``simulate`` seeds one per seat per chunk of hands)."""


def illegal_play(error: IllegalAction, seat: int, step: object, hand: str) -> IllegalAction:
    """The error for a bot's illegal action: the engine's reason with the seat, what the bot
    returned and ``hand`` (which hand, by its seed), so the hand can be played again."""
    hint = f" (it looks like a bot: was {_FACTORY} given as a bot?)" if callable(step) else ""
    return IllegalAction(f"seat {seat}'s bot played {step!r:.80} in {hand}: {error}{hint}")


_FACTORY = "a bot factory, factory(seed) -> bot"
_BOT = "a bot, bot(view) -> action"


def make_bot(factory: object, seed: int, who: str) -> Bot:
    """``factory(seed)``, where a factory is expected (``simulate()``, ``badugi play --bot``):
    a bot's name or a bot itself gets an InvalidOptionType naming ``who``, instead of a
    TypeError or AttributeError from inside the bot."""
    if not callable(factory):
        raise InvalidOptionType(f"{who} is {_shown(factory)}, not {_FACTORY}")
    try:
        bot = factory(seed)
    except (AttributeError, TypeError) as error:  # a bot reading a seed as its view
        raise InvalidOptionType(
            f"{who}: {_shown(factory)} fails when given a seed ({error}): is it a bot? "
            f"This takes {_FACTORY}"
        ) from error
    if not callable(bot):
        raise InvalidOptionType(
            f"{who}: {_shown(factory)} gives {bot!r:.40} for a seed, not a bot: is it a bot? "
            f"This takes {_FACTORY}"
        )
    return cast("Bot", bot)


def check_bot(bot: object, who: str) -> Bot:
    """``bot``, where a bot is expected (``Table``): a bot's name or a factory class gets an
    InvalidOptionType naming ``who``, instead of ``'str' object is not callable``."""
    factory = isinstance(bot, type) or bot in BOTS.values()
    if factory or not callable(bot):
        made = f"; make one with {getattr(bot, '__name__', '')}(seed)" if factory else ""
        raise InvalidOptionType(f"{who} is {_shown(bot)}, not {_BOT}{made}")
    return cast("Bot", bot)


def _shown(value: object) -> str:
    """A wrong bot or factory in an error: a bundled bot's name says where its factory is."""
    if isinstance(value, str) and value in BOTS:
        return f"the name {value!r} (its factory is BOTS[{value!r}])"
    if isinstance(value, type) or value in BOTS.values():
        return f"{getattr(value, '__name__', '')}, a bot factory"
    return f"{value!r:.60}"


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
