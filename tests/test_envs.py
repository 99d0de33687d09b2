"""The PettingZoo environment and the Gymnasium wrapper pass their frameworks' own checks
on every game and betting structure (the ``rl`` extra; skipped without it)."""

from __future__ import annotations

import pytest

from badugi_fast.games import GAMES

pytest.importorskip("pettingzoo")
pytest.importorskip("gymnasium")

from gymnasium.utils.env_checker import check_env
from pettingzoo.test import api_test, seed_test

from badugi_fast.envs import badugi_v0
from badugi_fast.envs.single import SingleAgentEnv

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
