"""OpenSpiel: the registered games pass OpenSpiel's own random-simulation
test, states resample consistently with an information state, and
OpenSpiel's information-set MCTS plays deals through."""

import random

import numpy as np
import pytest

import trumpf

pyspiel = pytest.importorskip("pyspiel")
import trumpf.openspiel  # noqa: E402
from open_spiel.python.algorithms import ismcts, mcts  # noqa: E402

trumpf.openspiel.register()
NAMES = ["trumpf_skat", "trumpf_spitzer", "trumpf_spidge"]


@pytest.mark.parametrize("name", NAMES)
def test_openspiels_random_simulation_test(name):
    game = pyspiel.load_game(name)
    pyspiel.random_sim_test(game, num_sims=10, serialize=False, verbose=False)


def test_rules_parameter():
    game = pyspiel.load_game("trumpf_skat", {"rules": "pub"})
    pyspiel.random_sim_test(game, num_sims=5, serialize=False, verbose=False)
    assert game.get_parameters()["rules"] == "pub"


@pytest.mark.parametrize("name", ["skat", "spitzer", "spidge"])
def test_resampled_states_share_the_information_state(name):
    game = trumpf.load_game(name, chance="explicit")
    rng = random.Random(9)
    for deal in range(8):
        state = game.new_initial_state()
        while not state.is_terminal():
            if not state.is_chance_node() or rng.random() < 0.05:
                for player in range(game.num_players()):
                    world = state.resample_from_infostate(player, seed=rng.randrange(2**32))
                    assert world.information_state_string(player) == state.information_state_string(player)
                    assert world.current_player() == state.current_player()
                    if state.current_player() == player:
                        assert world.legal_actions() == state.legal_actions()
                    if not state.is_chance_node():
                        assert world.view(player) == state.view(player)
            state.apply_action(rng.choice(state.legal_actions()))


def test_resampling_changes_the_hidden_cards():
    state = trumpf.load_game("skat").new_initial_state(seed=5)
    seen = {tuple(state.resample_from_infostate(0, seed=s).deal()[1]) for s in range(20)}
    assert len(seen) > 10
    assert all(state.resample_from_infostate(0, seed=s).deal()[0] == state.deal()[0] for s in range(5))


@pytest.mark.parametrize("name", NAMES)
def test_information_set_mcts_plays_a_deal(name):
    game = pyspiel.load_game(name)
    rs = np.random.RandomState(3)
    evaluator = mcts.RandomRolloutEvaluator(n_rollouts=1, random_state=rs)
    bot = ismcts.ISMCTSBot(game, evaluator, uct_c=2.0, max_simulations=16, random_state=rs)
    state = game.new_initial_state()
    decisions = 0
    while not state.is_terminal():
        if state.is_chance_node():
            action = rs.choice([o for o, _ in state.chance_outcomes()])
        else:
            action = bot.step(state)
            assert action in state.legal_actions()
            decisions += 1
        state.apply_action(action)
    assert decisions > 0
    assert len(state.returns()) == game.num_players()
