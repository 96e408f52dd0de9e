"""Digging for Dinos: move paleontologists over a grid of fossils and complete dinosaurs (2-4 players)."""

from .rules import GAME, DiggingForDinos, DinoState

__all__ = ["GAME", "DiggingForDinos", "DinoState"]
