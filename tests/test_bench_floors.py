"""The pure-Python floors in bench/floors play exactly the engine's games, so a speed ratio against
them compares the same work (same deals, decisions, legal-move counts and random choices)."""

import importlib.util
from pathlib import Path

from meeple import games
from meeple.analysis.bench import random_playout
from meeple.engine import Rng

FLOORS = Path(__file__).resolve().parent.parent / "bench" / "floors"


def load_floor(name):
    spec = importlib.util.spec_from_file_location(f"floor_{name}", FLOORS / f"{name}.py")
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


def test_the_wizard_floor_plays_the_engines_rounds_move_for_move():
    floor = load_floor("wizard")
    game = games.get("wizard")
    for seed in range(300):
        for n, cards in ((4, 10), (3, 7), (5, 12)):
            state = game.setup(n, {"single_round": cards}, seed)
            decisions = random_playout(game, state, Rng(seed + 7))
            points, floor_decisions = floor.playout(seed, Rng(seed + 7), n, cards)
            assert floor_decisions == decisions
            assert points == list(state.history[-1][4]), (seed, n, cards)
