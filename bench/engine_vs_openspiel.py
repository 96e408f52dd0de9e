"""Random playouts per second of one Wizard round (4 players, 10 cards each) through the meeple
engine, and of OpenSpiel's `oh_hell` (4 players, 10 tricks) driven from Python, in the same run.

Both sides pay for their own deal: our playout starts from `setup` (the engine shuffles and deals
inside), OpenSpiel's from `new_initial_state` (every card dealt through a chance node, chosen
here in Python like every other action). The two sides run in alternating half-second slices, so
a busy machine slows both alike. Prints one JSON object; `ratio` is ours / OpenSpiel's.

    .venv/bin/python bench/engine_vs_openspiel.py --seconds 10
"""

from __future__ import annotations

import argparse
import importlib
import json
import platform
import random
import sys
import time

from meeple import games
from meeple.analysis.bench import bench
from meeple.engine import MeepleError

PLAYERS, CARDS = 4, 10


def ours(seconds: float, seed: int) -> dict:
    game = games.get("wizard")
    return bench(game, PLAYERS, seconds, seed=seed, options={"single_round": CARDS})


def openspiel(seconds: float, seed: int) -> dict:
    import pyspiel

    game = pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": CARDS})
    rng = random.Random(seed)
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
    return {"game": str(game), "players": PLAYERS, "seconds": now - start, "playouts": playouts, "moves": moves}


def through_adapter(seconds: float, seed: int) -> dict:
    """Our Wizard round driven through the OpenSpiel adapter, as OpenSpiel's own tools drive it."""
    from meeple.adapters import openspiel as mos

    game = mos.load("wizard", players=PLAYERS, options={"single_round": CARDS})
    rng = random.Random(seed)
    playouts = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.new_initial_state()
        state.deal(rng.randrange(1 << 64))  # the eight chance nodes of the seed's bytes
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            moves += 1
        playouts += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    return {"game": str(game), "players": PLAYERS, "seconds": now - start, "playouts": playouts, "moves": moves}


SIDES = ("meeple", "openspiel", "meeple_through_adapter")


def interleaved(seconds: float, slice_s: float) -> list[dict]:
    """Alternate short slices of each side, so a busy machine slows all alike."""
    totals = {side: {"seconds": 0.0, "playouts": 0, "moves": 0} for side in SIDES}
    names = {}
    slices = max(1, round(seconds / slice_s))
    for k in range(slices):
        a = ours(slice_s, seed=1000 * k)
        a["moves"] = round(a["mean_moves"] * a["playouts"])
        runs = (a, openspiel(slice_s, seed=k), through_adapter(slice_s, seed=k))
        for side, run in zip(SIDES, runs):
            names[side] = run["game"]
            for key in ("seconds", "playouts", "moves"):
                totals[side][key] += run[key]
    out = []
    for side in SIDES:
        t = totals[side]
        out.append({"game": names[side], "players": PLAYERS, "seconds": round(t["seconds"], 3),
                    "playouts": t["playouts"], "playouts_per_s": round(t["playouts"] / t["seconds"], 1),
                    "moves_per_s": round(t["moves"] / t["seconds"], 1),
                    "mean_moves": round(t["moves"] / t["playouts"], 1)})
    return out


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="time for each side")
    parser.add_argument("--slice", type=float, default=0.5, help="seconds per turn of each side")
    args = parser.parse_args()
    try:
        ours(0.01, seed=0)
    except MeepleError as exc:  # Wizard not registered yet, or without the one-round option
        print(json.dumps({"skipped": f"Wizard is not available through the registry yet: {exc}"}))
        return 0
    try:
        importlib.import_module("pyspiel")  # only to check that it is installed
    except ImportError:
        print(json.dumps({"skipped": "open_spiel is not installed: pip install -e '.[research]'"}))
        return 0
    meeple, spiel, adapter = interleaved(args.seconds, args.slice)
    print(json.dumps({
        "benchmark": f"random playouts of one {CARDS}-card round, {PLAYERS} players",
        "python": platform.python_version(),
        "meeple": meeple,
        "openspiel": spiel,
        "ratio": round(meeple["playouts_per_s"] / spiel["playouts_per_s"], 3),
        # For researchers: the same round played through our OpenSpiel adapter (a Python game
        # inside OpenSpiel), the speed OpenSpiel's algorithms see.
        "meeple_through_adapter": adapter,
    }))
    return 0


if __name__ == "__main__":
    sys.exit(main())
