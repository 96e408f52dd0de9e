"""One Wizard round (4 players, 10 cards each) played at random, per CPU second, four ways in one run:

- `meeple`: through the engine contract, as `meeple bench` plays it (setup, to_move, legal_moves, apply).
- `floor`: bench/floors/wizard.py, the same round (same deal, decisions and random choices; a test
  checks it move for move) in plain Python with no log, views or move objects: the least work the
  playout can be done with in Python, the reference the engine is measured against.
- `openspiel`: OpenSpiel's C++ `oh_hell` (4 players, 10 tricks) stepped from Python by the leanest
  honest driver we could write: at a chance node it picks among `legal_actions()`, which is fair
  because every chance node of oh_hell is uniform (checked before timing; the script refuses to run
  otherwise). An earlier driver rebuilt the outcome list with `zip(*chance_outcomes())` and
  `random.choices` at each of the 43 chance nodes: that was 79% of the OpenSpiel side's time.
- `meeple_through_adapter`: our round driven through our OpenSpiel adapter, the speed OpenSpiel's
  algorithms see.
- `meeple_c_rng`, `floor_c_rng`: `meeple` and `floor` with the moves drawn by a C generator
  (engine_vs_floor.CRng: random.Random, as the OpenSpiel side's driver draws), so the three drivers
  draw alike; the deal stays the rules' SplitMix64. `ratio_meeple_c_rng_to_openspiel` compares them.

Every side pays for its deal. The sides run in alternating slices and are timed by the process's CPU
clock, so a busy machine slows all alike. Prints one JSON object; the ratios compare playouts per
CPU second in this run.

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
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

from engine_vs_floor import CRng  # noqa: E402
from floors import wizard as floor  # noqa: E402

from meeple import games  # noqa: E402
from meeple.analysis.bench import random_playout  # noqa: E402
from meeple.engine import MeepleError, Rng  # noqa: E402

PLAYERS, CARDS = 4, 10
clock = time.process_time


def timed(step, seconds: float) -> tuple[float, int, int]:
    """Run `step()` (one playout, returning its steps) until `seconds` of CPU; (cpu, playouts, steps)."""
    playouts = steps = 0
    start = clock()
    deadline = start + seconds
    while True:
        steps += step()
        playouts += 1
        now = clock()
        if now >= deadline:
            return now - start, playouts, steps


def meeple_side(seed: int, generator=Rng):
    game = games.get("wizard")
    options = {"single_round": CARDS}
    rng = generator(seed)
    count = iter(range(seed * 1_000_000, sys.maxsize))

    def step() -> int:
        return random_playout(game, game.setup(PLAYERS, options, next(count)), rng)
    return "wizard single_round=10", step


def floor_side(seed: int, generator=Rng):
    rng = generator(seed)
    count = iter(range(seed * 1_000_000, sys.maxsize))

    def step() -> int:
        return floor.playout(next(count), rng, PLAYERS, CARDS)[1]
    return "bench/floors/wizard.py", step


def oh_hell():
    import pyspiel

    return pyspiel.load_game("oh_hell", {"players": PLAYERS, "num_tricks_fixed": CARDS})


def check_uniform_chance(game, playouts: int = 20) -> None:
    """The lean driver's fairness rests on this: every chance outcome of oh_hell is equally likely."""
    rng = random.Random(0)
    for _ in range(playouts):
        state = game.new_initial_state()
        while not state.is_terminal():
            if state.is_chance_node() and len({p for _, p in state.chance_outcomes()}) != 1:
                raise SystemExit("oh_hell has a chance node that is not uniform: the lean driver would be unfair")
            state.apply_action(rng.choice(state.legal_actions()))


def openspiel_side(seed: int):
    game = oh_hell()
    rnd = random.Random(seed).random

    def step() -> int:
        state = game.new_initial_state()
        steps = 0
        while not state.is_terminal():
            actions = state.legal_actions()  # a chance node's outcomes, or the player's moves
            state.apply_action(actions[int(rnd() * len(actions))])
            steps += 1
        return steps
    return str(game), step


def adapter_side(seed: int):
    from meeple.adapters import openspiel as mos

    game = mos.load("wizard", players=PLAYERS, options={"single_round": CARDS})
    rng = random.Random(seed)

    def step() -> int:
        state = game.new_initial_state()
        state.deal(rng.randrange(1 << 64))  # the eight chance nodes of the seed's bytes
        steps = 0
        while not state.is_terminal():
            state.apply_action(rng.choice(state.legal_actions()))
            steps += 1
        return steps
    return str(game), step


SIDES = {"meeple": meeple_side, "floor": floor_side, "openspiel": openspiel_side,
         "meeple_through_adapter": adapter_side,
         "meeple_c_rng": lambda seed: meeple_side(seed, CRng), "floor_c_rng": lambda seed: floor_side(seed, CRng)}


def interleaved(seconds: float, slice_s: float) -> dict[str, dict]:
    sides = {name: make(1) for name, make in SIDES.items()}
    totals = {name: [0.0, 0, 0] for name in sides}
    for _ in range(max(1, round(seconds / slice_s))):
        for name, (_, step) in sides.items():
            cpu, playouts, steps = timed(step, slice_s)
            t = totals[name]
            t[0] += cpu
            t[1] += playouts
            t[2] += steps
    return {name: {"game": sides[name][0], "cpu_s": round(cpu, 3), "playouts": playouts,
                   "playouts_per_cpu_s": round(playouts / cpu, 1), "steps_per_playout": round(steps / playouts, 1)}
            for name, (cpu, playouts, steps) in totals.items()}


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--seconds", type=float, default=10.0, help="CPU seconds for each side")
    parser.add_argument("--slice", type=float, default=0.5, help="CPU seconds per turn of each side")
    args = parser.parse_args()
    try:
        games.get("wizard")
    except MeepleError as exc:
        print(json.dumps({"skipped": f"Wizard is not available through the registry: {exc}"}))
        return 0
    try:
        importlib.import_module("pyspiel")
    except ImportError:
        print(json.dumps({"skipped": "open_spiel is not installed: pip install -e '.[research]'"}))
        return 0
    check_uniform_chance(oh_hell())
    runs = interleaved(args.seconds, args.slice)
    speed = {name: run["playouts_per_cpu_s"] for name, run in runs.items()}
    print(json.dumps({
        "benchmark": f"random playouts of one {CARDS}-card round, {PLAYERS} players, per CPU second",
        "python": platform.python_version(),
        **runs,
        "ratio_meeple_to_openspiel": round(speed["meeple"] / speed["openspiel"], 3),
        "ratio_meeple_to_floor": round(speed["meeple"] / speed["floor"], 3),
        "ratio_adapter_to_openspiel": round(speed["meeple_through_adapter"] / speed["openspiel"], 3),
        "ratio_meeple_c_rng_to_openspiel": round(speed["meeple_c_rng"] / speed["openspiel"], 3),
        "ratio_meeple_c_rng_to_floor_c_rng": round(speed["meeple_c_rng"] / speed["floor_c_rng"], 3),
    }, indent=1))
    return 0


if __name__ == "__main__":
    sys.exit(main())
