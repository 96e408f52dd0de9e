"""Relative Space: load your 12-card stash into the shared escape pods before the others (2-5 players)."""

from .rules import GAME, RelativeSpace, RelativeSpaceState

__all__ = ["GAME", "RelativeSpace", "RelativeSpaceState"]
