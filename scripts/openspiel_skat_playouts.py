"""Random full Skat games in OpenSpiel, for comparison with `trumpf bench playouts`.

Not part of the build or the tests. Needs `pip install open_spiel` (any venv).
Usage: python scripts/openspiel_skat_playouts.py SECONDS
The last line is `games_per_second N`, as in trumpf's bench.
"""

import random
import sys
import time

import pyspiel


def main() -> None:
    seconds = float(sys.argv[1]) if len(sys.argv) > 1 else 5.0
    game = pyspiel.load_game("skat")
    rng = random.Random(1)
    games = 0
    start = time.perf_counter()
    while time.perf_counter() - start < seconds:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                outcomes = state.chance_outcomes()
                state.apply_action(rng.choice(outcomes)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
        state.returns()
        games += 1
    elapsed = time.perf_counter() - start
    print(f"games {games}")
    print(f"seconds {elapsed:.3f}")
    print(f"games_per_second {round(games / elapsed)}")


if __name__ == "__main__":
    main()
