"""``equity``: each known hand's share of the pot after the draws left.

Rules: docs/rules.md, "Draw odds and equity".
"""

from __future__ import annotations

import math
from collections.abc import Sequence
from dataclasses import dataclass
from typing import SupportsIndex

from badugi_fast._binding.odds import POT_UNITS, Tally
from badugi_fast.cards import CardsLike
from badugi_fast.evaluation import RankedHand
from badugi_fast.games import HalfRule, game_rule
from badugi_fast.odds.position import Policy, hand_list, per_hand, position
from badugi_fast.odds.scale import DEFAULT_EXACT_LIMIT, Run, solve
from badugi_fast.parallel import Progress
from badugi_fast.pots import HalfKind
from badugi_fast.ranges.players import player
from badugi_fast.ranges.range import Range


@dataclass(frozen=True, slots=True)
class HalfEquity:
    """One half of a split pot: each hand's expected share of the half, and how often it
    takes the half alone (``win``) or splits it (``tie``)."""

    kind: HalfKind
    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]


@dataclass(frozen=True, slots=True)
class Equity:
    """Each hand's expected share of the pot (``equity``, summing to 1, ties split).

    ``win``: the probability of taking the whole pot alone (a scoop in the split games);
    ``tie``: of taking part of it but not all. ``halves`` has the same per half in
    Badacey and Badeucey (empty in Badugi). ``exact`` says whether every deal was
    enumerated; otherwise ``samples`` deals of ``seed`` were played and ``stderr`` is
    each equity's standard error (zeros when exact).
    """

    equity: tuple[float, ...]
    win: tuple[float, ...]
    tie: tuple[float, ...]
    halves: tuple[HalfEquity, ...]
    exact: bool
    samples: int
    seed: int | None
    stderr: tuple[float, ...]


def equity(
    hands: Sequence[CardsLike | Range],
    *,
    game: str = "badugi",
    badeucey_aces_low: bool = False,
    draws: SupportsIndex | None = None,
    discards: Sequence[CardsLike | None] | None = None,
    dead: CardsLike = (),
    target: RankedHand | CardsLike | SupportsIndex | None = None,
    policy: Policy | None = None,
    discarded: Sequence[CardsLike | None] | None = None,
    drawn: Sequence[Sequence[SupportsIndex] | None] | None = None,
    pat: Sequence[bool] | None = None,
    samples: SupportsIndex | None = None,
    seed: SupportsIndex | None = None,
    executor: object = None,
    exact_limit: SupportsIndex = DEFAULT_EXACT_LIMIT,
    progress: Progress | None = None,
) -> Equity:
    """The equity of 2 to 8 hands, listed in drawing order, after ``draws`` draws (0 to
    the game's draws; None, the default: all of them, 3 in triple draw, 1 in single draw).

    Each entry is a known hand, or a ``Range`` (or range text such as ``"*"`` or
    ``"$badugi8"``, docs/rules.md, "Ranges") of hands the player may hold: its combos
    that share no card with the known hands and ``dead`` are dealt, each assignment of
    combos to the range players that shares no card weighted by the product of their
    weights (exact: every assignment; sampled: drawn with that probability). A range
    player draws under the policy (no ``discards`` entry).

    ``discards[i]`` fixes hand i's first discard (None: the drawing policy, or
    ``policy``); later draws follow the policy, with ``target`` and
    ``badeucey_aces_low`` as in ``draw_odds``.

    The draws already played (the game's draws less ``draws``) can be told: ``discarded[i]``
    the cards known hand i threw so far (out of the stub, seen by its player alone; dead
    cards are seen by every player), ``drawn[i]`` how many cards range player i took at each
    of them (``[1, 0]``: one, then stood pat). A range player's hand is then dealt from his
    range and drawn by the built-in policy through those draws, kept only where it took
    those numbers of cards (docs/rules.md, "Reviewing a hand"); with draws left, sampled.
    ``pat[i]`` True makes known hand i stand pat at every draw left (as it was seen to).
    Unseen cards are the deck minus every hand, ``discarded`` and ``dead``. Exact when at most
    ``exact_limit`` deals and no reshuffle can happen, else ``samples`` (default
    1,000,000) seeded deals in chunks that ``executor`` may run, with the same result
    whatever runs them; ``progress(done, total)`` hears of each chunk. Rules:
    docs/rules.md, "Draw odds and equity".
    """
    given = hand_list(hands)
    names = [f"hands[{i}]" for i in range(len(given))]
    rule = game_rule(game, badeucey_aces_low=badeucey_aces_low)
    question = position(
        given,
        game=game,
        badeucey_aces_low=badeucey_aces_low,
        draws=draws,
        discards=per_hand("discards", discards, len(given)),
        dead=dead,
        target=target,
        policy=policy,
        names=names,
        ranges=[player(hand, rule) for hand in given],
        discarded=discarded,
        drawn=drawn,
        pat=pat,
    )
    run = solve(
        question,
        samples=samples,
        seed=seed,
        exact_limit=exact_limit,
        executor=executor,
        progress=progress,
    )
    return _equity(run, len(given), question.rule.halves)


def _equity(run: Run, players: int, halves: Sequence[HalfRule]) -> Equity:
    """The figures of a run's tally, per player and, in the split games, per half."""
    t = run.tally
    kinds = [half.kind for half in halves]

    def per_player(values: Sequence[float], scale: float = 1.0) -> tuple[float, ...]:
        return tuple(values[p] / scale / t.total for p in range(players))

    split = (
        tuple(
            HalfEquity(
                kind,
                per_player(t.half_share[h], POT_UNITS),
                per_player(t.half_win[h]),
                per_player(t.half_tie[h]),
            )
            for h, kind in enumerate(kinds)
        )
        if len(kinds) > 1
        else ()
    )
    return Equity(
        per_player(t.share, POT_UNITS),
        per_player(t.win),
        per_player(t.tie),
        split,
        run.exact,
        run.samples,
        run.seed,
        tuple(0.0 if run.exact else _stderr(t, p) for p in range(players)),
    )


def _stderr(t: Tally, p: int) -> float:
    """The standard error of player p's sampled equity: sqrt(variance of a deal's share / n)."""
    mean = t.share[p] / t.total
    variance = max(t.share_sq[p] / t.total - mean * mean, 0.0)
    return math.sqrt(variance / t.total) / POT_UNITS
