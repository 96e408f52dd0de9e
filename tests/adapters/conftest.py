"""Fixtures shared by the adapter tests."""

import pytest

from meeple import games

from .toys import TOYS


@pytest.fixture(scope="module")
def toys():
    """The adapter tests' own toy games (tests/adapters/toys.py), registered for the module that asks."""
    for game_id, target in TOYS.items():
        games.register(game_id, target)
    yield
    for game_id in TOYS:
        games.unregister(game_id)
