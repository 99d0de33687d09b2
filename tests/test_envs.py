"""The PettingZoo environment and the Gymnasium wrapper pass their frameworks' own checks
on every game and betting structure (the ``rl`` extra; skipped without it)."""

from __future__ import annotations

import warnings
from typing import Any

import pytest

from badugi_fast.games import GAMES

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from badugi_fast._binding.rng import random_words
from badugi_fast.envs import badugi_v0
from badugi_fast.envs.single import SingleAgentEnv
from badugi_fast.errors import IllegalAction, InvalidOption, InvalidOptionType

np = pytest.importorskip("numpy")

STRUCTURES = ("fixed-limit", "pot-limit", "no-limit")
CASES = [(game, betting) for game in GAMES for betting in STRUCTURES]


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "betting"), CASES)
def test_pettingzoo_api_and_seed(game: str, betting: str) -> None:
    seats = 2 + CASES.index((game, betting)) % 4
    options = {"game": game, "betting": betting, "stacks": [60] * seats, "mucking": seats == 3}
    api_test(badugi_v0.env(**options), num_cycles=300)
    seed_test(lambda: badugi_v0.env(**options), num_cycles=300)


def test_a_hand_rewards_every_agent_and_renders(capsys: pytest.CaptureFixture[str]) -> None:
    env = badugi_v0.env(render_mode="human", stacks=[50, 50, 50])
    env.reset(seed=4)
    total = 0.0
    for _ in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        total += reward
        env.step(None if terminated or truncated else int(observation["action_mask"].argmax()))
    assert total == 0.0
    assert "hand over" in capsys.readouterr().out


@pytest.mark.filterwarnings("ignore::UserWarning")
@pytest.mark.parametrize(("game", "betting"), CASES[::2])
def test_gymnasium_single_agent(game: str, betting: str) -> None:
    env = SingleAgentEnv(bots=["hand-strength", "random"], game=game, betting=betting)
    check_env(env, skip_render_check=True)
    env.reset(seed=1)
    _, reward, terminated, _, info = env.step(env.action_space.n)  # out of range
    assert (reward, terminated, info) == (-1.0, True, {"illegal": True})


def test_an_episode_is_one_hand_and_hands_without_seat_0_are_reported() -> None:
    """Heads-up against "random", the bot folds to seat 0's big blind now and then: that
    hand is no episode, but the next reset() counts it and its +0.5 big blinds. Every hand
    dealt is an episode or a skipped hand, in the order of the table's seeds."""
    env = SingleAgentEnv(bots=["random"], stacks=[200, 200])
    _, info = env.reset(seed=7)
    seeds = random_words(7, 0, 2_000)
    hands = skipped = 0
    for _ in range(300):
        hands += info["skipped_hands"]
        skipped += info["skipped_hands"]
        assert info["skipped_reward"] == 0.5 * info["skipped_hands"]
        first = env.unwrapped._table.hand_state(0)
        assert first.seed == seeds[hands]
        terminated = False
        while not terminated:
            mask = env.unwrapped._table.legal_action_mask[0]
            _, _, terminated, _, _ = env.step(int(np.flatnonzero(mask)[-1]))
        hands += 1
        _, info = env.reset()
    assert 20 < skipped < 150


def test_observations_share_no_memory_and_check_env_passes_at_one_chip() -> None:
    env = SingleAgentEnv(bots=["random"], stacks=[1, 1])
    check_env(env, skip_render_check=True)
    first, _ = env.reset(seed=2)
    after, *_ = env.step(env.action_space.n - 1)  # refused: ends the episode
    for key in first:
        assert not np.shares_memory(first[key], after[key])


def test_the_terminal_observation_is_the_hand_as_it_ended() -> None:
    """Each agent's last observation is its view of the finished hand (its stack after
    the payout), not zeros; api_test has nothing to warn about."""
    env = badugi_v0.env(stacks=[50, 50, 50])
    env.reset(seed=4)
    rewards = dict.fromkeys(env.possible_agents, 0.0)
    for agent in env.agent_iter():
        observation, reward, terminated, truncated, _ = env.last()
        rewards[agent] += reward
        if terminated or truncated:
            stack = observation["observation"][52 * 4]  # the agent's own stack, in big blinds
            assert stack == pytest.approx(25 + rewards[agent])
            assert not observation["action_mask"].any()
        env.step(None if terminated or truncated else int(observation["action_mask"].argmax()))
    with warnings.catch_warnings(record=True) as caught:
        warnings.simplefilter("always")
        api_test(badugi_v0.env(stacks=[60, 60, 60]), num_cycles=300)
    assert not [w for w in caught if "all zeros" in str(w.message)]


def _first_observation(env: Any, seed: object) -> Any:
    """The observation of the first seat to act after ``reset(seed=seed)``."""
    if isinstance(env, SingleAgentEnv):
        return env.reset(seed=seed)[0]["observation"]  # type: ignore[arg-type]
    env.reset(seed=seed)
    return env.observe(env.agent_selection)["observation"]


@pytest.mark.parametrize("make", [badugi_v0.env, SingleAgentEnv])
def test_seeds_go_to_reset_and_bad_ones_are_named(make: Any) -> None:
    with pytest.raises(InvalidOption, match=r"takes its seed in reset\(seed=\.\.\.\)"):
        make(seed=3)
    env = make(stacks=[40, 40])
    for bad, error in ((-1, InvalidOption), (1.5, InvalidOptionType), ("abc", InvalidOptionType)):
        with pytest.raises(error, match="seed must be"):
            env.reset(seed=bad)
    numpy_seeded = _first_observation(env, np.int64(5))  # a numpy integer is an int
    assert (numpy_seeded == _first_observation(env, 5)).all()


@pytest.mark.parametrize("make", [badugi_v0.env, SingleAgentEnv])
def test_an_unseeded_reset_is_random_and_a_seeded_one_reproducible(make: Any) -> None:
    """A fresh SingleAgentEnv's unseeded reset dealt seed 0's hand every time; Gymnasium
    expects it random, as PettingZoo's was. After a seeded reset, the unseeded resets that
    follow are the seed's."""
    firsts = [_unseeded(make(stacks=[40, 40])) for _ in range(4)]
    assert any((first != firsts[0]).any() for first in firsts[1:])
    runs = []
    for _ in range(2):
        env = make(stacks=[40, 40])
        runs.append([_first_observation(env, 7), *(_unseeded(env) for _ in range(3))])
    assert all((a == b).all() for a, b in zip(*runs, strict=True))


def _unseeded(env: Any) -> Any:
    """The observation of an unseeded reset (a new hand: the last one never ended)."""
    if isinstance(env, SingleAgentEnv):
        return env.reset()[0]["observation"]
    env.reset()
    return env.observe(env.agent_selection)["observation"]


def test_pettingzoo_takes_no_bots() -> None:
    """bots=[None, "calling-station"] made player_1 an agent that never acted yet was
    rewarded, and a hand a bot's move ended kept the observation from before that move."""
    with pytest.raises(InvalidOption, match="badugi_v0 makes every seat an agent"):
        badugi_v0.env(bots=[None, "calling-station"])


@pytest.mark.parametrize("make", [badugi_v0.env, SingleAgentEnv])
def test_one_table_is_played_and_n_is_named(make: Any) -> None:
    with pytest.raises(InvalidOption, match="plays one table: n is VectorGame's"):
        make(n=3)  # a raw TypeError: VectorGame got multiple values for argument 'n'


@pytest.mark.parametrize(
    ("bots", "error", "message"),
    [([None], InvalidOptionType, r"bots\[0\] must be one of random, .*, not None"),
     (["random", "rando"], InvalidOption, r"bots\[1\] must be one of .*, not 'rando'")],
)  # fmt: skip
def test_single_agent_bots_are_bots_named_by_their_index(
    bots: list[Any], error: type[Exception], message: str
) -> None:
    """bots=[None] gave seat 1 to the learner too (it played both seats, rewarded as seat
    0), and a misspelt bot was named by its table seat, bots[2] for the bots' [1]."""
    with pytest.raises(error, match=message):
        SingleAgentEnv(bots=bots)


def test_render_is_checked() -> None:
    with pytest.raises(InvalidOption, match="render_mode must be None or 'human', not 'ansi'"):
        badugi_v0.raw_env(render_mode="ansi")
    with pytest.raises(IllegalAction, match=r"render\(\) before reset\(\)"):
        badugi_v0.raw_env(render_mode="human").render()


def test_a_step_takes_an_integer_and_names_anything_else() -> None:
    env = SingleAgentEnv(bots=["random"], stacks=[40, 40])
    env.reset(seed=1)
    with pytest.raises(InvalidOptionType, match="action must be an int, not ndarray"):
        env.step(np.array([1]))
    env.step(np.int64(1))  # a numpy integer, as action_space.sample() gives


def test_pettingzoo_steps_any_integer_its_signature_admits() -> None:
    """raw_env.step's action is SupportsIndex: an object with __index__ plays as its value
    (it once reached VectorGame.step as a numpy object array, refused), a bool is named."""

    class Index:
        def __init__(self, value: int) -> None:
            self.value = value

        def __index__(self) -> int:
            return self.value

    env, twin = badugi_v0.raw_env(), badugi_v0.raw_env()
    env.reset(seed=3)
    twin.reset(seed=3)
    action = int(env.observe(env.agent_selection)["action_mask"].argmax())
    with pytest.raises(InvalidOptionType, match="action must be an int, not bool"):
        env.step(True)
    env.step(Index(action))
    twin.step(action)
    assert env.agent_selection == twin.agent_selection and env.rewards == twin.rewards
    assert (
        env.observe(env.agent_selection)["observation"]
        == twin.observe(twin.agent_selection)["observation"]
    ).all()
