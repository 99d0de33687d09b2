"""A fuzzer for the pickles of every picklable type (issue 41): ``HandState``, ``Range``,
the OpenSpiel state's ``PickedHand`` and the OpenSpiel state itself, as a tampered file
holds them: real pickles with the bytes of their values overwritten or cut short, and the
plain values each is rebuilt from edited one at a time (tests/pickle_mutations.py).
``VectorGame`` cannot be pickled, nor a forged pickle of one loaded.

Each case is refused with one of the library's errors (anything else only where pickle
itself fails on broken bytes, before any of badugi_fast's code runs), or loads as a whole
object that is then used to its end: a hand the rules reach played out, a range counted.
Each case is held to :data:`SECONDS` and :data:`MEGABYTES` (tests/limits.py). CI also runs
this against the ASan/UBSan build. ``BADUGI_SOAK=full`` plays :data:`CASES` and
:data:`RANGE_CASES` at full size."""

from __future__ import annotations

import copy
import pickle
import random
import traceback
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from limits import within
from pickle_mutations import Bytes, forged_pickle, pickled_as
from soak import size

import badugi_fast
from badugi_fast._binding.ranges import hand_count
from badugi_fast.engine import HandState
from badugi_fast.errors import BadugiError, InvalidOptionType, InvalidState
from badugi_fast.ranges import Range

CASES = size(500, 50_000)
"""Mutated pickles of each type."""
RANGE_CASES = size(30, 3_000)
"""Mutated pickles of ranges, each filled (a pass over every hand of the game)."""
SECONDS = 2.0
"""The most a case may take to be refused, or loaded and used to its end."""
MEGABYTES = 100
"""The most a case may add to the process's peak resident memory (a five-card range's
weights and combos are about 60 MB)."""
LIBRARY = str(Path(badugi_fast.__file__).parent)


def raised_by_the_library(error: BaseException) -> bool:
    """Whether ``error`` was raised with badugi_fast's code running (a frame of it in the
    traceback): then it must be one of the library's own errors."""
    return any(
        frame.filename.startswith(LIBRARY) for frame in traceback.extract_tb(error.__traceback__)
    )


def fuzz(
    pool: list[Any],
    load: Callable[[bytes], object],
    check: Callable[[Any, random.Random], None],
    seed: int,
    cases: int = CASES,
) -> int:
    """``cases`` cases made from the values of ``pool``: half their pickles' bytes
    overwritten, half a part of what they are rebuilt from forged. Each is ``load``ed and,
    if it loads, ``check``ed, within the limits; returns how many loaded."""
    rng = random.Random(seed)
    raws = [Bytes(pickle.dumps(value)) for value in pool]
    loaded = 0
    for case in range(cases):
        forged = case % 2 == 1
        raw = forged_pickle(rng.choice(pool), rng) if forged else rng.choice(raws).mutated(rng)
        with within(SECONDS, MEGABYTES, raw):
            try:
                value = load(raw)
            except BadugiError as error:
                assert str(error), f"case {case}: an error with no message"
                continue
            except Exception as error:
                # pickle's own refusals of broken bytes, as a forged pickle never gives
                assert not forged and not raised_by_the_library(error), (
                    f"case {case} {raw!r:.300}: {error!r}"
                )
                continue
            loaded += 1
            check(value, random.Random(case))
    return loaded


def test_hand_state_pickles() -> None:
    from test_engine_pickles import loads_as_reached, states

    def check(state: object, rng: random.Random) -> None:
        if isinstance(state, HandState):  # else a value of the pickle's, not a hand
            assert loads_as_reached(state.__getstate__(), rng)

    assert fuzz(states(60, 11), pickle.loads, check, 1) > CASES // 20


def ranges() -> list[Range]:
    """One range of each kind of op the quick way: Badugi, no policy macro (``$pat`` and
    the draws play the policy on every hand: a second's fill each)."""
    return [
        Range.parse("A2*, 0.5:RR!AAx, (Kx Qx):!5, [2-5]s", game="badugi"),
        Range.parse("2.5:$badugi8 ! $badugi6, $3card4 : !(Ax2x, [T+][T+])", game="badugi"),
        Range.from_hands(["As 2h 3d 4c", "Ks Qh Jd Tc"], weights=[1, 2.5]),
        Range.parse("wxyz", game="badugi") - Range.parse("$2card3", game="badugi").weighted(4),
    ]


def check_range(r: object, rng: random.Random) -> None:
    """A loaded range is one the checked program gives: counted, read, pickled again."""
    if not isinstance(r, Range):
        return
    count = len(r)
    assert 0 <= count <= hand_count(r.rule.cards)
    again: Any = pickle.loads(pickle.dumps(r))
    assert again._program == r._program and again.text == r.text
    if count:
        assert r.weight(next(iter(r))) > 0


def test_range_pickles() -> None:
    assert fuzz(ranges(), pickle.loads, check_range, 2, RANGE_CASES) > RANGE_CASES // 20


def openspiel_states() -> list[Any]:
    pytest.importorskip("pyspiel")
    from test_openspiel_pickles import STATES

    return list(STATES)


def test_picked_hand_pickles() -> None:
    from test_openspiel_pickles import play_out, playable

    from badugi_fast._binding.picked import PickedHand

    def check(table: object, rng: random.Random) -> None:
        if isinstance(table, PickedHand):
            playable(table)
            play_out(table, rng, 0)

    pool = [state._table for state in openspiel_states()]
    assert fuzz(pool, pickle.loads, check, 3) > CASES // 20


def test_openspiel_state_pickles() -> None:
    """A saved state is its history and a pickle of its attributes (``__dict__=``, in
    base64): ``deserialize_state`` checks the pickle's hand and record against the
    history, so a state that loads plays on by its own legal actions to the end."""
    import base64

    states = openspiel_states()
    games = {id(state): state.get_game() for state in states}

    def load_into(state: Any) -> Callable[[bytes], object]:
        head = state.serialize().split("__dict__=")[0]
        return lambda raw: games[id(state)].deserialize_state(
            head + "__dict__=" + base64.b64encode(raw).decode()
        )

    def check(loaded: Any, rng: random.Random) -> None:
        for _ in range(500):
            if loaded.is_terminal():
                assert len(loaded.returns()) == loaded.num_players()
                return
            if loaded.is_chance_node():
                loaded.apply_action(rng.choice(loaded.chance_outcomes())[0])
            else:
                assert loaded.legal_actions(), "a seat to decide with no legal action"
                loaded.apply_action(rng.choice(loaded.legal_actions()))
        raise AssertionError("the hand did not end")

    loaded = 0
    for at, state in enumerate(states[::10]):
        attributes = pickle.loads(base64.b64decode(state.serialize().split("__dict__=")[1]))
        loaded += fuzz([attributes], load_into(state), check, 4 + at, CASES // 4)
    assert loaded


def test_a_vector_game_is_neither_pickled_nor_loaded_from_a_forged_pickle() -> None:
    """Its C tables are live memory, which no pickle could check on load: pickling is
    refused under every protocol, and a pickle forged to name the class (through copyreg,
    as any class's pickle does) is refused on load instead of giving a game with no
    tables."""
    import copyreg

    pytest.importorskip("numpy")
    from badugi_fast.vector import VectorGame

    game = VectorGame(3, game="badugi", seed=1)
    for protocol in range(pickle.HIGHEST_PROTOCOL + 1):
        with pytest.raises(InvalidOptionType, match="cannot be pickled"):
            pickle.dumps(game, protocol=protocol)
    state = {name: value for name, value in vars(game).items() if name.startswith("n")}
    forged = pickled_as(game, (copyreg.__newobj__, (VectorGame,), state))
    with pytest.raises(InvalidState, match="VectorGame"):
        pickle.loads(forged)
    assert copy.deepcopy(game).n == 3
