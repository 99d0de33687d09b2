"""Pickled hands (docs/guide/engine.md, "Pickles"): a round trip plays on exactly as the
original, and hostile bytes (truncated, flipped, forged field by field) are refused with
InvalidState or give a hand that plays by the rules to its end: no crash, no hang, no chip
created or lost, no card in two places. CI also runs this against the ASan/UBSan build.
``BADUGI_SOAK=full`` mutates 200,000 pickles instead of 10,000."""

from __future__ import annotations

import copy
import pickle
import pickletools
import random
from typing import Any

import pytest
from engine_invariants import random_options, snapshot
from soak import size

from badugi_fast._binding.hand import STATE_FIELDS
from badugi_fast.cards import Card
from badugi_fast.engine import HandState
from badugi_fast.engine.state import PICKLE_FORMAT
from badugi_fast.errors import BadugiError, InvalidState

MUTATIONS = size(10_000, 200_000)
MAX_STEPS = 400
"""More player steps than any hand takes: a hand still going after them hangs."""


def random_step(state: HandState, rng: random.Random) -> None:
    """One random legal step by the seat the hand waits on."""
    seat = state.decider
    assert seat is not None
    if state.phase == "draw":
        state.draw([card for card in state.hole_cards(seat) if rng.random() < 0.4])
    elif state.phase == "showdown":
        (state.muck if state.can_muck() and rng.random() < 0.5 else state.show)()
    else:
        legal = state.legal_actions()
        assert legal is not None
        if legal.can_fold and rng.random() < 0.15:
            state.fold()
        elif legal.min_raise_to is not None and rng.random() < 0.3:
            state.raise_to(rng.randint(legal.min_raise_to, legal.max_raise_to or 0))
        else:
            state.check_or_call()


def chips(state: HandState) -> int:
    """Every chip of the hand: behind, in the middle, or (after it) carried over."""
    return sum(state.stacks) + state.pot


def cards(state: HandState) -> list[Card]:
    """Every card of the hand, wherever it is, checked to be in one place only. A forged
    hand may hold fewer than 52 (as a hand dealt from a short ``deck`` does)."""
    held = [card for group in state.cards_in_play().values() for card in group]
    assert len(set(held)) == len(held), "a card is in two places"
    return sorted(held)


def play_out(state: HandState, rng: random.Random) -> None:
    """Play to the end, checking the chips and cards stay whole."""
    total = chips(state)
    deck = cards(state)
    for _ in range(MAX_STEPS):
        if state.decider is None:
            break
        random_step(state, rng)
        assert chips(state) == total, "a chip was created or lost"
    assert state.decider is None, "the hand did not end"
    assert cards(state) == deck, "a card was lost or made"
    if state.is_over:
        assert state.result is not None


def states(count: int, seed: int) -> list[HandState]:
    """Hands of every game, structure and table size, stopped at random points of every
    phase (the auto dealer: a manual one waits on the caller's cards)."""
    rng = random.Random(seed)
    found = []
    while len(found) < count:
        options = random_options(rng)
        state = HandState(**options)
        for _ in range(rng.randrange(40)):
            if state.decider is None:
                break
            random_step(state, rng)
        found.append(state)
    return found


def test_a_round_trip_plays_on_as_the_original() -> None:
    rng = random.Random(1)
    for state in states(150, 2):
        for restored in (pickle.loads(pickle.dumps(state)), copy.deepcopy(state)):
            assert snapshot(restored) == snapshot(state)
            seed = rng.getrandbits(32)
            original = state.copy()
            play_out(original, random.Random(seed))
            play_out(restored, random.Random(seed))
            assert snapshot(restored) == snapshot(original)


def test_the_pickled_form_is_plain_values_under_a_version() -> None:
    state = states(1, 3)[0]
    version, options, fields, history = state.__getstate__()
    assert version == PICKLE_FORMAT
    assert set(fields) == {name for name, _, _ in STATE_FIELDS}
    plain = (int, str, bytes, bool, tuple, type(None), list)
    assert all(isinstance(value, plain) for value in (*options, *fields.values(), *history))


@pytest.mark.parametrize(
    "state",
    [b"\x00" * 4000, (), ("badugi_fast.HandState/0", (), {}, []), None, 7, [1, 2, 3, 4]],
)
def test_what_is_not_this_format_is_refused(state: Any) -> None:
    with pytest.raises(InvalidState):
        HandState.__new__(HandState).__setstate__(state)


STATES = states(40, 4)
"""The hands each forgery is tried on."""

FORGERIES: list[tuple[str, Any]] = [
    ("actor", 10**6),
    ("actor", -2),
    ("hand_len", (200,) * 8),
    ("owed", (50,) * 8),
    ("stub_len", 60),
    ("muck_len", -1),
    ("showing_len", 9),
    ("phase", 9),
    ("street", 99),
    ("stacks", (-5,) * 8),
    ("stacks", (2**62,) * 8),
    ("level", 2**63 - 1),
    ("seed", -1),
    ("seed", 2**64),
    ("folded", b"\x01" * 8),
    ("hands", b"\x00" * 40),
    ("stub", b"\xff" * 52),
    ("drawn", b"\x09" * 32),
    ("actor", "1"),
    ("stacks", [1] * 8),
]


@pytest.mark.parametrize(("field", "value"), FORGERIES)
def test_a_forged_field_is_refused_or_plays_by_the_rules(field: str, value: Any) -> None:
    refused = 0
    for index, state in enumerate(STATES):
        version, options, fields, history = state.__getstate__()
        fields = {**fields, field: value}
        forged = HandState.__new__(HandState)
        try:
            forged.__setstate__((version, options, fields, history))
        except InvalidState as error:
            assert str(error)
            refused += 1
            continue
        play_out(forged, random.Random(index))
    assert refused, f"no hand refused {field}={value!r}"


def test_forged_options_are_checked_as_the_constructor_checks_them() -> None:
    state = states(1, 5)[0]
    version, options, fields, history = state.__getstate__()
    for at, value in [(0, "chess"), (2, 10**9), (2, 1), (3, 99), (4, (5, 1)), (1, ("x",)), (15, 2)]:
        forged = list(options)
        forged[at] = value
        with pytest.raises(InvalidState):
            HandState.__new__(HandState).__setstate__((version, tuple(forged), fields, history))


def test_a_forged_history_is_refused() -> None:
    state = states(1, 6)[0]
    version, options, fields, _ = state.__getstate__()
    for record in [("raise", 99, 4, b""), ("teleport", 0, None, b""), ("deal", 0, None, b"\x40")]:
        with pytest.raises(InvalidState):
            HandState.__new__(HandState).__setstate__((version, options, fields, [record]))


_PREFIXED = {"SHORT_BINBYTES": 1, "SHORT_BINUNICODE": 1, "LONG1": 1, "BINBYTES": 4,
             "BINUNICODE": 4, "BINBYTES8": 8, "BINUNICODE8": 8}  # fmt: skip
_FIXED = {"BININT1", "BININT2", "BININT", "BINGET", "BINPUT", "NEWTRUE", "NEWFALSE", "NONE"}
_CONSTANTS = {"NONE": b"N", "NEWTRUE": b"\x88", "NEWFALSE": b"\x89"}
"""One-byte values that are their own opcodes. One is overwritten only with another: any
other byte may be an opcode that reads the next bytes as its argument, such as LONG_BINPUT,
whose forged memo index makes pickle allocate gigabytes."""


def constant_bytes(raw: bytes) -> set[int]:
    """Where a pickle keeps a None, True or False (:data:`_CONSTANTS`)."""
    return {at for op, _, at in pickletools.genops(raw) if op.name in _CONSTANTS}


def value_bytes(raw: bytes) -> list[int]:
    """Where a pickle keeps its values: the bytes of every number, string and bytes object
    (and memo index), not the lengths and frame sizes around them. Overwriting those
    forges values without making pickle itself allocate gigabytes for a forged length."""
    ops = list(pickletools.genops(raw))
    positions = []
    for (op, _, at), (_, _, end) in zip(ops, [*ops[1:], (None, None, len(raw))], strict=True):
        if op.name in _PREFIXED:
            positions += range(at + 1 + _PREFIXED[op.name], end)
        elif op.name in _FIXED:
            positions += range(at + (op.name in ("BININT1", "BININT2", "BININT", "BINGET",
                                                 "BINPUT")), end)  # fmt: skip
    return positions


def test_mutated_pickle_bytes_never_break_a_hand() -> None:
    """Length-preserving overwrites of the values in real pickles, and truncations."""
    rng = random.Random(7)
    pool = [
        (raw, value_bytes(raw), constant_bytes(raw)) for raw in map(pickle.dumps, states(100, 8))
    ]
    loaded = 0
    for trial in range(MUTATIONS):
        source, values, constants = rng.choice(pool)
        raw = bytearray(source)
        if rng.random() < 0.05:
            del raw[rng.randrange(len(raw)) :]
        else:
            for _ in range(rng.choice((1, 1, 2, 4))):
                at = rng.choice(values)
                if at in constants:
                    raw[at] = rng.choice(b"".join(_CONSTANTS.values()))
                else:
                    raw[at] = rng.choice((0, 1, 0xFF, 0x7F, 0x80, rng.randrange(256)))
        try:
            state = pickle.loads(bytes(raw))
        except InvalidState:
            continue
        except Exception:  # pickle's own refusals of broken bytes
            continue
        if not isinstance(state, HandState):
            continue
        loaded += 1
        try:
            play_out(state, random.Random(trial))
        except BadugiError as error:  # a legal step refused: the hand was not whole
            raise AssertionError(f"mutation {trial}: {error!r}") from error
    assert loaded > MUTATIONS // 10, "almost nothing loaded: the mutations tested nothing"


@pytest.mark.parametrize(("field", "value"), [("dead_money", 10**6), ("contributed", (2**60,) * 8)])
def test_a_paid_hand_cannot_have_paid_out_more_than_its_table_holds(field: str, value: Any) -> None:
    """After the payout the stacks and the carried pot hold every chip put in, dead money
    included: a finished hand forged to have had more in its pot is refused, not loaded with
    a ``result`` paying chips no stack received (or one that no 64-bit count holds)."""
    over = [state for state in STATES if state.is_over]
    assert over
    for state in over:
        version, options, fields, history = state.__getstate__()
        forged = HandState.__new__(HandState)
        with pytest.raises(InvalidState):
            forged.__setstate__((version, options, {**fields, field: value}, history))
