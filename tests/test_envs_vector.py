"""The Gymnasium vector environment (badugi_fast.envs.vector): Gymnasium's spaces and checks,
its same-step autoreset as Gymnasium's own statistics wrapper reads it, seeds, and what it
refuses (the ``rl`` extra; skipped without it)."""

from __future__ import annotations

from typing import Any

import pytest

pytest.importorskip("gymnasium")

from gymnasium.utils.passive_env_checker import check_obs
from gymnasium.vector import AutoresetMode
from gymnasium.wrappers.vector import RecordEpisodeStatistics

from badugi_fast.envs.vector import SingleAgentVectorEnv
from badugi_fast.errors import IllegalAction, InvalidOption, InvalidOptionType

np = pytest.importorskip("numpy")


def _play(env: Any, steps: int, seed: int) -> list[Any]:
    """Every step's results with random legal actions drawn from ``seed``."""
    rng = np.random.default_rng(seed)
    observation, _ = env.reset(seed=seed)
    out = []
    for _ in range(steps):
        mask = observation["action_mask"]
        observation, reward, terminated, truncated, info = env.step(
            (rng.random(mask.shape) * mask).argmax(axis=1)
        )
        out.append((observation, reward, terminated, truncated, info))
    return out


@pytest.mark.parametrize(("game", "betting"), [("badugi", "fixed-limit"), ("badacey", "no-limit")])
def test_steps_follow_gymnasium_same_step_autoreset(game: str, betting: str) -> None:
    env = SingleAgentVectorEnv(16, bots=["equity", "random"], game=game, betting=betting)
    assert env.metadata["autoreset_mode"] is AutoresetMode.SAME_STEP
    observation, info = env.reset(seed=3)
    check_obs(observation, env.observation_space, "reset")
    assert info["skipped_hands"].shape == (16,)
    ended = 0
    for observation, reward, terminated, truncated, info in _play(env, 60, 3):
        check_obs(observation, env.observation_space, "step")
        assert reward.dtype == np.float64 and reward.shape == (16,)
        assert terminated.dtype == np.bool_ and not truncated.any()
        assert (reward[~terminated] == 0).all() and observation["action_mask"].any(axis=1).all()
        if terminated.any():
            assert (info["_final_obs"] == terminated).all()
            for i in range(16):
                final = info["final_obs"][i]
                assert (final is not None) == terminated[i]
                if final is not None:
                    check_obs(final, env.single_observation_space, "step")
                    assert not final["action_mask"].any()
        ended += int(terminated.sum())
    assert ended > 16


def test_gymnasium_statistics_count_every_hand_and_its_reward() -> None:
    """RecordEpisodeStatistics reads the autoreset mode: an episode is a hand, its return
    the step's reward."""
    env = RecordEpisodeStatistics(SingleAgentVectorEnv(8, stacks=[100, 100]))
    total, episodes, returns = 0.0, 0, 0.0
    for _, reward, terminated, _, info in _play(env, 80, 5):
        total += float(reward.sum())
        if "episode" in info:
            done = info["_episode"]
            assert (done == terminated).all()
            episodes += int(done.sum())
            returns += float(info["episode"]["r"][done].sum())
    assert episodes > 8 and returns == pytest.approx(total, abs=1e-3)


def test_seeded_resets_replay_and_unseeded_ones_are_random() -> None:
    first, second = (_play(SingleAgentVectorEnv(4), 30, 11) for _ in range(2))
    for a, b in zip(first, second, strict=True):
        assert (a[0]["observation"] == b[0]["observation"]).all() and (a[1] == b[1]).all()
    dealt = [SingleAgentVectorEnv(4).reset()[0]["observation"] for _ in range(3)]
    assert any((d != dealt[0]).any() for d in dealt[1:])


def test_bad_options_and_actions_are_named() -> None:
    with pytest.raises(InvalidOption, match=r"takes its seed in reset\(seed=\.\.\.\)"):
        SingleAgentVectorEnv(2, seed=1)
    with pytest.raises(InvalidOption, match="sets final_observations itself"):
        SingleAgentVectorEnv(2, final_observations=False)
    with pytest.raises(InvalidOptionType, match="bots must be a list"):
        SingleAgentVectorEnv(2, bots="equity")
    with pytest.raises(InvalidOption, match=r"bots\[0\] must be one of"):
        SingleAgentVectorEnv(2, bots=["shark"])
    with pytest.raises(InvalidOption, match="num_envs"):
        SingleAgentVectorEnv(0)
    env = SingleAgentVectorEnv(3)
    observation, _ = env.reset(seed=1)
    actions = observation["action_mask"].argmax(axis=1)
    actions[1] = env.single_action_space.n - 1  # muck, in a betting round
    with pytest.raises(IllegalAction, match="table 1: action"):
        env.step(actions)
