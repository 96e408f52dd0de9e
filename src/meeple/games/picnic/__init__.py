"""Picnic: lay out the best-scoring picnic round your plate (2-4 players)."""

from .rules import GAME, Picnic, PicnicState

__all__ = ["GAME", "Picnic", "PicnicState"]
