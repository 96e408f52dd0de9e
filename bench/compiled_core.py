"""The engine (and some games' rule modules) compiled with mypyc against the pure-Python package:
random playouts per CPU second at each game's largest table, ratios in one run, and whether the
compiled build plays the same games (bench/play_hash.py --deep).

    .venv/bin/python bench/compiled_core.py                                  # the five slowest games
    .venv/bin/python bench/compiled_core.py --games picnic,wizard --rounds 7 --slice 1.0
    .venv/bin/python bench/compiled_core.py --with-games    # also compile the games' modules in GAME_MODULES

The script copies src/meeple twice into a temporary folder: `pure` as it is, `compiled` with the
few source rewrites mypyc needs (PATCHES, DECORATE: the package itself is unchanged), then runs
mypyc (it ships inside the mypy package, a test dependency) on MODULES there, which puts a .so beside
each .py; Python imports the .so first. Two worker processes, one per copy (PYTHONPATH puts the copy
ahead of the editable install), play random playouts from fresh setups as `meeple bench` does; the
parent asks them in turn for slices of CPU time (process_time, so a busy machine slows both alike),
the side going first alternating every round. A round's ratio is compiled over pure playouts per CPU
second; the JSON gives the median of the rounds' ratios with their range, the load average, the
build's time and the size of the .so files. Prints one JSON object.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import resource
import shutil
import statistics
import subprocess
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SLOWEST = ("living_forest", "vent_life", "wizard", "ninety_nine", "picnic")

# The engine: every module a playout runs through (words.py is data; __init__ re-exports).
# rng.py stays interpreted: its shuffle hands numpy's array where an int is declared, which compiled code refuses.
MODULES = [f"meeple/engine/{name}.py" for name in
           ("moves", "game", "cards", "tricks", "position", "options", "errors", "belief")]

# Games' modules that compile as they are written. Left out, and why (see docs/performance.md):
# a state class built with Cls.__new__(Cls) in a compiled module (mypyc has no __new__ on a native
# class): living_forest/state.py, vent_life/state.py and scoring.py (Running), wizard/rules.py,
# ninety_nine/rules.py; the modules that import them stay interpreted with them. Picnic's rules.py: a compiled
# Picnic has no room for the cache Game.setup keeps on the game.
GAME_MODULES = {
    "picnic": ["scoring", "moves"],
    "vent_life": ["field", "moves"],
    "living_forest": ["moves"],
    "wizard": ["moves"],
    "ninety_nine": ["moves"],
}

# (file, text, replacement): rewrites only the compiled copy gets (every occurrence). A text no longer
# there stops the script instead of measuring something else.
PATCHES = [
    ("meeple/engine/game.py", "        entry = cls.__new__(cls)\n",
     "        entry = cls(\"\", seat, only)  # mypyc: no __new__ on a native class\n"),
    ("meeple/engine/rng.py", "        other = Rng.__new__(Rng)\n",
     "        other = Rng(0)  # mypyc: no __new__ on a native class\n"),
    # A native class reads an annotated attribute from its instance's slot: a subclass's class
    # attribute (Wizard.code = staticmethod(code)) is not seen there, so it is read the Python way.
    ("meeple/engine/tricks.py", "        code = self.code\n",
     "        code = getattr(self, \"code\")  # mypyc: a subclass's class attribute\n"),
    # Game.setup keeps its checked tables in the game's __dict__, which a compiled object does not show.
    ("meeple/engine/game.py",
     """self.__dict__.get("_checked_tables")
        if tables is None:
            tables = self.__dict__["_checked_tables"] = {}
""",
     """getattr(self, "_checked_tables", None)  # mypyc: no __dict__
        if tables is None:
            tables = {}
            setattr(self, "_checked_tables", tables)
"""),
]
# engine/moves.py sets _eq and _ne as __eq__/__ne__ of every move class: a compiled function does not
# bind `self` as a method, so they move to a small module left interpreted.
MOVE_EQ = """def _eq(self, other) -> bool:
    return self.__class__ is other.__class__ and tuple.__eq__(self, other)


def _ne(self, other) -> bool:
    return self.__class__ is not other.__class__ or tuple.__ne__(self, other)
"""
PATCHES.append(("meeple/engine/moves.py", "\n\n" + MOVE_EQ,
                "\n\nfrom .move_eq import _eq, _ne  # mypyc: kept interpreted\n"))
# Engine classes the games subclass: a compiled class refuses interpreted subclasses unless told.
DECORATE = {
    "meeple/engine/game.py": ("Features", "Game"),
    "meeple/engine/tricks.py": ("TrickGame",),
    "meeple/engine/cards.py": ("TrickState",),
    "meeple/engine/belief.py": ("Belief",),
}

# The project's mypy settings (pyproject.toml); mypyc stops at any message, a note included.
MYPY_INI = """[mypy]
python_version = 3.11
ignore_missing_imports = True

[mypy-meeple.games.*]
check_untyped_defs = True
"""

# One side of the race: reads {"game", "players", "seconds"} lines, answers with playouts and the CPU
# time they took. Seeds continue from slice to slice, so both sides play the same sequence of games.
WORKER = r"""
import json, sys, time
import meeple.engine.game
from meeple import games
from meeple.analysis.bench import random_playout
from meeple.engine import Rng
print(json.dumps({"engine": meeple.engine.game.__file__}), flush=True)
seeds, rngs = {}, {}
for line in sys.stdin:
    ask = json.loads(line)
    game, n = games.get(ask["game"]), ask["players"]
    rng = rngs.setdefault(ask["game"], Rng(1))
    seed = seeds.get(ask["game"], 0)
    playouts = moves = 0
    start = time.process_time()
    deadline = start + ask["seconds"]
    while True:
        moves += random_playout(game, game.setup(n, None, seed + playouts), rng)
        playouts += 1
        now = time.process_time()
        if now >= deadline:
            break
    seeds[ask["game"]] = seed + playouts
    print(json.dumps({"playouts": playouts, "moves": moves, "cpu": now - start}), flush=True)
"""


def copy_package(dest: Path) -> None:
    shutil.copytree(ROOT / "src" / "meeple", dest / "meeple",
                    ignore=shutil.ignore_patterns("__pycache__", "*.so", "*.pyc"))


def print_report(modules: list[str], changes: list[str], built: dict, load_before: float, results: list) -> None:
    """The run's one JSON object: what was compiled and how, the load around the run, each row's figures."""
    print(json.dumps({
        "compiled": modules,
        "rewrites": changes,
        "build": built,
        "load_average": [round(load_before, 1), round(os.getloadavg()[0], 1)],
        "cpus": os.cpu_count(),
        "results": results,
    }))


def patch(tree: Path) -> list[str]:
    """The compiled copy's rewrites; returns what was changed, for the JSON."""
    done = []
    (tree / "meeple/engine/move_eq.py").write_text(MOVE_EQ, encoding="utf-8")
    for rel, old, new in PATCHES:
        path = tree / rel
        text = path.read_text(encoding="utf-8")
        if not text.count(old):
            raise SystemExit(f"{rel}: the text to rewrite for mypyc is not there: {old.strip()!r}")
        path.write_text(text.replace(old, new), encoding="utf-8")
        done.append(f"{rel}: {old.strip().splitlines()[0]} -> {new.split('#')[0].strip()}")
    for rel, names in DECORATE.items():
        path = tree / rel
        text = path.read_text(encoding="utf-8")
        for name in names:
            text, found = re.subn(rf"^((?:@dataclass[^\n]*\n)?)class {name}\b",
                                  rf"@mypyc_attr(allow_interpreted_subclasses=True)\n\1class {name}", text,
                                  count=1, flags=re.M)
            if not found:
                raise SystemExit(f"{rel}: class {name} not found")
            done.append(f"{rel}: {name} allows interpreted subclasses")
        text = text.replace("from __future__ import annotations\n",
                            "from __future__ import annotations\n\nfrom mypy_extensions import mypyc_attr\n", 1)
        path.write_text(text, encoding="utf-8")
    return done


def build(tree: Path, modules: list[str]) -> dict:
    """mypyc on `modules` inside `tree`: wall and CPU seconds (gcc included), the .so files' size."""
    (tree / "mypy.ini").write_text(MYPY_INI, encoding="utf-8")
    before = resource.getrusage(resource.RUSAGE_CHILDREN)
    wall = time.perf_counter()
    done = subprocess.run([sys.executable, "-m", "mypyc", *modules], cwd=tree, capture_output=True, text=True)
    wall = time.perf_counter() - wall
    after = resource.getrusage(resource.RUSAGE_CHILDREN)
    if done.returncode:
        raise SystemExit(f"mypyc failed ({done.returncode}):\n{done.stdout[-4000:]}\n{done.stderr[-4000:]}")
    shared = list(tree.glob("*.so")) + list((tree / "meeple").rglob("*.so"))
    return {
        "modules": len(modules),
        "build_wall_s": round(wall, 1),
        "build_cpu_s": round(after.ru_utime + after.ru_stime - before.ru_utime - before.ru_stime, 1),
        "so_files": len(shared),
        "so_bytes": sum(p.stat().st_size for p in shared),
    }


class Side:
    """A worker process running one copy of the package."""

    def __init__(self, tree: Path) -> None:
        env = dict(os.environ, PYTHONPATH=str(tree))
        self.proc = subprocess.Popen([sys.executable, "-c", WORKER], cwd=tree.parent, env=env, text=True,
                                     stdin=subprocess.PIPE, stdout=subprocess.PIPE)
        self.engine = self.read()["engine"]

    def read(self) -> dict:
        assert self.proc.stdout
        line = self.proc.stdout.readline()
        if not line:
            raise SystemExit("a worker stopped")
        return json.loads(line)

    def run(self, game: str, players: int, seconds: float) -> dict:
        assert self.proc.stdin
        self.proc.stdin.write(json.dumps({"game": game, "players": players, "seconds": seconds}) + "\n")
        self.proc.stdin.flush()
        return self.read()

    def close(self) -> None:
        assert self.proc.stdin
        self.proc.stdin.close()
        self.proc.wait()


def race(pure: Side, compiled: Side, game: str, players: int, rounds: int, seconds: float) -> dict:
    totals = {"pure": [0, 0.0], "compiled": [0, 0.0]}
    ratios = []
    for r in range(rounds):
        order = [("pure", pure), ("compiled", compiled)]
        rates = {}
        for name, side in order if r % 2 == 0 else order[::-1]:
            got = side.run(game, players, seconds)
            rates[name] = got["playouts"] / got["cpu"]
            totals[name][0] += got["playouts"]
            totals[name][1] += got["cpu"]
        ratios.append(rates["compiled"] / rates["pure"])
    return {
        "game": game,
        "players": players,
        "pure_playouts_per_cpu_s": round(totals["pure"][0] / totals["pure"][1], 1),
        "compiled_playouts_per_cpu_s": round(totals["compiled"][0] / totals["compiled"][1], 1),
        "ratio_median": round(statistics.median(ratios), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
        "rounds": rounds,
    }


def same_games(tmp: Path, game: str, games_per_table: int) -> bool | str:
    """bench/play_hash.py --deep prints the same line under both copies."""
    out = []
    for side in ("pure", "compiled"):
        env = dict(os.environ, PYTHONPATH=str(tmp / side))
        done = subprocess.run([sys.executable, str(ROOT / "bench" / "play_hash.py"), "--game", game, "--deep",
                               "--games", str(games_per_table), "--searches", "2"],
                              cwd=tmp, env=env, capture_output=True, text=True)
        if done.returncode:  # the error's last line: what the compiled build could not do
            return f"{side} failed: {done.stderr.strip().splitlines()[-1]}"
        out.append(done.stdout)
    return out[0] == out[1]


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--games", default=",".join(SLOWEST), help="game ids, comma-separated")
    parser.add_argument("--with-games", action="store_true", help="also compile the games' modules in GAME_MODULES")
    parser.add_argument("--rounds", type=int, default=5, help="alternating rounds per game")
    parser.add_argument("--slice", type=float, default=1.0, help="CPU seconds per side per round")
    parser.add_argument("--hash-games", type=int, default=3, help="random games per table for play_hash --deep")
    parser.add_argument("--keep", help="build in this folder and leave it (default: a temporary one)")
    parser.add_argument("--reuse", action="store_true", help="race the build already in --keep's folder")
    args = parser.parse_args()
    wanted = args.games.split(",")

    from meeple import games  # the largest table of each game, read from the installed package

    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="meeple-mypyc-"))
    modules = MODULES + ([f"meeple/games/{g}/{m}.py" for g in wanted for m in GAME_MODULES.get(g, [])]
                         if args.with_games else [])
    try:
        if args.reuse and args.keep:
            changes, built = [], {"reused": str(tmp)}
        else:
            for side in ("pure", "compiled"):
                copy_package(tmp / side)
            changes = patch(tmp / "compiled")
            built = build(tmp / "compiled", modules)
        pure, compiled = Side(tmp / "pure"), Side(tmp / "compiled")
        if not compiled.engine.endswith(".so") or pure.engine.endswith(".so"):
            raise SystemExit(f"the workers did not import the copies meant: {pure.engine}, {compiled.engine}")
        load_before = os.getloadavg()[0]
        results = []
        for game_id in wanted:
            row = race(pure, compiled, game_id, games.get(game_id).max_players, args.rounds, args.slice)
            row["same_games"] = same_games(tmp, game_id, args.hash_games) if args.hash_games else None
            results.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
        pure.close()
        compiled.close()
        print_report(modules, changes, built, load_before, results)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
