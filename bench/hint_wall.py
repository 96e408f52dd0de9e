"""Wall time of a hall's hint on a busy host: `hint_move` (what the bot worker runs for the Hint button,
server/hints.py) with its CPU budget alone and with its wall budget (HINT_WALL_S), alternated in one
run with N CPU-bound processes beside it. Prints one JSON object: each run's wall and CPU seconds and
the worlds its reason was played out in, and the load average at the end.

    .venv/bin/python bench/hint_wall.py --hogs 8 --game picnic --rounds 3
"""

import argparse
import json
import os
import subprocess
import sys
import time

from meeple import games
from meeple.server.hints import HINT_WALL_S, HINT_WORLDS, hint_move

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--hogs", type=int, default=8, help="CPU-bound processes beside the hints")
parser.add_argument("--game", default="picnic")
parser.add_argument("--players", type=int, default=4)
parser.add_argument("--level", default="search3", help="the hint's search (the hall's: search3)")
parser.add_argument("--rounds", type=int, default=3)
args = parser.parse_args()

game = games.get(args.game)
state = game.setup(args.players, {}, 5)
for _ in range(30):  # a position some way into the game, the same every run
    if game.is_over(state):
        break
    seat = min(game.to_move(state))
    game.apply(state, seat, game.legal_moves(state, seat)[0])
seat = min(game.to_move(state))
position = game.to_json(state)

hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(args.hogs)]
rows = []
try:
    for round_ in range(args.rounds):
        for label, wall in (("cpu_budget_only", None), ("wall_budget", HINT_WALL_S)):
            wall_start, cpu_start = time.monotonic(), time.process_time()
            found = hint_move(game.id, position, seat, args.level, 7 + round_, HINT_WORLDS, wall_seconds=wall)
            rows.append({"run": label, "wall_s": round(time.monotonic() - wall_start, 2),
                         "cpu_s": round(time.process_time() - cpu_start, 2), "worlds": found["worlds"]})
finally:
    for hog in hogs:
        hog.kill()
print(json.dumps({"game": game.id, "players": args.players, "level": args.level, "hogs": args.hogs,
                  "hint_wall_s": HINT_WALL_S, "load_average_after": [round(x, 1) for x in os.getloadavg()],
                  "rows": rows}))
