"""Test-wide set-up: the tests' own toy games join the registry (see tests/toys), and the order and grouping
of a run on several pytest-xdist workers (see the Makefile's `test`)."""

from pathlib import Path

import pytest

from meeple import games
from tests.server.processes import pytest_sessionfinish  # noqa: F401  (fails a run that leaves processes running)

# Twenty (solo, hidden cards, chance), tic-tac-toe (perfect information, no chance), Kuhn poker (two moves or three).
TOY_GAMES = {"twenty": "tests.toys.twenty:GAME", "tictactoe": "tests.toys.tictactoe:GAME",
             "kuhn": "tests.toys.kuhn:GAME"}

for _game_id, _target in TOY_GAMES.items():
    games.register(_game_id, _target)

TESTS = Path(__file__).resolve().parent
# The folders of pure-Python tests: no server, no browser, nothing set up per module that costs more than
# the test; under `--dist loadgroup` they are handed out one test at a time.
PURE = [TESTS / name for name in ("engine", "testing", "games", "adapters", "bots", "analysis")] + [
    TESTS / "test_bench_floors.py"]

# The modules that take longest, slowest first (the sums of --durations of each part run alone at load 15-33):
# handed out first, so that none of them is left for the end while the other workers have nothing to do.
LONGEST_FIRST = ["server/test_leak.py", "web/test_accessible_whole_game.py", "web/test_living_forest_play.py",
                 "server/test_review_routes.py", "web/test_toy_battle_play.py", "web/test_wizard_play.py",
                 "web/test_ninety_nine_play.py", "web/test_vent_life.py", "web/test_turing_machine_play.py",
                 "web/test_relative_space_play.py", "server/test_abuse.py", "web/test_draft_and_write_records_play.py",
                 "web/test_end_in_view.py", "web/test_picnic_play.py", "web/test_digging_for_dinos_play.py",
                 "server/test_retries.py", "web/test_assyria_play.py", "web/test_letters_home.py",
                 "web/test_acting_in_view.py", "web/test_card_table_phone.py"]


def _pure(path: Path) -> bool:
    return any(path == p or p in path.parents for p in PURE)


@pytest.hookimpl(tryfirst=True)  # (before pytest-xdist reads the xdist_group marks)
def pytest_collection_modifyitems(config, items):
    """Every module that starts servers or a browser is one xdist group (its module-scoped servers start once,
    on one worker); the pure tests are not grouped. Order: the longest modules, the other grouped modules,
    then the pure tests, which being small fill the end of the run evenly."""
    rank = {TESTS / name: i for i, name in enumerate(LONGEST_FIRST)}
    last = len(rank)
    for item in items:
        if not _pure(item.path):
            item.add_marker(pytest.mark.xdist_group(str(item.path.relative_to(TESTS.parent))))
    # (a stable sort: the other modules, and every module's tests, keep their order)
    items.sort(key=lambda item: rank.get(item.path, last + 1 if _pure(item.path) else last))
