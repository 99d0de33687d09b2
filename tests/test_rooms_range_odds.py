"""The rooms guide's imported all-in against the opponent's range (docs/guide/rooms.md,
"From an imported hand to the odds"): the hero's cards and dead discards read from the
imported history, and the exact equity against every pat hand equal to the average of the
hand-against-hand equities over the range's combos, computed here from tests/reference.py.

The reference side never calls equity(): the opponent's combos are the four-card badugis
(the hands the policy stands pat on) sharing no card with the hero's or the dead cards,
and against each the hero's equity is the share of his one-card draws (every unseen card,
equally likely) that beat it, a tie counting half.
"""

from __future__ import annotations

import dataclasses
import itertools
from fractions import Fraction
from pathlib import Path

import numpy as np
import pytest
import reference as ref
import reference_odds

import badugi_fast as bf
from badugi_fast import phh
from badugi_fast.cards import parse_cards
from badugi_fast.phh.rooms import decode
from badugi_fast.ranges import Range

TOLERANCE = 1e-12
ALL_IN = Path(__file__).parent / "data/rooms/pokerstars/badugi-limit-heads-up-all-in.txt"
HERO, KEPT, DEAD, SHOWN = "As 2h 5d 9h", "As 2h 5d", "Kd Qh", "3c 6d 7h 8s"


def ids(text: str) -> tuple[int, ...]:
    return tuple(sorted(int(card) for card in parse_cards(text)))


def test_the_hero_sees_his_cards_his_discards_and_a_pat_opponent() -> None:
    (hand,) = phh.from_room(decode(ALL_IN.read_bytes()))
    allin = hand.actions.index("p2 cc") + 1
    seen = phh.replay(dataclasses.replace(hand, actions=hand.actions[:allin])).view(0)
    thrown = [step.cards for step in seen.history if step.kind == "discard" and step.seat == 0]
    assert seen.hole_cards == parse_cards(HERO)
    assert [card for cards in thrown for card in cards] == list(parse_cards(DEAD))
    assert seen.discard_counts[1] == (1, 0)  # the opponent drew one, then stood pat


def hero_shares(villains: np.ndarray) -> np.ndarray:
    """The hero's equity against each pat villain (rows of card ids), his 9h thrown."""
    unseen = np.array([c for c in range(52) if c not in ids(HERO) + ids(DEAD)])
    finals = ref.badugi_ranks_many(np.array([sorted((*ids(KEPT), card)) for card in unseen]))
    mine, theirs = finals[None, :], ref.badugi_ranks_many(villains)[:, None]
    dealt = ~(villains[:, :, None] == unseen[None, None, :]).any(axis=1)
    won = np.where(mine < theirs, 1.0, np.where(mine == theirs, 0.5, 0.0))
    return np.asarray((won * dealt).sum(axis=1) / dealt.sum(axis=1))


def test_equity_against_pat_hands_is_the_average_over_their_combos() -> None:
    every = np.array(list(itertools.combinations(range(52), 4)), dtype=np.int64)
    badugi = ref.badugi_codes_many(every) >> 16 == 0  # no card missing from the playing set
    clear = ~np.isin(every, ids(HERO) + ids(DEAD)).any(axis=1)
    villains = every[badugi & clear]
    assert len(villains) == Range.parse("$pat").count(HERO + " " + DEAD)
    result = bf.equity(["$pat", HERO], draws=1, discards=[None, "9h"], dead=DEAD)
    assert result.exact
    assert result.equity[1] == pytest.approx(float(hero_shares(villains).mean()), abs=TOLERANCE)


def test_equity_against_the_shown_hand() -> None:
    """Four outs (4c 6c 7c 8c) of 42 unseen cards, by tests/reference_odds.py and by the
    per-combo share above."""
    equity, _, _ = reference_odds.heads_up_one_draw(
        [ids(SHOWN), ids(HERO)], game="badugi", discards=[(), ids("9h")], dead=ids(DEAD)
    )
    assert equity[1] == Fraction(4, 42)
    assert hero_shares(np.array([ids(SHOWN)]))[0] == pytest.approx(4 / 42, abs=TOLERANCE)
    result = bf.equity([SHOWN, HERO], draws=1, discards=["", "9h"], dead=DEAD)
    assert result.equity[1] == pytest.approx(4 / 42, abs=TOLERANCE)
