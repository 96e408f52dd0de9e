"""Vent Life: build a deep-sea vent field from triple-hex tiles and fill it with creatures (2-4 players)."""

from .rules import GAME, VentLife, VentState

__all__ = ["GAME", "VentLife", "VentState"]
