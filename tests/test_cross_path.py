"""One setup, three paths (issue 27): every option a HandState takes, played from the same
seeds by the same C-bot policies, gives the same hands as scalar HandStates, as VectorGame
tables and as simulate() with bots by name. The options are read from HandState's
signature, so an option added there fails here until it has values to play."""

from __future__ import annotations

import inspect
from typing import Any

import pytest
from engine_invariants import snapshot

from badugi_fast._binding.rng import random_words
from badugi_fast._core import lib
from badugi_fast.engine import BOTS, HandState, simulate
from badugi_fast.engine.bots import Bot
from badugi_fast.engine.options import ONE_HAND
from badugi_fast.engine.rules import BettingRules
from badugi_fast.errors import InvalidOptionType
from badugi_fast.games import GAMES

np = pytest.importorskip("numpy")
from badugi_fast.vector import VectorGame  # noqa: E402  (needs numpy)

SET_PER_HAND = {"button", "seed", "deck", "dealer"}
"""What each path sets itself: the seed scheme, the button's turn, and dealing from the seed
(a manual dealer waits on deal() calls, which no bot makes)."""
CASES: dict[str, list[dict[str, Any]]] = {
    "game": [{"game": game} for game in GAMES],
    "betting": [
        {"betting": "pot-limit"},
        {"betting": "no-limit"},
        {"betting": BettingRules("no-limit", 4, 8)},
    ],
    "stacks": [{"stacks": [3, 9, 400]}, {"stacks": [30, 30]}],
    "blinds": [{"blinds": (0, 0), "antes": 1, "small_bet": 2}, {"blinds": (2, 4)}],
    "antes": [{"antes": 3}],
    "small_bet": [{"small_bet": 4, "betting": "no-limit"}],
    "big_bet": [{"big_bet": 10}],
    "max_raises": [{"max_raises": None}, {"max_raises": 0}],
    "cap_heads_up": [{"cap_heads_up": True, "stacks": [80, 80]}],
    "big_bet_from": [{"big_bet_from": 0}],
    "badeucey_aces_low": [{"game": "badeucey", "badeucey_aces_low": True}],
    "odd_unit_to": [{"game": "badeucey", "odd_unit_to": "low"}],
    "qualifier": [{"qualifier": "9s 8h 7d 6c"}, {"game": "badeucey", "qualifier": 700}],
    "mucking": [{"mucking": True}],
    "dead_money": [{"dead_money": 7}],
    "conventions": [{"conventions": "pokerkit", "betting": "no-limit"}],
    "big_blind_ante": [
        {"antes": 5, "big_blind_ante": True, "stacks": [100, 100, 100]},
        {"antes": 5, "big_blind_ante": True, "stacks": [100, 60, 5], "betting": "no-limit"},
    ],
    "runs": [
        {
            "runs": 2,
            "betting": "no-limit",
            "game": "deuce-seven-single-draw",
            "stacks": [5, 4, 30],
        },
        {"runs": 3, "betting": "no-limit", "stacks": [9, 4, 30], "mucking": True},
    ],
    "free_folds": [{"free_folds": True}, {"free_folds": True, "stacks": [3, 2, 400]}],
    "no_small_blind": [
        {"no_small_blind": True},
        {"no_small_blind": True, "stacks": [30, 30], "betting": "no-limit"},
    ],
    "bet_ladder": [{"bet_ladder": True, "stacks": [9, 5, 14, 40]}],
    "shuffle": [
        {"shuffle": "chacha20"},
        {"shuffle": "chacha20", "stacks": [50] * 8, "betting": "pot-limit"},  # reshuffles
        {"shuffle": "shake128", "stacks": [50] * 8},
    ],
}
PARAMS = [(name, i) for name, cases in CASES.items() for i in range(len(cases))]
KINDS = ("random", "hand-strength", "calling-station", "equity")


def test_every_option_of_a_hand_is_played() -> None:
    """A new HandState option must get cases here (or be one each path sets per hand, or
    one hand's alone, which the many-hand paths refuse)."""
    assert set(CASES) | SET_PER_HAND | ONE_HAND == set(inspect.signature(HandState).parameters)


@pytest.mark.parametrize("option", sorted(ONE_HAND))
def test_one_hands_options_are_refused_by_the_many_hand_paths(option: str) -> None:
    with pytest.raises(InvalidOptionType, match=option):
        VectorGame(2, stacks=[60, 25, 140], **{option: {}})
    with pytest.raises(InvalidOptionType, match=option):
        simulate(2, ["random"] * 3, **{option: {}})


def _options(name: str, i: int) -> dict[str, Any]:
    return {"stacks": [60, 25, 140], **CASES[name][i]}


@pytest.mark.parametrize(("name", "i"), PARAMS)
def test_simulate_by_name_plays_as_by_factories(name: str, i: int) -> None:
    """Bots by name (in C) and their factories (scalar HandStates) give the same results."""
    options = _options(name, i)
    seats = len(options["stacks"])
    bots = [KINDS[(i + seat) % len(KINDS)] for seat in range(seats)]
    run = {"seed": 3 + i, "chunk_size": 16, **options}
    in_c = simulate(40, bots, **run)
    assert in_c == simulate(40, [BOTS[bot] for bot in bots], **run)
    assert sum(in_c.net) + in_c.carried_over == 40 * options.get("dead_money", 0)


class _Scalar:
    """Table ``t`` of a VectorGame played as scalar HandStates: hand k from the seed and
    button of the VectorGame's seed scheme, seat 0 the caller's calling station, every other
    seat one bundled bot on the table's bot stream (all of them share it, as in C)."""

    def __init__(self, options: dict[str, Any], seed: int, t: int, kind: str) -> None:
        self.options = options
        self.seeds = random_words(seed, 2 * t, 200)
        self.n = len(options["stacks"])
        self.bot: Bot = BOTS[kind](0)
        lib.badugi_random_state(seed, 2 * t + 1, self.bot._policy._rng)  # type: ignore[attr-defined]
        self.caller = BOTS["calling-station"](0)
        self.hands = 0
        self.state = self._next()

    def _next(self) -> HandState:
        k, self.hands = self.hands, self.hands + 1
        return HandState(button=k % self.n, seed=self.seeds[k], **self.options)

    def play_on(self, act: bool) -> tuple[list[int], list[int], int, int]:
        """Seat 0 acts (``act``), then the bots play until seat 0 is to decide: the chips
        each seat won in the hand seat 0 acted in (if it ended) and in the hands it never
        decided in, the chips no hand won, and how many hands seat 0 never decided in."""
        n = self.n
        chips, skipped_chips, carried, skipped = [0] * n, [0] * n, 0, 0
        decided = act
        while True:
            state = self.state
            seat = state.decider
            if seat is None:
                start = self.options["stacks"]
                into = chips if decided else skipped_chips
                for s in range(n):
                    into[s] += state.stacks[s] - start[s]
                carried += state.pot
                skipped += not decided
                decided = False
                self.state = self._next()
                continue
            if seat == 0 and not act:
                return chips, skipped_chips, carried, skipped
            state.apply((self.caller if seat == 0 else self.bot)(state.view(seat)))
            act = act and seat != 0


def _caller_action(mask: Any, cards: int) -> int:
    """The calling station's action: check or call, stand pat, or show."""
    if mask[1]:
        return 1
    if mask[-2]:
        return len(mask) - 2
    return len(mask) - 2 - (1 << cards)


def _seen(state: HandState) -> tuple[Any, ...]:
    """Everything observable about a hand, and what it started from."""
    return state.button, state.seed, state.dead_money, snapshot(state)


@pytest.mark.parametrize(("name", "i"), PARAMS)
def test_vector_game_plays_as_scalar_hands(name: str, i: int) -> None:
    """VectorGame with bots: every table, every step, the same hand as a HandState given
    the same seed, button and policies, and the same chips when it ends."""
    options = _options(name, i)
    seats = len(options["stacks"])
    kind = KINDS[i % len(KINDS)]
    seed, tables = 5 + i, 3
    game = VectorGame(tables, seed=seed, bots=[None, *[kind] * (seats - 1)], **options)
    scalars = [_Scalar(options, seed, t, kind) for t in range(tables)]
    for scalar in scalars:
        scalar.play_on(False)
    cards = GAMES[options.get("game", "badugi")].cards
    for _ in range(60):
        for t, scalar in enumerate(scalars):
            assert _seen(game.hand_state(t)) == _seen(scalar.state)
        mask = game.legal_action_mask
        game.step(np.array([_caller_action(mask[t], cards) for t in range(tables)]))
        for t, scalar in enumerate(scalars):
            chips, skipped_chips, carried, skipped = scalar.play_on(True)
            assert game.chips[t].tolist() == chips
            assert game.skipped_chips[t].tolist() == skipped_chips
            assert (int(game.carried[t]), int(game.skipped_hands[t])) == (carried, skipped)
    assert sum(scalar.hands for scalar in scalars) >= 12
