"""Saved OpenSpiel states (badugi_fast.envs.openspiel; docs/guide/training.md, "Copies and
saves"): ``deserialize_state`` unpickles the state's hand, a PickedHand, whose template is
the bytes of a whole C hand. Each part is checked before the C core reads it: a template of
any other length (it was copied whole, read past its end), another dealer, raise sizes the
encoding does not take, a hand ``badugi_hand_validate`` refuses, a hand or stacks not of
the state's game (a bigger action space wrote past the game's mask), a hand or record of
steps that the state's history does not play, and a seat to decide left with no legal
action. CI also runs this against the ASan/UBSan build."""

from __future__ import annotations

import base64
import itertools
import pickle
import random
from typing import Any

import pytest

pyspiel = pytest.importorskip("pyspiel")

from badugi_fast._binding.hand import STATE_FIELDS  # noqa: E402
from badugi_fast._binding.picked import PickedHand, _restore  # noqa: E402
from badugi_fast._core import ffi, lib  # noqa: E402
from badugi_fast.envs.openspiel import GAME_NAME  # noqa: E402
from badugi_fast.errors import InvalidState  # noqa: E402

HAND_SIZE = ffi.sizeof("badugi_hand")


def states(params: dict[str, Any], count: int, seed: int) -> list[Any]:
    """States of one game stopped at random points: chance nodes, decisions, the end."""
    game = pyspiel.load_game(GAME_NAME, params)
    rng = random.Random(seed)
    found = []
    for _ in range(count):
        state = game.new_initial_state()
        for _ in range(rng.randrange(60)):
            if state.is_terminal():
                break
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        found.append(state)
    return found


NO_LIMIT = {"betting": "no-limit", "players": 3, "raise_fractions": "0.5 1"}
STATES = states(NO_LIMIT, 30, 1) + states({"game": "badeucey", "players": 2}, 10, 2)


def parts(state: Any) -> tuple[Any, ...]:
    """The pickled parts of a state's hand: template, raise sizes, fields, betting history."""
    restore, args = state._table.__reduce__()
    assert restore is _restore
    return tuple(args)


def playable(table: PickedHand) -> None:
    """A loaded hand's seat to decide, if any, has a legal action."""
    mask = bytearray(lib.badugi_action_count(table.hand, table.actions))
    if table.decider() >= 0:
        assert table.mask(mask) > 0 and any(mask), "a seat to decide with no legal action"


def test_a_template_of_any_other_length_is_refused_by_name() -> None:
    """Every truncation of a template, and one byte more: each was copied as a whole hand,
    reading past the end of the bytes (AddressSanitizer: heap-buffer-overflow), and most
    loaded as valid hands on the plain build."""
    template, fractions, fields, history = parts(STATES[0])
    for length in [*range(0, HAND_SIZE, 7), HAND_SIZE - 1, HAND_SIZE + 1]:
        forged = (template + b"\0")[:length]
        with pytest.raises(InvalidState, match=f"template is not the {HAND_SIZE} bytes of a hand"):
            _restore(forged, fractions, fields, history)
    for other in (None, bytearray(template), memoryview(template), template.decode("latin-1")):
        with pytest.raises(InvalidState, match="template"):
            _restore(other, fractions, fields, history)


def test_a_template_of_another_dealer_is_refused() -> None:
    template, fractions, fields, history = parts(STATES[0])
    hand = ffi.new("badugi_hand *")
    ffi.memmove(hand, template, HAND_SIZE)
    for dealer in (lib.BADUGI_DEALER_AUTO, lib.BADUGI_DEALER_MANUAL):
        hand.manual = dealer
        with pytest.raises(InvalidState, match="picked dealer"):
            _restore(ffi.buffer(hand)[:], fractions, fields, history)


@pytest.mark.parametrize(
    "fractions",
    [(float("nan"),), (0.0,), (-1.0,), (1e7,), (float("inf"),), (0.5,) * 9, [0.5], (1,), ("1",)],
)
def test_raise_sizes_the_encoding_does_not_take_are_refused(fractions: Any) -> None:
    """A NaN, zero or huge size loaded, and the seat to act then had no legal action (the
    action space was refused in C); nine sizes overflowed the C array."""
    template, _, fields, history = parts(STATES[0])
    with pytest.raises(InvalidState, match="raise sizes"):
        _restore(template, fractions, fields, history)


def test_a_betting_history_of_another_size_is_refused() -> None:
    template, fractions, fields, history = parts(STATES[0])
    for forged in (history[:-1], history + b"\0", None, list(history)):
        with pytest.raises(InvalidState, match="betting history"):
            _restore(template, fractions, fields, forged)


def test_a_full_event_queue_in_the_template_leaves_every_action_legal() -> None:
    """The template's queued steps (a whole hand's bytes) are not the hand's: a queue forged
    full left the seat to act with no legal action."""
    deciding = [state for state in STATES if state.current_player() >= 0]
    assert deciding
    for state in deciding:
        template, fractions, fields, history = parts(state)
        hand = ffi.new("badugi_hand *")
        ffi.memmove(hand, template, HAND_SIZE)
        hand.n_events = lib.BADUGI_HAND_MAX_EVENTS
        table = _restore(ffi.buffer(hand)[:], fractions, fields, history)
        playable(table)
        assert table.hand.n_events == 0


def test_forged_fields_are_refused_or_leave_a_legal_action() -> None:
    """Random fields of saved hands overwritten: each hand is refused by name, or loads
    with a legal action for its seat to decide and plays to its end by its own mask."""
    rng = random.Random(3)
    names = [name for name, _, _ in STATE_FIELDS]
    loaded = 0
    for trial in range(1500):
        state = rng.choice(STATES)
        template, fractions, fields, history = parts(state)
        fields = dict(fields)
        for name in rng.sample(names, rng.choice((1, 1, 2))):
            value = fields[name]
            if type(value) is int:
                fields[name] = rng.choice((-1, 0, 1, 2, 3, 7, 52, value + 1, value - 1, 2**40))
            elif type(value) is bytes:
                raw = bytearray(value)
                raw[rng.randrange(len(raw))] = rng.choice((0, 1, 2, 4, 51, 52, 0xFF))
                fields[name] = bytes(raw)
            else:
                items = list(value)
                items[rng.randrange(len(items))] = rng.choice((-1, 0, 1, 2, 100, 2**61))
                fields[name] = tuple(items)
        try:
            table = _restore(template, fractions, fields, history)
        except InvalidState as error:
            assert str(error)
            continue
        loaded += 1
        playable(table)
        play_out(table, rng, trial)
    assert 50 < loaded < 1500


def play_out(table: PickedHand, rng: random.Random, trial: int) -> None:
    """Random legal picks and actions to the end of the hand, each accepted."""
    mask = bytearray(lib.badugi_action_count(table.hand, table.actions))
    for _ in range(500):
        if table.phase == lib.BADUGI_PHASE_OVER:
            return
        if table.phase == lib.BADUGI_PHASE_DEAL:
            assert table.pick(rng.choice(table.stub())) == 0, f"trial {trial}: a pick refused"
            continue
        assert table.mask(mask) > 0
        legal = [action for action, allowed in enumerate(mask) if allowed]
        assert legal, f"trial {trial}: no legal action"
        assert table.act(rng.choice(legal)) == 0, f"trial {trial}: a legal action refused"
    raise AssertionError(f"trial {trial}: the hand did not end")


def forged_serialisation(state: Any, **attributes: Any) -> str:
    """``state.serialize()`` with some of its pickled attributes replaced."""
    head, tail = state.serialize().split("__dict__=")
    saved = pickle.loads(base64.b64decode(tail))
    saved.update(attributes)
    return head + "__dict__=" + base64.b64encode(pickle.dumps(saved)).decode()


def test_deserialize_state_refuses_a_hand_of_another_game() -> None:
    """A state of a game with more raise sizes (or more cards, or seats) loaded into this
    game wrote the encoding's mask for its own action space into the game's smaller buffer
    (AddressSanitizer: heap-buffer-overflow)."""
    game = pyspiel.load_game(GAME_NAME, NO_LIMIT)
    others = [
        {**NO_LIMIT, "raise_fractions": "0.5 1 2 3 4 5 6 7"},
        {**NO_LIMIT, "game": "badeucey"},
        {**NO_LIMIT, "players": 2},
        {**NO_LIMIT, "stacks": 201},
    ]
    for params in others:
        for state in states(params, 5, 4):
            with pytest.raises(InvalidState, match="not one of this game"):
                game.deserialize_state(state.serialize())
    with pytest.raises(InvalidState, match="hand"):
        game.deserialize_state(forged_serialisation(STATES[5], _table=None))
    for state in STATES[:30]:
        again = game.deserialize_state(state.serialize())
        assert again.serialize() == state.serialize()
        assert again.legal_actions() == state.legal_actions()


def test_deserialize_state_refuses_a_hand_or_record_its_history_does_not_play() -> None:
    """A hand and a record of steps are what the saved history plays, each a valid one of
    this game: another state's hand or record, or another history, is refused."""
    game = pyspiel.load_game(GAME_NAME, NO_LIMIT)
    started = [state for state in STATES[:30] if state.history()]
    for state, other in itertools.pairwise(started):
        if other.history() == state.history():
            continue
        for forged in (
            forged_serialisation(state, _table=other._table),
            forged_serialisation(state, _record=other._record),
            forged_serialisation(state, _record=state._record[:-2]),
            other.serialize().split("\n")[0] + "\n" + state.serialize().split("\n", 1)[1],
        ):
            with pytest.raises(InvalidState, match="history"):
                game.deserialize_state(forged)


def test_openspiels_own_loader_cannot_make_a_hand_write_past_the_games_buffers() -> None:
    """Loaded from C++ (``pyspiel.deserialize_game_and_state``), a state skips the game's
    check; a hand of a bigger game then refuses the game's mask and observation buffers
    by name instead of writing past them."""
    bigger = {**NO_LIMIT, "game": "deuce-seven-triple-draw", "raise_fractions": "0.5 1 2 3 4"}
    big = states(bigger, 10, 6)
    game = pyspiel.load_game(GAME_NAME, NO_LIMIT)
    deciding = [state for state in big if state.current_player() >= 0]
    assert deciding
    for state in deciding:
        text = pyspiel.serialize_game_and_state(game, game.new_initial_state())
        text = text.rsplit("[State]", 1)[0] + "[State]\n" + state.serialize()
        _, loaded = pyspiel.deserialize_game_and_state(text)
        with pytest.raises(ValueError, match="too few for the hand's actions"):
            loaded.legal_actions()
        with pytest.raises(ValueError, match="too few for the hand's observation"):
            loaded.observation_tensor(0)


def test_deserialize_state_refuses_a_text_that_does_not_load() -> None:
    """A saved text whose pickle is cut short, or whose base64 is broken, raised pickle's
    or binascii's own errors from the game's deserialize_state."""
    game = pyspiel.load_game(GAME_NAME, NO_LIMIT)
    head, tail = STATES[3].serialize().split("__dict__=")
    raw = base64.b64decode(tail)
    for forged in (
        head + "__dict__=" + base64.b64encode(raw[: len(raw) // 2]).decode(),
        head + "__dict__=" + tail[:-3],
        head + "__dict__=" + "*" * 8,
    ):
        with pytest.raises(InvalidState, match="does not load"):
            game.deserialize_state(forged)
