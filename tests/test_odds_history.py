"""Equity given the draws already played (docs/rules.md, "Reviewing a hand"): a range
player's hand is dealt from his range, drawn by the policy through the draws so far and
kept only where he took the numbers of cards he was seen to take; a known hand's earlier
discards are out of the stub.

The reference is a plain-Python brute force written from that definition
(tests/reference_review.py): every combo, every choice of the policy and every set of
replacements, weighted by its chance, dropped where a count differs, then the draws left and
the showdown. It never calls equity().
"""

from __future__ import annotations

import pytest
import reference_review
from soak import size

import badugi_fast as bf
from badugi_fast.errors import InvalidCards, InvalidOption, InvalidOptionType, NoFittingDeal
from badugi_fast.ranges import Range

HERO = "As 3h 6d Qc"  # a queen badugi
THROWN = "5s 6h 9c"  # his discards so far: out of the stub
LIVE = "3s 4s 5h 8h 9d Td Kc Qs 4c Jh Kh Qd"
"""Cards nobody holds that are not dead: with the range's, the cards a draw can bring (few,
so the brute force is quick)."""
RANGE = "Ah 2c 5d Kc, 2s 2d 7h Tc, 3c 4d 4c 9h, Ac 2d 7s 7h, 6s 7d 8h 9s, Jc Jd Js 5c"
"""One-card draws (two with a tie between cards of one rank), a pat hand, a two-card draw."""


def ids(text: str) -> tuple[int, ...]:
    return tuple(sorted(int(card) for card in bf.parse_cards(text)))


def dead_but(*texts: str) -> tuple[int, ...]:
    """Every card but those of ``texts`` (range texts, hands or lists of cards)."""
    live = {card for text in texts for hand in text.split(",") for card in ids(hand)}
    return tuple(card for card in range(52) if card not in live)


DEAD = dead_but(HERO, THROWN, RANGE, LIVE)


def combos(text: str) -> list[tuple[int, ...]]:
    return [ids(hand) for hand in text.split(",")]


def reference(
    hero: tuple[int, ...],
    thrown: tuple[int, ...],
    dead: tuple[int, ...],
    hands: list[tuple[int, ...]],
    counts: tuple[int, ...],
    hero_pat: bool = False,
) -> float:
    """The hero's equity against a hand of ``hands`` played as ``counts`` says: at the
    showdown, or (``hero_pat``) after one draw left where he stands pat."""
    return reference_review.heads_up(hero, thrown, dead, hands, counts, opponent_draws=hero_pat)


def test_every_draw_played_is_exact_against_the_brute_force() -> None:
    """Three draws played: he drew one, one, then stood pat. The pat hand and the
    two-card draw of the range are dropped, and each one-card draw counts only the deals
    where the first draw missed and the second made a badugi."""
    result = bf.equity(
        [HERO, RANGE], draws=0, discarded=[THROWN, None], drawn=[None, [1, 1, 0]], dead=DEAD
    )
    assert result.exact
    expected = reference(ids(HERO), ids(THROWN), DEAD, combos(RANGE), (1, 1, 0))
    assert result.equity[0] == pytest.approx(expected, abs=1e-12)
    plain = bf.equity([HERO, RANGE], draws=0, discarded=[THROWN, None], dead=DEAD)
    assert abs(plain.equity[0] - expected) > 0.1  # the draws said a great deal


def test_the_sampled_run_draws_the_past_as_the_exact_one() -> None:
    exact = bf.equity([HERO, RANGE], draws=0, discarded=[THROWN, None], drawn=[None, [1, 1, 0]])
    sampled = bf.equity(
        [HERO, RANGE],
        draws=0,
        discarded=[THROWN, None],
        drawn=[None, [1, 1, 0]],
        samples=20_000,
        seed=5,
        exact_limit=0,
    )
    assert exact.exact and not sampled.exact
    assert abs(sampled.equity[0] - exact.equity[0]) < 4 * sampled.stderr[0]


def test_a_draw_left_is_sampled_within_four_standard_errors() -> None:
    """Two draws played (one card, then one), one left: the hero stands pat, the range
    player draws by the policy, seeing his own discards (which break his ties)."""
    text = "2s 2d 7h Tc, Ac 2d 7s 7h" if size(0, 1) else "2s 2d 7h Tc"
    hands, dead = Range.parse(text), dead_but(HERO, THROWN, text, LIVE)
    result = bf.equity(
        [HERO, hands],
        draws=1,
        discards=[(), None],
        discarded=[THROWN, None],
        drawn=[None, [1, 1]],
        dead=dead,
        samples=size(40_000, 1_000_000),
        seed=11,
    )
    dealt = [tuple(sorted(map(int, hand))) for hand in hands]
    expected = reference(ids(HERO), ids(THROWN), dead, dealt, (1, 1), hero_pat=True)
    assert not result.exact
    assert abs(result.equity[0] - expected) < 4 * result.stderr[0]


def test_an_opponent_who_already_made_the_draw_in_progress() -> None:
    """He draws before the hero: one count more than the draws played, read off his hand
    as it is now (the policy's count depends on the hand alone)."""
    before = bf.equity(
        [RANGE, HERO], draws=1, discards=[None, ()], drawn=[[1, 1, 0], None], samples=20_000, seed=3
    )
    pat_now = bf.equity([RANGE, HERO], draws=0, drawn=[[1, 1, 0], None])
    assert pat_now.exact and not before.exact
    assert abs(before.equity[1] - pat_now.equity[1]) < 4 * before.stderr[1] + 1e-9


def test_the_first_draw_is_the_draw_macros() -> None:
    """Seen to take one card at the draw in progress, before the hero: his range kept where
    the policy takes one card, which the range language writes ``:$draw1``."""
    by_count = bf.equity([RANGE, HERO], draws=3, drawn=[[1], None], samples=20_000, seed=2)
    by_macro = bf.equity([f"({RANGE}):$draw1", HERO], draws=3, samples=20_000, seed=2)
    assert by_count == by_macro


@pytest.mark.parametrize(
    ("kwargs", "message"),
    [
        ({"drawn": [None, [1, 1]]}, "one count for each draw played so far"),
        ({"drawn": [None, [1, 9, 0]]}, "drawn for hands\\[1\\], draw 2 must be 0..4, not 9"),
        ({"drawn": [[1, 1, 0], [1, 1, 0]]}, "a known hand's draws say nothing more"),
        ({"discarded": [None, "5s"], "drawn": [None, [1, 1, 0]]}, "a range player's discards"),
        ({"discarded": ["As", None]}, "As is in hands\\[0\\] and in discarded for hands\\[0\\]"),
        ({"drawn": [None, "110"]}, "must be a list or tuple of counts, not str"),
        ({"drawn": [None, [1, 1, 0]], "policy": lambda cards, player, draw: ()}, "built-in policy"),
    ],
)
def test_bad_draws_so_far_are_refused_by_name(kwargs: dict[str, object], message: str) -> None:
    with pytest.raises((InvalidOption, InvalidOptionType, InvalidCards), match=message):
        bf.equity([HERO, RANGE], draws=0, **kwargs)  # type: ignore[arg-type]


def test_draws_no_hand_of_the_range_makes_are_refused() -> None:
    """A pat hand never draws a card by the policy: standing pat, then drawing, fits no
    hand of a range of badugis."""
    with pytest.raises(NoFittingDeal, match=r"no deal fits the draws seen|no hand of the range"):
        bf.equity([HERO, "$badugi9"], draws=0, drawn=[None, [0, 2, 0]])
