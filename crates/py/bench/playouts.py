"""Random full Skat games driven from Python: trumpf against OpenSpiel's
Skat, the same loop in the same run, and trumpf's vector env.

Usage: python crates/py/bench/playouts.py [SECONDS]

Each loop plays whole deals, choosing every action with random.choice
from state.legal_actions() (OpenSpiel's chance nodes from
state.chance_outcomes(), as scripts/openspiel_skat_playouts.py does).
trumpf is timed twice: dealt from a seed (its default) and with explicit
chance nodes, as OpenSpiel deals. Every loop checks what it played: each
finished deal's returns are read.
"""

import random
import sys
import time

import numpy as np

import trumpf
from trumpf.vector import VectorEnv


def trumpf_loop(seconds, chance):
    game = trumpf.load_game("skat", chance=chance)
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state(seed=games)
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        assert len(state.returns()) == 3
        games += 1
    return games, actions, time.perf_counter() - start


def openspiel_loop(seconds):
    import pyspiel

    game = pyspiel.load_game("skat")
    rng = random.Random(1)
    games = actions = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                state.apply_action(rng.choice(state.chance_outcomes())[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            actions += 1
        assert len(state.returns()) == 3
        games += 1
    return games, actions, time.perf_counter() - start


def vector_loop(seconds, num_envs=1024):
    env = VectorEnv("skat", num_envs=num_envs, seed=1)
    env.reset()
    steps = 0
    deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        _, mask, _, _, done = env.step(env.random_actions())
        deals += int(done.sum())
        steps += 1
    elapsed = time.perf_counter() - start
    assert deals > 0
    return steps * num_envs, deals, elapsed


def vector_random(seconds, num_envs=1024):
    env = VectorEnv("skat", num_envs=num_envs, seed=1)
    actions = deals = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        a, d = env.step_random(100)
        actions += a
        deals += d
    return actions, deals, time.perf_counter() - start


def main():
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    rows = []
    g, a, t = trumpf_loop(seconds, "sampled")
    rows.append(("trumpf (dealt from a seed)", g / t, a / t))
    g, a, t = trumpf_loop(seconds, "explicit")
    rows.append(("trumpf (explicit chance nodes)", g / t, a / t))
    try:
        g, a, t = openspiel_loop(seconds)
        rows.append(("OpenSpiel skat (chance nodes)", g / t, a / t))
    except ImportError:
        print("OpenSpiel is not installed: pip install open_spiel")
    for name, gps, aps in rows:
        print(f"{name:34} {gps:10.0f} games/s {aps:12.0f} actions/s")
    if len(rows) == 3:
        print(f"trumpf / OpenSpiel, games per second: {rows[0][1] / rows[2][1]:.1f}x (seeded), "
              f"{rows[1][1] / rows[2][1]:.1f}x (explicit chance)")
    a, d, t = vector_loop(seconds)
    print(f"{'vector env step (1024 envs, numpy)':34} {d / t:10.0f} games/s {a / t:12.0f} actions/s")
    a, d, t = vector_random(seconds)
    print(f"{'vector env step_random (1024)':34} {d / t:10.0f} games/s {a / t:12.0f} actions/s")


if __name__ == "__main__":
    main()
