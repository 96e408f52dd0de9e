"""Random playouts per second of one Wizard round (4 players, 10 cards each) through the meeple
engine, and of OpenSpiel's `oh_hell` (4 players, 10 tricks) driven from Python, in the same run.

Both sides pay for their own deal: our playout starts from `setup` (the engine shuffles and deals
inside), OpenSpiel's from `new_initial_state` (every card dealt through a chance node, chosen
here in Python like every other action). Prints one JSON object; `ratio` is ours / OpenSpiel's.

    .venv/bin/python bench/engine_vs_openspiel.py --seconds 10
"""

from __future__ import annotations

import argparse
import json
import platform
import random
import sys
import time

from meeple import games
from meeple.analysis.bench import bench
from meeple.engine import MeepleError

PLAYERS, CARDS = 4, 10


def ours(seconds: float) -> dict:
    game = games.get("wizard")
    return bench(game, PLAYERS, seconds, seed=1, options={"single_round": CARDS})


def openspiel(seconds: float) -> dict:
    import pyspiel

    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": CARDS})
    rng = random.Random(1)
    playouts = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node():
                actions, probs = zip(*state.chance_outcomes())
                state.apply_action(rng.choices(actions, probs)[0])
            else:
                state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        playouts += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {"game": str(game), "players": PLAYERS, "seconds": round(elapsed, 3), "playouts": playouts,
            "playouts_per_s": round(playouts / elapsed, 1), "moves_per_s": round(moves / elapsed, 1),
            "mean_moves": round(moves / playouts, 1)}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=5.0, help="time for each side")
    args = parser.parse_args()
    try:
        meeple = ours(args.seconds)
    except MeepleError as exc:  # Wizard not registered yet, or without the one-round option
        print(json.dumps({"skipped": f"Wizard is not available through the registry yet: {exc}"}))
        return 0
    try:
        spiel = openspiel(args.seconds)
    except ImportError:
        print(json.dumps({"skipped": "open_spiel is not installed: pip install -e '.[research]'",
                          "meeple": meeple}))
        return 0
    print(json.dumps({
        "benchmark": f"random playouts of one {CARDS}-card round, {PLAYERS} players",
        "python": platform.python_version(),
        "meeple": meeple,
        "openspiel": spiel,
        "ratio": round(meeple["playouts_per_s"] / spiel["playouts_per_s"], 3),
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
