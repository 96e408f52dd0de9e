"""bench/compiled_core.py rewrites a copy of the package for mypyc: the rewrites must still find their
text in the current tree, and the rewritten copy must play the same games as the package when run as
plain Python (only then is a compiled-against-pure ratio a comparison of the same work)."""

import importlib.util
import os
import subprocess
import sys
from pathlib import Path

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load_script():
    spec = importlib.util.spec_from_file_location("compiled_core", BENCH / "compiled_core.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


COMPILED_CORE = load_script()

# Random playouts through the copy, printed as moves and scores per seed.
PLAY = """
from meeple import games
from meeple.analysis.bench import random_playout
from meeple.engine import Rng
import meeple.engine.moves
for game_id in ("wizard", "picnic"):
    game = games.get(game_id)
    for seed in range(3):
        state = game.setup(game.max_players, None, seed)
        print(game_id, seed, random_playout(game, state, Rng(seed)), game.scores(state))
print(meeple.engine.moves.__file__)
"""


def play(tree: Path | None) -> list[str]:
    env = dict(os.environ)
    if tree is not None:
        env["PYTHONPATH"] = str(tree)
    out = subprocess.run([sys.executable, "-c", PLAY], env=env, cwd=tree.parent if tree else None,
                         capture_output=True, text=True, check=True).stdout.splitlines()
    return out


def test_the_rewritten_copy_plays_the_packages_games(tmp_path):
    COMPILED_CORE.copy_package(tmp_path / "compiled")
    done = COMPILED_CORE.patch(tmp_path / "compiled")
    assert len(done) == len(COMPILED_CORE.PATCHES) + sum(len(n) for n in COMPILED_CORE.DECORATE.values())
    assert "mypyc_attr(allow_interpreted_subclasses=True)\nclass Game(" in (
        tmp_path / "compiled/meeple/engine/game.py").read_text(encoding="utf-8")
    copy, package = play(tmp_path / "compiled"), play(None)
    assert copy[-1].startswith(str(tmp_path))  # the copy ran, not the installed package
    assert copy[:-1] == package[:-1]
