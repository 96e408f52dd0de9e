"""What every game's position JSON shares: its head (the game, the format's version, the seats, the Rng)
and whole numbers checked against their range.

`Game.from_json` has already refused what is not an object of the game; a loader starts from
`read_head` and checks the rest of its own fields with `check_position`, `whole` and `Pieces`.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from .errors import PositionError
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


class Pieces:
    """Distinct pieces of one kind that a position places, each at most once (the tiles of a box, the
    memory cards): `take` reads one where it lies and marks it placed; `rest` lists those placed nowhere.

    `what`: a good entry in words, for the error ("a tile is a number from 0 to 59"); `read`: turns a
    written name into its number, or raises ValueError saying why not; `label`: a piece's name in the
    error about one placed twice (default its number)."""

    def __init__(self, noun: str, count: int, what: str, *, read: Callable[[str], int] | None = None,
                 label: Callable[[int], str] = str) -> None:
        self.noun, self.count, self.what, self.read, self.label = noun, count, what, read, label
        self.used: set[int] = set()

    def take(self, entry: Any, where: str) -> int:
        """The piece `entry` names, placed at `where`; a PositionError naming `where` if it names none or
        one already placed."""
        if isinstance(entry, str) and self.read is not None:
            try:
                entry = self.read(entry)
            except ValueError as exc:
                raise PositionError(f"{where}: {exc}.") from None
        check_position(isinstance(entry, int) and not isinstance(entry, bool) and 0 <= entry < self.count,
                       f"{where}: {self.what}.")
        check_position(entry not in self.used, f"{where}: {self.noun} {self.label(entry)} is used twice.")
        self.used.add(entry)
        return entry

    def rest(self) -> list[int]:
        """The pieces placed nowhere yet, in order."""
        return sorted(set(range(self.count)) - self.used)
