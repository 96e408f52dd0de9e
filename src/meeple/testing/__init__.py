"""One conformance check for a game (docs/engine.md, "Checking a game").

`check_game(game)` runs every generic check: the contract (set-up, whole random
games, moves, bad input, views and sheets, clones, endings), the two-worlds leak
test at the engine's level, the bots' blindness, the adapters' lengths and their
own conformance tests. It returns a `Report` naming each failing check in words
with the table, position, seat and move where it failed. `meeple check GAME`
runs it from the command line (a registered id or "module:Name").
"""

from .check import check_game, load_game
from .checks import CHECKS, Budget
from .report import Failure, Report

__all__ = ["CHECKS", "Budget", "Failure", "Report", "check_game", "load_game"]
