"""Letters Home: walk a new town, pin what you find to a corkboard, write letters home (2-4 players)."""

from .rules import GAME, LettersHome, LettersHomeState

__all__ = ["GAME", "LettersHome", "LettersHomeState"]
