"""A seat taken through one process, asked for through another before that one heard of it
(server/live.py, `LiveTables.seat_of`): the process reads the table again before it refuses the token,
and two requests that come together (a page opening its state and its socket at once) both wait for
that one read. Two halls on one fresh PostgreSQL database and the shared Redis (`pg_halls`); needs
PostgreSQL and Redis on their standard local ports.
"""

from __future__ import annotations

import asyncio
import threading

from .conftest import Player
from .test_pg_unwatched import HUMAN, everything_heard


def test_two_requests_with_a_seat_token_not_heard_of_yet_are_both_answered(pg_halls):
    a, b = pg_halls
    ann = Player(a.url, "Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    everything_heard(a.url, b.url)
    assert table in b.hall.tables
    # B hears nothing more of the table (its news late, say), and its reads of it take a while.
    bus = b.hall.live.bus
    handle = bus._handle

    async def deaf(raw, *rest):
        if table.encode() not in raw:
            await handle(raw, *rest)

    bus._handle = deaf
    live = b.hall.live
    read = live.on_remote_change

    async def slow(table_id, heard=True):
        await asyncio.sleep(0.3)
        await read(table_id, heard)

    live.on_remote_change = slow
    bob = Player(a.url, "Bob")
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200, r.text
    token = r.json()["token"]
    assert b.hall.tables[table].seats[1].player is None  # (B has not heard of the join)
    answers: list = [None, None]
    start = threading.Barrier(2)

    def ask(i: int) -> None:
        on_b = Player(b.url)
        on_b.token = token
        start.wait()
        answers[i] = on_b.get(f"/api/tables/{table}/state")

    threads = [threading.Thread(target=ask, args=(i,)) for i in range(2)]
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    assert [r.status_code for r in answers] == [200, 200], [r.text for r in answers]
    assert [r.json()["my_seat"] for r in answers] == [1, 1]
