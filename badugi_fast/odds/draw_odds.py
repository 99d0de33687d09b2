"""``draw_odds``: how one hand ends up after its draws (docs/rules.md, "Draw odds and equity")."""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import SupportsIndex

from badugi_fast.cards import CardsLike
from badugi_fast.errors import InvalidSettlement
from badugi_fast.evaluation import RankedHand
from badugi_fast.games import game_rule
from badugi_fast.odds.position import Policy, position, target_rank
from badugi_fast.odds.scale import DEFAULT_EXACT_LIMIT, solve
from badugi_fast.parallel import Progress

FOUR_CARD_RANKS = 715
"""Ranks 1..715 of the Badugi scale are four-card badugis."""


@dataclass(frozen=True, slots=True)
class DrawOdds:
    """The final hand's distribution: raw rank -> probability, on the scale of the game's
    first half (Badugi; the low in the triple-draw games), and in the split games its low
    half's too (``low_distribution``, empty in the other games).

    ``exact`` says whether every deal was enumerated; otherwise ``samples`` deals of
    ``seed`` were played and each probability carries a standard error: ``stderr`` gives
    each rank's, keyed as ``distribution`` (as ``Equity.stderr`` gives each equity's), and
    ``standard_error(p)`` that of any probability read from it, such as ``p_badugi``.
    ``badeucey_aces_low``: Badeucey's Badugi half was played aces low.
    """

    game: str
    distribution: Mapping[int, float]
    exact: bool
    samples: int
    seed: int | None
    badeucey_aces_low: bool = False
    low_distribution: Mapping[int, float] = field(default_factory=dict)

    @property
    def p_badugi(self) -> float:
        """The probability of ending with a four-card badugi (games with a Badugi half)."""
        if game_rule(self.game).badugi_half is None:
            raise InvalidSettlement(f"{self.game} has no Badugi half")
        return self.p_at_least(FOUR_CARD_RANKS)

    def p_at_least(self, hand: RankedHand | CardsLike | SupportsIndex) -> float:
        """The probability of ending at least as strong as ``hand`` (cards or a raw rank)."""
        rule = game_rule(self.game, badeucey_aces_low=self.badeucey_aces_low)
        worst = target_rank(hand, rule, "hand")
        return math.fsum(p for rank, p in self.distribution.items() if rank <= worst)

    def p_low_at_least(self, hand: RankedHand | CardsLike | SupportsIndex) -> float:
        """In a split game, the probability of ending with a low at least as strong as
        ``hand`` (cards or a raw rank on the low's scale)."""
        rule = game_rule(self.game, badeucey_aces_low=self.badeucey_aces_low)
        if len(rule.halves) < 2:
            raise InvalidSettlement(f"{self.game} has no second half")
        worst = target_rank(hand, rule, "hand", half_index=1)
        return math.fsum(p for rank, p in self.low_distribution.items() if rank <= worst)

    @property
    def stderr(self) -> Mapping[int, float]:
        """Each final rank's standard error, keyed as ``distribution`` (all 0.0 when exact)."""
        return {rank: self.standard_error(p) for rank, p in self.distribution.items()}

    @property
    def low_stderr(self) -> Mapping[int, float]:
        """Each final low rank's standard error, keyed as ``low_distribution``."""
        return {rank: self.standard_error(p) for rank, p in self.low_distribution.items()}

    def standard_error(self, probability: float) -> float:
        """The standard error of a probability read from this result, sqrt(p (1 - p) /
        samples): ``p_badugi``, a ``p_at_least()`` or a rank's (0.0 when exact)."""
        if self.exact:
            return 0.0
        return math.sqrt(max(probability * (1 - probability), 0.0) / self.samples)


def draw_odds(
    cards: CardsLike,
    *,
    discard: CardsLike | None = None,
    draws: SupportsIndex | None = None,
    dead: CardsLike = (),
    game: str = "badugi",
    badeucey_aces_low: bool = False,
    target: RankedHand | CardsLike | SupportsIndex | None = None,
    policy: Policy | None = None,
    samples: SupportsIndex | None = None,
    seed: SupportsIndex | None = None,
    executor: object = None,
    exact_limit: SupportsIndex = DEFAULT_EXACT_LIMIT,
    progress: Progress | None = None,
) -> DrawOdds:
    """The odds of every final hand of ``cards`` after ``draws`` draws (0 to the
    game's draws; None, the default: all of them, 3 in triple draw, 1 in single draw).

    ``discard`` is what the first draw throws (default: the drawing policy, or
    ``policy``); later draws follow the policy. Unseen cards are the deck minus ``cards``
    and ``dead``; discards come back only when the stub runs short (the engine's reshuffle
    rule). ``target`` (a hand, cards or a raw rank on the game's first scale) is the hand
    worth standing pat on; ``badeucey_aces_low`` plays Badeucey's Badugi half aces low (as
    in ``settle()``). Exact when at most ``exact_limit`` deals, else ``samples``
    (default 1,000,000) seeded deals, cut into chunks that ``executor`` may run;
    ``progress(done, total)`` hears of each chunk. Rules: docs/rules.md, "Draw odds and
    equity".
    """
    question = position(
        (cards,),
        game=game,
        badeucey_aces_low=badeucey_aces_low,
        draws=draws,
        discards=None if discard is None else (discard,),
        dead=dead,
        target=target,
        policy=policy,
        names=("cards",),
    )
    run = solve(
        question,
        samples=samples,
        seed=seed,
        exact_limit=exact_limit,
        executor=executor,
        progress=progress,
    )
    total = run.tally.total
    distribution = {rank: w / total for rank, w in enumerate(run.tally.ranks) if w}
    low = {rank: w / total for rank, w in enumerate(run.tally.low_ranks) if w}
    rule = question.rule
    aces_low = rule.name == "badeucey" and bool(badeucey_aces_low)
    return DrawOdds(rule.name, distribution, run.exact, run.samples, run.seed, aces_low, low)
