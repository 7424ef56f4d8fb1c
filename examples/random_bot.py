#!/usr/bin/env python3
"""A trumpf bot in Python, speaking docs/bot-protocol.md: it plays a random
legal action, drawn from the request's seed and decision number, so that
`trumpf sim` gives the same numbers on every run and any number of threads.

    trumpf sim skat --a "cmd:python3 examples/random_bot.py" --b heuristic --deals 20
    trumpf play --bot "cmd:python3 examples/random_bot.py"
"""

import json
import random
import sys


def choose(request):
    """The action for one `act` request: here a random legal one; a real
    bot would look at request["view"] (its hand, the tricks, the auction)."""
    rng = random.Random(f"{request['seed']}/{request['decision']}")
    return rng.choice(request["legal"])


def main():
    for line in sys.stdin:
        message = json.loads(line)
        if message["type"] == "hello":
            answer = {"type": "hello", "name": "random_bot.py"}
        elif message["type"] == "act":
            answer = {"id": message["id"], "action": choose(message)}
        else:
            continue
        print(json.dumps(answer), flush=True)


if __name__ == "__main__":
    main()
