"""Test-wide set-up: the tests' own toy games join the registry (see tests/toys)."""

from meeple import games
from tests.server.processes import pytest_sessionfinish  # noqa: F401  (fails a run that leaves processes running)

# Twenty (solo, hidden cards, chance), tic-tac-toe (perfect information, no chance), Kuhn poker (two moves or three).
TOY_GAMES = {"twenty": "tests.toys.twenty:GAME", "tictactoe": "tests.toys.tictactoe:GAME",
             "kuhn": "tests.toys.kuhn:GAME"}

for _game_id, _target in TOY_GAMES.items():
    games.register(_game_id, _target)
