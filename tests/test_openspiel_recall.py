"""The OpenSpiel game's information state has perfect recall (badugi_fast.envs.recall): the
tensor holds everything the string says (the seat's cards, the cards it threw and was given
at each draw, every decision in order, the others' draw counts), a seat's cards are a set
(the same cards dealt in another order are the same information state), and grouping the
information states of random histories by tensor never puts two strings together, for
every game and every player count."""

from __future__ import annotations

import random
from collections import defaultdict
from typing import Any

import pytest
from soak import size
from spiel_play import relabelled

pyspiel = pytest.importorskip("pyspiel")

from badugi_fast.cards import Card  # noqa: E402
from badugi_fast.envs.openspiel import GAME_NAME  # noqa: E402
from badugi_fast.games import GAMES, SMALL_GAMES  # noqa: E402

CALL, STAND_PAT = 1, 3  # fixed limit: fold, call, raise, then the draws from stand pat


def load(**params: Any) -> Any:
    return pyspiel.load_game(GAME_NAME, params)


def deal(state: Any, *cards: str) -> None:
    """Deal the cards in the order the chance nodes ask for them."""
    for card in cards:
        assert state.is_chance_node()
        state.apply_action(int(Card(card)))


def draw(state: Any, *thrown: str) -> None:
    """The seat to act throws these cards (its draw action's bits name its cards in id
    order)."""
    held = state._table.cards(state.current_player())
    bits = sum(1 << held.index(int(Card(card))) for card in thrown)
    state.apply_action(STAND_PAT + bits)


def single_draw_after(thrown: tuple[str, str]) -> Any:
    """Heads-up 2-7 single draw: seat 0 holds 2c 3d 4h and the two cards ``thrown``, both
    check through round 1, seat 1 stands pat, seat 0 throws ``thrown`` and gets 5h 6h."""
    state = load(game="deuce-seven-single-draw").new_initial_state()
    seat_one = ["Kc", "Kd", "Qc", "Qd", "Jc"]
    for theirs, mine in zip(seat_one, ["2c", "3d", "4h", *thrown], strict=True):
        deal(state, theirs, mine)  # seat 1 is dealt first
    state.apply_action(CALL)  # the button completes the small blind
    state.apply_action(CALL)  # the big blind checks
    draw(state)  # seat 1 stands pat
    draw(state, *thrown)
    deal(state, "9c", "5h", "6h")  # the burn, then seat 0's two cards
    return state


def test_what_a_seat_threw_is_in_its_information_state_tensor() -> None:
    """The issue's case: same kept cards, same replacements, different discards (Js Qs or
    Ah Ad). The strings differ, and so do the tensors (the observation, what the seat sees
    now, is the same)."""
    one, two = single_draw_after(("Js", "Qs")), single_draw_after(("Ah", "Ad"))
    assert one.current_player() == 1
    assert one.observation_tensor(0) == two.observation_tensor(0)
    assert one.information_state_string(0) != two.information_state_string(0)
    assert one.information_state_tensor(0) != two.information_state_tensor(0)
    assert one.information_state_string(0) == (
        "seat 0| cards 2c 3d 4h Js Qs| 0:call 1:call 1:stand pat 0:draw Js Qs got 5h 6h"
    )
    assert one.information_state_string(1) == (
        "seat 1| cards Jc Qd Qc Kd Kc| 0:call 1:call 1:stand pat 0:draw 2"
    )
    assert one.information_state_tensor(1) == two.information_state_tensor(1)


def test_the_same_cards_dealt_in_another_order_are_one_information_state() -> None:
    game = load()
    one, two = game.new_initial_state(), game.new_initial_state()
    for theirs, mine in zip(["Ks", "Kh", "Kd", "Kc"], ["As", "2h", "3d", "4c"], strict=True):
        deal(one, theirs, mine)
    for theirs, mine in zip(["Qs", "Qh", "Qd", "Qc"], ["3d", "As", "4c", "2h"], strict=True):
        deal(two, theirs, mine)
    assert one.information_state_string(0) == "seat 0| cards As 2h 3d 4c|"
    assert one.information_state_string(0) == two.information_state_string(0)
    assert one.information_state_tensor(0) == two.information_state_tensor(0)
    assert one.legal_actions() == two.legal_actions()


def twin(state: Any, seat: int, rng: random.Random) -> list[int]:
    """Another history that ``seat`` cannot tell from ``state``'s: every card the seat
    never held relabelled, its own deal in another order, the same decisions."""
    game = state.get_game()
    walk, mine, own_deal = game.new_initial_state(), set(), []
    for action in state.history():
        if walk.is_chance_node() and walk._table.pick_seat() == seat:
            mine.add(action)
            if not walk._table.hand.street:
                own_deal.append(action)
        walk.apply_action(action)
    others = [card for card in game.layout.deck if card not in mine]
    relabel = dict(zip(others, rng.sample(others, len(others)), strict=True))
    relabel.update(zip(own_deal, rng.sample(own_deal, len(own_deal)), strict=True))
    one, two, history = game.new_initial_state(), game.new_initial_state(), []
    for action in state.history():
        if one.is_chance_node():
            mapped = relabel.get(action, action)
        else:
            mapped = relabelled(one, two, action, relabel)
        two.apply_action(mapped)
        one.apply_action(action)
        history.append(mapped)
    return history


def information_states(game: Any, history: list[int]) -> list[tuple[bytes, str]]:
    """(tensor, string) of the seat to act at each decision of ``history``."""
    state, seen = game.new_initial_state(), []
    for action in history:
        if not state.is_chance_node():
            seat = state.current_player()
            tensor = bytes(bytearray(int(x) for x in state.information_state_tensor(seat)))
            seen.append((tensor, state.information_state_string(seat)))
        state.apply_action(action)
    return seen


def random_history(game: Any, rng: random.Random) -> Any:
    state = game.new_initial_state()
    while not state.is_terminal():
        state.apply_action(rng.choice(state.legal_actions()))
    return state


def check_grouping(game: Any, hands: int, rng: random.Random) -> int:
    """Random histories, and for each a twin a seat cannot tell from it: grouped by tensor,
    the information states have one string a tensor and one tensor a string. Returns how
    many distinct states were seen."""
    strings, tensors = defaultdict(set), defaultdict(set)
    for _ in range(hands):
        played = random_history(game, rng)
        histories = [played.history(), twin(played, rng.randrange(game.num_players()), rng)]
        for history in histories:
            for tensor, text in information_states(game, history):
                strings[tensor].add(text)
                tensors[text].add(tensor)
    assert all(len(group) == 1 for group in strings.values())
    assert all(len(group) == 1 for group in tensors.values())
    return len(strings)


@pytest.mark.parametrize("name", list(GAMES))
@pytest.mark.parametrize("players", range(2, 9))
def test_equal_tensors_are_equal_strings(name: str, players: int) -> None:
    game = load(game=name, players=players, stacks=20)
    rng = random.Random(players)
    assert check_grouping(game, size(1, 40), rng)


@pytest.mark.parametrize("name", list(SMALL_GAMES))
def test_equal_tensors_are_equal_strings_in_the_small_games(name: str) -> None:
    """The small games' tensors mark the deck's cards only (a set of 3 or 6 cards, not 52)."""
    game = load(game=name)
    assert game.information_state_tensor_size() < 200
    assert check_grouping(game, size(20, 400), random.Random(5))


def test_a_twin_history_gives_the_seat_the_same_states() -> None:
    """The twins of :func:`twin` do meet: the seat's states in both are the same ones."""
    game = load(game="badugi", players=3, stacks=20)
    rng = random.Random(7)
    played = random_history(game, rng)
    seat = 1
    other = twin(played, seat, rng)
    assert other != played.history()
    mine = [
        pair
        for pair, seat_of in zip(
            information_states(game, played.history()),
            deciders(game, played.history()),
            strict=True,
        )
        if seat_of == seat
    ]
    theirs = [
        pair
        for pair, seat_of in zip(
            information_states(game, other), deciders(game, other), strict=True
        )
        if seat_of == seat
    ]
    assert mine == theirs and mine


def deciders(game: Any, history: list[int]) -> list[int]:
    state, seats = game.new_initial_state(), []
    for action in history:
        if not state.is_chance_node():
            seats.append(state.current_player())
        state.apply_action(action)
    return seats


def test_chance_outcomes_are_refused_outside_a_chance_node() -> None:
    """OpenSpiel's convention: a SpielError, as its own games raise."""
    state = load().new_initial_state()
    assert len(state.chance_outcomes()) == 52
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    with pytest.raises(pyspiel.SpielError, match="not a chance node"):
        state.chance_outcomes()
    state.apply_action(0)  # the button folds
    assert state.is_terminal()
    with pytest.raises(pyspiel.SpielError, match="not a chance node"):
        state.chance_outcomes()


def test_a_clone_is_independent_and_a_fresh_state_too() -> None:
    game = load()
    fresh = game.new_initial_state()
    copy = fresh.clone()  # before the fresh state has copied the game's first hand
    copy.apply_action(5)
    assert fresh.history() == [] and fresh.chance_outcomes()[5] == (5, 1 / 52)
    assert game.new_initial_state().history() == []
    fresh.apply_action(6)
    again = fresh.clone()
    again.apply_action(7)
    assert fresh.history() == [6] and again.history() == [6, 7]
    assert str(game.deserialize_state(again.serialize())) == str(again)
