"""Hands whose cards are hidden (``??``), as an observer writes them: they replay and pay
what the known-card replay pays, six-handed triple draw with reshuffles included; an
impossible history (a card shown twice, a card shown where a named one must have been) is
refused naming both places (docs/rules.md, "Dealing order and reshuffles"). PokerKit:
test_phh_pokerkit.py replays the same masks both ways.
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import replace

import pytest
from soak import size
from test_phh_replay import GOOD, engine_hand

from badugi_fast import phh
from badugi_fast.engine import HandState
from badugi_fast.errors import InvalidHistory
from badugi_fast.games import GAMES
from badugi_fast.phh.notation import format_line, parse_line
from badugi_fast.phh.settings import engine_seats

MASKED_HANDS = size(150, 6000)
"""Random engine hands of every game and structure replayed with their cards hidden."""
DRAWING_HANDS = size(6, 600)
"""Six- to eight-handed hands in which every player throws every card it may."""


def masked(history: phh.HandHistory, seen: Iterable[int] = ()) -> phh.HandHistory:
    """The history as the players ``seen`` (0-based) observe it: every other player's dealt
    and discarded cards written ``??``; the cards shown at the showdown kept."""
    keep = set(seen)
    actions = []
    for line in history.actions:
        note = parse_line(line)
        if note.verb in ("dh", "sd") and note.player not in keep and note.cards:
            note = replace(note, cards=(None,) * len(note.cards))
        actions.append(format_line(note))
    return phh.HandHistory(**{**vars(history), "actions": tuple(actions)})


def drawing_hand(seed: int, game: str, players: int) -> HandState:
    """Everyone calls and throws every card it may at every draw: at six seats or more the
    stub runs out and the dealer reshuffles the discards."""
    state = HandState(game, "fixed-limit", [500] * players, seed % players, seed=seed)
    while not state.is_over:
        legal = state.legal_actions()
        assert legal is not None
        if legal.max_discards is not None:
            state.draw(state.hole_cards(legal.seat)[: legal.max_discards])
        else:
            state.check_or_call()
    return state


def pays_as_known(history: phh.HandHistory, seen: Iterable[int] = ()) -> HandState:
    """The masked history's replay, which ends where the known-card replay ends."""
    state = phh.replay(masked(history, seen))
    ended = [state.stacks[seat] for seat in engine_seats(history)]  # in player order
    assert state.is_over and ended == list(history.finishing_stacks or ())
    return state


def test_six_handed_triple_draw_with_every_card_hidden_pays_as_known() -> None:
    """Issue 27 item 4: everyone draws five, three times; every dealt and thrown card ``??``."""
    state = drawing_hand(0, "deuce-seven-triple-draw", 6)
    history = phh.from_state(state)
    assert history.variant == "F2L3D" and history.actions[-6:] == tuple(
        line for line in history.actions if " sm " in line
    )
    replayed = pays_as_known(history)
    assert any(record.kind == "reshuffle" for record in replayed.history)
    for seat in range(6):  # and from every seat's view: its own cards known
        pays_as_known(history, [seat])


@pytest.mark.parametrize("game", list(GAMES))
def test_full_tables_throwing_every_card_pay_as_known(game: str) -> None:
    for seed in range(DRAWING_HANDS):
        history = phh.from_state(drawing_hand(seed, game, 6 + seed % 3))
        pays_as_known(history)
        pays_as_known(history, [seed % 6])


def test_random_hands_of_every_game_pay_as_known_from_every_view() -> None:
    """All hidden, and as one player sees it (its own cards known); a third of the hands
    muck at the showdown (a bare ``sm``)."""
    for seed in range(MASKED_HANDS):
        game = list(GAMES)[seed % len(GAMES)]
        betting = ["fixed-limit", "pot-limit", "no-limit"][seed // len(GAMES) % 3]
        state = engine_hand(seed, game, betting, mucking=seed % 3 == 0)
        history = phh.from_state(state)
        pays_as_known(history)
        pays_as_known(history, [seed % state.n_seats])


def test_the_replay_records_where_hidden_cards_were_as_the_history_writes_them() -> None:
    """The shown hands are held from the deals they came in; ``badugi replay`` prints the
    other unknown cards as ``??``, not as the cards the replay put in their places."""
    history = phh.from_state(drawing_hand(4, "badugi", 6))
    state = pays_as_known(history)
    shown = {record.seat: set(record.cards) for record in state.history if record.kind == "show"}
    for seat, cards in shown.items():
        dealt = set().union(
            *(r.cards for r in state.history if r.kind == "deal" and r.seat == seat)
        )
        assert cards <= dealt


HIDDEN_P2 = GOOD.replace('"d dh p2 6s7c8h9d"', '"d dh p2 ????????"')
"""GOOD with p2's cards dealt unknown: p2 stands pat to the showdown and shows them."""


def test_a_card_shown_twice_is_refused() -> None:
    both = HIDDEN_P2.replace('"d dh p1 As2c3h4d"', '"d dh p1 ????????"').replace(
        '"p1 sd As"', '"p1 sd ??"'
    )
    twice = both.replace('"p2 sm 6s7c8h9d"', '"p2 sm 6s7c8h2c"')
    with pytest.raises(InvalidHistory, match=r"action 20 .*p2 shows 2c, which p1 shows too"):
        phh.replay(phh.loads(twice))


def test_a_shown_card_that_must_have_been_elsewhere_is_refused() -> None:
    """p1 held As, named, until it threw it (action 6); p2 held its cards unknown from the
    deal on (it stood pat), so it cannot show As. Dealt As later, it could."""
    elsewhere = HIDDEN_P2.replace('"p2 sm 6s7c8h9d"', '"p2 sm 6s7c8hAs"')
    with pytest.raises(
        InvalidHistory,
        match=r"action 20 .*p2 shows As, which p1 held until action 6, but p2's unknown "
        r"cards have all been in its hand since action 1 or earlier",
    ):
        phh.replay(phh.loads(elsewhere))
    later = elsewhere.replace(
        '"p2 sd",\n  "d dh p1 5s"', '"p2 sd ??",\n  "d dh p1 5s",\n  "d dh p2 ??"'
    )
    assert phh.replay(phh.loads(later)).stacks == (104, 96, 100)


def test_a_card_thrown_unknown_comes_from_the_unknown_cards() -> None:
    too_many = HIDDEN_P2.replace('"d dh p2 ????????"', '"d dh p2 6s7c8h??"').replace(
        '"p2 sd",\n  "d dh p1 5s"', '"p2 sd ????",\n  "d dh p1 5s",\n  "d dh p2 ????"'
    )
    with pytest.raises(InvalidHistory, match=r"action 7 .*p2 discards 2 unknown \(\?\?\) cards"):
        phh.replay(phh.loads(too_many))
    named = HIDDEN_P2.replace(
        '"p2 sd",\n  "d dh p1 5s"', '"p2 sd Kd",\n  "d dh p1 5s",\n  "d dh p2 ??"'
    )
    with pytest.raises(InvalidHistory, match=r"action 7 .*cannot discard Kd: not in p2's hand"):
        phh.replay(phh.loads(named))


@pytest.mark.parametrize(("seed", "seen"), [(104, (0,)), (131, ()), (153, (1,))])
def test_hands_where_dealing_from_the_stub_first_runs_out_still_pay_as_known(
    seed: int, seen: tuple[int, ...]
) -> None:
    """Seven or eight players of a five-card game: given the stub's cards first, the
    long-held unknown cards find none free of the cards shown later; given the tightest
    fits, all do."""
    game = list(GAMES)[seed % len(GAMES)]
    betting = ["fixed-limit", "pot-limit", "no-limit"][seed // len(GAMES) % 3]
    state = engine_hand(seed, game, betting, mucking=seed % 3 == 0)
    assert state.n_seats >= 7 and GAMES[game].cards == 5
    pays_as_known(phh.from_state(state), seen)
