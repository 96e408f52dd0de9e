"""A process keeps no table that none of its sockets watches (docs/server/scale-out.md, "Two processes on PostgreSQL"):
a change of play heard from another process, for a table no socket here watches and nothing here drives,
is not read; the table is read when next asked for. Tables with a bot seat or a clock are read wherever
they are held, as before, so that any process may drive them.

Two halls on one fresh PostgreSQL database and the shared Redis (`pg_halls`: each served by uvicorn on a
thread of this process, so the test looks at their tables), or two `Hall`s in one event loop. Needs
PostgreSQL and Redis on their standard local ports (skipped elsewhere, failing under CI=true).
"""

from __future__ import annotations

import asyncio
import json
import uuid

import psycopg

from meeple.server import summaries
from meeple.server.bus import RedisBus, _read
from meeple.server.hall import Hall
from meeple.server.pushes import Client
from meeple.store import Store

from .conftest import REDIS_URL, Player, receive_until

HUMAN = {"type": "human"}


def two_seated(url: str, seats: list[dict] | None = None) -> tuple[str, Player, Player]:
    """A running Picnic table made and joined through `url`: Ann on seat 0, Bob on seat 1."""
    ann, bob = Player(url, "Ann"), Player(url, "Bob")
    table = ann.create(seats or [HUMAN, HUMAN], join_seat=0)["table"]
    if (seats or [HUMAN, HUMAN])[1] == HUMAN:
        r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
        assert r.status_code == 200, r.text
        bob.token = r.json()["token"]
    return table, ann, bob


class Reads:
    """Counts a hall's reads of other processes' changes (`LiveTables.refresh`), by table."""

    def __init__(self, server) -> None:
        self.tables: list[str] = []
        live = server.hall.live
        refresh = live.refresh

        async def counted(table):
            self.tables.append(table.id)
            await refresh(table)

        live.refresh = counted


def everything_heard(a_url: str, b_url: str) -> None:
    """Wait until B has handled every message A published so far: a chat line written through A at a
    table that a socket on B watches comes after them on the channel, and B handles messages in order."""
    host = Player(a_url, "Host")
    beacon = host.create([HUMAN, HUMAN], join_seat=0)["table"]
    with Player(b_url).ws(beacon) as watcher:
        receive_until(watcher, lambda m: m.get("type") == "state")
        r = host.post(f"/api/tables/{beacon}/chat", {"text": "over"})
        assert r.status_code == 201, r.text
        receive_until(watcher, lambda m: m.get("type") == "chat")


def stored_moves(pg_url: str, table: str) -> list:
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT move FROM moves WHERE table_id = %s ORDER BY seq", (table,)).fetchall()
    return [json.loads(r[0]) for r in rows]


def test_play_heard_of_an_unwatched_table_is_not_read_and_a_socket_opening_sees_the_latest(pg_halls):
    a, b = pg_halls
    table, ann, bob = two_seated(a.url)
    everything_heard(a.url, b.url)  # (B reads the table's making and seating: changes of its seats)
    reads = Reads(b)
    for turn in range(6):
        state = (ann if turn % 2 == 0 else bob).play_turn(table)
    everything_heard(a.url, b.url)
    assert table not in reads.tables  # B read none of the play
    assert table not in b.hall.tables
    behind = b.hall.live.behind[table]
    assert behind.seq < state["seq"]

    # A socket opening on B is sent the table as A holds it, and then every change as it comes.
    with Player(b.url).ws(table) as watcher:
        first = receive_until(watcher, lambda m: m.get("type") == "state")[-1]
        assert first["seq"] == state["seq"] and first["log"] == Player(a.url).state(table)["log"]
        assert b.hall.tables[table] is behind  # (the same object: a request holding it sees it read)
        for turn in range(2):
            state = (ann if turn % 2 == 0 else bob).play_turn(table)
            receive_until(watcher, lambda m, seq=state["seq"]: m.get("seq") == seq)
    assert table in reads.tables


def test_a_move_sent_to_the_process_that_set_the_table_aside_is_stored(pg_halls, pg_url):
    a, b = pg_halls
    table, ann, bob = two_seated(a.url)
    everything_heard(a.url, b.url)  # (B holds the table before its play, so it sets it aside at a move)
    for turn in range(3):
        (ann if turn % 2 == 0 else bob).play_turn(table)
    everything_heard(a.url, b.url)
    assert table in b.hall.live.behind
    mover = ann if ann.state(table)["legal"] else bob
    on_b = Player(b.url)
    on_b.token = mover.token
    with Player(a.url).ws(table) as watcher_a:
        state = on_b.state(table)  # (B reads the table again: the latest, from the store)
        assert state["seq"] == mover.state(table)["seq"] and state["legal"]
        answer = on_b.play_turn(table)  # (its move, and the confirm, through B)
        assert answer["seq"] > state["seq"]
        receive_until(watcher_a, lambda m: m.get("seq") == answer["seq"])
    assert len(stored_moves(pg_url, table)) == answer["seq"]
    assert [entry for entry in ann.state(table)["log"]] == answer["log"]
    # A, whose socket closed, sets the table aside at the next change heard; the game goes on through A.
    mover = ann if ann.state(table)["legal"] else bob
    assert mover.play_turn(table)["seq"] > answer["seq"]


def test_my_tables_lists_a_table_set_aside_from_one_read(pg_halls, monkeypatch):
    """"My tables" through the process that set a running table aside shows it as it is now, read
    once: not replayed as if it were unknown there (a finished one's summary) and then read again."""
    a, b = pg_halls
    table, ann, bob = two_seated(a.url)
    everything_heard(a.url, b.url)  # (B holds the table before its play, so it sets it aside at a move)
    for turn in range(3):
        state = (ann if turn % 2 == 0 else bob).play_turn(table)
    everything_heard(a.url, b.url)
    assert table in b.hall.live.behind
    replays = []
    replay = summaries.replay_and_keep

    async def counted(live, table_id):
        replays.append(table_id)
        return await replay(live, table_id)

    monkeypatch.setattr(summaries, "replay_and_keep", counted)
    reads = Reads(b)
    on_b = Player(b.url)
    on_b.http.cookies.update(ann.http.cookies)  # (Ann's session, in the other process)
    r = on_b.get("/api/tables/mine")
    assert r.status_code == 200, r.text
    listed = next(t for t in r.json() if t["table"] == table)
    assert listed["my_seat"] == 0 and listed["my_turn"] == (0 in state["to_move"])
    assert replays == [] and reads.tables == [table]


def test_a_table_a_process_drives_is_read_there_without_sockets(pg_halls):
    """A table with a bot seat (here one handed to a stand-in bot when Bob leaves) is read wherever it is
    held, as before: the process holding it drives the bot's turns even if the other one goes away."""
    a, b = pg_halls
    table, ann, _ = two_seated(a.url, [HUMAN, {"type": "bot", "level": "random"}])
    everything_heard(a.url, b.url)
    reads = Reads(b)
    for _ in range(3):
        state = ann.play_turn(table)
    ann.wait_turn(table)
    everything_heard(a.url, b.url)
    assert table in reads.tables and b.hall.tables[table].seq == ann.state(table)["seq"]

    # A table set aside is read again when a seat of it is handed to a bot (a change of its seats).
    table, ann, bob = two_seated(a.url)
    everything_heard(a.url, b.url)
    ann.play_turn(table)
    everything_heard(a.url, b.url)
    assert table in b.hall.live.behind
    r = bob.post(f"/api/tables/{table}/leave")
    assert r.status_code == 200, r.text
    state = ann.wait_turn(table)  # (the stand-in plays Bob's turn: thought out by A, which stored Bob's leaving)
    everything_heard(a.url, b.url)
    held = b.hall.tables[table]
    assert held.seats[1].bot_playing and held.seq == state["seq"] > 1
    state = ann.play_turn(table)
    assert ann.wait_turn(table)["seq"] > state["seq"]
    everything_heard(a.url, b.url)
    assert b.hall.tables[table] is held and held.seq == ann.state(table)["seq"]


def test_a_socket_subscribing_to_a_table_set_aside_meanwhile_is_pushed_the_latest(pg_url):
    """The socket route reads the table, then awaits (the session, the seat) before it subscribes: a
    change heard meanwhile may set the table aside. Subscribing reads it again and pushes it."""
    async def run() -> None:
        channel = f"test-unwatched-{uuid.uuid4().hex[:8]}"
        stores = [Store(pg_url), Store(pg_url)]
        a, b = (Hall(store, bus=RedisBus(REDIS_URL, channel, store=store)) for store in stores)
        heard_at_b: list[str | None] = []

        async def b_hears(table_id, *args, **kwargs):
            heard_at_b.append(table_id)
            await b.on_remote_change(table_id, *args, **kwargs)

        await a.bus.start(a.on_remote_change, a.end_session)
        await b.bus.start(b_hears, b.end_session)
        try:
            made = await a.create_table({"id": "u1", "name": "Ann"},
                                        {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False})
            table_id = made["table"]
            tokens = [(await a.join(table_id, {"id": f"u{s}", "name": f"P{s}"},
                                    made["seats"][s]["invite"].split("token=")[1], s))["token"] for s in range(2)]
            # B reads the table wherever a change of its seats is heard, and again once Redis confirms its
            # channel (B subscribed while its listener read the table): a read after the move below would
            # take the move in. So B first handles all of that; its listener handles one thing at a time,
            # so a table made through A afterwards is heard after it.
            async def b_caught_up() -> None:
                beacon = (await a.create_table({"id": "u1", "name": "Ann"},
                                               {"game": "picnic", "seats": [HUMAN, HUMAN], "public": False}))["table"]
                for _ in range(2000):
                    if beacon in heard_at_b:
                        return
                    await asyncio.sleep(0.005)
                raise AssertionError("B did not hear a table made through A")

            await b_caught_up()  # (the making and the seating)
            for _ in range(2000):
                if table_id not in b.bus.confirming:
                    break
                await asyncio.sleep(0.005)
            else:
                raise AssertionError("Redis did not confirm B's subscription to the table's channel")
            await b_caught_up()  # (the read on the channel's confirmation)
            held = await b.table(table_id)  # the socket's read of the table
            seq = held.seq
            table = a.tables[table_id]
            seat = min(table.game.to_move(table.state))
            move = table.game.legal_moves(table.state, seat)[0]
            await a.move(table_id, tokens[seat], None, table.seen_seq(seat), table.game.move_to_json(move))
            for _ in range(400):  # B hears the move and sets the table aside
                if table_id in b.live.behind:
                    break
                await asyncio.sleep(0.005)
            assert table_id in b.live.behind and held.seq == seq < table.seq
            client = Client(None, None, deltas=False)
            assert not b.bus.wants_texts(table_id)  # (no socket: the texts of its changes are left unread)
            b.subscribe(table_id, client)
            assert b.bus.wants_texts(table_id)
            b.send_state(held, client)  # (what the route sends: the table as it read it)
            for _ in range(400):
                if held.seq == table.seq and len(client.states) == 1 and f'"seq":{table.seq},' in client.states[0]:
                    break
                await asyncio.sleep(0.005)
            assert b.tables[table_id] is held and held.seq == table.seq
            assert f'"seq":{table.seq},' in client.states[-1]
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())


def test_texts_heard_for_a_table_not_wanted_are_left_unread():
    bus = RedisBus(REDIS_URL)  # (not started: its messages' format alone)
    raw = bus._message({"table": "t1", "news": [{"n": 3}]},
                       {"shared": '{"board":[1,2]}', "view": {"hand": '"hand":[3]'}, "small": 1}).encode()
    everything = _read(raw)
    assert everything["heard_texts"] == {"shared": '{"board":[1,2]}', "view": {"hand": '"hand":[3]'}, "small": 1}
    assert _read(raw, lambda table_id: table_id == "t1") == everything
    unread = _read(raw, lambda table_id: table_id != "t1")
    assert "heard_texts" not in unread and unread["news"] == [{"n": 3}] and unread["table"] == "t1"


def test_tables_set_aside_are_bounded_with_the_live_ones_and_the_oldest_read_from_the_store(pg_url):
    async def run() -> None:
        channel = f"test-unwatched-{uuid.uuid4().hex[:8]}"
        stores = [Store(pg_url), Store(pg_url)]
        a, b = (Hall(store, bus=RedisBus(REDIS_URL, channel, store=store), max_cached=limit)
                for store, limit in zip(stores, (5000, 2)))
        for hall in (a, b):
            await hall.bus.start(hall.on_remote_change, hall.end_session)
        try:
            made = []
            for _ in range(3):
                created = await a.create_table({"id": "u1", "name": "Ann"},
                                                {"game": "picnic", "seats": [{"type": "human"}] * 2, "public": False})
                tokens = [(await a.join(created["table"], {"id": f"u{s}", "name": f"P{s}"},
                                        created["seats"][s]["invite"].split("token=")[1], s))["token"]
                          for s in range(2)]
                made.append((created["table"], tokens))
            b.subscribe(made[0][0], Client(None, None, deltas=False))  # (one table live in B: a socket watches it)
            for table_id, tokens in made:
                await b.table(table_id)
                table = a.tables[table_id]
                seat = min(table.game.to_move(table.state))
                move = table.game.legal_moves(table.state, seat)[0]
                await a.move(table_id, tokens[seat], None, table.seen_seq(seat), table.game.move_to_json(move))
            for _ in range(400):  # B hears the three moves
                if made[-1][0] not in b.tables:
                    break
                await asyncio.sleep(0.005)
            assert list(b.tables) == [made[0][0]] and list(b.live.behind) == [made[2][0]]
            evicted = made[1][0]
            assert (await b.table(evicted)).seq == a.tables[evicted].seq == 1  # (loaded from the store)
        finally:
            for hall in (a, b):
                await hall.close()

    asyncio.run(run())
