"""trumpf: exact rules engines for Skat, Spitzer and Spidge, with bots and a
double-dummy solver, shaped like OpenSpiel's game API.

>>> import trumpf
>>> game = trumpf.load_game("skat", rules="isko")
>>> state = game.new_initial_state(seed=7)
>>> while not state.is_terminal():
...     state.apply_action(state.legal_actions()[0])
>>> len(state.returns())
3

Actions are the ids of the canonical codec (``docs/encoding.md``): ascending
in the game's own order, ``game.num_distinct_actions()`` of them. Players are
seats in play order. ``state.returns()`` is the deal's own value per seat
(Skat list points, Spitzer and Spidge game points), all 0 until the end.

Submodules: ``trumpf.bots`` (bots and the solver), ``trumpf.vector`` (many
deals per call), ``trumpf.openspiel`` (register the games with OpenSpiel),
``trumpf.pettingzoo`` (AEC environments), ``trumpf.ray_sim`` (duplicate
tournaments over a Ray cluster).
"""

from __future__ import annotations

from typing import Any, Mapping, Optional, Union

from ._trumpf import (
    CHANCE,
    TERMINAL,
    Game,
    IllegalActionError,
    RulesError,
    State,
    TrumpfError,
    play_deals,
    summarize,
)
from ._trumpf import solve as _solve

__all__ = [
    "CHANCE",
    "TERMINAL",
    "GAMES",
    "Game",
    "State",
    "TrumpfError",
    "IllegalActionError",
    "RulesError",
    "load_game",
    "solve",
    "play_deals",
    "summarize",
]

#: The games trumpf plays.
GAMES = ("skat", "spitzer", "spidge")

Rules = Union[None, str, Mapping[str, Any]]


def load_game(name: str, rules: Rules = None, chance: str = "sampled") -> Game:
    """The game ``name`` ("skat", "spitzer" or "spidge") under ``rules``.

    ``rules``: None (the defaults: for Skat the International Skat Order), a
    preset ("isko", "pub", "pirat", "xskat" for Skat; "default"), a ``"key=value ..."``
    text or a dict with the keys of the trumpf record's ``rules`` line
    (``docs/records.md``), optionally with ``"preset"``:
    ``{"preset": "pub", "kontra": "off"}``.

    ``chance``: "sampled" (each new state is dealt at once from its seed) or
    "explicit" (the deal is dealt card by card at chance nodes).

    Raises ``RulesError`` for rules that cannot be read.
    """
    return Game(name, rules, chance)


def solve(state: State, goal: str = "points", objective: str = "max") -> dict:
    """The double-dummy value of ``state`` (trick play, every hand known).

    Returns ``{"value": V, "actions": {action_id: value}}`` for the seat to
    act. Skat and Spitzer: ``goal="points"`` (Skat: the declarer's final
    card points; Spitzer: the mover's side's) or ``"win"`` (1 if the
    declaring side makes its game). Spidge: the mover's tricks,
    ``objective="max"`` or ``"min"``. Raises ``TrumpfError`` outside trick
    play.
    """
    return _solve(state, goal, objective)


from . import bots  # noqa: E402  (after the names it uses)
