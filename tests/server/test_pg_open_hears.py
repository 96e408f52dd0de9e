"""A hall opening beside others (PostgreSQL and Redis) misses no change stored while it reads its tables
(hall.py, `Hall.open`). It subscribes first and reads each table as any request does, after Redis
confirmed the table's channel (`LiveTables.load`): a change stored before that is in the read, one
stored after it is heard and read once the load is done. Before, it read every table and only then
subscribed: a change stored in between went unheard, and the table was held as it had been read until
its next change (a player on this process saw the old position; a bot seat put to move was not moved
here).

Two `Hall`s on one fresh PostgreSQL database and the shared Redis, in one event loop: A is up, B opens,
and the test stores a move through A at a set point of B's opening (before B starts its bus, or just
after B read the table). A drives no bot here, so the bot seat's move must come from B. Needs
PostgreSQL and Redis on their standard local ports (skipped elsewhere, failing under CI=true).
"""

from __future__ import annotations

import asyncio
import uuid

import pytest

from meeple import games
from meeple.server import botturns
from meeple.server.bus import RedisBus
from meeple.server.hall import Hall
from meeple.store import Store

from .conftest import REDIS_URL, TOY_GAMES_ENV

HUMAN, BOT = {"type": "human"}, {"type": "bot", "level": "random"}
ANN, BOB = {"id": "u-ann", "name": "Ann"}, {"id": "u-bob", "name": "Bob"}


async def until(test, what: str, tries: int = 4000) -> None:
    """Wait for `test()` to hold, looking every 5 ms (20 s at most)."""
    for _ in range(tries):
        if test():
            return
        await asyncio.sleep(0.005)
    raise AssertionError(f"timed out waiting: {what}")


async def move(hall: Hall, table_id: str, tokens: dict[int, str]) -> int:
    """The first legal move of the seat to move, confirmed, through `hall`; the table's seq after it."""
    table = hall.tables[table_id]
    seat = min(table.game.to_move(table.state))
    chosen = table.game.legal_moves(table.state, seat)[0]
    await hall.move(table_id, tokens[seat], None, table.seen_seq(seat), table.game.move_to_json(chosen),
                    confirm=True)
    assert table.seq > 0 and seat not in table.game.to_move(table.state)  # (the turn stored and over)
    return table.seq


@pytest.mark.parametrize("at", ["before_subscribing", "after_reading"])
def test_a_change_stored_while_a_hall_opens_is_held_there(pg_url, monkeypatch, at):
    monkeypatch.setenv(games.EXTRA_GAMES_ENV, TOY_GAMES_ENV)  # (B's bot workers play tic-tac-toe)
    monkeypatch.setattr(botturns, "DRIVER_GRACE_S", 0.2)  # (B waits this for A's bot move, which never comes)

    async def run() -> None:
        channel = f"test-open-{uuid.uuid4().hex[:8]}"
        stores = [Store(pg_url), Store(pg_url)]
        a, b = (Hall(store, bus=RedisBus(REDIS_URL, channel, store=store)) for store in stores)
        a.live.change_hooks.clear()  # A drives no bot
        opened = False
        await a.bus.start(a.on_remote_change, a.end_session)
        try:
            # Two running tables made through A: Ann against a bot, and Ann against Bob.
            made = await a.create_table(ANN, {"game": "tictactoe", "seats": [HUMAN, BOT], "join_seat": 0,
                                              "public": False})
            driven, tokens = made["table"], {0: made["token"]}
            made = await a.create_table(ANN, {"game": "tictactoe", "seats": [HUMAN, HUMAN], "join_seat": 0,
                                              "public": False})
            played = made["table"]
            invite = made["seats"][1]["invite"].split("token=")[1]
            others = {0: made["token"], 1: (await a.join(played, BOB, invite, 1))["token"]}
            assert a.tables[driven].status == a.tables[played].status == "running"

            # B opens; a move at each table is stored through A at the set point, and Redis has handed
            # on A's messages of them (their confirmation answered) before B goes on.
            stored: dict[str, int] = {}

            async def store_move(table_id: str) -> None:
                stored[table_id] = await move(a, table_id, tokens if table_id == driven else others)
                await until(lambda: not a.bus.sent and not a.bus.outbox, "Redis confirmed A's messages")

            if at == "before_subscribing":
                start = b.bus.start

                async def starting(*args) -> None:
                    for table_id in (driven, played):
                        await store_move(table_id)
                    await start(*args)

                b.bus.start = starting
            else:
                db = b.live.db

                async def reading(fn, *args):
                    answer = await db(fn, *args)
                    if fn == b.store.load_table and args[0] in (driven, played) and args[0] not in stored:
                        await store_move(args[0])
                    return answer

                b.live.db = reading

            heard: list[str | None] = []
            hear = b.on_remote_change

            async def hearing(table_id, *args, **kwargs) -> None:
                heard.append(table_id)
                await hear(table_id, *args, **kwargs)

            b.on_remote_change = hearing
            kicks: list[tuple[str, int, list[int]]] = []  # each table B's bot turns are told of, as it stands
            kick = b.bots.kick

            def kicked(table) -> None:
                kicks.append((table.id, table.seq, table.bot_seats_to_move()))
                kick(table)

            b.bots.kick = kicked
            b.live.change_hooks[:] = [kicked]
            opened = True
            await b.open()
            assert stored.keys() == {driven, played}

            # B handles every message A published before a table made through A now (one listener, in order).
            beacon = (await a.create_table(ANN, {"game": "tictactoe", "seats": [HUMAN, HUMAN],
                                                 "public": False}))["table"]
            await until(lambda: beacon in heard, "B heard a table made through A")

            # The table without bots: B answers it as stored (read on its load, or again when asked for).
            assert (await b.table(played)).seq == stored[played] == a.tables[played].seq

            # The table with a bot: B's bot turns were told of it with the bot seat to move, and B moves it.
            assert (driven, stored[driven], [1]) in kicks, kicks
            await until(lambda: a.tables[driven].seq > stored[driven], "B's bot moved (heard by A)")
            assert b.tables[driven].seq == a.tables[driven].seq
        finally:
            for hall in (a, b) if opened else (a,):
                await hall.close()
            if not opened:
                stores[1].close()

    asyncio.run(run())


def test_a_table_whose_log_no_longer_replays_does_not_stop_the_hall_opening(tmp_path):
    """`LiveTables.load` answers such a table with a 409 (`table_unreadable`, an ApiError, not a
    MeepleError); the hall opens without it and with every other table. SQLite, one process."""
    async def run() -> None:
        path = str(tmp_path / "meeple.db")
        a = Hall(Store(path))
        made = [(await a.create_table(ANN, {"game": "tictactoe", "seats": [HUMAN, BOT], "join_seat": 0,
                                            "public": False}))["table"] for _ in range(2)]
        a.store.append_moves(made[0], 1, [(1, {"mark": 0}, 0.0)], {})  # (seat 1 before seat 0: refused on replay)
        await a.close()
        b = Hall(Store(path))
        try:
            await b.open()
            assert list(b.tables) == [made[1]]
        finally:
            await b.close()

    asyncio.run(run())
