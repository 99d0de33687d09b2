"""``review``: each point where the hero acted, with his equity against what the other
players' draws say they hold (docs/rules.md, "Reviewing a hand").

At each of the hero's decisions, every live opponent holds a hand from his range (``*``
unless ``ranges`` says otherwise) played through the draws so far by the drawing policy and
kept only where he took the numbers of cards he was seen to take (``equity(drawn=...)``);
the hero holds his cards, his earlier discards out of the stub. At a draw, each way he could
have drawn is priced the same way (``options``). Where the opponents' cards were shown and
are known to be the cards they held then (they stood pat from there on), the equity against
them sits beside (``hindsight``).
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import SupportsIndex

from badugi_fast._binding.rng import random_words
from badugi_fast.cards import Card, format_cards
from badugi_fast.checks import check_int, check_type
from badugi_fast.engine import Action
from badugi_fast.errors import InvalidOption, InvalidOptionType, NoFittingDeal
from badugi_fast.games import GameRule, game_rule
from badugi_fast.odds.equity import Equity, equity
from badugi_fast.odds.position import seed_value
from badugi_fast.parallel import HERE
from badugi_fast.phh.history import HandHistory
from badugi_fast.ranges.range import Range
from badugi_fast.reviews.options import draw_options
from badugi_fast.reviews.walk import Opponent, Point, Walk, player_index, walk

DEFAULT_SAMPLES = 10_000
"""Deals sampled for each equity of a review unless told: a standard error of 0.005 at
most, and a heads-up hand reviewed in under a second."""
DEFAULT_EXACT_LIMIT = 2_000_000
"""Deals a review's equity enumerates at most before sampling instead (a few hundredths of
a second); ``equity``'s own default is fifty times more."""

RangeLike = Range | str
"""A starting range: a ``Range`` or range text (docs/rules.md, "Ranges")."""


@dataclass(frozen=True, slots=True)
class Estimate:
    """An equity (the hero's share of the pot from there on) and how it was found: exact,
    or sampled with its standard error. ``equity`` is None where no deal fits the draws the
    opponents were seen to make (``note`` says why)."""

    equity: float | None
    exact: bool = False
    stderr: float = 0.0
    note: str | None = None


@dataclass(frozen=True, slots=True)
class DrawOption:
    """One way the hero could have drawn: the cards thrown (none: stand pat) and its equity.
    ``policy`` marks the drawing policy's own discard, ``chosen`` the one he made."""

    discard: tuple[Card, ...]
    estimate: Estimate
    policy: bool
    chosen: bool

    @property
    def equity(self) -> float | None:
        return self.estimate.equity


@dataclass(frozen=True, slots=True)
class Decision:
    """A point where the hero acted (docs/rules.md, "Reviewing a hand").

    ``index`` is the action's index in ``history.actions``; ``kind`` is ``"bet"`` or
    ``"draw"``; ``street`` the betting round (0 before the first draw) or the draw (1 for
    the first); ``run`` the run of a hand run more than once (0 before it splits); ``action``
    what he did (``did``, in words); ``pot`` the chips in the middle before he acted and
    ``to_call`` what calling would put in; ``pot_odds`` the share of the pot a call needs,
    ``to_call / (pot + to_call)``. ``estimate`` is his equity from there on (at a draw: with
    the discard he made), ``hindsight`` the same against the cards the opponents showed
    when they held them then (None otherwise). ``options`` are, at a draw, each way he
    could have drawn.
    """

    index: int
    kind: str
    street: int
    run: int
    action: Action
    hand: tuple[Card, ...]
    pot: int
    to_call: int
    draws_left: int
    opponents: tuple[str, ...]
    estimate: Estimate
    hindsight: Estimate | None
    options: tuple[DrawOption, ...] = ()

    @property
    def pot_odds(self) -> float:
        return self.to_call / (self.pot + self.to_call) if self.to_call else 0.0

    @property
    def equity(self) -> float | None:
        return self.estimate.equity

    @property
    def exact(self) -> bool:
        return self.estimate.exact

    @property
    def stderr(self) -> float:
        return self.estimate.stderr

    @property
    def did(self) -> str:
        """What the hero did, in words: ``raises to 200``, ``calls 50``, ``discards Kd``."""
        action = self.action
        if action.kind == "discard":
            return f"discards {format_cards(action.cards)}" if action.cards else "stands pat"
        if action.kind in ("bet", "raise"):
            return f"{action.kind}s to {action.amount}"
        if action.kind == "call":
            return f"calls {action.amount}"
        return f"{action.kind}s" if action.kind != "check" else "checks"

    @property
    def cost(self) -> float | None:
        """At a draw: the equity the discard made gave up against the best option (0 when
        he took the best); at a call or fold, the chips the choice gave up by the pot odds
        (equity times the pot after calling, less the call; a fold gives up that when it is
        positive, a call when it is negative); None where no equity is known."""
        if self.kind == "draw":
            known = [o.equity for o in self.options if o.equity is not None]
            chosen = next((o.equity for o in self.options if o.chosen), None)
            return None if chosen is None or not known else max(known) - chosen
        if self.equity is None or not self.to_call or self.action.kind not in ("call", "fold"):
            return None
        value = self.equity * (self.pot + self.to_call) - self.to_call
        return max(value, 0.0) if self.action.kind == "fold" else max(-value, 0.0)


@dataclass(frozen=True, slots=True)
class AllIn:
    """The hero's all-in luck: once no one could bet any more, his equity (``hindsight``
    where the opponents' cards are known, else against their ranges) times the pot he could
    win, against the chips he won from it."""

    equity: float
    pot: int
    won: int

    @property
    def expected(self) -> float:
        return self.equity * self.pot

    @property
    def luck(self) -> float:
        """Chips won above what the equity says."""
        return self.won - self.expected


@dataclass(frozen=True, slots=True)
class HandReview:
    """A reviewed hand: its decisions in order, what the hero won, his all-in luck (None
    unless he was all-in before the end), and the seed the equities were sampled from."""

    hand: str | int | None
    game: str
    hero: str
    player: int
    """The hero's PHH player index (0 for ``p1``)."""
    decisions: tuple[Decision, ...]
    net: int
    """Chips the hero ended with above what he started with."""
    all_in: AllIn | None
    seed: int
    samples: int
    ranges: Mapping[str, str] = field(default_factory=dict)
    """The starting range each opponent was given, by name."""


def review(
    history: HandHistory,
    hero: str | SupportsIndex,
    *,
    ranges: Mapping[str | int, RangeLike] | None = None,
    samples: SupportsIndex | None = None,
    seed: SupportsIndex | None = None,
    exact_limit: SupportsIndex = DEFAULT_EXACT_LIMIT,
) -> HandReview:
    """Review ``history`` (from a room, a PHH file or ``phh.from_state``) from the seat of
    ``hero``: a player's name, or a PHH player number (``2`` or ``"p2"``).

    ``ranges`` gives opponents their starting range (by name or player number; ``*``
    otherwise); each equity is exact up to ``exact_limit`` deals, else ``samples``
    (default 10,000) deals from a seed drawn from ``seed`` (None: a random seed, reported in
    the result), so a review is repeated exactly from its seed. Rules: docs/rules.md,
    "Reviewing a hand"."""
    check_type("history", history, HandHistory, "read one with phh.load() or phh.from_room()")
    count = check_int("samples", DEFAULT_SAMPLES if samples is None else samples, 1)
    limit = check_int("exact_limit", exact_limit, 0)
    chosen = seed_value(seed)
    if chosen is None:
        chosen = secrets.randbits(64)
    walked = walk(history, hero)
    starting = _starting_ranges(history, walked, ranges)
    state = walked.state
    rule = game_rule(state.game, badeucey_aces_low=state.badeucey_aces_low)
    texts = {_text(given): given for given in starting.values()}  # one Range a text
    parsed = {name: _parsed(texts[_text(given)], rule) for name, given in starting.items()}
    asker = _Asker(rule, parsed, count, limit, chosen)
    decisions = tuple(_decision(asker, walked, point) for point in walked.points)
    net = state.result.net[walked.seat] if state.result is not None else 0
    return HandReview(
        history.hand,
        rule.name,
        walked.name,
        walked.hero,
        decisions,
        net,
        _all_in(walked, decisions),
        chosen,
        count,
        {name: _text(given) for name, given in starting.items()},
    )


def _parsed(given: RangeLike, rule: GameRule) -> Range:
    """A starting range as a ``Range``, parsed once for every question of the review."""
    if isinstance(given, Range):
        return given
    aces_low = rule is not game_rule(rule.name)
    return Range.parse(given, game=rule.name, badeucey_aces_low=aces_low)


def _text(given: RangeLike) -> str:
    return given if isinstance(given, str) else given.text


def _starting_ranges(
    history: HandHistory, walked: Walk, ranges: Mapping[str | int, RangeLike] | None
) -> dict[str, RangeLike]:
    """Each opponent's starting range by name: given by name or player number, else ``*``."""
    names = history.players or tuple(f"p{i + 1}" for i in range(history.player_count))
    given: dict[str, RangeLike] = {}
    for key, value in (ranges or {}).items():
        if not isinstance(value, (Range, str)):
            raise InvalidOptionType(
                f"ranges[{key!r}] must be a Range or range text, not {type(value).__name__}"
            )
        player = player_index(history, key, "ranges: player")
        if player == walked.hero:
            raise InvalidOption(f"ranges: {key!r} is the hero, whose cards are known")
        given[names[player]] = value
    return {name: given.get(name, "*") for i, name in enumerate(names) if i != walked.hero}


class _Asker:
    """Asks ``equity`` the review's questions, each distinct question once, the n-th with the
    n-th seed of the review's stream."""

    def __init__(
        self, rule: GameRule, ranges: Mapping[str, RangeLike], samples: int, limit: int, seed: int
    ) -> None:
        self.rule = rule
        self.ranges = ranges
        self.samples = samples
        self.limit = limit
        self.seed = seed
        self.answers: dict[tuple[object, ...], Estimate] = {}

    def ask(
        self,
        hands: Sequence[object],
        *,
        draws: int,
        discards: Sequence[object] | None = None,
        discarded: Sequence[object] | None = None,
        drawn: Sequence[object] | None = None,
        pat: Sequence[bool] | None = None,
        hero_at: int,
    ) -> Estimate:
        key = tuple(map(_key, (hands, draws, discards, discarded, drawn, pat, hero_at)))
        known = self.answers.get(key)
        if known is not None:
            return known
        seed = int(random_words(self.seed, len(self.answers), 1)[0])
        try:
            result = self._equity(hands, draws, discards, discarded, drawn, pat, seed)
        except NoFittingDeal as error:
            answer = Estimate(None, note=str(error))
        else:
            answer = Estimate(result.equity[hero_at], result.exact, result.stderr[hero_at])
        self.answers[key] = answer
        return answer

    def _equity(
        self,
        hands: Sequence[object],
        draws: int,
        discards: Sequence[object] | None,
        discarded: Sequence[object] | None,
        drawn: Sequence[object] | None,
        pat: Sequence[bool] | None,
        seed: int,
    ) -> Equity:
        return equity(
            list(hands),  # type: ignore[arg-type]
            game=self.rule.name,
            badeucey_aces_low=self.rule is not game_rule(self.rule.name),
            draws=draws,
            discards=discards,  # type: ignore[arg-type]
            discarded=discarded,  # type: ignore[arg-type]
            drawn=drawn,  # type: ignore[arg-type]
            pat=pat,
            samples=self.samples,
            seed=seed,
            exact_limit=0 if draws and any(isinstance(h, Range) for h in hands) else self.limit,
            executor=HERE,
        )


def _key(value: object) -> object:
    """A hashable form of a question's part (lists and tuples of cards, counts, ranges)."""
    if isinstance(value, (list, tuple)):
        return tuple(map(_key, value))
    if isinstance(value, Range):
        return ("range", value.text, id(value))
    return value


def _decision(asker: _Asker, walked: Walk, point: Point) -> Decision:
    """A point's equities: against the ranges, its draw options, and in hindsight."""
    hands: list[object] = [asker.ranges[o.name] for o in point.opponents]
    hands.insert(point.hero_at, point.hand)
    drawn: list[object] = [o.drawn for o in point.opponents]
    drawn.insert(point.hero_at, None)
    names = tuple(o.name for o in point.opponents)

    def ask(discard: tuple[Card, ...] | None) -> Estimate:
        return asker.ask(
            hands,
            draws=point.draws_left,
            discards=None if discard is None else _hero_only(len(hands), point.hero_at, discard),
            discarded=_hero_only(len(hands), point.hero_at, point.discarded),
            drawn=drawn if any(d for d in drawn if d) else None,
            hero_at=point.hero_at,
        )

    options: tuple[DrawOption, ...] = ()
    if point.kind == "draw":
        made = point.action.cards
        ways, policy = draw_options(asker.rule, point.hand, point.discarded)
        listed = list(ways) if made in ways else [*ways, made]
        options = tuple(
            DrawOption(way, ask(way), way == policy, set(way) == set(made)) for way in listed
        )
        estimate = next(o.estimate for o in options if o.chosen)
    else:
        estimate = ask(None)
    return Decision(
        point.index,
        point.kind,
        point.street,
        point.run,
        point.action,
        point.hand,
        point.pot,
        point.to_call,
        point.draws_left,
        names,
        estimate,
        _hindsight(asker, walked, point),
        options,
    )


def _hero_only(size: int, hero_at: int, value: object) -> list[object]:
    """A per-player argument of ``equity`` that gives ``value`` for the hero alone."""
    values: list[object] = [None] * size
    values[hero_at] = value
    return values


def _hindsight(asker: _Asker, walked: Walk, point: Point) -> Estimate | None:
    """The hero's equity against the opponents' shown cards, when each showed the cards he
    held at that point: he stood pat at every draw after it (and so stands pat here too);
    None otherwise."""
    held = [_held(walked, point, opponent) for opponent in point.opponents]
    if any(cards is None for cards in held):
        return None
    hands: list[object] = list(held)
    hands.insert(point.hero_at, point.hand)
    discards = None
    if point.kind == "draw":
        discards = _hero_only(len(hands), point.hero_at, point.action.cards)
    pat = [True] * len(hands)
    pat[point.hero_at] = False
    return asker.ask(
        hands,
        draws=point.draws_left,
        discards=discards,
        discarded=_hero_only(len(hands), point.hero_at, point.discarded),
        pat=pat if point.draws_left else None,
        hero_at=point.hero_at,
    )


def _held(walked: Walk, point: Point, opponent: Opponent) -> tuple[Card, ...] | None:
    """The cards an opponent held at ``point``, if he showed them: he showed at the end of
    the point's run (or of every run alike, before a split) and stood pat at each draw after
    the point."""
    runs = [point.run] if point.run or 0 in walked.shown else sorted(walked.shown)
    shows = {walked.shown.get(run, {}).get(opponent.player) for run in runs}
    if len(shows) != 1:
        return None
    cards = shows.pop()
    later = walked.draw_counts[opponent.player][len(opponent.drawn) :]
    return cards if cards is not None and not any(later) else None


def _all_in(walked: Walk, decisions: tuple[Decision, ...]) -> AllIn | None:
    """The all-in luck, when the betting closed with the hero live and cards to come, from
    his last betting decision of that round (in hindsight where the cards are known)."""
    if walked.closed is None:
        return None
    last = next(
        (
            d
            for d in reversed(decisions)
            if d.kind == "bet" and d.street == walked.closed and d.run == 0
        ),
        None,
    )
    if last is None:
        return None
    estimate = last.hindsight if last.hindsight is not None else last.estimate
    if estimate.equity is None:
        return None
    result = walked.state.result
    if result is None:
        return None
    seat = walked.seat
    mine = result.contributed[seat]
    pot = sum(min(chips, mine) for chips in result.contributed) + result.dead_money
    won = result.payouts[seat] - result.returned[seat]
    return AllIn(estimate.equity, pot, won)
