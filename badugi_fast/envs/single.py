"""Draw poker as a Gymnasium environment: one seat against bundled bots, played in C.

The learner sits in seat 0 and the other seats are the named bots (``bots``, default one
``"hand-strength"``); one hand seat 0 decides in is one episode, the button moving one
seat a hand (a hand it never decides in is played through and reported by ``reset()``). The
observation is a ``Dict`` of ``observation`` (the C encoding, full or with
``observation="compact"`` compact) and ``action_mask`` (its legal actions), the reward the
seat's net chips in big blinds at the hand's end. Options are ``VectorGame``'s (game, betting,
stacks, observation, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsIndex

import gymnasium
import numpy as np
from gymnasium import spaces

from badugi_fast.checks import check_int
from badugi_fast.engine.setup import check_seed
from badugi_fast.envs.encoding import observation_space, refuse_table_options
from badugi_fast.errors import InvalidOptionType
from badugi_fast.vector import VectorGame, check_bot

__all__ = ["SingleAgentEnv"]

_SEEDS = 2**63


class SingleAgentEnv(gymnasium.Env[dict[str, Any], Any]):  # type: ignore[misc,unused-ignore]
    """Seat 0 against ``bots`` (bundled bots' names, one per other seat).

    An episode is one hand seat 0 decides in. A hand it never decides in (the bots fold
    to its big blind, or it is all in from its forced bets) is played through between
    episodes and reported by the next ``reset()``: ``info["skipped_hands"]`` counts them
    and ``info["skipped_reward"]`` holds seat 0's net chips in them, in big blinds.
    """

    def __init__(self, bots: Sequence[str] = ("hand-strength",), **options: Any) -> None:
        refuse_table_options(options, "SingleAgentEnv")
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            raise InvalidOptionType(f"bots must be a list of bundled bots' names, not {bots!r:.40}")
        for index, bot in enumerate(bots):  # None would give seat 0's learner that seat too
            check_bot(f"bots[{index}]", bot)
        options.setdefault("stacks", [200] * (1 + len(bots)))
        self._options = {**options, "bots": [None, *bots]}
        self._table = VectorGame(1, seed=0, **self._options)  # checks the options; no play
        self._ended = False  # so the first reset deals a table of its own
        self._skipped = (0, 0)
        self.observation_space: spaces.Space[Any] = observation_space(self._table)
        self.action_space: spaces.Space[Any] = spaces.Discrete(self._table.num_actions)

    def _observation(self) -> dict[str, Any]:
        """Seat 0's observation, in new arrays (none shared with an earlier one)."""
        table = self._table
        return {
            "observation": table.observation[0].copy(),
            "action_mask": table.legal_action_mask[0].astype(np.int8),
        }

    def _skip(self) -> None:
        """Count the hands the last step or deal played through without seat 0."""
        table = self._table
        hands, chips = self._skipped
        self._skipped = (
            hands + int(table.skipped_hands[0]),
            chips + int(table.skipped_chips[0, 0]),
        )

    def reset(
        self, *, seed: SupportsIndex | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a hand: from ``seed`` when given, else the next one; on the first reset, and
        when the last hand did not end, a fresh table from the environment's random seeds
        (``np_random``: from the last seed given, else from the operating system, so an
        unseeded first reset deals a random hand). ``info`` counts the hands played through
        since the last episode without seat 0 deciding (``skipped_hands``) and seat 0's net
        in them in big blinds (``skipped_reward``)."""
        if seed is not None:
            seed = check_seed(seed)
        super().reset(seed=seed)
        if seed is not None or not self._ended:
            table_seed = seed if seed is not None else int(self.np_random.integers(_SEEDS))
            self._table = VectorGame(1, seed=table_seed, **self._options)
            self._skipped = (0, 0)
            self._skip()
        self._ended = False
        hands, chips = self._skipped
        self._skipped = (0, 0)
        reward = float(np.float32(chips) / np.float32(self._table.chip_unit))
        return self._observation(), {"skipped_hands": hands, "skipped_reward": reward}

    def step(
        self, action: SupportsIndex
    ) -> tuple[dict[str, Any], float, bool, bool, dict[str, Any]]:
        """Seat 0 takes ``action`` (an int, numpy's too); the bots play until it decides
        again or the hand ends (the observation is then the next hand's first). An action
        outside the mask ends the episode with a reward of -1 (``info["illegal"]``), as
        PettingZoo's classic games do, and the next reset deals a fresh table."""
        mask = self._table.legal_action_mask[0]
        action = check_int("action", action, -(2**63), 2**63 - 1)
        if not 0 <= action < len(mask) or not mask[action]:
            self._ended = False
            return self._observation(), -1.0, True, False, {"illegal": True}
        rewards, terminated = self._table.step(np.array([action]))
        self._ended = bool(terminated[0])
        self._skip()
        return self._observation(), float(rewards[0, 0]), self._ended, False, {}
