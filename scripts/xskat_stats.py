#!/usr/bin/env python3
"""Bidding statistics of XSkat's bots, for comparison with trumpf's.

Reads the log XSkat writes when it plays whole games headless
(Debian's `xskat` package: `xskat -auto N -log FILE`) and prints the pass-in
rate, the game-type mix and the declarer's success rate, overall and by type.

    apt-get install -y xskat
    /usr/games/xskat -auto 2000 -log /tmp/xskat.log
    python3 scripts/xskat_stats.py /tmp/xskat.log
"""

import re
import sys
from collections import Counter


def games(text):
    """One dict per game of the log: type (or None when passed in), hand, won."""
    for block in re.split(r"^=+$", text, flags=re.M):
        if "Computer" not in block and "Player" not in block:
            continue
        played = re.search(r"^\S+ played (\w+)", block, flags=re.M)
        if not played:
            yield {"type": None}
            continue
        won = bool(re.search(r"^Won\b", block, flags=re.M))
        lost = bool(re.search(r"^Lost\b", block, flags=re.M))
        if not (won or lost):
            continue
        yield {"type": played.group(1), "hand": "Played Hand" in block, "won": won}


def main():
    path = sys.argv[1] if len(sys.argv) > 1 else "-"
    text = sys.stdin.read() if path == "-" else open(path, encoding="latin-1").read()
    all_games = list(games(text))
    n = len(all_games)
    if n == 0:
        sys.exit("no games in the log")
    declared = [g for g in all_games if g["type"]]
    print(f"games {n}")
    print(f"passed_in {100 * (n - len(declared)) / n:.1f}%")
    won = sum(g["won"] for g in declared)
    print(f"declarer_success {100 * won / max(1, len(declared)):.1f}%")
    print(f"hand_games {100 * sum(g['hand'] for g in declared) / max(1, len(declared)):.1f}%")
    by_type = Counter(g["type"] for g in declared)
    won_by_type = Counter(g["type"] for g in declared if g["won"])
    for kind, count in by_type.most_common():
        print(f"  {kind:<8} {100 * count / len(declared):5.1f}% of games, {100 * won_by_type[kind] / count:5.1f}% won")


if __name__ == "__main__":
    main()
