"""CPU seconds of `meeple review` for one whole game of each game, one JSON object per line.

Each game is played by greedy in every seat (a game of realistic length) at the player count its
strength table measures first (src/meeple/bots/measured.py: two, three for Wizard and Ninety-Nine), then
reviewed for every seat under `--budget` CPU seconds. The figures: the decisions judged, the review's
CPU (the budget bounds it, over by at most the one decision under way; where the decisions' least
sampled worlds do not all fit, only a part of them is played out, see docs/review.md), its wall time
and the machine's load average, since a busy machine stretches the wall time but not the CPU.

    .venv/bin/python bench/review_cost.py --game picnic --game wizard --budget 30
"""

import argparse
import json
import os
import statistics
import time

from meeple import games
from meeple.analysis.review import review_saved
from meeple.analysis.simulate import play_one, saved_game
from meeple.bots.measured import STRENGTH

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--budget", type=float, default=30.0, help="CPU seconds for each game's review")
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--game", action="append", help="only these games (repeatable)")
args = parser.parse_args()
for game in games.all():
    if args.game and game.id not in args.game:
        continue
    players = STRENGTH.get(game.id, {}).get("search3", {}).get("players", max(2, game.min_players))
    bots = ["greedy"] * players
    record = saved_game(game, players, None, bots, play_one(game, players, None, args.seed, bots))
    load = os.getloadavg()[0]
    wall = time.perf_counter()
    result = review_saved(record, budget_s=args.budget)
    wall = time.perf_counter() - wall
    decisions = result["decisions"]
    print(json.dumps({
        "game": game.id, "players": players, "bots": bots, "seed": args.seed, "moves": len(record["moves"]),
        "decisions": len(decisions), "disagreed": sum(1 for d in decisions if not d["agreed"]),
        "judge": result["judge"]["level"], "budget_s": args.budget, "cpu_s": result["cpu_s"],
        "cpu_over_budget": round(max(0.0, result["cpu_s"] - args.budget), 2),
        "mean_worlds": round(statistics.fmean(d["worlds"] for d in decisions), 1) if decisions else 0,
        "wall_s": round(wall, 1), "load_average_1min": round(load, 2), "cores": os.cpu_count(),
    }), flush=True)
