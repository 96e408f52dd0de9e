"""Ninety-Nine: bid by setting three cards aside, then take exactly that many tricks (3 players)."""

from .rules import GAME, NinetyNine, NinetyNineState

__all__ = ["GAME", "NinetyNine", "NinetyNineState"]
