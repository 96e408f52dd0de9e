"""Kuhn poker: the smallest poker, two seats and three cards (tests only, not shipped).

A game with hidden cards and chance that is over in two or three moves: the generic
tests must not assume long games.
"""

from .rules import GAME, Kuhn, KuhnState

__all__ = ["GAME", "Kuhn", "KuhnState"]
