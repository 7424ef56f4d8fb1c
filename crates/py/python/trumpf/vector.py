"""Many deals stepped in one call, for reinforcement learning.

>>> import numpy as np, trumpf
>>> from trumpf.vector import VectorEnv
>>> env = VectorEnv("skat", num_envs=256, seed=1)
>>> obs, mask, player = env.reset()
>>> actions = env.random_actions()
>>> obs, mask, player, rewards, done = env.step(actions)

Each env is dealt again as soon as its deal ends: ``done[i]`` is set and
``rewards[i]`` holds the ended deal's returns (per seat), while ``obs[i]``,
``mask[i]`` and ``player[i]`` already belong to the new deal.
"""

from __future__ import annotations

from typing import Optional, Tuple, Union

import numpy as np

from . import load_game
from ._trumpf import Game
from ._trumpf import VectorEnv as _VectorEnv

__all__ = ["VectorEnv"]


class VectorEnv:
    """``num_envs`` deals of one game side by side, stepped together."""

    def __init__(self, game: Union[str, Game], num_envs: int, seed: int = 0, rules=None):
        self.game = load_game(game, rules) if isinstance(game, str) else game
        self.num_envs = num_envs
        self._env = _VectorEnv(self.game, num_envs, seed)
        n, a, s = num_envs, self.game.num_distinct_actions(), self.game.num_players()
        self.obs = np.zeros((n, self.game.observation_tensor_size()), dtype=np.float32)
        self.mask = np.zeros((n, a), dtype=np.uint8)
        self.rewards = np.zeros((n, s), dtype=np.float32)
        self.done = np.zeros(n, dtype=np.uint8)
        self.player = np.zeros(n, dtype=np.int64)
        self._env.observe_into(self.obs, self.mask, self.player)

    def __repr__(self) -> str:
        return f"trumpf.vector.VectorEnv({self.game.name!r}, num_envs={self.num_envs})"

    def reset(self) -> Tuple[np.ndarray, np.ndarray, np.ndarray]:
        """Deals every env anew: ``(obs, mask, player)`` (the buffers are reused)."""
        self._env.reset(self.obs, self.mask, self.player)
        return self.obs, self.mask, self.player

    def step(self, actions) -> Tuple[np.ndarray, np.ndarray, np.ndarray, np.ndarray, np.ndarray]:
        """One action id per env: ``(obs, mask, player, rewards, done)``.

        Raises ``IllegalActionError`` for an action an env's deal refuses
        (the envs before it have stepped).
        """
        actions = np.ascontiguousarray(actions, dtype=np.int64)
        self._env.step(actions, self.obs, self.mask, self.rewards, self.done, self.player)
        return self.obs, self.mask, self.player, self.rewards, self.done

    def random_actions(self) -> np.ndarray:
        """One uniformly random legal action per env (drawn in Rust from the
        env's seeded generator)."""
        out = np.empty(self.num_envs, dtype=np.int64)
        self._env.sample_actions(out)
        return out

    def step_random(self, steps: int) -> Tuple[int, int]:
        """``steps`` random legal actions in every env, inside Rust (no
        observations): ``(actions, deals_finished)``."""
        return self._env.step_random(steps)
