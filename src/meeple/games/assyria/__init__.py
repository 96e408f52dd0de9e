"""Assyria (2 to 4 players): huts along two rivers, wells, ziggurats and Assur."""

from .rules import AssyriaGame

GAME = AssyriaGame()

__all__ = ["GAME", "AssyriaGame"]
