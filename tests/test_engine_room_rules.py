"""Rules card rooms play that the engine's defaults refuse, each an option (docs/rules.md,
"Seats and the button" and "Betting rounds"): free folds (a fold with nothing to call, and
an all-in player folded), the bet ladder (fixed limit without the half-bet rule) and no
small blind. Each hand is a public room hand's numbers (PokerStars tournament Badugi, Full
Tilt no-limit single draw), played with the option and without; where PokerKit has the rule
or the convention, PokerKit plays the same hand."""

from __future__ import annotations

import warnings

import pytest
from engine_play import play

from badugi_fast import phh
from badugi_fast.engine import BettingRules, HandState
from badugi_fast.errors import IllegalAction, InvalidOption, InvalidOptionType

pokerkit = pytest.importorskip("pokerkit")
from pokerkit_play import AUTOMATIONS  # noqa: E402  (needs pokerkit)


def min_raise(state: HandState) -> int | None:
    legal = state.legal_actions()
    assert legal is not None
    return legal.min_raise_to


# ---------------------------------------------------------------- free folds


def test_a_fold_with_nothing_to_call_needs_free_folds() -> None:
    """PokerStars 52477102154's absent big blind, after limps: three seats, the button and
    the small blind call, the big blind folds with its option."""
    for free in (False, True):
        state = HandState(stacks=[770, 3760, 1140], button=0, blinds=(30, 60), free_folds=free)
        play(state, ["seat 0: call", "seat 1: call"])
        legal = state.legal_actions()
        assert legal is not None and legal.can_check and legal.can_fold == free
        if not free:
            with pytest.raises(IllegalAction, match="nothing to call, check instead"):
                state.fold()
            continue
        state.fold()
        assert state.folded(2) and state.phase == "draw" and state.contributed[2] == 60


def test_a_free_fold_pays_as_pokerkit_pays_it_in_its_cash_game_mode() -> None:
    """Heads-up the small blind limps and the big blind folds its option: PokerKit allows
    it in ``Mode.CASH_GAME`` (with a warning) and pays the limper the blind, as the engine."""
    state = HandState(stacks=[100, 100], button=1, free_folds=True, seed=3)
    play(state, ["seat 1: call", "seat 0: fold"])
    kit = pokerkit.FixedLimitBadugi.create_state(
        AUTOMATIONS, True, 0, (1, 2), 2, 4, (100, 100), 2, mode=pokerkit.Mode.CASH_GAME
    )
    kit.check_or_call()  # the button (p2) limps
    with warnings.catch_warnings():
        warnings.simplefilter("ignore")  # "There is no reason for this player to fold."
        kit.fold()
    assert state.is_over and not kit.status
    assert list(kit.stacks) == [state.stacks[0], state.stacks[1]] == [98, 102]


def test_an_all_in_player_folded_out_of_turn_claims_no_pot() -> None:
    """PokerStars 52589452703: the small blind sits out all in for 25, the button raises to
    100, the small blind is folded and the big blind folds: the raiser takes all 125."""
    stacks = [2815, 25, 1870, 2510, 1245, 1545, 1990]
    state = HandState(stacks=stacks, button=0, blinds=(25, 50), free_folds=True, seed=5)
    play(state, [f"seat {seat}: fold" for seat in (3, 4, 5, 6)] + ["seat 0: raise 100"])
    assert state.actor == 2 and state.all_in(1) and state.can_fold(1)
    record = state.fold(1)
    assert (record.kind, record.seat) == ("fold", 1) and state.actor == 2
    state.fold(2)
    assert state.is_over and state.stacks[0] == 2815 + 75 and state.stacks[1] == 0
    result = state.result
    assert result is not None and result.payouts[0] == 175  # 125 won, 50 returned


def test_only_an_all_in_player_folds_out_of_turn_and_only_with_free_folds() -> None:
    stacks = [200, 25, 200, 200]
    options = {"stacks": stacks, "button": 0, "blinds": (25, 50), "seed": 2}
    state = HandState(**options)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="seat 1 is not to act"):
        state.fold(1)
    state = HandState(**options, free_folds=True)  # type: ignore[arg-type]
    with pytest.raises(IllegalAction, match="seat 0 cannot fold now: it is not all in"):
        state.fold(0)
    state.fold(1)
    with pytest.raises(IllegalAction, match="seat 1 cannot fold now: it has folded"):
        state.fold(1)
    assert not state.can_fold(1)
    with pytest.raises(InvalidOptionType, match="free_folds"):
        HandState(stacks=stacks, free_folds=1)  # type: ignore[arg-type]


def test_a_history_with_free_folds_replays() -> None:
    """The all-in fold written and replayed: ``_free_folds`` under an X code."""
    state = HandState(stacks=[300, 25, 300], button=0, blinds=(25, 50), free_folds=True, seed=7)
    play(state, ["seat 0: raise 100", "seat 1: fold", "seat 2: fold"])
    history = phh.from_state(state)
    assert history.variant == "XFB" and history.user_fields["_free_folds"] is True
    again = phh.replay(history)
    assert again.stacks == state.stacks and again.folded(1)


# ---------------------------------------------------------------- the bet ladder


def test_the_ladder_completes_an_all_in_raise_of_half_a_bet_or_more() -> None:
    """60/120: ``raises 60 to 120``, ``raises 30 to 150 and is all-in``, then ``raises 30 to
    180``; the half-bet rule counts the 30 as a full raise and wants 210. On the ladder the
    all-in counts as a raise under both (the cap is reached), and reopens the betting to
    the player it raised, as in the room's hand."""
    for bet_ladder, next_raise in ((True, 180), (False, 210)):
        state = HandState(
            stacks=[2000, 2000, 2000, 210],
            button=3,
            blinds=(30, 60),
            small_bet=60,
            bet_ladder=bet_ladder,
            seed=11,
        )
        play(state, ["seat 2: call", "seat 3: call", "seat 0: call", "seat 1: check"])
        play(state, [f"seat {seat}: stand pat" for seat in (0, 1, 2, 3)])
        play(state, ["seat 0: bet 60", "seat 1: raise 120", "seat 2: call", "seat 3: raise 150"])
        assert state.all_in(3) and min_raise(state) == next_raise
        play(state, ["seat 0: call"])
        assert state.actor == 1 and min_raise(state) == next_raise  # reopened to the raiser
        state.raise_to(next_raise)
        assert state.actor == 2 and min_raise(state) is None  # a bet and three raises
        if bet_ladder:
            history = phh.from_state(state)
            assert history.variant == "XFB" and history.user_fields["_bet_ladder"] is True
            assert phh.replay(history).contributed == state.contributed


def test_the_ladder_completes_an_all_in_raise_over_the_big_blind() -> None:
    """300/600: the big blind 300, a call, ``raises 250 to 550 and is all-in``, a call,
    then the small blind ``raises 50 to 600``; the half-bet rule wants 850, and so does
    PokerKit's convention (the all-in's raise is below the round's bet, which it adds)."""
    stacks = [930, 1600, 7915, 9385, 550, 6710, 1210]
    options = {"stacks": stacks, "button": 6, "blinds": (150, 300), "small_bet": 300, "seed": 4}
    wanted = {"ladder": 600, "card-room": 850, "pokerkit": 850}
    for name in wanted:
        if name == "ladder":
            state = HandState(**options, bet_ladder=True)  # type: ignore[arg-type]
        else:
            state = HandState(**options, conventions=name)  # type: ignore[arg-type]
        play(state, ["seat 2: fold", "seat 3: call", "seat 4: raise 550", "seat 5: call"])
        play(state, ["seat 6: fold"])
        assert state.actor == 0 and min_raise(state) == wanted[name], name
    kit = pokerkit.FixedLimitBadugi.create_state(
        AUTOMATIONS, True, 0, (150, 300), 300, 600, stacks, len(stacks)
    )
    for _ in range(2):
        kit.fold() if kit.actor_index == 2 else kit.check_or_call()
    kit.complete_bet_or_raise_to(550)
    kit.check_or_call()
    kit.fold()
    assert kit.actor_index == 0 and kit.min_completion_betting_or_raising_to_amount == 850


def test_the_ladder_is_a_card_room_convention() -> None:
    with pytest.raises(InvalidOption, match="bet_ladder is a card-room convention"):
        HandState(bet_ladder=True, conventions="pokerkit")
    with pytest.raises(InvalidOptionType, match="bet_ladder"):
        BettingRules(bet_ladder="yes")  # type: ignore[arg-type]
    assert HandState(bet_ladder=True, seed=1).rules.bet_ladder


# ---------------------------------------------------------------- no small blind


def test_the_big_blind_left_of_the_button_with_no_small_blind() -> None:
    """Full Tilt 31349486094 (no-limit single draw, 0.20/0.40, ante 0.10): the small blind's
    seat is empty, the big blind is the first player left of the button and everyone folds
    to it; PokerKit plays ``blinds_or_straddles = [40, 0, 0, 0, 0]`` alike."""
    stacks = [6075, 5850, 3070, 5205, 5025]  # from the big blind round to the button
    state = HandState(
        "deuce-seven-single-draw",
        "no-limit",
        stacks,
        button=4,
        blinds=(20, 40),
        antes=10,
        no_small_blind=True,
        seed=8,
    )
    posts = [(r.kind, r.seat, r.amount) for r in state.history if r.kind == "post-blind"]
    assert posts == [("post-blind", 0, 40)] and state.actor == 1
    play(state, [f"seat {seat}: fold" for seat in (1, 2, 3, 4)])
    kit = pokerkit.NoLimitDeuceToSevenLowballSingleDraw.create_state(
        AUTOMATIONS, True, 10, (40, 0, 0, 0, 0), 40, stacks, 5
    )
    assert kit.actor_index == 1
    while kit.status:
        kit.fold()
    assert list(kit.stacks) == list(state.stacks) == [6115, 5840, 3060, 5195, 5015]


def test_no_small_blind_reaches_the_draw_and_replays_from_its_history() -> None:
    state = HandState(stacks=[100] * 4, button=1, blinds=(1, 2), no_small_blind=True, seed=12)
    assert state.actor == 3  # left of the big blind on seat 2
    play(state, ["seat 3: raise 4", "seat 0: call", "seat 1: fold", "seat 2: call"])
    assert state.phase == "draw" and state.actor == 2  # the big blind draws first
    while not state.is_over:
        state.stand_pat() if state.phase == "draw" else state.check_or_call()
    history = phh.from_state(state)
    assert list(history.blinds_or_straddles or ()) == [2, 0, 0, 0]
    again = phh.replay(history)
    assert again.no_small_blind and again.stacks == state.stacks


def test_no_small_blind_needs_a_big_blind_and_moves_missed_blinds() -> None:
    with pytest.raises(InvalidOption, match="no_small_blind needs a big blind"):
        HandState(blinds=(0, 0), antes=1, small_bet=2, no_small_blind=True)
    state = HandState(
        stacks=[50] * 4, button=0, no_small_blind=True, missed_blinds={2: (2, 1)}, seed=1
    )
    assert state.contributed == (0, 2, 2, 0) and state.dead_money == 1
    with pytest.raises(InvalidOption, match="seat 1 posts the big blind"):
        HandState(stacks=[50] * 4, button=0, no_small_blind=True, missed_blinds={1: (2, 0)})
