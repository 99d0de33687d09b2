"""VectorGame and the training encoding (csrc/encoding.c): random masked play over every
game, structure and table size (every masked action accepted, chips conserved, hand_state()
agreeing with the arrays), runs that do not depend on the number of tables, and
observations that leak nothing. The soak plays 2,000 hands (``BADUGI_SOAK=full``: 200,000).
"""

from __future__ import annotations

import copy
import itertools
import pickle
import random
import re
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

import pytest
from soak import size

from badugi_fast._binding.hand import new_hand
from badugi_fast._binding.vector import new_actions
from badugi_fast._core import ffi, lib
from badugi_fast.engine import BOTS, simulate
from badugi_fast.engine.rules import BETTINGS
from badugi_fast.engine.state import hand_settings
from badugi_fast.errors import HandInUse, IllegalAction, InvalidOption, InvalidOptionType
from badugi_fast.games import GAMES

np = pytest.importorskip("numpy")
from badugi_fast.vector import MAX_TABLES, VectorGame  # noqa: E402  (needs numpy)

SOAK_HANDS = size(2_000, 200_000)
STRUCTURES = BETTINGS
CASES = [
    (game, betting, 2 + (i * 3 + j) % 7)
    for i, game in enumerate(GAMES)
    for j, betting in enumerate(STRUCTURES)
]


def _options(game: str, betting: str, seats: int, case: int) -> dict[str, Any]:
    """Varied settings: stacks, antes, mucking, carried stacks and bots by case number."""
    options: dict[str, Any] = {
        "game": game,
        "betting": betting,
        "stacks": [40 + 7 * seat for seat in range(seats)],
        "mucking": case % 2 == 1,
        "carry_stacks": case % 3 == 0,
    }
    if case % 4 == 2:
        options["antes"] = 1
    if case % 5 == 4:
        options["bots"] = [None, *(["random", "hand-strength", "calling-station"] * 3)[: seats - 1]]
    return options


def _random_actions(rng: Any, mask: Any) -> Any:
    """A uniformly random legal action per row."""
    return (rng.random(mask.shape) * mask).argmax(axis=1)


def _rewards_are_chips(game: VectorGame, rewards: Any) -> None:
    """C's rewards are the chips in chip units, to the bit, as numpy divides them."""
    expected = game.chips.astype(np.float32) / np.float32(game.chip_unit)
    assert rewards.dtype == np.float32 and rewards.shape == expected.shape
    assert (rewards.view(np.uint32) == expected.view(np.uint32)).all()


def _agrees(game: VectorGame, i: int) -> None:
    """hand_state(i) has table i's player, legal actions and the observer's chips."""
    state = game.hand_state(i)
    mask = game.legal_action_mask[i]
    seat = int(game.current_player[i])
    assert state.decider == seat
    legal = state.legal_actions()
    if state.phase == "betting":
        assert legal is not None
        discards = len(mask) - 2 - (1 << GAMES[state.game].cards)  # the first discard action
        assert mask[0] == legal.can_fold and mask[1]
        assert mask[2:discards].all() == (legal.min_raise_to is not None)
        assert mask[2:discards].all() == mask[2:discards].any()
        assert not mask[discards:].any()
    elif state.phase == "draw":
        assert mask.sum() == 1 << len(state.hole_cards(seat))
    else:
        assert state.phase == "showdown" and mask[-2] and mask[-1] == state.can_muck(seat)
    unit = max(state.blinds[1], 1)
    start = 52 * len(state.hole_cards(seat))
    assert game.observation[i, start] * unit == pytest.approx(state.stacks[seat])
    assert game.observation[i, start + 2] * unit == pytest.approx(state.contributed[seat])


@pytest.mark.parametrize(("game", "betting", "seats"), CASES)
def test_random_masked_play(game: str, betting: str, seats: int) -> None:
    case = CASES.index((game, betting, seats))
    options = _options(game, betting, seats, case)
    tables = 8
    vector = VectorGame(tables, seed=case, **options)
    rng = np.random.default_rng(case)
    hands, step = 0, 0
    while hands < SOAK_HANDS // len(CASES):
        mask = vector.legal_action_mask
        assert mask.any(axis=1).all()
        assert all(vector.bots[seat] is None for seat in vector.current_player)
        if step % 7 == 0:
            _agrees(vector, step % tables)
        rewards, terminated = vector.step(_random_actions(rng, mask))
        ended = np.flatnonzero(terminated)
        chips = vector.chips.sum(axis=1) + vector.skipped_chips.sum(axis=1) + vector.carried
        assert not chips.any()
        _rewards_are_chips(vector, rewards)
        assert not rewards[~terminated].any()
        hands += len(ended) + int(vector.skipped_hands.sum())
        step += 1


def test_hand_state_replays_the_result() -> None:
    """A hand continued in HandState ends with the chips VectorGame pays."""
    vector = VectorGame(3, seed=5, stacks=[30, 30, 30])
    rng = np.random.default_rng(5)
    checked = 0
    for _ in range(300):
        actions = _random_actions(rng, vector.legal_action_mask)
        before = [vector.hand_state(i) for i in range(3)]
        _, terminated = vector.step(actions)
        for i in np.flatnonzero(terminated):
            state = before[i]
            action = int(actions[i])
            if action == 0:
                state.fold()
            elif action == 1:
                state.check_or_call()
            elif action == 2:
                state.raise_to(state.legal_actions().min_raise_to)  # type: ignore[union-attr]
            assert state.is_over
            assert [s - 30 for s in state.stacks] == vector.chips[i].tolist()
            assert len(state.history) > 0 and state.result is not None
            checked += 1
    assert checked > 20


def _play(vector: VectorGame, steps: int) -> list[Any]:
    """Rewards, ends and observations of table-wise deterministic play."""
    record = []
    tables = np.arange(vector.n)
    for step in range(steps):
        mask = vector.legal_action_mask
        legal = mask.sum(axis=1)
        pick = (tables * 7919 + step * 104729) % legal
        actions = np.array([np.flatnonzero(mask[i])[pick[i]] for i in range(vector.n)])
        rewards, terminated = vector.step(actions)
        record.append((rewards.copy(), terminated.copy(), vector.observation.copy()))
    return record


@pytest.mark.parametrize("betting", STRUCTURES)
def test_the_same_seed_plays_the_same_whatever_the_number_of_tables(betting: str) -> None:
    options = {
        "betting": betting,
        "game": "badacey",
        "bots": [None, "random", None, "hand-strength"],
    }
    runs = {n: _play(VectorGame(n, seed=11, stacks=[50] * 4, **options), 60) for n in (1, 7, 1024)}
    for small in (1, 7):
        for (r1, t1, o1), (r2, t2, o2) in zip(runs[small], runs[1024], strict=True):
            assert (r1 == r2[:small]).all() and (t1 == t2[:small]).all()
            assert (o1 == o2[:small]).all()
    assert sum(t.sum() for _, t, _ in runs[1024]) > 1000


def test_an_illegal_action_changes_nothing() -> None:
    vector = VectorGame(4, seed=2)
    observation = vector.observation.copy()
    actions = np.ones(4, np.int64)
    actions[2] = vector.num_actions - 1  # muck, in a betting round
    with pytest.raises(IllegalAction, match="table 2: action"):
        vector.step(actions)
    with pytest.raises(IllegalAction, match="table 0: action -1"):
        vector.step(-np.ones(4, np.int64))
    assert (vector.observation == observation).all()
    vector.step(np.ones(4, np.int64))


@pytest.mark.parametrize("bot", sorted(BOTS))
@pytest.mark.parametrize(("game", "betting", "seats"), CASES)
def test_python_bots_play_as_the_bots_in_c(bot: str, game: str, betting: str, seats: int) -> None:
    """A bundled bot's Python class and its C policy (by name) make the same choices from
    the same seed, so both simulate() paths give the same results, mucking and all."""
    options = {
        "game": game,
        "betting": betting,
        "stacks": [30 + 10 * seat for seat in range(seats)],
        "mucking": seats % 2 == 0,
        "chunk_size": 20,
        "seed": seats,
    }
    in_c = simulate(60, [bot] * seats, **options)
    assert in_c == simulate(60, [BOTS[bot]] * seats, **options)
    assert sum(in_c.net) + in_c.carried_over == 0


def test_simulate_in_c_conserves_chips_and_replays() -> None:
    bots = ["random", "hand-strength", "calling-station", "random"]
    result = simulate(3_000, bots, seed=9, betting="no-limit", mucking=True, chunk_size=400)
    assert sum(result.net) + result.carried_over == 0
    assert result == simulate(3_000, bots, seed=9, betting="no-limit", mucking=True, chunk_size=400)
    assert all(0 < wins < 3_000 for wins in result.wins)


def test_long_hands_grow_the_move_log() -> None:
    """Hands of hundreds of moves (every seat raising without a cap, bots raising too) are
    logged whole, so hand_state() replays them."""
    bots = [None, "hand-strength", None, "random", None, "random", None, "random"]
    vector = VectorGame(3, seed=6, bots=bots, stacks=[4_000] * 8, max_raises=None)
    longest = 0
    for _ in range(400):
        mask = vector.legal_action_mask
        actions = np.where(mask[:, 2], 2, mask.argmax(axis=1))  # raise whenever possible
        rewards, _ = vector.step(actions)
        _rewards_are_chips(vector, rewards)  # C stepped again, without actions, after a log grew
        for i in range(3):
            state = vector.hand_state(i)
            assert state.decider == int(vector.current_player[i])
            longest = max(longest, len(state.history))
    assert longest > 200


def test_logs_of_one_move_play_as_the_default_logs(monkeypatch: Any) -> None:
    """Every table's log starting one move long outgrows it all the time, so C steps again
    without actions mid-step, hands ending there too: every array is the same as with the
    default logs, and the rewards C writes are still the chips."""

    def play(room: int) -> list[Any]:
        monkeypatch.setattr("badugi_fast._binding.vector.LOG_ROOM", room)
        bots = [None, "random", "hand-strength", "calling-station"]
        vector = VectorGame(16, seed=3, stacks=[60, 50, 70, 40], bots=bots, carry_stacks=True)
        rng = np.random.default_rng(0)
        record = []
        for _ in range(100):
            rewards, terminated = vector.step(_random_actions(rng, vector.legal_action_mask))
            _rewards_are_chips(vector, rewards)
            record += [rewards, terminated, vector.chips, vector.skipped_chips, vector.carried]
            record += [vector.skipped_hands, vector.observation, vector.legal_action_mask]
        assert len(vector._tables.grown) == (16 if room == 1 else 0)
        return record

    tiny, default = play(1), play(64)
    assert all((a == b).all() for a, b in zip(tiny, default, strict=True))


def test_a_long_hand_grows_its_own_table_s_log_alone() -> None:
    """One table raising without a cap for hundreds of moves gets a longer log; the other
    tables keep their 64 moves (the log once grew by tables x room for all of them)."""
    vector = VectorGame(64, seed=2, stacks=[100_000] * 2, max_raises=None)
    for _ in range(300):
        mask = vector.legal_action_mask
        actions = np.where(mask[:, 1], 1, mask.argmax(axis=1))
        actions[5] = 2 if mask[5, 2] else actions[5]
        vector.step(actions)
    assert set(vector._tables.grown) == {5}
    assert len(vector.hand_state(5).history) > 300


def test_one_call_at_a_time() -> None:
    """A call while another thread is inside the tables (holding the token) is refused."""
    vector = VectorGame(2, seed=1)
    vector._token.pop()  # what a thread inside step() holds
    with pytest.raises(HandInUse):
        vector.step(np.ones(2, np.int64))
    with pytest.raises(HandInUse):
        vector.hand_state(0)
    vector._token.append(None)
    vector.step(np.ones(2, np.int64))


def test_options_are_checked() -> None:
    with pytest.raises(InvalidOption, match="button is set by VectorGame"):
        VectorGame(2, button=1)
    with pytest.raises(InvalidOption, match="at least one seat"):
        VectorGame(2, bots=["random"] * 6)
    with pytest.raises(InvalidOption, match=r"bots\[1\] must be None"):
        VectorGame(2, bots=[None, "shark", None, None, None, None])
    with pytest.raises(InvalidOption, match="raise_fractions"):
        VectorGame(2, raise_fractions=[0.5, -1])
    with pytest.raises(InvalidOption, match="dealer"):
        VectorGame(2, dealer="manual")


def test_an_unknown_option_is_named_as_table_and_simulate_name_it() -> None:
    with pytest.raises(InvalidOptionType, match="a VectorGame: unknown hand option 'foo'"):
        VectorGame(2, foo=1)


@pytest.mark.parametrize("n", [0, MAX_TABLES + 1, 10**12])
def test_the_number_of_tables_is_bounded(n: int) -> None:
    with pytest.raises(InvalidOption, match=rf"n must be 1\.\.{MAX_TABLES}, not {n}"):
        VectorGame(n)


@pytest.mark.parametrize("dtype", ["i1", "u1", "i2", "u2", "i4", "u4", "i8", "u8", ">i8", ">u4"])
def test_actions_of_any_integer_dtype(dtype: str) -> None:
    """Any integer array plays as its values; a value out of range at any width, however
    C's int64 would read it (an int32 cast once made 2**32 + 1 action 1, a uint64 past
    int64 wraps negative), is refused naming its table and the value as given."""
    vector, alike = VectorGame(3, seed=4), VectorGame(3, seed=4)
    legal = vector.legal_action_mask.argmax(axis=1)
    info = np.iinfo(np.dtype(dtype))
    for bad in (-1, -(2**31), vector.num_actions, 2**32 + 1, 2**63 - 1, 2**63 + 1, 2**64 - 1):
        if not info.min <= bad <= info.max:
            continue
        actions = legal.astype(dtype)
        actions[1] = bad
        with pytest.raises(IllegalAction, match=rf"^table 1: action {bad} is not legal"):
            vector.step(actions)
    rewards, _ = vector.step(legal.astype(dtype)[::-1].copy()[::-1])  # a strided view too
    assert (rewards == alike.step(legal)[0]).all()
    assert (vector.observation == alike.observation).all()


def test_a_list_of_actions_is_read_one_by_one_where_numpy_would_guess() -> None:
    """numpy reads [True, 1] as [1, 1], and [1, 2**63] or mixed numpy types as floats: a
    list is then checked action by action, and the error names the action as given."""
    vector, alike = VectorGame(3, seed=4), VectorGame(3, seed=4)
    legal = [int(a) for a in vector.legal_action_mask.argmax(axis=1)]
    for bad, kind in ((True, "bool"), (np.bool_(True), "bool"), (1.0, "float"), ("1", "str")):
        with pytest.raises(
            InvalidOptionType, match=rf"^actions\[1\] must be an integer, not {kind}$"
        ):
            vector.step([legal[0], bad, legal[2]])
    for bad in (2**63, 2**64, -(2**70)):
        with pytest.raises(IllegalAction, match=rf"^table 2: action {bad} is not legal"):
            vector.step((legal[0], legal[1], bad))
    mixed = [np.uint64(legal[0]), np.int64(legal[1]), legal[2]]  # numpy: a float64 array
    assert (vector.step(mixed)[0] == alike.step(np.array(legal))[0]).all()
    assert (vector.observation == alike.observation).all()


def test_a_list_nesting_a_sequence_is_refused_naming_the_action() -> None:
    """numpy's asarray raised its own ValueError on [[a], b, c] (a ragged shape) before the
    list was read action by action: it is refused as any other non-integer action, a
    list of the wrong length as that, and no table changes."""
    vector = VectorGame(3, seed=4)
    legal = [int(a) for a in vector.legal_action_mask.argmax(axis=1)]
    before = vector.observation
    for nested in ([legal[0]], (legal[0], 1), np.array([legal[0]])):
        kind = type(nested).__name__
        with pytest.raises(
            InvalidOptionType, match=rf"^actions\[0\] must be an integer, not {kind}$"
        ):
            vector.step([nested, *legal[1:]])
    with pytest.raises(InvalidOptionType, match=r"^actions must be 3 integers, not a list of 2$"):
        vector.step([[legal[0]], legal[1]])
    with pytest.raises(InvalidOptionType, match=r"^actions must be 3 integers, not a tuple of 4$"):
        vector.step((*legal, np.int64(99)))  # no table past the last is looked up
    assert vector.observation is before


def test_a_listed_action_beyond_the_space_is_named_as_read() -> None:
    """A list's action is read once (its __index__): the error names that value, not a
    second read of the list, which another thread (or that __index__) may have changed: an
    IndexError once, or an illegal action named as a legal one."""
    vector = VectorGame(3, seed=4)
    actions: list[Any] = []

    class Clearing:
        def __index__(self) -> int:
            actions.clear()
            return 99

    actions += [Clearing(), 0, 0]
    with pytest.raises(IllegalAction, match=r"^table 0: action 99 is not legal"):
        vector.step(actions)


def test_an_observation_writes_every_value() -> None:
    """badugi_hand_observe writes each of the D values (VectorGame hands C uninitialised
    arrays), and nothing past them, for every seat, to act or not, in a hand that is over."""
    for game in GAMES:
        vector = VectorGame(4, seed=1, game=game, stacks=[30, 20, 40], mucking=True)
        rng = np.random.default_rng(1)
        size = vector.observation_size
        for _ in range(40):
            actions = _random_actions(rng, vector.legal_action_mask)
            for i, seat in itertools.product(range(4), range(3)):
                out = np.full(size + 1, np.nan, np.float32)
                vector._tables.observe(i, seat, out)
                assert not np.isnan(out[:size]).any() and np.isnan(out[size])
            for i in range(4):  # every seat once the action is taken: some hands end
                after = np.full(3 * size + 1, np.nan, np.float32)
                assert vector._tables.observe_after(i, int(actions[i]), after)
                assert not np.isnan(after[:-1]).any() and np.isnan(after[-1])
            vector.step(actions)


def test_the_exposed_arrays_are_read_only() -> None:
    """A write raises numpy's ValueError, so the next step's error cannot list as legal an
    action the C tables refuse."""
    vector = VectorGame(2, seed=1)
    vector.step(vector.legal_action_mask.argmax(axis=1))
    exposed = ("current_player", "legal_action_mask", "observation", "chips", "carried")
    for name in exposed:
        with pytest.raises(ValueError, match="read-only"):
            getattr(vector, name)[...] = 1
    illegal = (~vector.legal_action_mask).argmax(axis=1)
    legal = [int(a) for a in np.flatnonzero(vector.legal_action_mask[0])]
    with pytest.raises(IllegalAction, match=rf"\(legal: {re.escape(str(legal))}\)"):
        vector.step(illegal)


def test_a_mask_made_writable_and_edited_changes_nothing() -> None:
    """numpy lets a user make the exposed mask writable again: edited, it neither lets a
    step or observe_after take an action the hand refuses, nor is listed as legal in the
    error (it once was, the error reading it instead of the masks C checks against)."""
    vector = VectorGame(2, seed=1)
    legal = [int(a) for a in np.flatnonzero(vector.legal_action_mask[0])]
    observation = vector.observation.copy()
    vector.legal_action_mask.setflags(write=True)
    vector.legal_action_mask[...] = True
    muck = vector.num_actions - 1  # in a betting round
    listed = rf"\(legal: {re.escape(str(legal))}\)"
    with pytest.raises(IllegalAction, match=listed):
        vector.step(np.full(2, muck))
    with pytest.raises(IllegalAction, match=listed):
        vector.observe_after(0, muck)
    assert (vector.observation == observation).all()


def test_a_table_may_be_named_by_a_numpy_integer() -> None:
    vector = VectorGame(3, seed=4)
    i = vector.current_player.argmax()  # an np.int64, as the game's arrays give
    assert vector.hand_state(i).decider == vector.hand_state(int(i)).decider
    assert (vector.observe(np.int32(1), np.uint8(0)) == vector.observe(1, 0)).all()
    for bad in (True, np.True_, 1.0):
        with pytest.raises(InvalidOptionType, match="i must be an int, not"):
            vector.hand_state(bad)  # type: ignore[arg-type]
    with pytest.raises(InvalidOption, match=r"i must be 0\.\.2, not 3"):
        vector.hand_state(np.int64(3))


# ------------------------------------------------------------------ leaks


def _hand(game: str, deck: list[int], seats: int) -> Any:
    """A started C hand of ``game`` dealt from ``deck`` (top card first)."""
    _, settings = hand_settings(game=game, stacks=[100] * seats)
    hand = new_hand(settings, [100] * seats, 0, deck[::-1])
    assert lib.badugi_hand_start(hand) >= 0
    hand.n_events = 0
    return hand


def _observations(hand: Any, pat: set[int]) -> list[tuple[int, list[float]]]:
    """Play everyone checking or calling, the seats in ``pat`` standing pat and the others
    throwing their first two cards: each decision's seat and its observation."""
    actions = new_actions([0.5, 1.0])
    size = lib.badugi_observation_size(hand)
    out = ffi.new("float[]", size)
    mask = ffi.new("uint8_t[]", lib.badugi_action_count(hand, actions))
    history = ffi.new("badugi_history *")
    seen = []
    while hand.phase != lib.BADUGI_PHASE_OVER:
        seat = hand.actor
        assert lib.badugi_hand_observe(hand, history, seat, out) == size
        assert lib.badugi_hand_action_mask(hand, actions, mask) > 0
        seen.append((seat, list(out)))
        move = lib.BADUGI_MOVE_DRAW if hand.phase == lib.BADUGI_PHASE_DRAW else lib.BADUGI_MOVE_CALL
        amount = 3 if move == lib.BADUGI_MOVE_DRAW and seat not in pat else 0
        assert lib.badugi_hand_move(hand, history, move, amount, 1) >= 0
        hand.n_events = 0
    return seen


@pytest.mark.parametrize("game", list(GAMES))
def test_observations_hold_no_other_seats_cards_nor_the_stub(game: str) -> None:
    rng = random.Random(game)
    seats = 4
    cards = GAMES[game].cards
    for _ in range(20):
        deck = list(range(52))
        rng.shuffle(deck)
        first = _hand(game, deck, seats)
        observer = first.actor
        mine = {first.hands[observer][i] for i in range(cards)}
        # the observer's cards stay where they are; every other card moves
        others = [i for i, card in enumerate(deck) if card not in mine]
        moved = [deck[i] for i in others]
        rng.shuffle(moved)
        changed = deck[:]
        for at, card in zip(others, moved, strict=True):
            changed[at] = card
        second = _hand(game, changed, seats)
        assert [o for s, o in _observations(first, {observer}) if s == observer] == [
            o for s, o in _observations(second, {observer}) if s == observer
        ]
        # the same hands dealt, another stub (and so other burns): every seat sees the same
        dealt = seats * cards
        stub = deck[dealt:]
        rng.shuffle(stub)
        assert _observations(_hand(game, deck, seats), set(range(seats))) == _observations(
            _hand(game, deck[:dealt] + stub, seats), set(range(seats))
        )


def _long_play(vector: VectorGame, steps: int) -> list[Any]:
    """Table 0 raising whenever it may (a hand that outgrows its log), the others calling:
    each step's rewards and observations."""
    record = []
    for _ in range(steps):
        mask = vector.legal_action_mask
        actions = np.where(mask[:, 1], 1, mask.argmax(axis=1))
        actions[0] = 2 if mask[0, 2] else actions[0]
        rewards, _ = vector.step(actions)
        record.append((rewards, vector.observation))
    return record


@pytest.mark.parametrize("copier", [copy.copy, copy.deepcopy])
def test_a_copy_plays_on_alone(copier: Any) -> None:
    """A copy shares no C table nor log with its original: both play on alike from the
    same actions, and stepping one leaves the other as it was."""
    vector = VectorGame(4, seed=2, stacks=[10_000] * 2, max_raises=None)
    _long_play(vector, 80)  # table 0's log has grown
    other = copier(vector)
    ours, theirs = _long_play(vector, 120), _long_play(other, 120)
    for (r1, o1), (r2, o2) in zip(ours, theirs, strict=True):
        assert (r1 == r2).all() and (o1 == o2).all()
    assert vector.hand_state(0).history == other.hand_state(0).history
    assert len(other.hand_state(0).history) > 64


def test_a_step_from_another_thread_lands_before_or_after_a_copy(monkeypatch: Any) -> None:
    """A step that another thread made as copy.copy released the tables gave the copy the
    tables of before it and the arrays (masks, observations) of after it: its masks then
    let C take actions its hands refuse."""
    vector = VectorGame(3, seed=4, stacks=[500] * 3)
    before = (vector.current_player, vector.observation, vector.legal_action_mask)
    claimed = VectorGame._claimed
    racing = [lambda game: game.step(game.legal_action_mask.argmax(axis=1))]

    @contextmanager
    def then_another_thread_steps(game: VectorGame) -> Iterator[None]:
        with claimed(game):
            yield
        if racing:
            racing.pop()(game)

    monkeypatch.setattr(VectorGame, "_claimed", then_another_thread_steps)
    other = copy.copy(vector)
    assert not racing  # the other thread stepped the original
    for ours, copied in zip(
        before, (other.current_player, other.observation, other.legal_action_mask), strict=True
    ):
        assert (ours == copied).all()
    for t in range(3):
        assert (other.observe(t, other.current_player[t]) == other.observation[t]).all()


def test_observe_after_an_action_a_step_made_illegal_is_refused(monkeypatch: Any) -> None:
    """observe_after checked the action against the mask before it claimed the tables: a
    step another thread made in between left an action the hand now refuses, and C wrote
    nothing into the array returned (uninitialized memory as an observation)."""
    vector = VectorGame(1, seed=4, stacks=[500] * 2)
    vector.step(np.array([1]))  # the small blind calls: the big blind may check or raise
    after = copy.copy(vector)
    after.step(np.array([1]))  # it checks: the draw, where no bet is legal
    action = int(np.flatnonzero(vector.legal_action_mask[0] & ~after.legal_action_mask[0])[0])
    claimed = VectorGame._claimed
    racing = [lambda game: game.step(np.array([1]))]

    @contextmanager
    def another_thread_steps_first(game: VectorGame) -> Iterator[None]:
        if racing:
            racing.pop()(game)
        with claimed(game):
            yield

    monkeypatch.setattr(VectorGame, "_claimed", another_thread_steps_first)
    with pytest.raises(IllegalAction, match=f"table 0: action {action} is not legal"):
        vector.observe_after(0, action)
    assert not racing


def test_pickling_is_refused_by_name() -> None:
    with pytest.raises(InvalidOptionType, match="a VectorGame cannot be pickled"):
        pickle.dumps(VectorGame(2))


@pytest.mark.parametrize(
    ("bots", "message"),
    [(5, r"bots must be a list with an entry per seat, not 5"),
     ([None, ["random"]], r"bots\[1\] must be None or one of .*, not \['random'\]")],
)  # fmt: skip
def test_bots_of_the_wrong_type_are_named(bots: Any, message: str) -> None:
    with pytest.raises(InvalidOptionType, match=message):
        VectorGame(2, bots=bots, stacks=[50, 50])


def test_raise_fractions_take_any_real_number() -> None:
    game = VectorGame(2, raise_fractions=[np.float64(0.5), np.float32(2)], betting="no-limit")
    assert game.raise_fractions == (0.5, 2.0)
    for bad in ("0.5", True, None):
        with pytest.raises(InvalidOptionType, match=r"raise_fractions: .* is not a number"):
            VectorGame(2, raise_fractions=[bad])
    with pytest.raises(InvalidOption, match=r"is not in \(0, 1e6\]"):
        VectorGame(2, raise_fractions=[np.float64(-1)])


def test_numpy_integer_seeds_are_seeds() -> None:
    def first(seed: Any) -> Any:
        return VectorGame(3, seed=seed).observation

    assert (first(np.int64(3)) == first(3)).all()
    bots = ["random", "hand-strength"]
    assert simulate(30, bots, seed=np.uint64(4)) == simulate(30, bots, seed=4)
    with pytest.raises(InvalidOptionType, match="seed must be an int, not float64"):
        VectorGame(2, seed=np.float64(3))


def test_a_chunk_too_big_for_c_is_named() -> None:
    with pytest.raises(InvalidOption, match="chunk_size: a chunk plays at most 4,294,967,295"):
        simulate(10**18, ["random", "random"], chunk_size=10**18)
    assert simulate(10, ["random", "random"], chunk_size=10**18).hands == 10


@pytest.mark.parametrize("observation", ["full", "compact"])
def test_final_observations_are_the_hands_as_they_ended(observation: str) -> None:
    """With final_observations, each ended hand's last observation (full or compact, as
    the game's) is the one its last action left for the seat that took it (every seat the
    caller's: no bot moves after), and it is on no other table; without, there is none."""
    game = VectorGame(
        32,
        seed=4,
        stacks=[30, 30, 30],
        final_observations=True,
        threads=1,
        observation=observation,  # type: ignore[arg-type]
    )
    rng = np.random.default_rng(4)
    ended = 0
    for _ in range(40):
        mask = game.legal_action_mask
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        after = [game.observe_after(i, actions[i])[game.current_player[i]] for i in range(32)]
        _, terminated = game.step(actions)
        final = game.final_observation
        assert final is not None and not final.flags.writeable
        assert final.dtype == game.observation.dtype
        for i in range(32):
            assert (final[i] == (after[i] if terminated[i] else 0)).all()
        ended += int(terminated.sum())
    assert ended > 32
    assert VectorGame(2, stacks=[30, 30]).final_observation is None
    with pytest.raises(InvalidOptionType, match="final_observations must be True or False"):
        VectorGame(2, stacks=[30, 30], final_observations=1)
