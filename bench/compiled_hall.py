"""The hall's Python on the per-change path compiled with mypyc against the pure-Python package: CPU a
stored change in bench/hall_driver.py (Picnic tables played through the hall, one delta socket a seat),
ratios in one run, and whether the compiled build gives the same answers and socket messages.

    .venv/bin/python bench/compiled_hall.py                        # MODULES, 4 alternated rounds
    .venv/bin/python bench/compiled_hall.py --modules views,pushes --rounds 6
    .venv/bin/python bench/compiled_hall.py --keep /tmp/hall-mypyc            # build, race, keep the build
    .venv/bin/python bench/compiled_hall.py --keep /tmp/hall-mypyc --reuse    # race that build again
    .venv/bin/python bench/compiled_hall.py --with-engine   # also the engine and Picnic's modules

As bench/compiled_core.py does for the engine (its copy_package and build are used here): src/meeple is
copied twice into a temporary folder, `pure` as it is and `compiled` with the rewrites mypyc needs
(DECORATE: the package itself is unchanged), then mypyc compiles the chosen server modules there. Each
round runs hall_driver.py once per copy and mode (MODES: the hall's calls alone, and through the ASGI
app) by PYTHONPATH, the copy going first alternating every round; a run's figure is its median of
hall_driver's rounds (process_time over stored changes). A round's ratio is compiled over pure; the
JSON gives the median of the rounds' ratios with their range per mode (and the ratio of each copy's
median, less swayed by one slow run), whether the hashes of every
answer and message were equal, the build's time, the .so files' size and the load average.
"""

from __future__ import annotations

import argparse
import json
import os
import re
import shutil
import statistics
import subprocess
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import compiled_core  # noqa: E402
from compiled_core import build, copy_package  # noqa: E402

ROOT = Path(__file__).resolve().parent.parent
DRIVER = ROOT / "bench" / "hall_driver.py"

# The server modules a stored change runs through (bench/hall_driver.py --parts; their times per piece in
# docs/journal/server.md, "Load, as docs/server.md gave it before 6 December 2026").
# All six compile as written; moves.py gives a warning only (Moves.TURN_REFUSALS, a frozenset class
# attribute, is not a native default: it stays a class attribute, read the Python way).
MODULES = ("views", "pushes", "table", "moves", "live", "text")

# Classes of the compiled modules that get a mypyc decorator in the compiled copy, and why.
DECORATE = {
    # seating.py and rematches.py (interpreted) and table.py store a seat as vars(seat): a native
    # class has no __dict__, so Seat stays a plain Python class (its readers are compiled all the same).
    ("meeple/server/table.py", "Seat"): "native_class=False",
}

# The engine's and Picnic's modules compiled with --with-engine: compiled_core's, with its rewrites.
ENGINE_MODULES = compiled_core.MODULES
PICNIC_MODULES = compiled_core.GAME_MODULES["picnic"]

# hall_driver.py's options per mode; every mode plays the same tables with one delta socket a seat.
MODES = {
    "hall": ["--seat-sockets"],
    "asgi": ["--seat-sockets", "--asgi"],
}

# Which file each compiled module was imported from: the .so beside the .py, not the .py.
WHERE = "import importlib, sys\nfor m in sys.argv[1:]: print(importlib.import_module(m).__file__)"


def decorate(tree: Path) -> list[str]:
    """The compiled copy's rewrites; returns what was changed, for the JSON. A class no longer there
    stops the script instead of measuring something else."""
    done = []
    for (rel, name), argument in DECORATE.items():
        path = tree / rel
        text = path.read_text(encoding="utf-8")
        text, found = re.subn(rf"^((?:@dataclass[^\n]*\n)?)class {name}\b",
                              rf"@mypyc_attr({argument})\n\1class {name}", text, count=1, flags=re.M)
        if not found:
            raise SystemExit(f"{rel}: class {name} not found")
        text = text.replace("from __future__ import annotations\n",
                            "from __future__ import annotations\n\nfrom mypy_extensions import mypyc_attr\n", 1)
        path.write_text(text, encoding="utf-8")
        done.append(f"{rel}: {name} gets @mypyc_attr({argument})")
    return done


def imported_from(tree: Path, modules: list[str]) -> list[str]:
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, "-c", WHERE, *modules], cwd=tree.parent, env=env,
                          capture_output=True, text=True, check=True)
    return done.stdout.split()


def drive(tree: Path, options: list[str], tables: int, rounds: int) -> dict:
    """One hall_driver.py run on the copy in `tree`."""
    env = dict(os.environ, PYTHONPATH=str(tree))
    done = subprocess.run([sys.executable, str(DRIVER), "--tables", str(tables), "--rounds", str(rounds), *options],
                          cwd=tree.parent, env=env, capture_output=True, text=True)
    if done.returncode:  # the error's last line: what the copy could not do
        raise SystemExit(f"hall_driver.py {' '.join(options)} on {tree.name} failed: "
                         f"{done.stderr.strip().splitlines()[-1]}")
    out = json.loads(done.stdout.splitlines()[-1])
    if not out["code"].startswith(str(tree)):
        raise SystemExit(f"hall_driver.py ran {out['code']}, not the copy in {tree}")
    return out


def race(tmp: Path, mode: str, rounds: int, tables: int, driver_rounds: int) -> dict:
    ms: dict[str, list[float]] = {"pure": [], "compiled": []}
    hashes: dict[str, set[str]] = {"pure": set(), "compiled": set()}
    ratios = []
    for r in range(rounds):
        order = ("pure", "compiled") if r % 2 == 0 else ("compiled", "pure")
        for side in order:
            out = drive(tmp / side, MODES[mode], tables, driver_rounds)
            ms[side].append(out["median_ms"])
            hashes[side].update(out["hash"])
        ratios.append(ms["compiled"][-1] / ms["pure"][-1])
    return {
        "mode": mode,
        "driver": ["--tables", str(tables), "--rounds", str(driver_rounds), *MODES[mode]],
        "pure_ms_a_change": ms["pure"],
        "compiled_ms_a_change": ms["compiled"],
        "ratio_median": round(statistics.median(ratios), 3),
        "ratio_of_medians": round(statistics.median(ms["compiled"]) / statistics.median(ms["pure"]), 3),
        "ratio_min": round(min(ratios), 3),
        "ratio_max": round(max(ratios), 3),
        "same_hash": hashes["pure"] == hashes["compiled"] and len(hashes["pure"]) == 1,
        "rounds": rounds,
    }


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--modules", default=",".join(MODULES),
                        help="meeple/server modules to compile, comma-separated")
    parser.add_argument("--modes", default=",".join(MODES), help="hall_driver modes to race, comma-separated")
    parser.add_argument("--rounds", type=int, default=4, help="alternated rounds per mode")
    parser.add_argument("--tables", type=int, default=10, help="hall_driver.py --tables")
    parser.add_argument("--driver-rounds", type=int, default=3, help="hall_driver.py --rounds (a run's median)")
    parser.add_argument("--with-engine", action="store_true",
                        help="also compile the engine and Picnic's modules, as compiled_core.py --with-games does")
    parser.add_argument("--keep", help="build in this folder and leave it (default: a temporary one)")
    parser.add_argument("--reuse", action="store_true", help="race the build already in --keep's folder")
    args = parser.parse_args()
    names = args.modules.split(",")
    modules = [f"meeple/server/{name}.py" for name in names]
    if args.with_engine:  # (the game calls each viewer's body makes: view, score_sheet, legal moves)
        modules += ENGINE_MODULES + [f"meeple/games/picnic/{m}.py" for m in PICNIC_MODULES]

    tmp = Path(args.keep) if args.keep else Path(tempfile.mkdtemp(prefix="meeple-hall-mypyc-"))
    try:
        if args.reuse and args.keep:
            changes, built = [], {"reused": str(tmp)}
        else:
            for side in ("pure", "compiled"):
                copy_package(tmp / side)
            changes = decorate(tmp / "compiled")
            if args.with_engine:
                changes += compiled_core.patch(tmp / "compiled")
            built = build(tmp / "compiled", modules)
        dotted = [f"meeple.server.{name}" for name in names]
        if not all(f.endswith(".so") for f in imported_from(tmp / "compiled", dotted)) or any(
                f.endswith(".so") for f in imported_from(tmp / "pure", dotted)):
            raise SystemExit("the copies do not import the modules meant (compiled: .so, pure: .py)")
        load_before = os.getloadavg()[0]
        results = []
        for mode in args.modes.split(","):
            row = race(tmp, mode, args.rounds, args.tables, args.driver_rounds)
            results.append(row)
            print(json.dumps(row), file=sys.stderr, flush=True)
        compiled_core.print_report(modules, changes, built, load_before, results)
    finally:
        if not args.keep:
            shutil.rmtree(tmp, ignore_errors=True)


if __name__ == "__main__":
    main()
