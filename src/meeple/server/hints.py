"""Hints at friendly tables (issue 36, docs/review.md "Hints"): the move the search would play for
the seat to move, and why, in a line of words; never played for it.

Off at rated tables and where the creator turned them off (`hints: false` when the table is made).
A hint is `analysis.review.explain_hint` from the asking seat's own position (its pending moves
included), run in a bot worker like a bot's move: the search reads the position only through
`determinize` from that seat's view, and the answer goes to that seat's request alone (no socket
message carries it). The table counts the hints each seat took (store/reviews.py); while the game
runs a seat learns only its own count, once it is over everyone sees every seat's.
"""

from __future__ import annotations

from meeple.analysis.review import JUDGE
from meeple.store import reviews as stored

from .botpool import WALL_CAP_S
from .errors import ApiError
from .hall import Hall
from .live import SEED_BITS
from .table import Table

HINT_WORLDS = 8  # worlds the hint's reason (the next best move's cost) is played out in
# About the most wall time a hint takes: its search gets half (a bot's cap at a table, botpool.WALL_CAP_S),
# its playouts the rest. On a busy host the hint then plays fewer worlds (and says so) rather than making
# the player wait: a CPU budget alone took 24.8 s of wall time at load 19.
HINT_WALL_S = 2 * WALL_CAP_S


def hint_move(game_id: str, position: dict, seat: int, level: str, seed: int, worlds: int,
              wall_seconds: float | None = HINT_WALL_S) -> dict:
    """Runs in a worker: the hint for `seat` in the position (explain_hint's answer, in `wall_seconds`)."""
    from meeple import games
    from meeple.analysis.review import explain_hint

    game = games.get(game_id)
    return explain_hint(game, game.from_json(position), seat, level, seed, worlds, wall_seconds)


def hint_seed(seen_seq: int, seat: int) -> int:
    """The hint's seed: made of what the seat sees (the moves it is shown, and itself), never of the
    table's own seed, so two positions it cannot tell apart get the same hint."""
    return (seen_seq * 0x9E3779B97F4A7C15 + seat) & ((1 << SEED_BITS) - 1)


def _rated(body: dict) -> bool:
    """Whether the table made from this body is rated (seating.py's default: rated with 2 seats or more)."""
    rated = body.get("rated")
    if rated is None:
        players = body.get("players")
        seats = body.get("seats")
        return (players if isinstance(players, int) else len(seats) if isinstance(seats, list) else 0) >= 2
    return bool(rated)


class Hints:
    """The Hint route, the table option, and the counts."""

    def __init__(self, hall: Hall, level: str = JUDGE, worlds: int = HINT_WORLDS,
                 wall_seconds: float | None = HINT_WALL_S) -> None:
        self.hall = hall
        self.level = level
        self.worlds = worlds
        # None: bounded by the search's and the worlds' work alone, so that the same view always gives the
        # same hint (the leak tests compare hints across worlds; a wall budget cuts by the clock's reading)
        self.wall_seconds = wall_seconds
        # (table, seat) -> (the position it was asked in, the hint): asked again there, it is not counted again
        self.last: dict[tuple[str, int], tuple[tuple, dict]] = {}

    @staticmethod
    def check_option(body: dict) -> bool | None:
        """The `hints` field of a new table (None: the default, on where not rated); 400 where a rated
        table would get hints."""
        wanted = body.get("hints")
        if wanted and _rated(body):
            raise ApiError(400, "bad_request", "A rated table has no hints: set 'rated' to false for a friendly "
                                               "table with hints.")
        return wanted

    async def after_create(self, table_id: str, wanted: bool | None) -> None:
        if wanted is False:
            await self.hall.db(stored.turn_hints_off, self.hall.store, table_id)

    async def why_not(self, table: Table) -> str | None:
        """Why this table gives no hints, or None where it does."""
        if table.rated:
            return "Hints are off at rated tables."
        if await self.hall.db(stored.hints_off, self.hall.store, table.id):
            return "The table's creator turned hints off."
        return None

    async def info(self, table_id: str, seat: int | None) -> dict:
        """Whether the table gives hints, and the hints taken: every seat's once the game is over,
        else the asking seat's own (a spectator: none)."""
        table = await self.hall.table(table_id)
        why = await self.why_not(table)
        counts = await self.hall.db(stored.hint_counts, self.hall.store, table_id)
        if table.status != "finished":
            counts = {s: n for s, n in counts.items() if s == seat}
        return {"allowed": why is None, "why": why,
                "counts": [{"seat": s, "hints": n} for s, n in sorted(counts.items())]}

    @staticmethod
    def _where(table: Table, seat: int) -> tuple:
        """The position as the seat knows it: the moves it is shown, and its own pending ones."""
        return table.seen_seq(seat), tuple(str(table.game.move_to_json(m)) for m in table.pending.get(seat, ()))

    async def hint(self, table_id: str, seat: int) -> dict:
        """The hint for `seat`, which must be to move at a table that gives hints."""
        table = await self.hall.table(table_id)
        why = await self.why_not(table)
        if why is not None:
            raise ApiError(409, "no_hints", why)
        table.check_can_act(seat)
        if seat not in table.to_move(seat):
            raise ApiError(409, "not_your_turn", "A hint is for the seat to move: it is not your turn.")
        where = self._where(table, seat)
        last = self.last.get((table_id, seat))
        if last is not None and last[0] == where:
            return last[1]
        seed = hint_seed(where[0], seat)
        position = table.game.to_json(table.pending_state(seat))
        party, group = self.hall.bots.group(table)
        found = await self.hall.bots.queue.run(party, hint_move, table.game.id, position, seat, self.level, seed,
                                               self.worlds, self.wall_seconds, group=group)
        if self._where(table, seat) != where or table.status != "running":
            raise ApiError(409, "stale_seq", "The position changed while the hint was found: ask again.")
        count = await self.hall.db(stored.count_hint, self.hall.store, table_id, seat)
        body = {"hint": found, "hints": count}
        self.last[(table_id, seat)] = (where, body)
        if len(self.last) > 10_000:
            del self.last[next(iter(self.last))]
        return body
