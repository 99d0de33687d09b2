"""pytest-benchmark: a Gymnasium vector environment's step (issue 39).

Run: ``pytest benchmarks/bench_vector_env.py --benchmark-enable``. The same 256 heads-up
fixed-limit Badugi tables against the equity bot, stepped with a random legal action
each: ``SingleAgentVectorEnv`` (every copy one table of a ``VectorGame``, one call into C
a step) beside Gymnasium's ``SyncVectorEnv`` over 256 ``SingleAgentEnv`` (one call a
copy), both autoresetting in the same step. The guide's ratio (docs/guide/training.md, "A
Gymnasium vector environment") is the two means of one run. Every benchmark checks that
hands end.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

gym = pytest.importorskip("gymnasium")
np = pytest.importorskip("numpy")

from badugi_fast.envs.single import SingleAgentEnv  # noqa: E402
from badugi_fast.envs.vector import SingleAgentVectorEnv  # noqa: E402

COPIES = 256
OPTIONS: dict[str, Any] = {"bots": ["equity"], "stacks": [200, 200]}


def _stepper(env: Any) -> tuple[Callable[[], None], list[int]]:
    """One step of every copy with a random legal action, and the count of ended hands."""
    observation, _ = env.reset(seed=1)
    rng = np.random.default_rng(0)
    ended = [0]
    state = [observation]

    def step() -> None:
        mask = state[0]["action_mask"]
        actions = (rng.random(mask.shape) * mask).argmax(axis=1)
        state[0], _, terminated, _, _ = env.step(actions)
        ended[0] += int(terminated.sum())

    return step, ended


@pytest.mark.benchmark(group="vector env: one step of 256 heads-up tables against the equity bot")
def test_step_single_agent_vector_env(benchmark: Callable[..., Any]) -> None:
    step, ended = _stepper(SingleAgentVectorEnv(COPIES, threads=1, **OPTIONS))
    benchmark(step)
    assert ended[0] > 0


@pytest.mark.benchmark(group="vector env: one step of 256 heads-up tables against the equity bot")
def test_step_sync_vector_env(benchmark: Callable[..., Any]) -> None:
    env = gym.vector.SyncVectorEnv(
        [lambda: SingleAgentEnv(**OPTIONS)] * COPIES,
        autoreset_mode=gym.vector.AutoresetMode.SAME_STEP,
    )
    step, ended = _stepper(env)
    benchmark(step)
    assert ended[0] > 0
