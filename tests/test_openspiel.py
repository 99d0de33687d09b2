"""The OpenSpiel game (badugi_fast.envs.openspiel): OpenSpiel's own checks on every game,
structure and 2, 3 and 6 players; the information state blind to the cards a seat cannot
see; every chance node uniform over exactly the cards the engine's dealer deals from; and a
hand played through OpenSpiel paying what the same hand pays as a dealt HandState."""

from __future__ import annotations

import itertools
import math
import random
from typing import Any

import pytest
from soak import size
from spiel_play import relabelled

pyspiel = pytest.importorskip("pyspiel")

from badugi_fast.cards import DECK  # noqa: E402
from badugi_fast.engine import HandState  # noqa: E402
from badugi_fast.engine.rules import BETTINGS  # noqa: E402
from badugi_fast.envs.openspiel import GAME_NAME, BadugiGame, hand_options  # noqa: E402
from badugi_fast.errors import (  # noqa: E402
    HandInUse,
    IllegalAction,
    InvalidOption,
    InvalidOptionType,
)
from badugi_fast.games import GAMES, SMALL_GAMES  # noqa: E402

CASES = [
    {"game": game, "betting": betting, "players": players, "stacks": stacks, "antes": antes}
    for (game, betting, players), stacks, antes in zip(
        itertools.product(GAMES, BETTINGS, (2, 3, 6)),
        itertools.cycle([200, 30, 100, 7]),
        itertools.cycle([0, 0, 1]),
        strict=False,
    )
] + [
    {"game": game, "betting": betting, "players": 2, "stacks": 20, "antes": 0}
    for game, betting in itertools.product(SMALL_GAMES, BETTINGS)
]
"""Every game, structure and 2, 3 or 6 players, with deep and short stacks and antes; and
every small game heads-up in every structure."""


def load(**params: Any) -> Any:
    return pyspiel.load_game(GAME_NAME, params)


@pytest.mark.parametrize("params", CASES, ids=lambda p: "-".join(map(str, p.values())))
def test_openspiel_random_sim_test_with_serialisation(params: dict[str, Any]) -> None:
    pyspiel.random_sim_test(load(**params), num_sims=size(1, 20), serialize=True, verbose=False)


def test_the_parameters_are_the_hand_options() -> None:
    game = load(game="badeucey", betting="no-limit", players=3, seat_stacks="100 50 80",
                blinds="2 4", antes=1, raise_fractions="0.25 3")  # fmt: skip
    assert game.num_players() == 3
    assert game.num_distinct_actions() == 3 + 2 + 2**5 + 2
    assert game.min_utility() == -100 / 4 and game.max_utility() == 180 / 4
    assert "seat_stacks=100 50 80" in str(game)
    again = pyspiel.load_game(str(game))  # the name reads back as the same game
    assert str(again) == str(game)
    options, fractions, _ = hand_options({"stacks": 9, "players": 4})
    assert options["stacks"] == [9] * 4 and fractions == (0.5, 1.0, 2.0)


def test_one_stack_for_every_seat_loads_from_a_game_string() -> None:
    """``stacks=N`` is every seat's stack, in a game string as in a dict; equal stacks given
    seat by seat read back as one number."""
    game = pyspiel.load_game(f"{GAME_NAME}(stacks=100,players=3)")
    assert game.min_utility() == -50 and "stacks=100" in str(game)
    assert str(load(seat_stacks="100 100 100", players=3)) == str(game)
    assert str(pyspiel.load_game(str(game))) == str(game)


@pytest.mark.parametrize(
    ("params", "error", "words"),
    [
        ({"game": "omaha"}, InvalidOption, "omaha"),
        ({"players": 9}, InvalidOption, "players"),
        ({"seat_stacks": "1 2 3"}, InvalidOption, "3 numbers for 2 players"),
        ({"seat_stacks": "a lot"}, InvalidOption, "seat_stacks"),
        ({"stacks": "a lot"}, InvalidOptionType, "stacks must be a whole number"),
        ({"blinds": "1"}, InvalidOption, "blinds"),
        ({"raise_fractions": "-1"}, InvalidOption, "raise_fractions"),
        ({"betting": "spread-limit"}, InvalidOption, "spread-limit"),
    ],
)
def test_bad_parameters_are_refused_by_name(params: dict[str, Any], error: type, words: str):
    with pytest.raises(error, match=words):
        BadugiGame(params)


def test_unknown_parameters_are_refused() -> None:
    with pytest.raises(InvalidOptionType, match="dealer"):
        hand_options({"dealer": "auto"})


def test_an_illegal_card_or_action_is_refused_and_changes_nothing() -> None:
    state = load().new_initial_state()
    state.apply_action(7)
    before = state.serialize()
    with pytest.raises(IllegalAction, match="not in the stub"):
        state.apply_action(7)
    with pytest.raises(IllegalAction, match=r"0\.\.51"):
        state.apply_action(52)
    assert state.serialize() == before
    while state.is_chance_node():
        state.apply_action(state.legal_actions()[0])
    illegal = sorted(set(range(state.num_distinct_actions())) - set(state.legal_actions()))
    before = state.serialize()
    with pytest.raises(IllegalAction, match="not legal now"):
        state._apply_action(illegal[0])
    assert state.serialize() == before


def test_a_state_in_use_by_another_thread_is_refused() -> None:
    """The C calls release the GIL: a second thread inside one state raises HandInUse."""
    state = load().new_initial_state()
    token = state._table.token.pop()  # as a thread inside a call holds it
    with pytest.raises(HandInUse):
        state.apply_action(0)
    state._table.token.append(token)
    state.apply_action(0)
    assert state.history() == [0]


def play(game: Any, rng: random.Random) -> Any:
    """A hand to its end: random chance outcomes (by their probabilities) and decisions."""
    state = game.new_initial_state()
    while not state.is_terminal():
        if state.is_chance_node():
            outcomes, weights = zip(*state.chance_outcomes(), strict=True)
            state.apply_action(rng.choices(outcomes, weights)[0])
        else:
            state.apply_action(rng.choice(state.legal_actions()))
    return state


SEEN_CASES = [
    {"game": "badugi", "players": 2},
    {"game": "badeucey", "betting": "pot-limit", "players": 6, "stacks": 40},
    {"game": "deuce-seven-single-draw", "betting": "no-limit", "players": 3},
]


@pytest.mark.parametrize("params", SEEN_CASES, ids=lambda p: p["game"])
def test_the_information_state_is_blind_to_cards_the_seat_cannot_see(params: dict) -> None:
    """The same hand with every card the seat never held relabelled: at each of its
    decisions the seat's tensors and strings are the same (the other seats' are not)."""
    game = load(**params)
    rng = random.Random(3)
    changed = 0
    for _ in range(size(4, 200)):
        played = play(game, rng)
        history = played.history()
        seat = rng.randrange(game.num_players())
        mine = set()
        probe = game.new_initial_state()
        for action in history:
            if probe.is_chance_node() and probe.action_to_string(action).endswith(f"seat {seat}"):
                mine.add(action)
            probe.apply_action(action)
        others = [card for card in range(len(DECK)) if card not in mine]
        relabel = dict(zip(others, rng.sample(others, len(others)), strict=True))
        one, two = game.new_initial_state(), game.new_initial_state()
        for action in history:
            if one.is_chance_node():
                one.apply_action(action)
                two.apply_action(relabel.get(action, action))
                continue
            if one.current_player() == seat:
                assert one.information_state_tensor(seat) == two.information_state_tensor(seat)
                assert one.observation_tensor(seat) == two.observation_tensor(seat)
                assert one.information_state_string(seat) == two.information_state_string(seat)
                assert one.observation_string(seat) == two.observation_string(seat)
                assert one.legal_actions() == two.legal_actions()
            else:
                other = one.current_player()
                changed += one.information_state_tensor(other) != two.information_state_tensor(
                    other
                )
            two.apply_action(relabelled(one, two, action, relabel))
            one.apply_action(action)
    assert changed  # the relabelling did reach what the other seats see


def replay(played: Any, **options: Any) -> HandState:
    """The hand ``played`` through OpenSpiel, dealt card by card to a manual-dealer
    HandState (its burns unknown) with the same decisions."""
    state = HandState(dealer="manual", **options)
    walk = played.get_game().new_initial_state()
    for action in played.history():
        if walk.is_chance_node():
            words = walk.action_to_string(action).split()
            if words[0] == "deal":
                state.deal(int(words[-1]), [DECK[action]])
        else:
            move, amount = walk._table.describe(action)
            seat = walk.current_player()
            kind = ("fold", "call", "raise", "draw", "show", "muck")[move]
            if kind == "fold":
                state.fold(seat)
            elif kind == "call":
                state.check_or_call(seat)
            elif kind == "raise":
                state.raise_to(amount, seat)
            elif kind == "draw":  # the mask's bits name the cards in id order
                held = sorted(state.hole_cards(seat))
                state.draw([card for i, card in enumerate(held) if amount >> i & 1], seat)
            else:
                getattr(state, kind)(seat)
        walk.apply_action(action)
    return state


@pytest.mark.parametrize("params", CASES[::4], ids=lambda p: "-".join(map(str, p.values())))
def test_a_hand_replayed_as_a_dealt_hand_state_pays_the_same(params: dict[str, Any]) -> None:
    game = load(**params)
    options, _, _ = hand_options(params)
    unit = options["blinds"][1]
    rng = random.Random(11)
    for _ in range(size(6, 300)):
        played = play(game, rng)
        state = replay(played, **options)
        assert state.is_over
        net = [end - start for end, start in zip(state.stacks, options["stacks"], strict=True)]
        assert played.returns() == [chips / unit for chips in net]
        assert sum(net) == 0


def engine_hand(params: dict[str, Any], seed: int, rng: random.Random) -> list[tuple[int, int]]:
    """One hand dealt by the engine's own dealer (HandState from ``seed``), its decisions
    random, followed step by step through OpenSpiel: at each chance node, (the index of
    the engine's card among OpenSpiel's outcomes, how many outcomes there are). A card
    the engine deals that OpenSpiel does not offer fails the test."""
    game = load(**params)
    options, _, _ = hand_options(params)
    engine = HandState(seed=seed, **options)
    spiel = game.new_initial_state()
    due: dict[int, list[int]] = {}
    read = 0
    ranks = []
    while not spiel.is_terminal():
        for step in engine.history[read:]:
            if step.kind == "deal":
                due.setdefault(step.seat, []).extend(map(int, step.cards))
            elif step.kind == "burn":
                due.setdefault(game.num_players(), []).extend(map(int, step.cards))
        read = len(engine.history)
        if spiel.is_chance_node():
            card = due[spiel._table.pick_seat()].pop(0)
            outcomes = [outcome for outcome, _ in spiel.chance_outcomes()]
            ranks.append((outcomes.index(card), len(outcomes)))
            spiel.apply_action(card)
            continue
        action = rng.choice(spiel.legal_actions())
        move, amount = spiel._table.describe(action)
        seat = spiel.current_player()
        if move == 0:
            engine.fold(seat)
        elif move == 1:
            engine.check_or_call(seat)
        elif move == 2:
            engine.raise_to(amount, seat)
        else:
            held = sorted(engine.hole_cards(seat))
            engine.draw([card for i, card in enumerate(held) if amount >> i & 1], seat)
        spiel.apply_action(action)
    assert engine.is_over
    assert spiel.returns() == [
        (end - start) / options["blinds"][1]
        for end, start in zip(engine.stacks, options["stacks"], strict=True)
    ]
    return ranks


def test_each_chance_node_is_uniform_over_the_cards_the_engine_deals_from() -> None:
    """Six players of Badeucey drawing at random (reshuffles are common): each card the
    engine's seeded dealer deals is one OpenSpiel offers, and its place among them is
    uniform (the probability integral transform of every chance node, in ten bins, each
    within 4 sigma of a tenth)."""
    params = {"game": "badeucey", "players": 6, "stacks": 40}
    rng = random.Random(5)
    bins = [0] * 10
    for seed in range(size(40, 100_000)):
        for index, count in engine_hand(params, seed, rng):
            bins[int(10 * (index + rng.random()) / count)] += 1
    total = sum(bins)
    sigma = math.sqrt(total * 0.1 * 0.9)
    assert all(abs(count - total / 10) <= 4 * sigma for count in bins), bins
