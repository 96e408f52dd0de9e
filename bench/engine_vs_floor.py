"""Each game's engine against its pure-Python floor, random playouts per CPU second, in one run.

A floor is a module `bench/floors/<game id>.py` that plays exactly the games `meeple bench` plays
through the engine (the same setup from the same seed, the same legal moves in the same order, the
same random choice among them, the lowest seat first where several act) with nothing a person reads.
Each floor module declares:

    GAME = "picnic"                          # the registered game id
    TABLES = ((2, {}), (3, {}), (4, {}))     # the tables (players, options) it can play
    def play(seed: int, rng: Rng, n: int, options: dict) -> tuple[list[int], int]:
        '''game.setup(n, options, seed), then random moves drawn from rng: (final scores, moves)'''

tests/test_bench_floors.py checks every floor against the engine, game for game. The two sides run
in alternating slices timed by the process's CPU clock, so a busy machine slows both alike; the
figure is the engine's playouts per CPU second divided by the floor's (issue 41's aim: >= 0.67).

Each table is raced twice: with the engine's pure-Python SplitMix64 drawing the random moves on both
sides (`ratio_engine_to_floor`, the `engine` and `floor` figures), and with CRng, a generator in C
(Python's random.Random, the Mersenne Twister, seeded the same way on both sides, so the two still
play the same games move for move) (`ratio_c_rng`, `engine_c_rng`, `floor_c_rng`). Only the moves'
draws change: each game's deal and its shuffles during play are the rules' own SplitMix64 on both
sides, as the rules fix them for a seed.

    .venv/bin/python bench/engine_vs_floor.py --seconds 3              # every floor, every table
    .venv/bin/python bench/engine_vs_floor.py --game picnic --players 4
"""

from __future__ import annotations

import argparse
import functools
import importlib.util
import json
import random
import sys
import time
from pathlib import Path
from types import ModuleType

from meeple import games
from meeple.analysis.bench import random_playout
from meeple.engine import Rng

FLOORS = Path(__file__).resolve().parent / "floors"
clock = time.process_time


def floors() -> dict[str, ModuleType]:
    """Every floor module in bench/floors, by game id."""
    found = {}
    for path in sorted(FLOORS.glob("*.py")):
        if path.stem.startswith("_"):
            continue
        spec = importlib.util.spec_from_file_location(f"floor_{path.stem}", path)
        assert spec and spec.loader
        module = importlib.util.module_from_spec(spec)
        spec.loader.exec_module(module)
        if hasattr(module, "GAME"):
            found[module.GAME] = module
    return found


class CRng:
    """The random moves' generator in C: `next_u64` is random.Random(seed).getrandbits(64), one C call
    (about 0.1 us a draw against SplitMix64's 0.9 us in Python). Only `next_u64` is read by
    random_playout and by the floors."""

    __slots__ = ("next_u64",)

    def __init__(self, seed: int) -> None:
        self.next_u64 = functools.partial(random.Random(seed).getrandbits, 64)



def engine_step(game_id: str, n: int, options: dict, seed: int, generator=Rng):
    game = games.get(game_id)
    rng = generator(seed)
    count = iter(range(seed * 1_000_000, sys.maxsize))

    def step() -> int:
        return random_playout(game, game.setup(n, options, next(count)), rng)
    return step


def floor_step(floor: ModuleType, n: int, options: dict, seed: int, generator=Rng):
    rng = generator(seed)
    count = iter(range(seed * 1_000_000, sys.maxsize))

    def step() -> int:
        return floor.play(next(count), rng, n, options)[1]
    return step


def race(steps: dict, seconds: float, slices: int = 6) -> dict[str, dict]:
    """Alternate the sides in `slices` rounds until each has `seconds` of CPU; totals per side."""
    totals = {name: [0.0, 0, 0] for name in steps}
    for _ in range(slices):
        for name, step in steps.items():
            cpu, playouts, moves = 0.0, 0, 0
            start = clock()
            deadline = start + seconds / slices
            while True:
                moves += step()
                playouts += 1
                now = clock()
                if now >= deadline:
                    break
            cpu = now - start
            t = totals[name]
            t[0] += cpu
            t[1] += playouts
            t[2] += moves
    return {name: {"cpu_s": round(c, 3), "playouts": p, "playouts_per_cpu_s": round(p / c, 1),
                   "moves_per_playout": round(m / p, 1)} for name, (c, p, m) in totals.items()}


def main(argv: list[str] | None = None) -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", help="one game id (default: every game with a floor)")
    parser.add_argument("--players", type=int, help="one table size (default: every table of the floor)")
    parser.add_argument("--seconds", type=float, default=3.0, help="CPU seconds per side per table")
    parser.add_argument("--seed", type=int, default=1)
    args = parser.parse_args(argv)
    found = floors()
    if args.game and args.game not in found:
        parser.error(f"no floor for {args.game!r}; floors: {', '.join(sorted(found))}")
    for game_id, floor in found.items():
        if args.game and game_id != args.game:
            continue
        for n, options in floor.TABLES:
            if args.players and n != args.players:
                continue
            sides = race({"engine": engine_step(game_id, n, options, args.seed),
                          "floor": floor_step(floor, n, options, args.seed),
                          "engine_c_rng": engine_step(game_id, n, options, args.seed, CRng),
                          "floor_c_rng": floor_step(floor, n, options, args.seed, CRng)}, args.seconds)
            rate = {name: side["playouts_per_cpu_s"] for name, side in sides.items()}
            print(json.dumps({"game": game_id, "players": n, "options": options, **sides,
                              "ratio_engine_to_floor": round(rate["engine"] / rate["floor"], 3),
                              "ratio_c_rng": round(rate["engine_c_rng"] / rate["floor_c_rng"], 3)}), flush=True)


if __name__ == "__main__":
    main()
