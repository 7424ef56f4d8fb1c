"""PettingZoo: the AEC environments pass PettingZoo's own API and seed
tests; the vector env steps many deals per call."""

import numpy as np
import pytest

pytest.importorskip("pettingzoo")
from pettingzoo.test import api_test, seed_test  # noqa: E402

import trumpf  # noqa: E402
from trumpf.pettingzoo import env, raw_env  # noqa: E402
from trumpf.vector import VectorEnv  # noqa: E402


@pytest.mark.parametrize("game", ["skat", "spitzer", "spidge"])
def test_pettingzoos_api_test(game):
    api_test(env(game), num_cycles=200, verbose_progress=False)
    api_test(raw_env(game), num_cycles=200, verbose_progress=False)


@pytest.mark.parametrize("game", ["skat", "spidge"])
def test_pettingzoos_seed_test(game):
    seed_test(lambda: env(game), num_cycles=100)


def test_a_deal_played_through_the_env_scores_as_the_state():
    e = env("skat")
    e.reset(seed=4)
    totals = {a: 0.0 for a in e.possible_agents}
    for agent in e.agent_iter():
        observation, reward, termination, truncation, _ = e.last()
        totals[agent] += reward
        if termination or truncation:
            e.step(None)
            continue
        legal = np.flatnonzero(observation["action_mask"])
        e.step(int(legal[-1]))
    state = e.unwrapped.state
    assert state.is_terminal()
    assert [totals[a] for a in e.possible_agents] == state.returns()


@pytest.mark.parametrize("game", ["skat", "spitzer", "spidge"])
def test_vector_env_steps_and_deals_again(game):
    v = VectorEnv(game, num_envs=16, seed=3)
    obs, mask, player = v.reset()
    assert obs.shape == (16, v.game.observation_tensor_size())
    finished, total = 0, np.zeros(v.game.num_players())
    for _ in range(300):
        obs, mask, player, rewards, done = v.step(v.random_actions())
        assert mask.sum(axis=1).min() >= 1
        finished += int(done.sum())
        total += rewards[done.astype(bool)].sum(axis=0)
        assert (rewards[~done.astype(bool)] == 0).all()
    assert finished > 0
    with pytest.raises(trumpf.IllegalActionError):
        bad = np.where(mask == 0)
        actions = v.random_actions()
        actions[0] = bad[1][bad[0] == 0][0]
        v.step(actions)
    actions, deals = v.step_random(100)
    assert actions == 16 * 100 and deals > 0


def test_vector_env_agrees_with_states():
    # The same seeds give the same deals as game.new_initial_state(seed).
    v = VectorEnv("skat", num_envs=2, seed=10)
    obs, mask, player = v.reset()
    game = trumpf.load_game("skat")
    for i, seed in enumerate([12, 13]):  # __init__ dealt seeds 10, 11; reset deals 12, 13
        state = game.new_initial_state(seed=seed)
        assert list(mask[i]) == state.legal_actions_mask()
        assert np.allclose(obs[i], state.observation_tensor())
        assert player[i] == state.current_player()
