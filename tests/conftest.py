"""Test-wide set-up: the tests' own toy games join the registry (see tests/toys)."""

from meeple import games

TOY_GAMES = {"twenty": "tests.toys.twenty:GAME"}

for _game_id, _target in TOY_GAMES.items():
    games.register(_game_id, _target)
