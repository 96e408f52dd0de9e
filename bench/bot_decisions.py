"""Seconds and search iterations per decision of a bot level (default: search3, the strongest) for
every game, one JSON object per line.

    .venv/bin/python bench/bot_decisions.py --players 4        # the issue's aim: >= 500 iterations
    .venv/bin/python bench/bot_decisions.py --largest          # each game at its largest table (issue 40)

By default each game is measured at its fewest and its most players; --players N measures N only
(games that do not seat N are left out), --largest the most only.
"""

import argparse
import json

from meeple import games
from meeple.analysis.bench import decision_times

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--level", default="search3")
parser.add_argument("--positions", type=int, default=10, help="decisions measured per game and player count")
parser.add_argument("--game", action="append", help="only these games (repeatable)")
parser.add_argument("--players", type=int, action="append",
                    help="only these player counts (repeatable; default: each game's fewest and most)")
parser.add_argument("--largest", action="store_true", help="each game at its largest table only")
args = parser.parse_args()
for game in games.all():
    if args.game and game.id not in args.game:
        continue
    counts = [game.max_players] if args.largest else args.players or [game.min_players, game.max_players]
    for n in sorted({n for n in counts if game.min_players <= n <= game.max_players}):
        print(json.dumps(decision_times(game, n, args.level, args.positions)), flush=True)
