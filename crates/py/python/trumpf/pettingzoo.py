"""PettingZoo AEC environments of trumpf's games.

>>> from trumpf.pettingzoo import env
>>> e = env("skat")
>>> e.reset(seed=1)
>>> for agent in e.agent_iter():
...     observation, reward, termination, truncation, info = e.last()
...     action = None if termination or truncation else int(observation["action_mask"].nonzero()[0][0])
...     e.step(action)

Agents are ``player_0`` ... (seats in play order). An observation is a dict:
``"observation"``, the seat's view encoded (``docs/encoding.md``), and
``"action_mask"``, 1 at the legal action ids. Rewards come at the end of a
deal: its value per seat (Skat list points, Spitzer and Spidge game points).
For many deals per call, see ``trumpf.vector.VectorEnv``.
"""

from __future__ import annotations

from typing import Optional

import numpy as np
from gymnasium import spaces
from pettingzoo import AECEnv
from pettingzoo.utils import wrappers

from . import load_game

__all__ = ["env", "raw_env"]


def env(game: str = "skat", rules=None, render_mode: Optional[str] = None):
    """The AEC environment of ``game`` with PettingZoo's usual wrappers
    (an illegal action ends the episode with a penalty; order enforced)."""
    e = raw_env(game, rules=rules, render_mode=render_mode)
    e = wrappers.TerminateIllegalWrapper(e, illegal_reward=-1)
    e = wrappers.AssertOutOfBoundsWrapper(e)
    e = wrappers.OrderEnforcingWrapper(e)
    return e


class raw_env(AECEnv):
    """One deal per episode of a trumpf game, as a PettingZoo AEC env."""

    metadata = {"render_modes": ["human", "ansi"], "name": "trumpf_v0", "is_parallelizable": False}

    def __init__(self, game: str = "skat", rules=None, render_mode: Optional[str] = None):
        super().__init__()
        self.game = load_game(game, rules=rules)
        self.metadata = dict(self.metadata, name=f"trumpf_{game}_v0")
        n = self.game.num_players()
        self.possible_agents = [f"player_{i}" for i in range(n)]
        self._index = {a: i for i, a in enumerate(self.possible_agents)}
        size, actions = self.game.observation_tensor_size(), self.game.num_distinct_actions()
        self.observation_spaces = {
            a: spaces.Dict(
                {
                    "observation": spaces.Box(0.0, 1.0, (size,), dtype=np.float32),
                    "action_mask": spaces.Box(0, 1, (actions,), dtype=np.int8),
                }
            )
            for a in self.possible_agents
        }
        self.action_spaces = {a: spaces.Discrete(actions) for a in self.possible_agents}
        if render_mode not in (None, *self.metadata["render_modes"]):
            raise ValueError(f"render_mode {render_mode!r}: one of {self.metadata['render_modes']}")
        self.render_mode = render_mode
        self.state = None
        self._seed_rng = np.random.default_rng()

    def __repr__(self) -> str:
        return f"trumpf.pettingzoo.raw_env({self.game.name!r})"

    def observation_space(self, agent):
        return self.observation_spaces[agent]

    def action_space(self, agent):
        return self.action_spaces[agent]

    def reset(self, seed: Optional[int] = None, options=None):
        if seed is not None:
            self._seed_rng = np.random.default_rng(seed)
        deal_seed = int(self._seed_rng.integers(0, 2**63))
        self.state = self.game.new_initial_state(seed=deal_seed)
        self.agents = self.possible_agents[:]
        self.rewards = {a: 0.0 for a in self.agents}
        self._cumulative_rewards = {a: 0.0 for a in self.agents}
        self.terminations = {a: False for a in self.agents}
        self.truncations = {a: False for a in self.agents}
        self.infos = {a: {} for a in self.agents}
        self.agent_selection = self.possible_agents[self.state.current_player()]

    def observe(self, agent):
        player = self._index[agent]
        observation = np.zeros(self.game.observation_tensor_size(), dtype=np.float32)
        self.state.write_observation(observation, player)
        if self.state.current_player() == player:
            mask = np.array(self.state.legal_actions_mask(), dtype=np.int8)
        else:
            mask = np.zeros(self.game.num_distinct_actions(), dtype=np.int8)
        return {"observation": observation, "action_mask": mask}

    def step(self, action):
        agent = self.agent_selection
        if self.terminations[agent] or self.truncations[agent]:
            self._was_dead_step(action)
            return
        self._cumulative_rewards[agent] = 0.0
        self.state.apply_action(int(action))
        if self.state.is_terminal():
            returns = self.state.returns()
            for a in self.agents:
                self.rewards[a] = float(returns[self._index[a]])
                self.terminations[a] = True
        else:
            for a in self.agents:
                self.rewards[a] = 0.0
            self.agent_selection = self.possible_agents[self.state.current_player()]
        self._accumulate_rewards()
        if self.render_mode == "human":
            self.render()

    def render(self):
        if self.render_mode is None:
            return None
        text = str(self.state)
        if self.render_mode == "human":
            print(text)
            return None
        return text

    def close(self):
        pass
