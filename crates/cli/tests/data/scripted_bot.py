#!/usr/bin/env python3
"""A scripted outside bot for the bot-protocol tests: plays the first legal
action, except as its one argument says:

  good          always answer well
  illegal       answer an illegal action (id 9999) at every decision
  garbage       answer a line that is not JSON at decision 1
  slow          at decision 1, answer after 3 s (too late; the answer is stale)
  crash         exit with status 3 at decision 2, after a line on stderr
  silent        never answer hello
"""

import json
import sys
import time

mode = sys.argv[1] if len(sys.argv) > 1 else "good"
decisions = 0
for line in sys.stdin:
    message = json.loads(line)
    if message["type"] == "hello":
        if mode == "silent":
            time.sleep(60)
        print(json.dumps({"type": "hello", "name": f"scripted-{mode}"}), flush=True)
        continue
    n = decisions
    decisions += 1
    answer = {"id": message["id"], "action": message["legal"][0]}
    if mode == "illegal":
        answer["action"] = 9999
    elif mode == "garbage" and n == 1:
        print("this is not json", flush=True)
        continue
    elif mode == "slow" and n == 1:
        time.sleep(3)
    elif mode == "crash" and n == 2:
        print("scripted bot: crashing on purpose", file=sys.stderr, flush=True)
        sys.exit(3)
    print(json.dumps(answer), flush=True)
