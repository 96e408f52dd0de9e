"""What storing a change costs SQLite: at most 4 statements per stored move, one transaction per
change, counted by sqlite3's trace callback while seeded tables are played through the hall to
the end (a take and a place stored at once, a placement kept pending and then confirmed, the
last move stored with the results and ratings)."""

from __future__ import annotations

import asyncio
import collections
import random

import pytest

from meeple.server.hall import Hall
from meeple.store import Store


async def _play(hall: Hall, game: str, seats: int, clock: dict | None, tables: int, seed: int) -> int:
    """Play `tables` tables to the end with random moves (confirming a pending turn when the seat may);
    the number of moves stored while playing."""
    rng = random.Random(seed)
    played = []
    for _ in range(tables):
        created = await hall.create_table({"id": "u1", "name": "Ann"},
                                          {"game": game, "seats": [{"type": "human"}] * seats, "public": False,
                                           "clock": clock})
        table_id, tokens = created["table"], {}
        for s in range(seats):
            invite = created["seats"][s]["invite"].split("token=")[1]
            tokens[s] = (await hall.join(table_id, {"id": f"p{s}", "name": f"P{s}"}, invite, s))["token"]
        played.append((hall.tables[table_id], tokens))
    start = sum(table.seq for table, _ in played)
    hall.store.db.conn.set_trace_callback(_COUNT.trace)
    try:
        live = list(played)
        while live:
            for item in list(live):
                table, tokens = item
                if table.status == "finished":
                    live.remove(item)
                    continue
                seat = min(table.game.to_move(table.state))
                move = rng.choice(table.game.legal_moves(table.pending_state(seat), seat))
                await hall.move(table.id, tokens[seat], None, table.seen_seq(seat), table.game.move_to_json(move))
                if table.pending.get(seat) and seat not in table.to_move(seat):
                    await hall.confirm(table.id, tokens[seat], None, table.seen_seq(seat))
    finally:
        hall.store.db.conn.set_trace_callback(None)
    return sum(table.seq for table, _ in played) - start


class _Count:
    def __init__(self) -> None:
        self.statements: collections.Counter[str] = collections.Counter()

    def trace(self, sql: str) -> None:
        self.statements[" ".join(sql.split()[:2]).upper()] += 1


_COUNT = _Count()


@pytest.mark.parametrize("game, seats, clock", [
    ("picnic", 4, None),
    ("picnic", 2, {"mode": "realtime", "bank_s": 600}),
    ("wizard", 3, {"mode": "realtime", "per_move_s": 60}),
])
def test_a_stored_move_costs_at_most_four_statements(tmp_path, game, seats, clock):
    _COUNT.statements.clear()
    store = Store(str(tmp_path / "meeple.db"))
    hall = Hall(store)
    try:
        moves = asyncio.run(_play(hall, game, seats, clock, tables=2, seed=7))
    finally:
        store.close()
    counted = _COUNT.statements
    total = sum(counted.values())
    assert moves > 50
    per_move = total / moves
    print(f"{game} {seats}p clock={clock}: {per_move:.2f} statements per stored move ({moves} moves)")
    assert per_move <= 4, f"{per_move:.2f} statements per stored move: {dict(counted.most_common())}"
    assert counted["BEGIN IMMEDIATE"] <= moves, "more than one transaction per stored move"
