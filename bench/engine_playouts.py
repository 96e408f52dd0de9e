"""Random playouts per second for every game in the registry, one JSON object per line."""

import argparse
import json

from meeple import games
from meeple.analysis.bench import bench

parser = argparse.ArgumentParser(description=__doc__)
parser.add_argument("--seconds", type=float, default=3.0)
args = parser.parse_args()
for game in games.all():
    for n in range(game.min_players, game.max_players + 1):
        print(json.dumps(bench(game, n, args.seconds)), flush=True)
