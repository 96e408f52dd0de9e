"""What every game's position JSON shares: its head (the game, the format's version, the seats, the Rng)
and whole numbers checked against their range.

`Game.from_json` has already refused what is not an object of the game; a loader starts from
`read_head` and checks the rest of its own fields with `check_position` and `whole`.
"""

from __future__ import annotations

from typing import Any

from .game import Game, check_position
from .rng import Rng


def position_head(game: Game, state: Any, version: int) -> dict:
    """The fields every position starts with; the game's own follow."""
    return {"game": game.id, "version": version, "players": state.n, "rng": state.rng.state}


def read_head(game: Game, data: dict, version: int) -> tuple[int, Rng]:
    """The seat count and the Rng of a position that `position_head` began: a position of another
    version of the format, or with a seat count the game is not played with, is refused in words."""
    found = data.get("version", version)
    check_position(found == version, f"Unsupported {game.name} position version {found!r} (this is version {version}).")
    n, lo, hi = data["players"], game.min_players, game.max_players
    check_position(isinstance(n, int) and not isinstance(n, bool) and lo <= n <= hi,
                   f"{game.name} is for {lo} to {hi} players, not {n!r} ('players').")
    return n, Rng(int(data.get("rng", 0)))


def whole(value: Any, lo: int, hi: int, what: str) -> int:
    """`value` when it is a whole number from `lo` to `hi` (a bool is not), else a PositionError naming `what`."""
    check_position(isinstance(value, int) and not isinstance(value, bool) and lo <= value <= hi,
                   f"'{what}' must be a whole number from {lo} to {hi}, not {value!r}.")
    return value


def wholes(values: Any, lo: int, hi: int, what: str) -> list[int]:
    """A copy of `values` when it is a list of whole numbers from `lo` to `hi`, else a PositionError naming `what`."""
    check_position(isinstance(values, list) and all(isinstance(v, int) and not isinstance(v, bool)
                                                    and lo <= v <= hi for v in values),
                   f"'{what}' must list whole numbers from {lo} to {hi}.")
    return list(values)
