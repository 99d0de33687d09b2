"""The odds kernels of ``csrc/odds.c``: a Position in, a Tally out.

Each call builds the C spec from an already validated ``Position``, runs one kernel with
the GIL released (cffi API mode) and maps its return code to an exception. A custom Python
policy becomes a C callback that re-takes the GIL for each decision (the slow path).
"""

from __future__ import annotations

import math
import operator
from array import array
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, fields
from functools import cache
from typing import Any, Protocol

from badugi_fast._binding.game import Game, fill_game
from badugi_fast._binding.ranges import Combos
from badugi_fast._core import ffi, lib
from badugi_fast.errors import InvalidCards, InvalidOption, NoFittingDeal

POT_UNITS: int = lib.BADUGI_ODDS_POT_UNITS
"""A whole pot in the tallies' share units (so every split of it is a whole number)."""
NO_DEAL = "the ranges leave no deal: their hands share a card in every combination"
REFUSALS: dict[int, str] = {
    lib.BADUGI_ODDS_BAD_SPEC: "an option is out of range",
    lib.BADUGI_ODDS_BAD_CARD: "a card id is out of range",
    lib.BADUGI_ODDS_REPEATED_CARD: "a card is given twice",
    lib.BADUGI_ODDS_BAD_DISCARD: "a discard is not in its hand",
    lib.BADUGI_ODDS_BAD_POLICY: "the policy returned an impossible discard",
    lib.BADUGI_ODDS_EMPTY_RANGE: (
        "sampling gave up: 2**20 draws in a row of the range players' hands shared a card, "
        "though deals exist; their weights favour hands that clash (a larger exact_limit "
        "enumerates them instead)"
    ),
}
"""Why a kernel refused a spec, by BADUGI_ODDS_* code."""
NO_FIT = (
    "no deal fits the draws seen: in 2**20 deals in a row a range player's hand, drawing "
    "by the policy, took other numbers of cards than he was seen to take"
)
NONE_FITS = (
    "no deal fits the draws seen: no hand of a range player's range, drawing by the "
    "policy, takes the numbers of cards he was seen to take"
)
SHORT_PAST = (
    "the draws seen need more cards than the deal has left unseen (a reshuffle), which "
    "the draws before the position are not dealt with"
)

PART = 100_000_000
"""Deals one C call counts or enumerates at most, when the parts allow (a fraction of a
second): a longer count or enumeration goes in parts, so that a Ctrl-C is heard between
two calls instead of after minutes."""

Floats = tuple[float, ...]
Mapper = Callable[..., Iterable[Any]]
"""``map``, or an executor's ``map``: runs a function over parts, results in order."""
Progress = Callable[[int, int], object]
"""Called as ``progress(deals done, deals in all)`` as an exact run goes."""


class Position(Protocol):
    """What the kernels read of a question (an ``odds.position.Position``)."""

    @property
    def rule(self) -> Game: ...
    @property
    def hands(self) -> tuple[tuple[int, ...], ...]: ...
    @property
    def draws(self) -> int: ...
    @property
    def discards(self) -> tuple[tuple[int, ...] | None, ...]: ...
    @property
    def dead(self) -> tuple[int, ...]: ...
    @property
    def target(self) -> int: ...
    @property
    def policy(self) -> object | None: ...
    @property
    def ranges(self) -> tuple[Combos | None, ...]:
        """Per player: the combos of a range player, None for a known hand (or empty)."""
        ...

    @property
    def history(self) -> int:
        """Draws played before the position (their counts in ``drawn``)."""
        ...

    @property
    def drawn(self) -> tuple[tuple[int, ...], ...]:
        """Per player: a range player's counts at the draws before the position, and at its
        first draw when he has made it (or empty)."""
        ...

    @property
    def thrown(self) -> tuple[tuple[int, ...], ...]:
        """Per player: a known hand's discards before the position (or empty)."""
        ...

    @property
    def pat(self) -> tuple[bool, ...]:
        """Per player: whether a known hand stands pat at every draw (or empty)."""
        ...

    def discard_mask(self, hand: tuple[int, ...], player: int, draw: int) -> int:
        """A custom policy's discard from ``hand`` (card ids), as a mask of positions."""
        ...


@dataclass(frozen=True, slots=True)
class Tally:
    """The weighted sums of a run (see ``badugi_odds_tally`` in ``csrc/badugi.h``).

    Monte Carlo sums are whole numbers, so adding the tallies of chunks gives the same
    floats in any order. ``ranks`` and ``low_ranks`` are only kept for one player
    (``draw_odds``).
    """

    total: float
    share: Floats
    share_sq: Floats
    win: Floats
    tie: Floats
    half_share: tuple[Floats, Floats]
    half_win: tuple[Floats, Floats]
    half_tie: tuple[Floats, Floats]
    ranks: Floats
    low_ranks: Floats

    def __add__(self, other: Tally) -> Tally:
        return Tally(*(_add(getattr(self, f.name), getattr(other, f.name)) for f in fields(self)))


def _add(a: Any, b: Any) -> Any:
    """Element by element: a float, a tuple of floats or a tuple of such tuples; tuples of
    two lengths raise ValueError (never a sum cut short)."""
    if not isinstance(a, tuple):
        return a + b
    if len(a) != len(b):
        raise ValueError(f"a tally of {len(b)} values added to one of {len(a)}")
    if a and isinstance(a[0], tuple):
        return tuple(map(_add, a, b))
    return tuple(map(operator.add, a, b))


def _tally(c: Any, players: int) -> Tally:
    def pair(rows: Any) -> tuple[Floats, Floats]:
        return (tuple(rows[0]), tuple(rows[1]))

    return Tally(
        c.total,
        tuple(c.share),
        tuple(c.share_sq),
        tuple(c.win),
        tuple(c.tie),
        pair(c.half_share),
        pair(c.half_win),
        pair(c.half_tie),
        tuple(ffi.unpack(c.ranks, len(c.ranks))) if players == 1 else (),
        tuple(ffi.unpack(c.low_ranks, len(c.low_ranks))) if players == 1 else (),
    )


def empty_tally(players: int) -> Tally:
    """The tally of no deals, shaped as every run's of ``players`` players."""
    return _tally(ffi.new("badugi_odds_tally *"), players)


class _Spec:
    """The C spec of a Position, with the policy callback it needs kept alive."""

    def __init__(self, position: Position, ranges: tuple[Combos | None, ...] | None = None) -> None:
        """``ranges`` stands in for the position's (some of its combos)."""
        self.failures: list[BaseException] = []
        spec = self.cdata = ffi.new("badugi_odds_spec *")
        fill_game(spec.game, position.rule)
        spec.players = len(position.hands)
        spec.draws = position.draws
        spec.target = position.target
        for p, (hand, discard) in enumerate(zip(position.hands, position.discards, strict=True)):
            spec.hands[p][0 : len(hand)] = hand
            if discard is None:
                spec.discard_count[p] = lib.BADUGI_ODDS_POLICY
            else:
                spec.discard_count[p] = len(discard)
                spec.discards[p][0 : len(discard)] = discard
        spec.dead_count = len(position.dead)
        spec.dead[0 : len(position.dead)] = position.dead
        spec.history = position.history
        for p, counts in enumerate(position.drawn):
            if not counts:
                continue  # a known hand
            spec.drawn[p][0 : position.history] = counts[: position.history]
            if len(counts) > position.history:  # he has made the first draw already
                spec.drawing[p] = counts[position.history] + 1
        for p, flag in enumerate(position.pat):
            spec.pat[p] = flag
        for p, cards in enumerate(position.thrown):
            spec.thrown_count[p] = len(cards)
            spec.thrown[p][0 : len(cards)] = cards
        self.conditioned = bool(position.drawn)  # on draws seen: a dropped deal is no clash
        self.ranges: Any = None  # the range players' combos, when there are any
        self.buffers: list[Any] = []
        ranges = position.ranges if ranges is None else ranges
        if any(ranges):
            self.ranges, self.buffers = _ranges(ranges, len(position.hands))
        self.callback = None
        if position.policy is not None:
            self.callback = ffi.callback("badugi_odds_policy_fn", self._decider(position))
            spec.policy = self.callback

    def _decider(self, position: Position) -> Callable[[Any, int, int, Any, int], int]:
        failures = self.failures

        def decide(_user: Any, player: int, draw: int, cards: Any, count: int) -> int:
            try:
                return position.discard_mask(tuple(cards[0:count]), player, draw)
            except BaseException as error:  # re-raised by check() once C has returned
                failures.append(error)
                return -1

        return decide

    def check(self, status: int) -> None:
        """Raise for a C error code: the policy's own exception first."""
        if self.failures:
            raise self.failures[0]
        if status == lib.BADUGI_ODDS_EMPTY_RANGE and self.conditioned:
            raise NoFittingDeal(NO_FIT)
        if status == lib.BADUGI_ODDS_NEEDS_RESHUFFLE and self.conditioned:
            raise NoFittingDeal(SHORT_PAST)
        if status != lib.BADUGI_ODDS_OK:
            message = REFUSALS.get(status, f"error {status}")
            error = InvalidOption if status == lib.BADUGI_ODDS_BAD_SPEC else InvalidCards
            raise error(f"the odds kernel refused the position: {message}")


def bounds(position: Position) -> tuple[float, float] | None:
    """Closed-form bounds on the deals exact enumeration would visit, low and high (equal
    with at most one draw), or None when a reshuffle could happen. Against ranges there
    are none: (0, inf), so the deals are counted (:func:`outcomes`)."""
    spec = _Spec(position)
    if spec.ranges is not None:
        return 0.0, math.inf
    low, high = ffi.new("double *"), ffi.new("double *")
    status = lib.badugi_odds_bounds(spec.cdata, low, high)
    if status == lib.BADUGI_ODDS_NEEDS_RESHUFFLE:
        return None
    spec.check(status)
    return float(low[0]), float(high[0])


def _ranges(ranges: tuple[Combos | None, ...], players: int) -> tuple[Any, list[Any]]:
    """The ``badugi_odds_range`` array of the range players' combos (count 0: a known
    hand), and the buffers it points into, which the caller keeps alive."""
    out = ffi.new("badugi_odds_range[]", players)
    keep = []
    for slot, combos in zip(out, ranges, strict=True):
        if combos is None:
            continue
        slot.count = len(combos)
        buffers = (
            ffi.from_buffer("uint8_t[]", combos.hands),
            ffi.from_buffer("double[]", combos.weights),
            ffi.from_buffer("double[]", combos.cumulative),
        )
        keep.append(buffers)
        slot.hands, slot.weights, slot.cumulative = buffers
    return out, keep


def _any_deal(spec: _Spec, position: Position) -> bool:
    """Whether any assignment of the range players' hands shares no card (counted until
    the first, a few of the first player's combos a call)."""
    found = ffi.new("double *")
    for first in range(0, _first_range(position), ESTIMATE_FROM):  # short calls: Ctrl-C
        status = lib.badugi_odds_range_assignments(
            spec.cdata, spec.ranges, 0, first, ESTIMATE_FROM, found
        )
        spec.check(status)
        if found[0] > 0:
            return True
    return False


def _first_range(position: Position) -> int:
    """How many combos the first range player has: the runs' parts."""
    return next(len(combos) for combos in position.ranges if combos is not None)


ESTIMATE_FROM = 64
"""First range player's combos (spread evenly) whose first assignments estimate a range
run's deals, when the assignments are too many to count the deals of each."""


def _range_outcomes(spec: _Spec, position: Position, limit: float) -> float | None:
    """``outcomes`` with ranges: the assignments counted exactly (each at least one deal);
    with draws, their deals counted exactly when few combos, else estimated from the
    first few assignments of ``ESTIMATE_FROM`` combos spread over the first range
    player's (counting every deal of every assignment would cost as much as the run)."""
    if position.history and position.draws:
        return math.inf  # the earlier draws dealt every way, then the draws left: too many
    assignments, deals = ffi.new("double *"), ffi.new("double *")
    spec.check(
        lib.badugi_odds_range_assignments(
            spec.cdata, spec.ranges, limit, 0, _first_range(position), assignments
        )
    )
    total = float(assignments[0])
    if total == 0:
        raise InvalidCards(NO_DEAL)
    if position.history:
        return _past_outcomes(position, total)
    if position.draws == 0 or total > limit:
        return total
    least = total * _known_first_deals(position)
    if least > limit:  # past the limit whatever the range players draw: no estimate needed
        return least
    size = _first_range(position)
    picks = sorted({i * size // ESTIMATE_FROM for i in range(min(size, ESTIMATE_FROM))})
    most = 1e308 if len(picks) == size else 4.0
    calls = [(first, 1) for first in picks]  # (first combo, combos): a call each
    if sum(combos is not None for combos in position.ranges) == 1 and len(picks) < size:
        # one range player: an assignment a combo, so the picks are counted in one call
        # (not one call each, every call checking all of the range's combos again)
        picked = tuple(None if c is None else _picked(c, picks) for c in position.ranges)
        spec, calls, most = _Spec(position, picked), [(0, len(picks))], 1e308
    visited = counted = 0.0
    for first, count in calls:
        status = lib.badugi_odds_range_outcomes(
            spec.cdata, spec.ranges, limit - counted, first, count, most, assignments, deals
        )
        if status == lib.BADUGI_ODDS_NEEDS_RESHUFFLE:
            return None
        spec.check(status)
        visited += float(assignments[0])
        counted += float(deals[0])
        if counted > limit:
            return counted
    return counted if visited == total else total * counted / max(visited, 1.0)


def _picked(combos: Combos, picks: Sequence[int]) -> Combos:
    """The combos at ``picks``, with their weights and running sums."""
    size = combos.cards
    weights = array("d", combos.weights)
    chosen = array("d", (weights[i] for i in picks))
    running, total = array("d"), 0.0
    for weight in chosen:
        total += weight
        running.append(total)
    hands = b"".join(combos.hands[i * size : (i + 1) * size] for i in picks)
    return Combos(size, hands, chosen.tobytes(), running.tobytes())


def _known_first_deals(position: Position) -> float:
    """A floor on each assignment's deals: the ways the known hands' first discards can be
    dealt from the cards no hand holds (the range players' draws and the later draws
    only multiply it)."""
    ranged = [combos is not None for combos in _each_range(position)]
    held = sum(len(hand) for hand in position.hands) + sum(map(len, position.thrown))
    pool = 52 - len(position.dead) - held - position.rule.cards * sum(ranged)
    ways = 1.0
    for p, hand in enumerate(position.hands):
        if ranged[p] or (position.pat and position.pat[p]):
            continue
        discard = position.discards[p]
        if discard is None:
            if position.policy is not None:
                continue  # a custom policy may stand pat
            throws = bin(builtin_discard(position.rule, position.target, hand)).count("1")
        else:
            throws = len(discard)
        ways *= math.comb(max(pool, 0), throws)
        pool -= throws
    return ways


def _each_range(position: Position) -> tuple[Combos | None, ...]:
    return position.ranges or (None,) * len(position.hands)


def _past_outcomes(position: Position, assignments: float) -> float:
    """A bound on the deals of a run with draws before the position: each assignment's
    earlier draws dealt every way (at most C(pool, k) ways a draw, the pool the cards no
    hand holds), and, with draws left, too many to enumerate (infinity)."""
    if position.draws:
        return math.inf
    cards = position.rule.cards
    held = sum(
        len(hand) + len(thrown)
        for hand, thrown in zip(position.hands, _each(position.thrown, position.hands), strict=True)
    )
    ranged = sum(1 for combos in position.ranges if combos is not None)
    pool = 52 - len(position.dead) - held - cards * ranged
    ways = assignments
    for counts in position.drawn:
        for k in counts:
            ways *= math.comb(max(pool, 0), k)
    return ways


def _each(
    values: tuple[tuple[int, ...], ...], like: tuple[object, ...]
) -> tuple[tuple[int, ...], ...]:
    """A per-player tuple that may be empty (none given), as one entry per player."""
    return values or ((),) * len(like)


RANGE_PART = 1 << 22
"""Deals an exact run against ranges tallies in one C call at most, when the first range
player's combos allow: the parts run on ``mapper`` (every core) and are summed in order,
so the sum never depends on the number of threads."""


def _range_exact(
    spec: _Spec, position: Position, outcomes: float, mapper: Mapper, report: Progress
) -> Tally:
    """``exact`` with ranges: parts of about ``RANGE_PART`` deals, summed in order, each
    reported to ``report`` as it is added."""
    size = _first_range(position)
    step = max(1, int(size * RANGE_PART / max(outcomes, 1.0)))
    starts = range(0, size, step)
    deals = int(outcomes)

    def part(first: int) -> Tally:
        out = ffi.new("badugi_odds_tally *")
        spec.check(lib.badugi_odds_range_exact(spec.cdata, spec.ranges, first, step, out))
        return _tally(out, len(position.hands))

    report(0, deals)
    total: Tally | None = None
    for done, tally in enumerate(mapper(part, starts), 1):  # a range has at least one combo
        total = tally if total is None else total + tally
        report(deals * done // len(starts), deals)
    assert total is not None
    return total


def outcomes(position: Position, limit: float) -> float | None:
    """How many deals exact enumeration would visit (a number past ``limit`` once it
    passes it), or None when a reshuffle could happen and only sampling can answer;
    past ``PART`` deals, in parts."""
    spec = _Spec(position)
    if spec.ranges is not None:
        return _range_outcomes(spec, position, limit)
    count = ffi.new("double *")
    status = lib.badugi_odds_outcomes(spec.cdata, min(limit, PART), count)
    if status == lib.BADUGI_ODDS_NEEDS_RESHUFFLE:
        return None
    spec.check(status)
    if count[0] <= PART or limit <= PART:
        return float(count[0])
    parts = ffi.new("uint32_t *")
    total, first, step = 0.0, 0, 1
    while True:
        spec.check(
            lib.badugi_odds_outcomes_part(spec.cdata, limit - total, first, step, parts, count)
        )
        total += float(count[0])
        first += step
        if total > limit or first >= parts[0]:
            return total
        step = max(1, int(PART / max(total / first, 1.0)))  # parts of that size so far


def exact(
    position: Position,
    outcomes: float,
    progress: Progress | None = None,
    mapper: Mapper = map,
) -> Tally:
    """Every deal, weighted by its probability: the ``outcomes`` deals (at most that many)
    in one C call, or in parts of about ``PART`` deals when there are more, each reported
    to ``progress(deals done, outcomes)`` (the deals done: the probability covered so far);
    against ranges, in parts that ``mapper`` runs (a pool's ``map``: every core)."""
    spec = _Spec(position)
    report = progress or _silent
    if spec.ranges is not None:
        return _range_exact(spec, position, outcomes, mapper, report)
    out = ffi.new("badugi_odds_tally *")
    parts = ffi.new("uint32_t *")
    players = len(position.hands)
    if outcomes <= PART:
        spec.check(lib.badugi_odds_exact(spec.cdata, out))
        return _tally(out, players)
    deals = int(outcomes)
    report(0, deals)
    spec.check(lib.badugi_odds_exact_part(spec.cdata, 0, 1, parts, out))
    total = _tally(out, players)
    step = max(1, int(parts[0] * PART / outcomes))
    for first in range(1, parts[0], step):
        report(min(round(total.total * deals), deals - 1), deals)
        spec.check(lib.badugi_odds_exact_part(spec.cdata, first, step, parts, out))
        total += _tally(out, players)
    report(deals, deals)
    return total


def _silent(done: int, total: int) -> None:
    """No progress to report."""


def sample(position: Position, seed: int, chunk: int, samples: int) -> Tally:
    """``samples`` random deals of chunk ``chunk`` of ``seed`` (the same deals anywhere)."""
    spec = _Spec(position)
    out = ffi.new("badugi_odds_tally *")
    if spec.ranges is not None:
        status = lib.badugi_odds_range_sample(spec.cdata, spec.ranges, seed, chunk, samples, out)
        if status == lib.BADUGI_ODDS_EMPTY_RANGE and not _any_deal(spec, position):
            raise InvalidCards(NO_DEAL)
        spec.check(status)
        return _tally(out, len(position.hands))
    spec.check(lib.badugi_odds_sample(spec.cdata, seed, chunk, samples, out))
    return _tally(out, len(position.hands))


@cache  # one per game rule: a handful
def _game(rule: Game) -> Any:
    """A game's descriptor for ``badugi_odds_policy``, filled once and only read after."""
    game = ffi.new("badugi_game *")
    fill_game(game, rule)
    return game


def builtin_discard(rule: Game, target: int, hand: Sequence[int], seen: Sequence[int] = ()) -> int:
    """The built-in policy's discard for one hand, as a position mask, its player having
    seen the cards ``seen`` go out of play."""
    mask: int = lib.badugi_odds_policy_seeing(
        _game(rule), target, bytes(hand), len(hand), bytes(seen), len(seen)
    )
    if mask < 0:
        raise InvalidCards(f"the odds kernel refused the hand: {REFUSALS.get(mask, mask)}")
    return mask


def range_throwing(rule: Game, target: int, throws: int, combos: Combos) -> Combos:
    """The combos from which the built-in policy throws ``throws`` cards at a first draw
    (its discard depends on the hand alone), weights and running sums kept in order."""
    count, cards = len(combos), combos.cards
    hands = bytearray(len(combos.hands))
    weights = array("d", bytes(8 * count))
    cumulative = array("d", bytes(8 * count))
    kept = lib.badugi_odds_range_throwing(
        _game(rule),
        target,
        throws,
        count,
        combos.hands,
        ffi.from_buffer("double[]", combos.weights),
        ffi.from_buffer("uint8_t[]", hands),
        ffi.from_buffer("double[]", weights),
        ffi.from_buffer("double[]", cumulative),
    )
    if kept < 0:
        raise InvalidCards(f"the odds kernel refused the combos: {REFUSALS.get(kept, kept)}")
    return Combos(
        cards, bytes(hands[: kept * cards]), weights[:kept].tobytes(), cumulative[:kept].tobytes()
    )
