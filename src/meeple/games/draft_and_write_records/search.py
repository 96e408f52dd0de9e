"""What the search alone adds to its judgement of a position (`leaf_bonus` in the search hints).

Greedy values a pick by the points it adds now plus the game's heuristic, and that undervalues the
asset spaces: a one-move player biased towards asset plays wins more often against unbiased ones
(docs/journal/bots.md, 5 December 2026). At 3 and 4 players the search counts each asset space
marked on a sheet as extra points (times the hints' `leaf_bonus_weight`), so that its valuation is
its own and not a copy of greedy's; at other tables it adds nothing (2 players: the learned judge).
"""

from __future__ import annotations

from .sheet import F_ASSETS

#: The table sizes the bonus was measured at.
TABLES = (3, 4)


def assets_marked(state, seat: int) -> float:
    """The asset spaces marked on the seat's sheet (open to everyone); 0 at other tables than TABLES."""
    if state.n not in TABLES:
        return 0.0
    return float(state.sheets[seat][F_ASSETS].bit_count())
