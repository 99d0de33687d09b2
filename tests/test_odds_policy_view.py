"""The drawing policy decides on what the drawing player sees (issue 38).

docs/rules.md ("The drawing policy", Ties): a tie between equally good discards is decided
on the player's hand, his own discards and the dead cards, never on the other hands or
the stub; choices nothing he sees can tell apart are thrown with equal chances. The
expected choices come from tests/reference_odds.py, written from the rules.
"""

from __future__ import annotations

import pytest
import reference_odds

import badugi_fast as bf

HAND = "5d 9h Qs 9c"  # 5d Qs and a nine: 9h or 9c plays
SEEN = "2h Qc"  # dead: seen by every player, so the two nines are told apart
HEARTS, CLUBS = "6h Kh 4h 3h", "6c Kc 4c 3c"  # opponents short of one suit or the other


def ids(text: str) -> tuple[int, ...]:
    return tuple(sorted(int(card) for card in bf.parse_cards(text)))


def test_the_choice_does_not_read_the_other_hand() -> None:
    """Against an opponent holding the hearts or the clubs, the player throws the same nine:
    the one his view picks. Breaking the tie on the whole position threw the other nine
    against one of them, moving the equity by about 0.06."""
    ((keep, chance),) = reference_odds.policy_keeps(ids(HAND), "badugi", 0, ids(SEEN))
    assert chance == 1
    thrown = [card for card in ids(HAND) if card not in keep]
    for other in (HEARTS, CLUBS):
        by_policy = bf.equity([other, HAND], draws=1, dead=SEEN)
        by_hand = bf.equity([other, HAND], draws=1, dead=SEEN, discards=[None, thrown])
        assert by_policy.exact and by_policy == by_hand, other


@pytest.mark.parametrize("draws", [1, 2])
def test_choices_nothing_seen_tells_apart_are_thrown_half_the_time(draws: int) -> None:
    """``As Ah 2d 3c`` seeing nothing else throws ``As`` or ``Ah`` with equal chances, so its
    equity is the mean of the two; against ``5h 7h 9s Kc`` keeping the heart is worse."""
    hands = ["As Ah 2d 3c", "5h 7h 9s Kc"]
    mixed = bf.equity(hands, draws=draws)
    keep_ace = [bf.equity(hands, draws=draws, discards=[ace, None]) for ace in ("As", "Ah")]
    assert mixed.exact and all(result.exact for result in keep_ace)
    assert keep_ace[0].equity[0] != pytest.approx(keep_ace[1].equity[0], abs=1e-3)
    for p in range(2):
        mean = (keep_ace[0].equity[p] + keep_ace[1].equity[p]) / 2
        assert mixed.equity[p] == pytest.approx(mean, abs=1e-12)


def test_sampled_choices_are_thrown_half_the_time() -> None:
    """The Monte Carlo run picks each choice with its chance: within 4 standard errors of
    the exact mixture (about 15 from either choice alone)."""
    hands = [HEARTS, HAND]
    exact = bf.equity(hands, draws=1)
    sampled = bf.equity(hands, draws=1, exact_limit=0, samples=50_000, seed=38)
    assert abs(sampled.equity[1] - exact.equity[1]) < 4 * sampled.stderr[1]


def test_the_policy_alone_names_the_first_choice() -> None:
    """Asked of one hand, the policy names one of its equal choices (the least mask), the
    same as the hand-strength bot throws."""
    assert bf.policy_discard("As Ah 2d 3c") == (bf.Card("As"),)
    assert bf.policy_discard("Ah As 2d 3c") == (bf.Card("Ah"),)
    keeps = reference_odds.policy_keeps(ids("As Ah 2d 3c"), "badugi", 0)
    assert sorted(chance for _, chance in keeps) == [0.5, 0.5]
