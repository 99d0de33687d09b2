"""Draw poker as a PettingZoo AEC environment, following PettingZoo's classic games.

One hand is one episode: ``player_i`` sits in seat ``i``, each agent's observation is a
``Dict`` of ``observation`` (the C encoding: float32, or int32 with ``observation="compact"``)
and ``action_mask`` (int8, ones only for the agent to act), and every agent is rewarded at the
hand's end with its net chips in big blinds. ``env(**options)`` takes ``VectorGame``'s options
(game, betting, stacks, blinds, raise_fractions, observation, ...; default two seats of 200
chips; no ``bots``: every seat is an agent)
and wraps ``raw_env`` as PettingZoo's classic games do: an illegal action ends the hand
with a reward of -1 for the agent that played it. ``reset(seed=s)`` deals from seed ``s``;
``reset()`` deals the next hand, the button moving one seat.
"""

from __future__ import annotations

from typing import Any, ClassVar, SupportsIndex

import numpy as np
from gymnasium import spaces

from badugi_fast.engine.setup import check_seed
from badugi_fast.envs.encoding import observation_space, refuse_table_options
from badugi_fast.errors import IllegalAction, InvalidOption
from badugi_fast.extras import extra
from badugi_fast.vector import VectorGame

with extra("rl", "badugi_fast.envs.badugi_v0"):
    from pettingzoo import AECEnv
    from pettingzoo.utils import wrappers

__all__ = ["env", "raw_env"]

_SEEDS = 2**63


def env(**options: Any) -> AECEnv:
    """The environment with PettingZoo's classic wrappers (illegal moves end the hand,
    actions checked to be in range, calls checked to be in order)."""
    wrapped: AECEnv = raw_env(**options)
    wrapped = wrappers.TerminateIllegalWrapper(wrapped, illegal_reward=-1)
    wrapped = wrappers.AssertOutOfBoundsWrapper(wrapped)
    return wrappers.OrderEnforcingWrapper(wrapped)


class raw_env(AECEnv):  # type: ignore[misc,unused-ignore]  # PettingZoo's name; AECEnv is untyped
    """One hand of draw poker per episode, every seat an agent."""

    metadata: ClassVar[dict[str, Any]] = {
        "render_modes": ["human"],
        "name": "badugi_v0",
        "is_parallelizable": False,
    }

    def __init__(self, render_mode: str | None = None, **options: Any) -> None:
        super().__init__()
        if render_mode is not None and render_mode not in self.metadata["render_modes"]:
            raise InvalidOption(f"render_mode must be None or 'human', not {render_mode!r:.40}")
        refuse_table_options(options, "badugi_v0")
        if "bots" in options:  # a bot's seat would be an agent never selected, its last
            raise InvalidOption(  # moves missing from the terminal observations
                "badugi_v0 makes every seat an agent, so it takes no bots (SingleAgentEnv "
                "plays one seat against bots)"
            )
        options.setdefault("stacks", [200, 200])
        self._options = options
        self._table = VectorGame(1, seed=0, **options)
        self._ended = False
        self._dealt = False
        self._final: Any = None
        """Every seat's observation as the last hand ended (players x D)."""
        self.render_mode = render_mode
        self.possible_agents = [f"player_{seat}" for seat in range(self._table.players)]
        space, count = observation_space(self._table), self._table.num_actions
        self.observation_spaces = dict.fromkeys(self.possible_agents, space)
        self.action_spaces = {agent: spaces.Discrete(count) for agent in self.possible_agents}
        self._rng = np.random.default_rng()

    def observation_space(self, agent: str) -> spaces.Space[Any]:
        return self.observation_spaces[agent]

    def action_space(self, agent: str) -> spaces.Space[Any]:
        return self.action_spaces[agent]

    def reset(
        self, seed: SupportsIndex | None = None, options: dict[str, Any] | None = None
    ) -> None:
        """Deal a hand: from ``seed`` when given, else the next one (a fresh table from this
        environment's own random seeds when the last hand did not end)."""
        if seed is not None:
            seed = check_seed(seed)
            self._rng = np.random.default_rng(seed)
            self._table = VectorGame(1, seed=seed, **self._options)
        elif not self._ended:
            self._table = VectorGame(1, seed=int(self._rng.integers(_SEEDS)), **self._options)
        self._ended = False
        self._dealt = True
        self.agents = self.possible_agents[:]
        self.rewards = dict.fromkeys(self.agents, 0.0)
        self._cumulative_rewards = dict.fromkeys(self.agents, 0.0)
        self.terminations = dict.fromkeys(self.agents, False)
        self.truncations = dict.fromkeys(self.agents, False)
        self.infos: dict[str, dict[str, Any]] = {agent: {} for agent in self.agents}
        self.agent_selection = self.agents[int(self._table.current_player[0])]

    def observe(self, agent: str) -> dict[str, Any]:
        """The agent's observation and its action mask (zeros when it is not to act); once
        the hand is over, the hand as it ended for the agent, as PettingZoo's classic games
        give it."""
        table = self._table
        mask = np.zeros(table.num_actions, np.int8)
        seat = self.possible_agents.index(agent)
        if self._ended:
            return {"observation": self._final[seat].copy(), "action_mask": mask}
        if agent == self.agent_selection:
            mask[:] = table.legal_action_mask[0]
        return {"observation": table.observe(0, seat), "action_mask": mask}

    def step(self, action: SupportsIndex) -> None:
        """The agent to act takes ``action``; at the hand's end every agent is rewarded."""
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        final = self._table.observe_after(0, action)
        rewards, terminated = self._table.step([action])  # any integer, as VectorGame reads it
        if terminated[0]:
            self._ended = True
            self._final = final
            for seat, name in enumerate(self.agents):
                self.rewards[name] = float(rewards[0, seat])
            self.terminations = dict.fromkeys(self.agents, True)
        else:
            self.agent_selection = self.agents[int(self._table.current_player[0])]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self) -> None:
        """Print the table: each seat's stack and bet, the pot, and whose turn it is (or
        each seat's result once the hand is over)."""
        if self.render_mode is None:
            return
        if not self._dealt:
            raise IllegalAction("render() before reset(): no hand is dealt yet")
        if self._ended:
            print("hand over: " + ", ".join(f"{a} {r:+g}" for a, r in self.rewards.items()))
            return
        state = self._table.hand_state(0)
        seats = ", ".join(
            f"{agent} {stack} ({bet})"
            for agent, stack, bet in zip(self.agents, state.stacks, state.bets, strict=True)
        )
        print(
            f"{state.phase} {state.street}: {seats}; pot {state.pot}; {self.agent_selection} to act"
        )

    def close(self) -> None:
        """Nothing to release."""
