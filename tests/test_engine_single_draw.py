"""2-7 single draw through the engine: one draw and two betting rounds, the small bet then
the big bet in fixed limit, and the big-blind ante (docs/rules.md, "Single-draw lowball")."""

from __future__ import annotations

import pytest

from badugi_fast import HandState, draw_odds
from badugi_fast.errors import InvalidOption, InvalidOptionType
from badugi_fast.games import GAMES

GAME = "deuce-seven-single-draw"


def checked_down(state: HandState) -> list[tuple[str, int]]:
    """Check or call and stand pat to the end; the (phase, street) of every step."""
    steps = []
    while not state.is_over:
        steps.append((state.phase, state.street))
        if state.phase == "draw":
            state.stand_pat()
        else:
            state.check_or_call()
    return steps


def test_the_game_has_one_draw_and_two_betting_rounds() -> None:
    assert GAMES[GAME].draws == 1 and GAMES[GAME].rounds == 2
    state = HandState(GAME, "no-limit", [100] * 3, seed=5)
    assert state.draws == 1
    steps = checked_down(state)
    assert sorted(set(steps)) == [("betting", 0), ("betting", 1), ("draw", 1)]
    kinds = [record.kind for record in state.history]
    assert kinds.count("burn") == 1 and kinds.count("show") == 3


def test_fixed_limit_plays_the_small_bet_then_the_big_bet() -> None:
    state = HandState(GAME, "fixed-limit", [100] * 3, small_bet=2, big_bet=4, seed=1)
    assert state.rules.big_bet_from == 1
    legal = state.legal_actions()
    assert legal is not None and legal.min_raise_to == 4  # the big blind 2, raised by 2
    while state.phase == "betting":
        state.check_or_call()
    while state.phase == "draw":
        state.stand_pat()
    legal = state.legal_actions()
    assert legal is not None and legal.min_raise_to == 4  # a big bet after the draw


def test_big_bet_from_is_checked_against_the_games_rounds() -> None:
    assert HandState(GAME, big_bet_from=2, seed=1).rules.big_bet_from == 2  # never big
    with pytest.raises(InvalidOption, match="big_bet_from"):
        HandState(GAME, big_bet_from=3, seed=1)
    assert HandState("badugi", big_bet_from=3, seed=1).rules.big_bet_from == 3


def test_a_big_blind_ante_is_posted_by_the_big_blind_alone_as_dead_money() -> None:
    state = HandState(
        GAME, "no-limit", [100, 100, 100, 100], button=0, blinds=(1, 2), antes=3,
        big_blind_ante=True, seed=2,
    )  # fmt: skip
    posts = [(r.kind, r.seat, r.amount) for r in state.history if r.kind.startswith("post")]
    assert posts == [("post-ante", 2, 3), ("post-blind", 1, 1), ("post-blind", 2, 2)]
    assert state.contributed == (0, 1, 2, 0) and state.dead_money == 3 and state.pot == 6
    for _ in range(3):
        state.fold()
    assert state.stacks == (100, 99, 101, 100)  # 95 behind, then the 1 blind and 5 back
    assert state.result is not None and state.result.dead_money == 3
    assert state.result.returned == (0, 0, 1, 0)  # the uncalled blind, never the ante


def test_a_short_big_blind_posts_its_ante_first() -> None:
    state = HandState(GAME, "no-limit", [100, 100, 4], blinds=(1, 2), antes=3,
                      big_blind_ante=True, seed=3)  # fmt: skip
    posts = [(r.kind, r.seat, r.amount) for r in state.history if r.kind.startswith("post")]
    assert posts == [("post-ante", 2, 3), ("post-blind", 1, 1), ("post-blind", 2, 1)]
    checked_down(state)
    assert sum(state.stacks) == 204


@pytest.mark.parametrize(
    ("options", "error", "message"),
    [
        ({"big_blind_ante": 1}, InvalidOptionType, "big_blind_ante must be True or False"),
        ({"big_blind_ante": True, "blinds": (0, 0), "small_bet": 2}, InvalidOption, "big blind"),
    ],
)
def test_bad_big_blind_antes_are_refused_by_name(
    options: dict[str, object], error: type[Exception], message: str
) -> None:
    with pytest.raises(error, match=message):
        HandState(GAME, **options)  # type: ignore[arg-type]


def test_odds_allow_the_games_one_draw_only() -> None:
    odds = draw_odds("2s 3h 4d 7c Kc", game=GAME, draws=1)
    assert odds.exact and abs(sum(odds.distribution.values()) - 1) < 1e-9
    with pytest.raises(InvalidOption, match=r"draws must be 0\.\.1"):
        draw_odds("2s 3h 4d 7c Kc", game=GAME, draws=2)
