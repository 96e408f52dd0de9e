"""Toy Battle: two players place toy troops to surround regions or reach the enemy HQ."""

from .rules import GAME, ToyBattle, ToyBattleState

__all__ = ["GAME", "ToyBattle", "ToyBattleState"]
