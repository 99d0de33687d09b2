"""Draw poker as a Gymnasium environment: one seat against bundled bots, played in C.

The learner sits in seat 0 and the other seats are the named bots (``bots``, default one
``"hand-strength"``); one hand is one episode, the button moving one seat a hand. The
observation is a ``Dict`` of ``observation`` (the C encoding) and ``action_mask`` (its legal
actions), the reward the seat's net chips in big blinds at the hand's end. Options are
``VectorGame``'s (game, betting, stacks, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any

import gymnasium
import numpy as np
from gymnasium import spaces

from badugi_fast.envs.encoding import observation_space
from badugi_fast.vector import VectorGame

__all__ = ["SingleAgentEnv"]

_SEEDS = 2**63


class SingleAgentEnv(gymnasium.Env[dict[str, Any], Any]):  # type: ignore[misc,unused-ignore]
    """Seat 0 against ``bots`` (bundled bots' names, one per other seat)."""

    def __init__(self, bots: Sequence[str] = ("hand-strength",), **options: Any) -> None:
        options.setdefault("stacks", [200] * (1 + len(bots)))
        self._options = {**options, "bots": [None, *bots]}
        self._table = VectorGame(1, seed=0, **self._options)
        self._ended = True
        self.observation_space: spaces.Space[Any] = observation_space(self._table)
        self.action_space: spaces.Space[Any] = spaces.Discrete(self._table.num_actions)

    def _observation(self) -> dict[str, Any]:
        table = self._table
        return {
            "observation": table.observation[0],
            "action_mask": table.legal_action_mask[0].astype(np.int8),
        }

    def reset(
        self, *, seed: int | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a hand: from ``seed`` when given, else the next one (a fresh table from the
        environment's random seeds when the last hand did not end)."""
        super().reset(seed=seed)
        if seed is not None or not self._ended:
            table_seed = seed if seed is not None else int(self.np_random.integers(_SEEDS))
            self._table = VectorGame(1, seed=table_seed, **self._options)
        self._ended = False
        return self._observation(), {}

    def step(self, action: int) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Seat 0 takes ``action``; the bots play until it decides again or the hand ends
        (the observation is then the next hand's first). An action outside the mask ends
        the episode with a reward of -1 (``info["illegal"]``), as PettingZoo's classic games
        do, and the next reset deals a fresh table."""
        mask = self._table.legal_action_mask[0]
        if not 0 <= int(action) < len(mask) or not mask[int(action)]:
            self._ended = False
            return self._observation(), -1.0, True, False, {"illegal": True}
        rewards, terminated = self._table.step(np.array([action]))
        self._ended = bool(terminated[0])
        return self._observation(), float(rewards[0, 0]), self._ended, False, {}
