"""Draw poker as a Gymnasium vector environment: seat 0 of many tables against bundled bots,
every table stepped at once in C.

``SingleAgentVectorEnv(num_envs, ...)`` is ``num_envs`` copies of
:class:`~badugi_fast.envs.single.SingleAgentEnv` played as one ``VectorGame``: each copy's
episode is one hand its seat 0 decides in, against ``bots`` (default one ``"equity"``), with
the same observation (a ``Dict`` of ``observation`` and ``action_mask``), actions and reward
(seat 0's net chips in big blinds at the hand's end). It resets a copy whose episode ends in
the step it ends (Gymnasium's ``AutoresetMode.SAME_STEP``): the step returns the next hand's
first observation, and the ended hand's last one in ``info["final_obs"]``. Options are
``VectorGame``'s (game, betting, stacks, threads, ...).
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import Any, SupportsIndex

import numpy as np
import numpy.typing as npt
from gymnasium import spaces
from gymnasium.vector import AutoresetMode, VectorEnv
from gymnasium.vector.utils import batch_space

from badugi_fast.checks import check_int
from badugi_fast.engine.setup import check_seed
from badugi_fast.envs.encoding import observation_space, refuse_table_options
from badugi_fast.errors import InvalidOption, InvalidOptionType
from badugi_fast.vector import MAX_TABLES, VectorGame, check_bot

__all__ = ["SingleAgentVectorEnv"]

_SEEDS = 2**63


class SingleAgentVectorEnv(VectorEnv):  # type: ignore[misc,unused-ignore]  # gymnasium's, untyped
    """Seat 0 of ``num_envs`` tables against ``bots`` (bundled bots' names, one per other
    seat), all played in C.

    ``step(actions)`` takes one action a table, legal in its ``action_mask``
    (``IllegalAction`` names a table whose action is not, and no table moves). Every step's
    ``info`` holds, per table, the hands played through without seat 0 deciding since the
    last step (``skipped_hands``) and its net in them in big blinds (``skipped_reward``); a
    table whose hand ended also has ``final_obs`` (the hand as it ended for seat 0, an empty
    mask) and ``final_info``, each with its ``_`` mask, as Gymnasium's same-step autoreset
    gives them.
    """

    metadata: dict[str, Any] = {"autoreset_mode": AutoresetMode.SAME_STEP}  # noqa: RUF012  # VectorEnv's

    def __init__(
        self, num_envs: SupportsIndex, bots: Sequence[str] = ("equity",), **options: Any
    ) -> None:
        self.num_envs = check_int("num_envs", num_envs, 1, MAX_TABLES)
        refuse_table_options(options, "SingleAgentVectorEnv")
        if "final_observations" in options:
            raise InvalidOption("SingleAgentVectorEnv sets final_observations itself")
        if isinstance(bots, str) or not isinstance(bots, Sequence):
            raise InvalidOptionType(f"bots must be a list of bundled bots' names, not {bots!r:.40}")
        for index, bot in enumerate(bots):  # None would give seat 0's learner that seat too
            check_bot(f"bots[{index}]", bot)
        options.setdefault("stacks", [200] * (1 + len(bots)))
        self._options = {**options, "bots": [None, *bots], "final_observations": True}
        self._game = VectorGame(self.num_envs, seed=0, **self._options)  # checks the options
        self.single_observation_space: spaces.Space[Any] = observation_space(self._game)
        self.single_action_space: spaces.Space[Any] = spaces.Discrete(self._game.num_actions)
        self.observation_space = batch_space(self.single_observation_space, self.num_envs)
        self.action_space = batch_space(self.single_action_space, self.num_envs)

    def reset(
        self, *, seed: SupportsIndex | None = None, options: dict[str, Any] | None = None
    ) -> tuple[dict[str, Any], dict[str, Any]]:
        """Deal a new hand at every table: from ``seed`` when given (table ``t`` the
        ``VectorGame``'s table ``t`` of that seed), else from the environment's random seeds
        (``np_random``: from the last seed given, else from the operating system, so an
        unseeded reset deals random hands)."""
        if seed is not None:
            seed = check_seed(seed)
        super().reset(seed=seed)
        table_seed = seed if seed is not None else int(self.np_random.integers(_SEEDS))
        self._game = VectorGame(self.num_envs, seed=table_seed, **self._options)
        return self._observation(), self._info()

    def step(
        self, actions: Any
    ) -> tuple[
        dict[str, Any],
        npt.NDArray[np.float64],
        npt.NDArray[np.bool_],
        npt.NDArray[np.bool_],
        dict[str, Any],
    ]:
        """Each table's seat 0 takes its action; the bots play until it decides again, a
        table whose hand ends starting its next. Returns the observations (the next hands'
        where one ended), seat 0's rewards in big blinds, which tables' hands ended
        (``terminations``), no truncations, and the info."""
        rewards, terminated = self._game.step(actions)
        info = self._info()
        ended = terminated.nonzero()[0]
        if len(ended):
            final = self._game.final_observation
            assert final is not None  # final_observations is set
            finals = np.full(self.num_envs, None, object)
            empty = np.zeros(self._game.num_actions, np.int8)
            for i in ended.tolist():
                finals[i] = {"observation": final[i], "action_mask": empty}
            info |= {
                "final_obs": finals,
                "_final_obs": terminated,
                "final_info": {},
                "_final_info": terminated,
            }
        no = np.zeros(self.num_envs, np.bool_)
        return self._observation(), rewards[:, 0].astype(np.float64), terminated, no, info

    def _observation(self) -> dict[str, Any]:
        """Seat 0's observations and action masks: new arrays at every call."""
        game = self._game
        return {
            "observation": game.observation,
            "action_mask": game.legal_action_mask.astype(np.int8),
        }

    def _info(self) -> dict[str, Any]:
        """The hands each table played through without seat 0 since the last step, and
        seat 0's net in them in big blinds."""
        game = self._game
        every = np.ones(self.num_envs, np.bool_)
        reward = game.skipped_chips[:, 0].astype(np.float32) / np.float32(game.chip_unit)
        return {
            "skipped_hands": game.skipped_hands,
            "_skipped_hands": every,
            "skipped_reward": reward,
            "_skipped_reward": every,
        }
