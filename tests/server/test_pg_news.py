"""Processes sharing PostgreSQL tell each other what they wrote (Store.take_news, carried by the
Redis bus, Store.hear): a change heard is answered without reading it back, and what it answers is
what the database holds. Needs PostgreSQL on its standard local port (skipped elsewhere)."""

from __future__ import annotations

import pytest

from meeple.store import Store
from meeple.store.db import Conflict


def table_row(table_id: str) -> dict:
    return {"id": table_id, "game": "picnic", "players": 2, "options": {"x": 1}, "seed": 7, "clock": {"bank": 60},
            "clock_state": {"0": 60.0}, "public": True, "status": "running", "creator": "u1", "created": 1.5,
            "version": 0}


SEATS = [{"seat": s, "type": "human", "name": f"P{s}", "token_hash": f"h{s}", "bot_playing": False}
         for s in range(2)]


class Statements:
    """Counts the statements a store sends."""

    def __init__(self, store: Store) -> None:
        self.count = 0
        run = store.db._run  # type: ignore[union-attr]

        def counted(sql, params):
            self.count += 1
            return run(sql, params)

        store.db._run = counted  # type: ignore[union-attr]


@pytest.fixture
def stores(pg_url):
    """The writer and the listener (each as a process's store), and a plain one that reads the truth."""
    made = [Store(pg_url), Store(pg_url), Store(pg_url)]
    made[0].share()
    made[1].share()
    made[0].create_table(table_row("t1"), SEATS)
    yield made
    for store in made:
        store.close()


def tell(writer: Store, listener: Store, table_id: str = "t1") -> None:
    listener.hear(table_id, writer.take_news(table_id) or [])


def test_a_change_heard_is_answered_without_a_read_and_as_stored(stores):
    writer, listener, truth = stores
    assert listener.changes_since("t1", 0) == truth.changes_since("t1", 0)  # (the listener reads it once)
    reads = Statements(listener)
    changes = [
        lambda: writer.set_pending("t1", 0, 0, [{"place": 3}], expect=[]),
        lambda: writer.append_moves("t1", 1, [(0, {"place": 3}, 2.25), (0, {"end": True}, 2.5)],
                                    {"clock_state": {"0": 55.5, "1": 60.0}}, (0,), [{"place": 3}]),
        lambda: writer.update_table("t1", {"public": False}, {1: {"bot_playing": True, "reason": "away"}},
                                    expect_version=1, expect_seq=2),
        lambda: writer.append_moves("t1", 3, [(1, {"take": [1, 2]}, 3.0)], {}, ()),
        lambda: writer.add_chat("t1", 1, None, "P1", "hello", 3.5),
        lambda: writer.set_pending("t1", 1, 3, [{"place": 1}], expect=[]),
        lambda: writer.set_pending("t1", 1, 3, [], expect=[{"place": 1}]),
        lambda: writer.append_moves("t1", 4, [(1, {"end": True}, 4.0)], {"status": "finished"}, (1,), []),
    ]
    seq = 0
    for change in changes:
        change()
        tell(writer, listener)
        heard = listener.changes_since("t1", seq)
        assert heard == truth.changes_since("t1", seq)
        seq = heard["moves"][-1]["seq"] if heard["moves"] else seq
    assert reads.count == 0
    assert seq == 4


def test_news_out_of_order_or_missed_is_read_from_the_database(stores):
    writer, listener, truth = stores
    listener.changes_since("t1", 0)
    writer.append_moves("t1", 1, [(0, {"take": [0]}, 1.0)], {}, ())
    first = writer.take_news("t1")
    writer.append_moves("t1", 2, [(1, {"take": [1]}, 2.0)], {"clock_state": {"0": 1.0}}, ())
    second = writer.take_news("t1")
    reads = Statements(listener)
    listener.hear("t1", second or [])  # (the first is still on its way)
    assert listener.changes_since("t1", 0) == truth.changes_since("t1", 0)
    assert reads.count == 1
    listener.hear("t1", first or [])  # (late: older than what was read, so nothing to read again)
    assert listener.changes_since("t1", 2) == truth.changes_since("t1", 2)
    assert reads.count == 1
    # A change that no news told of (a process without news, or Redis lost): read again.
    writer.append_moves("t1", 3, [(0, {"take": [2]}, 3.0)], {}, ())
    writer.take_news("t1")
    writer.append_moves("t1", 4, [(1, {"take": [3]}, 4.0)], {}, ())
    tell(writer, listener)
    assert listener.changes_since("t1", 2) == truth.changes_since("t1", 2)
    assert reads.count == 2
    writer.set_pending("t1", 0, 4, [{"place": 2}], expect=[])
    writer.take_news("t1")  # (missed: no move shows the gap, only the count)
    writer.update_table("t1", {"public": False})
    tell(writer, listener)
    assert listener.changes_since("t1", 4) == truth.changes_since("t1", 4)
    assert reads.count == 3


def test_a_write_that_lost_a_race_forgets_what_it_knew(stores):
    writer, listener, truth = stores
    writer.changes_since("t1", 0)
    listener.append_moves("t1", 1, [(0, {"take": [0]}, 1.0)], {}, ())  # (its news not yet heard by the writer)
    with pytest.raises(Conflict):
        writer.append_moves("t1", 1, [(1, {"take": [1]}, 1.5)], {}, ())
    assert writer.take_news("t1") is None
    tell(listener, writer)
    assert writer.changes_since("t1", 0) == truth.changes_since("t1", 0)


def test_news_that_cannot_be_read_or_was_never_sent_reads_the_database(stores):
    writer, listener, truth = stores
    listener.changes_since("t1", 0)
    reads = Statements(listener)
    writer.append_moves("t1", 1, [(0, {"take": [0]}, 1.0)], {}, ())
    writer.take_news("t1")
    listener.hear("t1", [{"n": "two", "moves": None}])  # (garbled: read the table rather than fail)
    assert listener.changes_since("t1", 0) == truth.changes_since("t1", 0)
    assert reads.count == 1
    for seq in range(2, 2 + 101):  # (written, never published: the writer keeps a bounded backlog)
        writer.append_moves("t1", seq, [(seq % 2, {"take": [seq]}, float(seq))], {}, ())
    news = writer.take_news("t1") or []
    assert len(news) < 101
    listener.hear("t1", news)
    assert listener.changes_since("t1", 1) == truth.changes_since("t1", 1)
    assert reads.count == 2


def test_a_change_heard_is_told_on_the_event_loop_without_the_store_thread(stores):
    """`told_changes` answers a heard change from the news alone (the hall calls it on its event loop,
    so it must send nothing), the moves after any seq it knows, also once old moves were let go."""
    import asyncio

    from meeple.server.live import LiveTables

    writer, listener, truth = stores
    listener.changes_since("t1", 0)
    reads = Statements(listener)
    for seq in range(1, 251):  # (more than the known moves kept: the oldest are let go)
        writer.append_moves("t1", seq, [(seq % 2, {"take": [seq]}, float(seq))], {}, ())
        tell(writer, listener)
        told = listener.told_changes("t1", seq - 1 if seq % 3 else max(0, seq - 3))
        assert told == truth.changes_since("t1", seq - 1 if seq % 3 else max(0, seq - 3))
    assert reads.count == 0
    assert listener.told_changes("t1", 250) is None  # (nothing heard since: the caller reads the database)
    writer.append_moves("t1", 251, [(1, {"take": [251]}, 251.0)], {}, ())
    tell(writer, listener)
    assert listener.told_changes("t1", 10) is None  # (older than what is kept: read it)

    class Seen:  # what LiveTables.refresh hands a table
        id, seq, version, chat_head = "t1", 251, 1, None

        def add_stored(self, moves):
            self.moves = moves

        def update_header(self, row):
            pass

        def set_pending_rows(self, rows):
            pass

    live = LiveTables(listener)
    hops = []
    live.db = lambda fn, *args: hops.append(fn)  # type: ignore[method-assign]
    writer.append_moves("t1", 252, [(0, {"take": [252]}, 252.0)], {}, ())
    tell(writer, listener)
    seen = Seen()
    asyncio.run(live.refresh(seen))  # type: ignore[arg-type]
    assert [m["seq"] for m in seen.moves] == [252] and hops == [] and reads.count == 0
    live.db_thread.shutdown()


def test_a_write_opens_its_transaction_with_its_statements_and_a_refused_one_leaves_nothing(stores):
    """BEGIN, the count of changes and the write go in one round trip, COMMIT in another; a write the
    database or the check refuses is rolled back whole (its count too) and the connection goes on."""
    writer, listener, truth = stores
    trips = []
    batch, end = writer.db._run_batch, writer.db._end  # type: ignore[union-attr]
    writer.db._run_batch = lambda sql, params: trips.append(sql.split()[0]) or batch(sql, params)  # type: ignore
    writer.db._end = lambda command: trips.append(command) or end(command)  # type: ignore

    def changes() -> int:
        return truth.db.execute("SELECT changes FROM hall_tables WHERE id = 't1'")[0][0]

    writer.set_pending("t1", 0, 0, [{"place": 3}], expect=[])
    writer.append_moves("t1", 1, [(0, {"place": 3}, 1.0)], {"clock_state": {"0": 5.0}}, (0,), [{"place": 3}])
    assert trips == ["BEGIN;", "COMMIT"] * 2
    before = changes()
    trips.clear()
    with pytest.raises(Conflict):  # (the number is taken: refused by the database's key)
        writer.append_moves("t1", 1, [(1, {"take": [1]}, 2.0)], {}, ())
    with pytest.raises(Conflict):  # (the log is at 1: refused by the write's own check)
        writer.append_moves("t1", 3, [(1, {"take": [1]}, 2.0)], {}, ())
    writer.set_pending("t1", 1, 1, [{"place": 1}], expect=[])
    with pytest.raises(Conflict):  # (the pending turn is not the one planned on)
        writer.append_moves("t1", 2, [(1, {"place": 1}, 3.0)], {}, (1,), [{"place": 2}])
    assert trips == ["BEGIN;", "ROLLBACK", "BEGIN;", "ROLLBACK", "BEGIN;", "COMMIT", "BEGIN;", "ROLLBACK"]
    assert changes() == before + 1  # (the pending turn's alone)
    assert truth.changes_since("t1", 0)["pending"] == {1: (1, [{"place": 1}])}
    writer.append_moves("t1", 2, [(1, {"place": 1}, 3.0)], {}, (1,), [{"place": 1}])
    assert [m["seq"] for m in truth.changes_since("t1", 0)["moves"]] == [1, 2]
