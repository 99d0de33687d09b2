"""Hands run more than once with their cards hidden (``??``), as Kings Club writes them:
each run's draws are placed from what is left of the stub and pay what the known-card
replay pays (docs/rules.md, "Hand histories"). PokerKit runs no pot twice: no cross-check."""

from __future__ import annotations

import pytest
from soak import size
from test_phh_replay import engine_hand
from test_phh_unknown import masked, pays_as_known

from badugi_fast import phh
from badugi_fast.engine import HandState
from badugi_fast.errors import InvalidHistory
from badugi_fast.games import GAMES

SPLIT_HANDS = size(40, 2000)
"""Random hands that split with one draw left, replayed hidden from two views each."""


def draws_per_run(state: HandState) -> float:
    """The draws each run of a split hand plays (its burns after the split, per run)."""
    records = list(state.history)
    split = next(index for index, record in enumerate(records) if record.kind == "run")
    return sum(r.kind == "burn" for r in records[split:]) / state.run


def deals_a_split_card_in_its_run(state: HandState) -> bool:
    """Whether a run before the last deals again (after a reshuffle) a card a player threw
    from its split hand in that same run: the placement keeps such a card out of play
    until the last run is done (docs/rules.md, "Dealing order and reshuffles")."""
    run, thrown = 0, set()
    for record in state.history:
        if record.kind == "run":
            run, thrown = record.amount or 0, set()
        elif run and run < state.run and record.kind == "discard":
            thrown |= set(record.cards)
        elif run and run < state.run and record.kind == "deal" and thrown & set(record.cards):
            return True
    return False


def split_hands(draws: int, seats: range) -> list[HandState]:
    """The first ``SPLIT_HANDS`` random hands of every game run 2 to 4 times that split
    with ``draws`` draws in each run, at ``seats`` players."""
    found: list[HandState] = []
    seed = 0
    while len(found) < SPLIT_HANDS:
        game = list(GAMES)[seed // 7 % len(GAMES)]  # engine_hand seats 2 + seed % 7 players
        betting = ["no-limit", "pot-limit", "fixed-limit"][seed // (7 * len(GAMES)) % 3]
        state = engine_hand(seed, game, betting, runs=2 + seed % 3)
        if state.run and state.n_seats in seats and draws_per_run(state) == draws:
            found.append(state)
        seed += 1
    return found


def test_split_hands_with_every_other_card_hidden_pay_as_known() -> None:
    """Two to six players, each run one draw (single draw, or a triple draw split before
    its last draw): every hidden card, then all but one player's, replays to the known
    history's stacks; the split cards come back in each run as they were dealt. Only a
    hand whose run deals a split card thrown in that run may be refused, never paid
    otherwise."""
    states = split_hands(1, range(2, 7))
    assert {state.game for state in states} == set(GAMES)
    assert {state.n_seats for state in states} == set(range(2, 7))
    refused = 0
    for number, state in enumerate(states):
        history = phh.from_state(state)
        assert any("??" in line for line in masked(history).actions)
        for seen in ((), (number % state.n_seats,)):
            try:
                replayed = pays_as_known(history, seen)
            except InvalidHistory:
                assert deals_a_split_card_in_its_run(state), number
                refused += 1
                continue
            assert [run.payouts for run in replayed.run_results] == [
                run.payouts for run in state.run_results
            ]
    assert refused <= len(states) // 10


def test_unknown_discards_at_two_draws_of_a_run_are_refused_by_name() -> None:
    """Which split cards a player kept cannot be told when it throws ``??`` twice in one
    run: the replay says so at the second discard instead of guessing."""
    state = split_hands(2, range(2, 7))[0]
    with pytest.raises(InvalidHistory, match=r"throws unknown \(\?\?\) cards at two draws of run"):
        phh.replay(masked(phh.from_state(state)))
