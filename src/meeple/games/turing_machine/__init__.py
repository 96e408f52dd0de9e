"""Turing Machine: deduce a secret code from verifiers whose checks are hidden (1 to 4 players)."""

from .rules import GAME, TuringMachine, TuringState

__all__ = ["GAME", "TuringMachine", "TuringState"]
