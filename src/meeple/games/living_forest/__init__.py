"""Living Forest (with the Kodama expansion as an option): Spirits of Nature draw Guardian Animals,
plant trees, put out Onibi's fires (2-4 players)."""

from .rules import GAME, LivingForest
from .state import LFState

__all__ = ["GAME", "LFState", "LivingForest"]
