"""Tic-tac-toe: a perfect-information game without chance (tests only, not shipped).

The generic tests must hold for a game where nothing is hidden and nothing is left
to chance, which no shipped game is.
"""

from .rules import GAME, TicTacToe, TicTacToeState

__all__ = ["GAME", "TicTacToe", "TicTacToeState"]
