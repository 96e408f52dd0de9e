"""Positions of replayed games, so that `replay/{k}` costs a few moves of play, not the whole game
(issue 21: 25 ms of CPU a request on a long Vent Life game, unauthenticated).

The stored log only grows, so the position after k moves of a table never changes: positions at
every EVERY-th step are kept in a bounded LRU, and a step is played on from the nearest one below.
"""

from __future__ import annotations

from collections import OrderedDict
from typing import Any

from .table import Table

EVERY = 16
MAX_POSITIONS = 2048


class ReplayPositions:
    def __init__(self, max_positions: int = MAX_POSITIONS) -> None:
        self.max_positions = max_positions
        self.kept: OrderedDict[tuple[str, int], Any] = OrderedDict()

    def state_at(self, table: Table, k: int):
        """The position after the table's first k stored moves (0 <= k <= table.seq)."""
        base = k - k % EVERY
        while base > 0 and (table.id, base) not in self.kept:
            base -= EVERY
        state = self.kept[(table.id, base)] if base > 0 else table.opening()
        if base > 0:
            self.kept.move_to_end((table.id, base))
        for step in range(base, k):
            c = table.history[step]
            state, _ = table.game.play(state, c.seat, c.move)
            if (step + 1) % EVERY == 0:
                self._keep((table.id, step + 1), state)
        return state

    def _keep(self, key: tuple[str, int], state) -> None:
        self.kept[key] = state
        self.kept.move_to_end(key)
        if len(self.kept) > self.max_positions:
            self.kept.popitem(last=False)
