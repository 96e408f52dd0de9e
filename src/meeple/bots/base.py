"""What every bot is: something that picks a legal move for its seat.

Bots see the engine contract only. A bot is handed the true state for speed,
but it may only read it through `legal_moves`, `score_sheet(state, seat)`,
`preview` and `determinize(state, seat, rng)`, which never show it more than
its seat may see.
"""

from __future__ import annotations

from abc import ABC, abstractmethod

from meeple.engine import Game, Rng


class Bot(ABC):
    name: str = "bot"

    @abstractmethod
    def choose(self, game: Game, state, seat: int, rng: Rng):
        """A legal move for `seat` in `state`."""
