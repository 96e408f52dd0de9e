"""Twenty: a tiny push-your-luck card game, solo or for up to three (tests only, not shipped).

It is the template game that docs/engine.md walks through step by step, and the
solo table the tests play: one seat, won or lost against a target score.
"""

from .rules import GAME, Twenty, TwentyState

__all__ = ["GAME", "Twenty", "TwentyState"]
