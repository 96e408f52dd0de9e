"""Wizard: predict your tricks exactly, with Wizards and Jesters in the deck (3-6 players)."""

from .rules import GAME, Wizard, WizardState

__all__ = ["GAME", "Wizard", "WizardState"]
