"""trumpf's games as OpenSpiel Python games: ``trumpf_skat``,
``trumpf_spitzer``, ``trumpf_spidge``.

>>> import pyspiel, trumpf.openspiel
>>> trumpf.openspiel.register()
>>> game = pyspiel.load_game("trumpf_skat", {"rules": "pub"})

The deal is dealt by chance nodes, one card each (outcome = the card's
codec index); actions are the codec's ids. States implement
``resample_from_infostate`` with trumpf's world sampler, so OpenSpiel's
information-set MCTS (``open_spiel.python.algorithms.ismcts``) searches
them. Observations: a seat's view (``docs/encoding.md``); with
``private_info=NONE`` the public (spectator) view. Information-state
strings name everything a seat knows (views have perfect recall).
"""

from __future__ import annotations

import numpy as np
import pyspiel

from . import load_game

__all__ = ["register", "NAMES"]

#: OpenSpiel's short names of the games.
NAMES = {"skat": "trumpf_skat", "spitzer": "trumpf_spitzer", "spidge": "trumpf_spidge"}
_DEFAULT_RULES = {"skat": "isko", "spitzer": "default", "spidge": "default"}
_registered = False


def _game_type(name: str, players: int) -> pyspiel.GameType:
    return pyspiel.GameType(
        short_name=NAMES[name],
        long_name=f"trumpf {name.capitalize()}",
        dynamics=pyspiel.GameType.Dynamics.SEQUENTIAL,
        chance_mode=pyspiel.GameType.ChanceMode.EXPLICIT_STOCHASTIC,
        information=pyspiel.GameType.Information.IMPERFECT_INFORMATION,
        utility=pyspiel.GameType.Utility.GENERAL_SUM,
        reward_model=pyspiel.GameType.RewardModel.TERMINAL,
        max_num_players=players,
        min_num_players=players,
        provides_information_state_string=True,
        provides_information_state_tensor=False,
        provides_observation_string=True,
        provides_observation_tensor=True,
        parameter_specification={"rules": _DEFAULT_RULES[name]},
    )


def _make_game_class(name: str):
    players = load_game(name).num_players()
    game_type = _game_type(name, players)

    class TrumpfGame(pyspiel.Game):
        __doc__ = f"trumpf's {name.capitalize()} as an OpenSpiel game (parameter 'rules': a preset or 'k=v ...')."

        def __init__(self, params=None):
            params = dict(params or {})
            rules = params.get("rules", _DEFAULT_RULES[name])
            self.trumpf = load_game(name, rules=rules, chance="explicit")
            info = pyspiel.GameInfo(
                num_distinct_actions=self.trumpf.num_distinct_actions(),
                max_chance_outcomes=self.trumpf.max_chance_outcomes(),
                num_players=players,
                min_utility=self.trumpf.min_utility(),
                max_utility=self.trumpf.max_utility(),
                utility_sum=None,
                max_game_length=self.trumpf.max_game_length() + self.trumpf.max_chance_outcomes(),
            )
            super().__init__(game_type, info, {"rules": rules})

        def new_initial_state(self):
            return TrumpfState(self, self.trumpf.new_initial_state())

        def make_py_observer(self, iig_obs_type=None, params=None):
            return TrumpfObserver(self.trumpf, iig_obs_type, params)

    TrumpfGame.__name__ = f"Trumpf{name.capitalize()}Game"
    return game_type, TrumpfGame


class TrumpfState(pyspiel.State):
    """An OpenSpiel state over a ``trumpf.State`` (``self.inner``)."""

    def __init__(self, game, inner):
        super().__init__(game)
        self.inner = inner

    def current_player(self):
        return self.inner.current_player()

    def _legal_actions(self, player):
        return self.inner.legal_actions()

    def chance_outcomes(self):
        return self.inner.chance_outcomes()

    def _apply_action(self, action):
        self.inner.apply_action(action)

    def _action_to_string(self, player, action):
        return self.inner.action_to_string(player, action)

    def is_terminal(self):
        return self.inner.is_terminal()

    def returns(self):
        return self.inner.returns()

    def resample_from_infostate(self, player_id, probability_sampler):
        """A state ``player_id`` cannot tell from this one (trumpf's world
        sampler); ``probability_sampler()`` seeds it."""
        seed = int(probability_sampler() * 2**53)
        return TrumpfState(self.get_game(), self.inner.resample_from_infostate(player_id, seed))

    def __deepcopy__(self, memo):
        return TrumpfState(self.get_game(), self.inner.clone())

    def __str__(self):
        return str(self.inner)


class TrumpfObserver:
    """OpenSpiel's PyObserver: a seat's view, or the public view when the
    observation type asks for no private information."""

    def __init__(self, game, iig_obs_type, params):
        if params:
            raise ValueError(f"observation parameters are not supported: {params}")
        self.public = iig_obs_type is not None and iig_obs_type.private_info == pyspiel.PrivateInfoType.NONE
        self.tensor = np.zeros(game.observation_tensor_size(), np.float32)
        self.dict = {"observation": self.tensor}

    def set_from(self, state, player):
        if self.public:
            state.inner.write_public_observation(self.tensor)
        else:
            state.inner.write_observation(self.tensor, player)

    def string_from(self, state, player):
        if self.public:
            return state.inner.public_information_state_string()
        return state.inner.information_state_string(player)


def register() -> None:
    """Registers ``trumpf_skat``, ``trumpf_spitzer`` and ``trumpf_spidge``
    with OpenSpiel (once; calling again does nothing)."""
    global _registered
    if _registered:
        return
    for name in NAMES:
        game_type, cls = _make_game_class(name)
        pyspiel.register_game(game_type, cls)
    _registered = True
