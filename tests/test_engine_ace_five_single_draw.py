"""Ace-to-five single draw, as Kings Club deals it (docs/rules.md, "Single-draw lowball"):
one draw, two betting rounds, the whole pot to the best ace-to-five low, on every path that
takes a game (the engine, settle(), the odds, ranges, PHH; the many-hand paths by
tests/test_cross_path.py, which plays every game of the table)."""

from __future__ import annotations

import pytest

from badugi_fast import HandState, Seat, draw_odds, phh, settle
from badugi_fast.errors import InvalidOption
from badugi_fast.games import GAMES
from badugi_fast.phh.variants import VARIANTS
from badugi_fast.ranges import Range

GAME = "ace-five-single-draw"


def test_the_game_has_one_draw_and_an_ace_to_five_low() -> None:
    rule = GAMES[GAME]
    assert (rule.cards, rule.draws, rule.rounds) == (5, 1, 2)
    assert rule.rankings == GAMES["ace-five-triple-draw"].rankings
    assert {VARIANTS[code].game for code in ("XFA5L1D", "XPA5L1D", "XNA5L1D", "XHA5L1D")} == {GAME}


def test_kings_clubs_hand_pays_the_lower_ace_to_five_hand() -> None:
    """Kings Club 41388325 (Limit A-5 Single Draw, 50/100, heads-up): the button raises,
    the big blind calls and draws three to 7-4-3-3-A, a pair; the button stands pat on
    J-9-8-5-2, which wins: in ace-to-five a pair loses to any five different ranks."""
    state = HandState(
        GAME,
        "fixed-limit",
        [874, 1389],
        button=1,
        blinds=(25, 50),
        small_bet=50,
        big_bet=100,
        deck="Tc 2d Ks Jh Qc 8h 4c 5s As 9s Kd 7s 3h 3s 6c 6d",  # Kd burned
    )
    state.raise_to(100)
    state.call()
    state.draw("Tc Ks Qc")
    state.stand_pat()
    state.check()
    state.check()
    assert state.is_over and state.stacks == (774, 1489)
    assert " ".join(map(str, state.hole_cards(0))) == "4c As 7s 3h 3s"
    result = settle(
        [Seat(100, cards="7s 3h 3s 4c As"), Seat(100, cards="2d Jh 8h 5s 9s")], game=GAME
    )
    assert result.payouts == (0, 200)


def test_a_straight_is_a_low_in_ace_to_five() -> None:
    wheel, seven = "As 2h 3d 4c 5s", "7s 5h 4d 3c 2s"
    assert settle([Seat(5, cards=wheel), Seat(5, cards=seven)], game=GAME).payouts == (10, 0)


def test_odds_ranges_and_histories_take_the_game() -> None:
    odds = draw_odds("As 2h 3d 8c Kc", game=GAME, draws=1)
    assert odds.exact and abs(sum(odds.distribution.values()) - 1) < 1e-9
    with pytest.raises(InvalidOption, match=r"draws must be 0\.\.1"):
        draw_odds("As 2h 3d 8c Kc", game=GAME, draws=2)
    assert len(Range.parse("$low7", game=GAME)) == 21 * 4**5  # 5 of 7 ranks, A to 7
    state = HandState(GAME, "no-limit", [100, 100, 100], seed=9)
    while not state.is_over:
        state.stand_pat() if state.phase == "draw" else state.check_or_call()
    history = phh.from_state(state)
    assert history.variant == "XNA5L1D"
    assert phh.replay(phh.loads(phh.dumps(history))).stacks == state.stacks
