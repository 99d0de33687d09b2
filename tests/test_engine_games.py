"""Every game through showdown: Badacey and Badeucey halves and the triple-draw lowball
games paid through settle() (docs/rules.md, "How a hand is played")."""

from __future__ import annotations

import pytest
from engine_play import play, stacked_deck

from badugi_fast import Seat, settle
from badugi_fast.engine import HandState


def check_down(game: str, hands: dict[int, str], **options: object) -> HandState:
    """Three players, seat 1 (small blind) folds, the others check it down standing pat."""
    deck = stacked_deck(3, 0, hands)
    state = HandState(game=game, stacks=[100] * 3, button=0, deck=deck, seed=1, **options)  # type: ignore[arg-type]
    play(state, ["seat 0: call", "seat 1: fold", "seat 2: check"])
    for _ in range(3):
        play(state, ["stand pat", "stand pat", "check", "check"])
    assert state.is_over
    return state


@pytest.mark.parametrize(
    ("game", "hands", "payouts", "kinds"),
    [
        # seat 2 has the perfect badugi, seat 0 the better A-5 low; pot 5: the odd unit to
        # the badugi half
        ("badacey", {1: "9s 9h 9d 9c 8s", 2: "As 2h 3d 4c Kc", 0: "2s 3h 4d 5c 6s"},
         (2, 0, 3), ("badugi", "ace-five")),
        # aces high: seat 0's 2-3-4-5 rainbow badugi beats A-2-3-4; 2-7: 7-5-4-3-2 wins
        ("badeucey", {1: "9s 9h 9d 9c 8s", 2: "As 2h 3d 4c Kc", 0: "2s 3h 4d 5c 7s"},
         (5, 0, 0), ("badugi", "deuce-seven")),
        ("deuce-seven-triple-draw", {1: "9s 9h 9d 9c Ks", 2: "As 2h 3d 4c 5c", 0: "8s 6h 4d 3c 2s"},
         (5, 0, 0), ("deuce-seven",)),
        ("ace-five-triple-draw", {1: "9s 9h 9d 9c Ks", 2: "As 2h 3d 4c 5c", 0: "8s 6h 4d 3c 2s"},
         (0, 0, 5), ("ace-five",)),
        ("badugi", {1: "9s 9h 9d 9c", 2: "As 2h 3d 4c", 0: "8s 6h 4d 3c"}, (0, 0, 5), ("badugi",)),
    ],
)  # fmt: skip
def test_showdown_pays_through_settle(
    game: str, hands: dict[int, str], payouts: tuple[int, ...], kinds: tuple[str, ...]
) -> None:
    state = check_down(game, hands)
    result = state.result
    assert result is not None and result.payouts == payouts
    assert tuple(half.kind for half in result.pots[0].halves) == kinds
    seats = [
        Seat(2, cards=state.hole_cards(0)),
        Seat(1, folded=True),
        Seat(2, cards=state.hole_cards(2)),
    ]
    assert result == settle(seats, game=game)  # type: ignore[arg-type]


def test_badeucey_aces_low_option_reaches_settle() -> None:
    hands = {1: "9s 9h 9d 9c 8s", 2: "As 2h 3d 4c Kc", 0: "2s 3h 4d 5c 7s"}
    state = check_down("badeucey", hands, badeucey_aces_low=True)
    assert state.result is not None and state.result.payouts == (2, 0, 3)


def test_show_order_last_aggressor_first() -> None:
    deck = stacked_deck(3, 0, {1: "9s 9h 9d 9c", 2: "As 2h 3d 4c", 0: "8s 6h 4d 3c"})
    state = HandState(stacks=[100] * 3, button=0, deck=deck, seed=2)
    play(state, ["call", "call", "check"])
    for _ in range(2):
        play(state, ["stand pat"] * 3 + ["check"] * 3)
    play(state, ["stand pat"] * 3 + ["check", "seat 2: bet 4", "call", "call"])
    assert [a.seat for a in state.history if a.kind == "show"] == [2, 0, 1]


def test_show_order_without_a_bet_starts_left_of_the_button() -> None:
    state = check_down("badugi", {1: "9s 9h 9d 9c", 2: "As 2h 3d 4c", 0: "8s 6h 4d 3c"})
    assert [a.seat for a in state.history if a.kind == "show"] == [2, 0]
