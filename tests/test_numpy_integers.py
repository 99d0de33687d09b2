"""Every integer argument of the public API takes a numpy integer as it takes an int, and
converts it at the door: the results are the int ones and hold only ints. Bools, numpy
bools, floats, Decimals, Fractions and strings stay refused (docs/rules.md, "Cards":
the input contract)."""

from __future__ import annotations

import pickle
from decimal import Decimal
from fractions import Fraction
from typing import Any

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast import HandState, Seat, Table, settle, show_order, simulate
from badugi_fast.checks import check_int, check_seat
from badugi_fast.engine.table import Level
from badugi_fast.phh import dumps, from_state
from badugi_fast.vector import VectorGame

DTYPES = (np.int8, np.int16, np.int32, np.int64, np.uint8, np.uint16, np.uint32, np.uint64)
NOT_INTEGERS = (True, np.bool_(True), 1.0, np.float64(1), Decimal(1), Fraction(1), "1")


def _ints_only(value: object) -> bool:
    """Whether every number inside ``value`` (tuples, lists, dicts, records) is a plain int."""
    if isinstance(value, np.generic):
        return False
    if isinstance(value, dict):
        return all(_ints_only(k) and _ints_only(v) for k, v in value.items())
    if isinstance(value, tuple | list):
        return all(map(_ints_only, value))
    if hasattr(value, "__slots__") and not isinstance(value, str | bytes):
        slots = [s for c in type(value).__mro__ for s in getattr(c, "__slots__", ())]
        return all(_ints_only(getattr(value, s)) for s in slots if hasattr(value, s))
    return True


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_check_int_converts_every_numpy_integer_to_an_int(dtype: Any) -> None:
    number = check_int("n", dtype(7), 0, 100)
    assert number == 7 and type(number) is int
    assert type(check_seat("seat", dtype(2), 3)) is int


@pytest.mark.parametrize("bad", NOT_INTEGERS, ids=repr)
def test_what_is_not_an_integer_is_refused_as_before(bad: object) -> None:
    with pytest.raises(bf.InvalidOptionType, match=f"n must be an int, not {type(bad).__name__}"):
        check_int("n", bad, 0)
    with pytest.raises(bf.InvalidOptionType, match="seats are ints"):
        check_seat("seat", bad, 3)
    with pytest.raises(bf.InvalidOptionType, match="seat 0: stack must be an int"):
        HandState(stacks=[bad, 100])
    with pytest.raises(bf.InvalidOptionType, match="antes must be an int"):
        HandState(stacks=[100, 100], antes=bad)
    with pytest.raises(bf.InvalidOptionType, match="unit must be an int"):
        settle([Seat(1), Seat(1, folded=True)], unit=bad)
    with pytest.raises(bf.InvalidOptionType, match="hands must be an int"):
        simulate(bad, ["random"] * 2)  # type: ignore[arg-type]
    state = HandState(stacks=[100, 100], seed=1)
    with pytest.raises(bf.IllegalAction, match="the amount must be an int"):
        state.raise_to(bad)  # type: ignore[arg-type]
    with pytest.raises(bf.IllegalAction, match="is not to act"):
        state.call(seat=bad)  # type: ignore[arg-type]
    assert state.history[-1].kind == "deal"  # nothing changed


def _options(kind: Any) -> dict[str, Any]:
    """HandState options and arguments whose integers are all of ``kind``."""
    return {
        "stacks": [kind(120), kind(90), kind(100)],
        "button": kind(1),
        "blinds": (kind(1), kind(2)),
        "antes": kind(1),
        "big_bet": kind(4),
        "max_raises": kind(4),
        "big_bet_from": kind(2),
        "runs": kind(2),
        "seed": kind(9),
        "dead_money": kind(3),
        "missed_blinds": {kind(1): (kind(2), kind(1))},
        "qualifier": kind(120),  # a rank, small enough for int8
    }


def _play(kind: Any) -> HandState:
    """A hand whose every integer argument is of ``kind``, played to its end."""
    state = HandState(**_options(kind))
    state.raise_to(kind(state.legal_actions().min_raise_to), seat=kind(state.actor))
    state.fold(seat=kind(state.actor))
    state.call(seat=kind(state.actor))
    while not state.is_over:
        if state.phase == "draw":
            state.draw(state.hole_cards(kind(state.actor))[:1], seat=kind(state.actor))
        elif state.phase == "showdown":
            state.show(seat=kind(state.to_show))
        else:
            state.check_or_call()
    return state


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_a_hand_of_numpy_integers_is_the_hand_of_ints(dtype: Any) -> None:
    """Options and actions alike: the same hand in every observable way, holding only ints
    (histories, results, reprs, pickles, PHH), whatever the numpy integer."""
    given, plain = _play(dtype), _play(int)
    assert given.history == plain.history and _ints_only(given.history)
    assert given.result == plain.result and _ints_only(given.result.payouts)  # type: ignore[union-attr]
    assert given.stacks == plain.stacks and _ints_only(given.stacks)
    assert given.rules == plain.rules and _ints_only(given.rules)
    assert repr((given.history, given.result)) == repr((plain.history, plain.result))
    assert pickle.dumps(given) == pickle.dumps(plain)
    seats = [dtype(2), dtype(4), dtype(6)]
    assert dumps(from_state(given, seats=seats)) == dumps(from_state(plain, seats=[2, 4, 6]))
    assert given.hole_cards(dtype(0)) == given.hole_cards(0)
    assert given.view(dtype(2)) == given.view(2)


def test_a_numpy_option_never_reaches_the_setup_cache() -> None:
    """The options are made ints before the cache: a hand of numpy options is the int
    one, a later int hand hits the same entry, and its options hold no numpy value."""
    given = HandState(
        stacks=[100] * 3, seed=1, blinds=(np.int64(1), np.uint8(2)), antes=np.int16(1)
    )
    plain = HandState(stacks=[100] * 3, seed=1, blinds=(1, 2), antes=1)
    assert pickle.dumps(given) == pickle.dumps(plain)
    assert _ints_only(given._options)
    assert given._setup is plain._setup  # one cached setup


def test_a_pickled_hand_with_numpy_options_is_refused() -> None:
    """The library writes a hand's options as ints: a pickle holding a numpy one is not
    its own, and is refused as any other corrupt pickle."""
    state = HandState(stacks=[100] * 3, seed=1)
    version, options, fields, history = state.__getstate__()
    assert type(options) is tuple
    numpy_antes = (*options[:5], np.int64(options[5]), *options[6:])
    HandState.__new__(HandState).__setstate__((version, options, fields, history))
    with pytest.raises(bf.InvalidState, match="an integer that is not an int"):
        HandState.__new__(HandState).__setstate__((version, numpy_antes, fields, history))


def test_out_of_range_numpy_values_are_refused_never_wrapped() -> None:
    huge = np.uint64(2**64 - 1)
    with pytest.raises(
        bf.InvalidOption, match=r"stack must be 1\.\.9007199254740992, not 18446744073709551615"
    ):
        HandState(stacks=[huge, 100])
    with pytest.raises(bf.InvalidSettlement, match="unit must be at most"):
        settle([Seat(1), Seat(1, folded=True)], unit=huge)
    state = HandState(stacks=[100, 100], seed=1)
    with pytest.raises(bf.IllegalAction, match="18446744073709551615"):
        state.raise_to(huge)  # type: ignore[arg-type]
    with pytest.raises(bf.IllegalAction, match=r"seat np.int8\(-1\) is not to act"):
        state.call(seat=np.int8(-1))  # type: ignore[arg-type]
    with pytest.raises(bf.InvalidOption, match="seat -1 is not a seat of a 2-seat table"):
        state.hole_cards(np.int8(-1))


def test_settle_takes_numpy_amounts_and_gives_ints() -> None:
    cards = ["As 2d 3h 4c", "Ks Qd Jh Tc", "5s 6d 7h 8c"]
    result = settle(
        [Seat(c, cards=x) for c, x in zip(np.array([10, 20, 20]), cards, strict=True)],
        button=np.int64(1),
        unit=np.uint8(2),
        dead_money=np.int32(4),
    )
    plain = settle(
        [Seat(c, cards=x) for c, x in zip([10, 20, 20], cards, strict=True)],
        button=1,
        unit=2,
        dead_money=4,
    )
    assert result == plain and _ints_only(result.payouts) and _ints_only(result.contributed)
    assert type(result.button) is int and type(result.unit) is int
    assert type(result.dead_money) is int
    text = bf.format_settlement(result, runs=np.int64(1), run=np.uint8(0))
    assert text == bf.format_settlement(plain)


def test_show_order_takes_numpy_seats() -> None:
    seats = np.array([0, 2, 3])
    assert show_order(seats, np.int64(2), np.uint8(1)) == show_order([0, 2, 3], 2, 1)
    assert _ints_only(show_order(seats, n_seats=np.int32(5)))


def test_a_table_takes_numpy_stacks_seats_and_counts() -> None:
    def session(kind: Any) -> tuple[Any, ...]:
        levels = [Level(kind(0), (kind(1), kind(2)), kind(1))]
        table = Table([kind(50), kind(60), kind(0)], button=kind(1), seed=kind(3), levels=levels)
        table.sit(kind(2), kind(40))
        hands = table.play(kind(3), [bf.engine.bots.CallingStation()] * 3)
        left = table.leave(kind(0))
        return tuple(h.history for h in hands), table.stacks, left

    given = session(np.int64)
    assert given == session(int) and _ints_only(given)


def test_simulate_and_vector_game_take_numpy_counts() -> None:
    def run(kind: Any) -> Any:
        return simulate(
            kind(40),
            ["random", "calling-station"],
            seed=kind(5),
            chunk_size=kind(16),
            threads=kind(1),
            stacks=[kind(50), kind(70)],
            dead_money=kind(2),
        )

    given = run(np.uint16)
    assert given == run(int) and _ints_only(given.net)
    vector = VectorGame(np.int64(3), seed=np.uint32(4), threads=np.int8(1))
    assert vector.n == 3 and type(vector.n) is int
    assert (vector.observation == VectorGame(3, seed=4, threads=1).observation).all()


def test_the_odds_take_numpy_samples_seeds_and_draws() -> None:
    def odds(kind: Any) -> Any:
        return bf.draw_odds(
            "As 2d 3h Kc", draws=kind(1), samples=kind(500), seed=kind(7), exact_limit=kind(0)
        )

    assert odds(np.int64) == odds(int)
    target = bf.draw_odds("As 2d 3h Kc", draws=1, target=np.int16(300), exact_limit=0, seed=1)
    assert target == bf.draw_odds("As 2d 3h Kc", draws=1, target=300, exact_limit=0, seed=1)


def test_the_openspiel_game_takes_numpy_parameters() -> None:
    openspiel = pytest.importorskip("badugi_fast.envs.openspiel")
    given = openspiel.BadugiGame({"players": np.int64(3), "antes": np.uint8(1)})
    plain = openspiel.BadugiGame({"players": 3, "antes": 1})
    assert str(given) == str(plain) and given.get_parameters() == plain.get_parameters()
    assert _ints_only(list(given.get_parameters().values()))
    with pytest.raises(bf.InvalidOption, match="players must be 2 to 8"):
        openspiel.BadugiGame({"players": np.bool_(True)})


@pytest.mark.parametrize("dtype", DTYPES, ids=lambda d: d.__name__)
def test_a_numpy_array_is_a_list_argument(dtype: Any) -> None:
    """Stacks and raise sizes come as numpy arrays as they come as lists, item by item
    under the same checks; only a one-dimensional array is a list."""
    stacks = np.array([100, 90, 80], dtype)
    given, plain = HandState(stacks=stacks, seed=1), HandState(stacks=[100, 90, 80], seed=1)
    assert pickle.dumps(given) == pickle.dumps(plain) and _ints_only(given._options)
    assert Table(np.array([50, 0, 60], dtype)).stacks == (50, 0, 60)
    fractions = {"betting": "no-limit", "raise_fractions": np.array([0.5, 1.0])}
    vector = VectorGame(2, seed=1, stacks=stacks, **fractions)
    alike = VectorGame(
        2, seed=1, stacks=[100, 90, 80], betting="no-limit", raise_fractions=[0.5, 1]
    )
    assert (vector.observation == alike.observation).all()
    assert simulate(5, ["random"] * 3, stacks=stacks) == simulate(
        5, ["random"] * 3, stacks=[100, 90, 80]
    )


def test_a_numpy_array_of_what_is_not_chips_is_refused() -> None:
    for bad, named in (
        (np.array([1.5, 2.0]), "seat 0: stack must be an int, not float64"),
        (np.array([True, True]), "seat 0: stack must be an int, not bool"),
        (np.zeros((2, 2), int), "stacks must be a list of ints, not ndarray"),
    ):
        with pytest.raises(bf.InvalidOptionType, match=f"^{named}"):
            HandState(stacks=bad)
    with pytest.raises(bf.InvalidOption, match=r"^a hand needs 2 to 8 seats, got 1000000$"):
        HandState(stacks=np.ones(10**6, np.int64))  # refused by its length, never copied
