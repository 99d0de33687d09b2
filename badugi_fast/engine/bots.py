"""Bundled bots: simple policies for tests, examples and self-play.

A bot is any callable from a :class:`SeatView` to an action (an Action or its text form,
as ``HandState.apply`` takes). Each factory takes a seed, so ``simulate`` can give every
chunk of hands its own reproducible bots. With ``mucking``, a bot is also asked at the
showdown (``view.phase == "showdown"``) and answers "show" or, when ``view.can_muck``, "muck".
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import SupportsIndex, cast

from badugi_fast._binding.bots import Policy
from badugi_fast.engine.actions import Action
from badugi_fast.engine.setup import check_seed
from badugi_fast.engine.view import SeatView
from badugi_fast.errors import IllegalAction, InvalidOptionType
from badugi_fast.games import game_rule

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


_NO_BOUNDS = (0, 0, 0, 0, 0)


def _play(policy: Policy, view: SeatView) -> Action:
    """The action a bundled bot's C policy (csrc/badugi.h, "Bots") takes from ``view``: the
    C view is built from what the seat may know, the move turned back into an Action (a
    discard's bit i throws ``view.hole_cards[i]``, which are in the C hand's order)."""
    seat, phase, cards = view.seat, view.phase, view.hole_cards
    rule = game_rule(view.game, badeucey_aces_low=view.badeucey_aces_low)
    draws_left = 0 if phase == "showdown" else rule.draws - view.street + (phase == "draw")
    table = (draws_left, view.folded.count(False) - 1, view.pot)
    if phase == "showdown":
        shown: list[Sequence[int]] = []
        for record in view.history:  # the hands shown at this showdown (this run's)
            if record.kind == "run":
                shown.clear()
            elif record.kind == "show":
                shown.append(record.cards)
        move, amount = policy.decide(rule, phase, _NO_BOUNDS, view.can_muck, cards, shown, table)
        return Action(move, seat)  # type: ignore[arg-type]  # show or muck
    legal = view.legal
    if legal is None:
        raise ValueError(f"seat {seat} is not to act")
    bounds = (
        legal.can_fold,
        legal.can_check,
        legal.call_amount or 0,
        legal.min_raise_to or 0,
        legal.max_raise_to or 0,
    )
    move, amount = policy.decide(rule, phase, bounds, False, cards, (), table)
    if move == "draw":
        thrown = tuple(card for i, card in enumerate(cards) if amount >> i & 1)
        return Action("discard", seat, None, thrown)
    if move == "raise":
        return Action("raise", seat, amount)
    if move == "call":
        return Action("check" if legal.can_check else "call", seat)
    return Action("fold", seat)


class _PolicyBot:
    """A bundled bot: its C policy (with its random stream) asked at every decision."""

    __slots__ = ("_policy",)

    def __init__(self, policy: Policy) -> None:
        self._policy = policy

    def __call__(self, view: SeatView) -> Action:
        return _play(self._policy, view)

    def __getstate__(self) -> Policy:
        """The policy and its random stream (so a copy plays on as the bot would), under
        every protocol (Python 3.10's protocols 0 and 1 would drop the slot)."""
        return self._policy

    def __setstate__(self, policy: Policy) -> None:
        self._policy = policy


class RandomBot(_PolicyBot):
    """Uniformly random among the legal kinds of action: fold (when facing a bet),
    check or call, bet or raise (to a uniformly random legal total); draws a uniformly
    random subset of its cards; at a showdown, mucks half the time it may. It plays by the
    C policy (``"random"`` in ``simulate()``), from the random stream of its seed."""

    __slots__ = ()

    def __init__(self, seed: SupportsIndex | None = None) -> None:
        super().__init__(Policy("random", check_seed(seed)))


class CallingStation(_PolicyBot):
    """Checks or calls every bet, never draws and always shows: the classic loose-passive
    baseline (the C policy ``"calling-station"``)."""

    __slots__ = ()

    def __init__(self, seed: SupportsIndex | None = None) -> None:
        del seed  # deterministic; takes a seed only to be a BotFactory
        super().__init__(Policy("calling-station", 0))  # it draws no random number


class HandStrengthBot(_PolicyBot):
    """A basic rule-based player: draws as the odds' players do, then bets by hand strength.

    Draw: the built-in drawing policy of the odds, without a target (docs/rules.md, "The
    drawing policy"), in the hand's game and ``badeucey_aces_low`` variant. Bet: its
    strength is the share of the pot the hand it holds wins against one random hand as
    dealt (how many hands it beats); raise in the best quarter, call in the best three
    fifths, else check or fold; ``seed`` adds a little randomness (a bluff one time in
    twenty). At a showdown it mucks, when it may, a hand that a hand already shown beats in
    every half of the game.
    It plays by the C policy (``"hand-strength"`` in ``simulate()``), from the random stream
    of its seed.
    """

    __slots__ = ()

    def __init__(self, seed: SupportsIndex | None = None) -> None:
        super().__init__(Policy("hand-strength", check_seed(seed)))


class EquityBot(_PolicyBot):
    """A player by equity and pot odds: its share of the pot against random hands.

    Its equity is the expected share of the pot its hand wins against as many random hands
    as it has opponents, every hand drawing the draws left by the built-in drawing policy
    (docs/guide/engine.md, "The equity bot"): exact counts, tabulated in C for each game on
    first use. It bets or raises (by a pot, as far as the betting allows) when that is well
    above a fair share, checks when it can, calls when it is at least the pot odds (the
    call over the pot after it) and folds otherwise; it draws as the drawing policy does and
    mucks at a showdown as :class:`HandStrengthBot` does. It plays by the C policy
    (``"equity"`` in ``simulate()``) and draws no random number.
    """

    __slots__ = ()

    def __init__(self, seed: SupportsIndex | None = None) -> None:
        del seed  # deterministic; takes a seed only to be a BotFactory
        super().__init__(Policy("equity", 0))


def random_bot(seed: SupportsIndex | None = None) -> RandomBot:
    """A :class:`RandomBot`."""
    return RandomBot(seed)


def calling_station(seed: SupportsIndex | None = None) -> CallingStation:
    """A :class:`CallingStation`."""
    return CallingStation(seed)


def hand_strength_bot(seed: SupportsIndex | None = None) -> HandStrengthBot:
    """A :class:`HandStrengthBot`."""
    return HandStrengthBot(seed)


def equity_bot(seed: SupportsIndex | None = None) -> EquityBot:
    """An :class:`EquityBot`."""
    return EquityBot(seed)


BOTS: dict[str, BotFactory] = {
    "random": random_bot,
    "calling-station": calling_station,
    "hand-strength": hand_strength_bot,
    "equity": equity_bot,
}
"""The bundled bots by name (as the CLI spells them)."""
