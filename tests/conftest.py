"""Test-wide set-up: the tests' own toy games join the registry (see tests/toys)."""

from meeple import games
from tests.server.processes import pytest_sessionfinish  # noqa: F401  (fails a run that leaves processes running)

TOY_GAMES = {"twenty": "tests.toys.twenty:GAME"}

for _game_id, _target in TOY_GAMES.items():
    games.register(_game_id, _target)
