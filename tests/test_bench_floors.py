"""The pure-Python floors in bench/floors play exactly the engine's games, so a speed ratio against
them compares the same work (same deals, decisions, legal-move counts and random choices)."""

import ast
import importlib
import importlib.util
from pathlib import Path

import pytest

from meeple import games
from meeple.analysis.bench import random_playout
from meeple.engine import Rng

BENCH = Path(__file__).resolve().parent.parent / "bench"


def load(path: Path, name: str):
    spec = importlib.util.spec_from_file_location(name, path)
    module = importlib.util.module_from_spec(spec)
    spec.loader.exec_module(module)
    return module


ENGINE_VS_FLOOR = load(BENCH / "engine_vs_floor.py", "engine_vs_floor")
FLOORS = ENGINE_VS_FLOOR.floors()
TABLES = [(game_id, n, options) for game_id, floor in FLOORS.items() for n, options in floor.TABLES]


def meeple_imports(path: Path) -> list[tuple[str, str]]:
    """(module, name) for every name a floor imports from meeple."""
    found = []
    for node in ast.walk(ast.parse(path.read_text(encoding="utf-8"))):
        if isinstance(node, ast.Import):
            found += [(alias.name, "*") for alias in node.names if alias.name.split(".")[0] == "meeple"]
        elif isinstance(node, ast.ImportFrom) and (node.module or "").split(".")[0] == "meeple":
            found += [(node.module, alias.name) for alias in node.names]
    return found


def test_a_floor_imports_only_the_generator_and_its_games_component_data():
    """An honest floor is written from the rules: from meeple it takes the generator and its own game's
    data tables (cards, tiles, the board), never a function of the game (else the engine is measured
    against itself)."""
    for game_id, floor in FLOORS.items():
        for module, name in meeple_imports(Path(floor.__file__)):
            where = f"bench/floors/{Path(floor.__file__).name} imports {name} from {module}"
            if module == "meeple.engine":
                assert name == "Rng", where
                continue
            assert module.startswith(f"meeple.games.{game_id}."), where
            value = getattr(importlib.import_module(module), name)
            assert not callable(value), where + ": a function of the game, not its data"


def test_every_floor_names_a_registered_game_and_its_tables():
    assert "wizard" in FLOORS
    for game_id, floor in FLOORS.items():
        game = games.get(game_id)
        assert floor.TABLES
        for n, _options in floor.TABLES:
            assert game.min_players <= n <= game.max_players


@pytest.mark.parametrize("game_id,n,options", TABLES, ids=[f"{g}-{n}-{i}" for i, (g, n, _) in enumerate(TABLES)])
def test_the_floor_plays_the_engines_games_move_for_move(game_id, n, options):
    floor = FLOORS[game_id]
    game = games.get(game_id)
    for seed in range(60):
        state = game.setup(n, options, seed)
        moves = random_playout(game, state, Rng(seed + 7))
        floor_scores, floor_moves = floor.play(seed, Rng(seed + 7), n, options)
        assert floor_moves == moves, (seed, n, options)
        assert list(floor_scores) == list(game.scores(state)), (seed, n, options)


@pytest.mark.parametrize("game_id,n,options", TABLES, ids=[f"{g}-{n}-{i}" for i, (g, n, _) in enumerate(TABLES)])
def test_with_the_c_generator_the_floor_still_plays_the_engines_games(game_id, n, options):
    """The second figure of bench/engine_vs_floor.py draws the moves from CRng (C) on both sides."""
    floor, game = FLOORS[game_id], games.get(game_id)
    c_rng = ENGINE_VS_FLOOR.CRng
    assert c_rng(5).next_u64() == c_rng(5).next_u64() != Rng(5).next_u64()
    for seed in range(8):
        state = game.setup(n, options, seed)
        moves = random_playout(game, state, c_rng(seed + 7))
        floor_scores, floor_moves = floor.play(seed, c_rng(seed + 7), n, options)
        assert (floor_moves, list(floor_scores)) == (moves, list(game.scores(state))), (seed, n, options)


def test_the_wizard_floor_plays_the_engines_rounds_move_for_move():
    floor = FLOORS["wizard"]
    game = games.get("wizard")
    for seed in range(300):
        for n, cards in ((4, 10), (3, 7), (5, 12)):
            state = game.setup(n, {"single_round": cards}, seed)
            decisions = random_playout(game, state, Rng(seed + 7))
            points, floor_decisions = floor.playout(seed, Rng(seed + 7), n, cards)
            assert floor_decisions == decisions
            assert points == list(state.history[-1][4]), (seed, n, cards)
