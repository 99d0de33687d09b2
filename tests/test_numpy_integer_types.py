"""The public signatures admit the numpy integers the API accepts (test_numpy_integers.py
shows it accepts them): this module is in mypy's files (pyproject.toml), so a parameter
typed plain ``int`` again fails CI's ``mypy --strict`` here, where a user's own checked code
would fail. Each call also runs, and matches its int twin."""

from __future__ import annotations

import numpy as np
import pytest

import badugi_fast as bf
from badugi_fast.engine import calling_station, raked_payouts
from badugi_fast.vector import VectorGame

TWO = np.int64(2)
SEED = np.uint32(7)


def test_a_hand_and_its_actions() -> None:
    def play(two: int | np.int64, seed: int | np.uint32) -> bf.HandState:
        state = bf.HandState(
            stacks=[two * 50, two * 50, two * 50],
            button=two - 1,
            blinds=(two - 1, two),
            antes=two - 2,
            seed=seed,
            max_raises=two + 1,
            dead_money=two - 2,
            runs=two - 1,
        )
        state.raise_to(two * 2, seat=state.actor)
        state.fold(seat=two - 2 if state.actor == 0 else state.actor)
        state.call()
        return state

    assert play(TWO, SEED).history == play(2, 7).history
    assert bf.HandState(stacks=[100, 100], seed=SEED).hole_cards(TWO - 1)


def test_missed_blinds_keyed_by_ints_or_numpy_integers() -> None:
    """A mapping's key type is invariant: keys typed SupportsIndex refused a user's
    dict[int, ...], as keys typed int refuse a dict of numpy integers."""
    plain: dict[int, tuple[int, int]] = {3: (2, 1)}
    given = {np.int64(3): (TWO, TWO - 1)}
    state = bf.HandState(stacks=[100] * 4, missed_blinds=plain, seed=SEED)
    alike = bf.HandState(stacks=[100] * 4, missed_blinds=given, seed=SEED)
    assert state.missed_blinds == alike.missed_blinds == plain
    assert state.history == alike.history


def test_a_table_and_simulate() -> None:
    assert bf.HandState(stacks=np.array([100, 100]), seed=SEED).stacks == (99, 98)
    assert bf.Table(np.array([100, 0, 100], np.uint8)).stacks == (100, 0, 100)
    table = bf.Table([TWO * 50] * 3, button=TWO - 1, seed=SEED)
    table.sit(TWO, TWO * 20)
    assert table.leave(TWO) == 140  # its 100 and the 40 added
    hands = table.play(TWO, [calling_station(seed=SEED)] * 3)
    result = hands[0].result
    assert result is not None and raked_payouts(hands[0], TWO - 2) == result.payouts
    given = bf.simulate(TWO, ["random"] * 2, seed=SEED, chunk_size=TWO, threads=TWO - 1)
    assert given == bf.simulate(2, ["random"] * 2, seed=7, chunk_size=2, threads=1)


def test_settle_show_order_and_the_odds() -> None:
    seats = [bf.Seat(10, cards="As 2d 3h 4c"), bf.Seat(10, cards="Ks Qd Jh Tc")]
    result = bf.settle(seats, button=TWO - 1, unit=TWO - 1, dead_money=TWO)
    assert result == bf.settle(seats, button=1, unit=1, dead_money=2)
    assert bf.format_settlement(result, runs=TWO - 1, run=TWO - 2)
    assert bf.show_order(np.array([0, 2]), TWO, TWO - 2, TWO + 1) == (2, 0)
    odds = bf.draw_odds("As 2d 3h Kc", draws=TWO - 1, samples=TWO * 100, seed=SEED)
    plain = bf.draw_odds("As 2d 3h Kc", draws=1, samples=200, seed=7)
    assert odds == plain and odds.p_at_least(np.int64(1)) == plain.p_at_least(1)
    hands = ["As 2d 3h 4c", "Ks Qd Jh Tc"]
    assert bf.equity(hands, draws=TWO - 2, exact_limit=TWO**20).equity == (1.0, 0.0)


def test_vector_game() -> None:
    game = VectorGame(TWO, seed=SEED, threads=TWO - 1, stacks=[100, 100])
    assert game.observe(TWO - 2, TWO - 1).shape == (game.observation_size,)
    sizes = np.array([0.5, 1.0])
    no_limit = VectorGame(TWO, stacks=np.full(2, 100), betting="no-limit", raise_fractions=sizes)
    assert no_limit.num_actions == 3 + 2 + 16 + 2


def test_the_policy() -> None:
    target = bf.policy_discard("As 2d 3h Kc", target=TWO - 1)
    assert target == bf.policy_discard("As 2d 3h Kc", target=1)


def test_the_environments() -> None:
    pytest.importorskip("pettingzoo")
    pytest.importorskip("gymnasium")
    from badugi_fast.envs.badugi_v0 import raw_env
    from badugi_fast.envs.single import SingleAgentEnv

    single, alike = SingleAgentEnv(), SingleAgentEnv()
    observation, _ = single.reset(seed=SEED)
    alike.reset(seed=7)
    action = np.int64(observation["action_mask"].argmax())  # as a policy gives it
    assert single.step(action)[1:] == alike.step(int(action))[1:]
    env, twin = raw_env(), raw_env()
    env.reset(seed=SEED)
    twin.reset(seed=7)
    chosen = np.int64(env.observe(env.agent_selection)["action_mask"].argmax())
    env.step(chosen)
    twin.step(int(chosen))
    assert env.agent_selection == twin.agent_selection and env.rewards == twin.rewards
