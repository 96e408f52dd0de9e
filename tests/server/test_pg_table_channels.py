"""A table's play goes on a channel of its own (server/bus.py): heard only by the processes that hold the
table, each subscribed, with Redis's confirmation, before it reads the table; a table let go is heard no
more; a subscription confirmed late reads the table again; a listener that lost Redis subscribes every
table's channel again. Needs PostgreSQL and Redis on their standard local ports (skipped elsewhere,
failing under CI=true).
"""

from __future__ import annotations

import asyncio
import json
import time
import uuid
from urllib.parse import urlsplit

import pytest
import redis

from meeple.server import bus as bus_module
from meeple.server.bus import RedisBus
from meeple.server.hall import Hall
from meeple.server.pushes import Client
from meeple.store import Store

from .conftest import REDIS_URL, services_or_skip
from .faults import TcpProxy
from .test_bus import run_guarded

HUMANS = {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False}


async def two_halls(pg_url: str) -> tuple[Hall, Hall]:
    channel = f"test-channels-{uuid.uuid4().hex[:8]}"
    halls = []
    for _ in range(2):
        store = Store(pg_url)
        hall = Hall(store, bus=RedisBus(REDIS_URL, channel, store=store))
        await hall.bus.start(hall.on_remote_change, hall.end_session)
        halls.append(hall)
    return halls[0], halls[1]


async def seated(hall: Hall) -> tuple[str, list[str]]:
    made = await hall.create_table({"id": "u1", "name": "Ann"}, HUMANS)
    table_id = made["table"]
    tokens = [(await hall.join(table_id, {"id": f"u{s}", "name": f"P{s}"},
                               made["seats"][s]["invite"].split("token=")[1], s))["token"] for s in range(2)]
    return table_id, tokens


async def play(hall: Hall, table_id: str, tokens: list[str]) -> None:
    """One move, by whoever is to move (a Picnic take, or a place confirmed with it)."""
    table = hall.tables[table_id]
    seat = min(table.game.to_move(table.state))
    move = table.game.legal_moves(table.state, seat)[0]
    await hall.move(table_id, tokens[seat], None, table.seen_seq(seat), table.game.move_to_json(move), confirm=True)


async def until(condition, seconds: float = 5.0) -> None:
    end = time.monotonic() + seconds
    while not condition() and time.monotonic() < end:
        await asyncio.sleep(0.005)


def heard_tables(bus: RedisBus) -> list[str]:
    """The table of every message the bus handles from now on (its own are dropped before)."""
    tables: list[str] = []
    handle = bus._handle

    async def counted(raw, on_change, on_session_end):
        text = raw.decode(errors="replace") if isinstance(raw, bytes) else raw
        at = text.find('"table":')
        if at >= 0:
            tables.append(json.loads(text[at + 8:].split(",", 1)[0].rstrip("}")))
        await handle(raw, on_change, on_session_end)

    bus._handle = counted  # type: ignore[method-assign]
    return tables


def test_play_reaches_only_the_processes_holding_the_table(pg_url):
    async def run() -> None:
        a, b = await two_halls(pg_url)
        try:
            table_id, tokens = await seated(a)
            held = await b.table(table_id)  # (B reads it: it hears its play)
            await play(a, table_id, tokens)
            await until(lambda: table_id in b.live.behind)  # (no socket on B: set aside at the first move)
            assert table_id in b.live.behind and table_id not in b.bus.watching
            heard = heard_tables(b.bus)
            for _ in range(6):
                await play(a, table_id, tokens)
            await seated(a)  # (a table's making and seats are heard everywhere, and come after that play)
            await until(lambda: len(heard) >= 3)
            assert heard and table_id not in heard  # B heard none of the play of a table it let go

            # A socket opening on B reads it again, and then B hears every change of it.
            b.subscribe(table_id, Client(None, None, deltas=False))
            await until(lambda: b.tables.get(table_id) is held and held.seq == a.tables[table_id].seq)
            assert b.tables[table_id] is held and held.seq == a.tables[table_id].seq
            assert table_id in b.bus.watching
            for _ in range(3):
                await play(a, table_id, tokens)
                await until(lambda: held.seq == a.tables[table_id].seq)
                assert held.seq == a.tables[table_id].seq and table_id in heard
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())


def test_a_table_is_read_once_redis_has_confirmed_its_channel(pg_url, monkeypatch):
    monkeypatch.setattr(bus_module, "WATCH_WAIT_S", 30.0)  # (a loaded machine's Redis late past 0.25 s)

    async def run() -> None:
        a, b = await two_halls(pg_url)
        counts: list[tuple[int, bool]] = []
        try:
            table_id, tokens = await seated(a)
            await b.table(table_id)
            await play(a, table_id, tokens)
            await until(lambda: table_id in b.live.behind)  # (B let it go)
            channel = b.bus.table_channel(table_id)
            subscribers = redis.Redis.from_url(REDIS_URL)
            db = b.live.db

            async def counted(fn, *args):  # (on the loop, as the read is handed to the store's thread)
                if fn == b.store.changes_since:
                    counts.append((subscribers.pubsub_numsub(channel)[0][1], table_id in b.bus.confirming))
                return await db(fn, *args)

            b.live.db = counted  # type: ignore[method-assign]
            await b.table(table_id)
            # A's subscription (it made the table) and B's, confirmed before B read it.
            assert counts == [(2, False)]
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())


def test_a_table_read_for_a_message_does_not_hold_up_the_listener(pg_url, monkeypatch):
    """B reads a table A made and seated while B's listener handles A's message, so the listener cannot
    read Redis's confirmation of the table's channel while it waits for it: it must not wait (it used
    to, for WATCH_WAIT_S, every message on hold meanwhile); the table is read again once confirmed."""
    monkeypatch.setattr(bus_module, "WATCH_WAIT_S", 60.0)

    async def run() -> None:
        a, b = await two_halls(pg_url)
        try:
            table_id, tokens = await seated(a)
            # (the listener reads the table before Redis's confirmation, which it handles next: wait for both)
            await until(lambda: table_id in b.tables and b.tables[table_id].seats[1].player is not None
                        and table_id not in b.bus.confirming)
            assert table_id in b.tables and table_id not in b.bus.confirming
            await play(a, table_id, tokens)  # (heard on the table's channel, read: a socket of B watches it)
            b.live.subscribe(table_id, Client(None, None, deltas=False))
            await play(a, table_id, tokens)
            await until(lambda: b.tables[table_id].seq == a.tables[table_id].seq)
            assert b.tables[table_id].seq == a.tables[table_id].seq == 2
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())


def test_a_subscription_confirmed_after_its_wait_reads_the_table_again(monkeypatch):
    services_or_skip()
    monkeypatch.setattr(bus_module, "WATCH_WAIT_S", 0.0)

    async def scenario():
        bus = RedisBus(REDIS_URL, f"test-channels-{uuid.uuid4().hex[:8]}")
        heard: list = []

        async def on_change(table_id):
            heard.append(table_id)

        await bus.start(on_change)
        try:
            await bus.watch("t1")  # (gives up at once: the table is read without the confirmation)
            await until(lambda: heard == ["t1"])
            assert heard == ["t1"] and "t1" not in bus.confirming
            await bus.watch("t1")  # (subscribed already: nothing to wait for, nothing to read again)
            await asyncio.sleep(0.1)
            assert heard == ["t1"]
        finally:
            await asyncio.wait_for(bus.close(), 10)

    run_guarded(scenario)


def test_a_listener_back_after_losing_redis_hears_the_tables_it_watched():
    services_or_skip()

    async def scenario():
        with TcpProxy(urlsplit(REDIS_URL).port or 6379) as proxy:
            channel = f"test-channels-{uuid.uuid4().hex[:8]}"
            listener = RedisBus(f"redis://127.0.0.1:{proxy.port}/0", channel)
            publisher = RedisBus(REDIS_URL, channel)
            heard: list = []

            async def on_change(table_id):
                heard.append(table_id)

            await listener.start(on_change)
            await publisher.start(on_change)
            try:
                await listener.watch("t1")
                proxy.down()
                await until(lambda: not listener.connected)
                await listener.watch("t2")  # (watched while Redis is away: subscribed when it is back)
                proxy.up()
                await until(lambda: listener.connected and None in heard, 15)
                assert listener.connected and None in heard  # (caught up on every table)
                for table_id in ("t1", "t2", "t3"):
                    publisher._queue(publisher._message({"table": table_id}, news=['{"n":1}']),
                                     publisher.table_channel(table_id))
                await until(lambda: "t2" in heard)
                assert [t for t in heard if t is not None] == ["t1", "t2"]  # (t3: never watched)
            finally:
                proxy.up()
                await asyncio.wait_for(publisher.close(), 10)
                await asyncio.wait_for(listener.close(), 10)

    run_guarded(scenario)


@pytest.mark.parametrize("news, channel", [
    (['{"moves":[[1,0,{"take":[0]},1.0]],"n":1,"pending":{},"set":{},"version":false}'], "table"),
    (['{"chat":3}'], "table"),
    (['{"n":2,"seats":{"1":{"type":"bot"}},"set":{},"version":true}'], "shared"),
    (None, "shared"),
])
def test_play_alone_goes_on_the_table_channel(news, channel):
    class Told:
        def take_told(self, table_id):
            return None if news is None else (news, Store.tells_more(json.loads(news[0])))

    bus = RedisBus(REDIS_URL, "test-channels")  # (not started: what it queues)
    bus.store = Told()
    bus.publish("t1")
    ((sent_to, text),) = bus.outbox
    assert sent_to == {"table": "test-channels:t1", "shared": "test-channels"}[channel]
    if news is not None:
        assert json.loads(text)["news"] == [json.loads(item) for item in news]


def test_a_change_carries_its_texts_only_where_another_process_holds_the_table(pg_url):
    async def run() -> None:
        a, b = await two_halls(pg_url)
        carried: list[bool] = []
        message = a.bus._message

        def recorded(fields, texts=None, news=None):
            carried.append(bool(texts))
            return message(fields, texts, news)

        a.bus._message = recorded  # type: ignore[method-assign]
        try:
            table_id, tokens = await seated(a)
            await b.table(table_id)
            await play(a, table_id, tokens)
            await until(lambda: table_id in b.live.behind)  # (B let it go: A alone is subscribed)
            for _ in range(8):  # (A asks Redis with each confirmation of what it published)
                await play(a, table_id, tokens)
                await asyncio.sleep(0.25)
                if not a.bus.texts_wanted(table_id):
                    break
            assert not a.bus.texts_wanted(table_id)
            del carried[:]
            await play(a, table_id, tokens)
            assert carried and not any(carried)  # (nobody else would read them)

            b.subscribe(table_id, Client(None, None, deltas=False))  # (B holds it again: a socket watches it)
            await until(lambda: table_id in b.tables)
            for _ in range(8):
                await play(a, table_id, tokens)
                await asyncio.sleep(0.25)
                if a.bus.texts_wanted(table_id):
                    break
            assert a.bus.texts_wanted(table_id)
            del carried[:]
            await play(a, table_id, tokens)
            assert any(carried)
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())
