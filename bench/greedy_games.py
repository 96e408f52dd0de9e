"""CPU seconds per `meeple simulate` game with the greedy bot in seat 1 and random bots in the others,
for every game (3 players where the game allows, else the nearest count), one JSON object per line.

The scores of the games are printed too (`fingerprint`), so a change meant as a pure speed-up can be
checked to play the same games for the same seeds.

    .venv/bin/python bench/greedy_games.py --games 5
"""

import argparse
import hashlib
import json
import time

from meeple import games
from meeple.analysis.simulate import play_one

parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
parser.add_argument("--games", type=int, default=5)
parser.add_argument("--seed", type=int, default=1)
parser.add_argument("--game", action="append", help="only these games (repeatable)")
args = parser.parse_args()
for game in games.all():
    if args.game and game.id not in args.game:
        continue
    n = min(max(3, game.min_players), game.max_players)
    bots = ["greedy"] + ["random"] * (n - 1)
    start = time.process_time()
    scores = [play_one(game, n, None, args.seed + i, bots).scores for i in range(args.games)]
    cpu = time.process_time() - start
    print(json.dumps({"game": game.id, "players": n, "bots": bots, "games": args.games,
                      "cpu_s_per_game": round(cpu / args.games, 3),
                      "fingerprint": hashlib.sha1(repr(scores).encode()).hexdigest()[:12]}), flush=True)
