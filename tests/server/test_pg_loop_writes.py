"""The two writes of play made on the event loop (store/pgwrites.py, `LoopWrites`): what they store,
refuse and announce is what the store's own path does; a terminated connection is replaced and the
write sent again, stored once; an answer that never came is never committed (a write in BEGIN and
COMMIT), or stored once however often the write is sent (a write that checks itself, in one message);
writes asked for together are stored in the order asked. Needs PostgreSQL on its standard local port
(skipped elsewhere)."""

from __future__ import annotations

import asyncio
import time

import psycopg
import pytest

from meeple.store import Store, Unavailable
from meeple.store.db import Conflict
from meeple.store.pgwrites import LoopWrites

from . import test_pg_writes
from .test_pg_news import SEATS, table_row

# The same two stores (a process's, sharing; a plain one reading the truth) and count as the store's own writes.
stores, changes = test_pg_writes.stores, test_pg_writes.changes


def seqs(truth: Store) -> list[int]:
    return [m["seq"] for m in truth.changes_since("t1", 0)["moves"]]


def run(writer: Store, *steps):
    """Each step (a coroutine function taking the LoopWrites) on one event loop, in turn."""
    async def main():
        writes = LoopWrites(writer)
        try:
            return [await step(writes) for step in steps]
        finally:
            writes.close()

    return asyncio.run(main())


async def refused(call) -> str:
    try:
        await call
    except (Conflict, Unavailable) as exc:
        return type(exc).__name__
    return "stored"


def test_writes_store_check_refuse_and_announce_as_the_store_does(stores):
    writer, truth = stores
    outcomes = run(
        writer,
        lambda w: w.set_pending("t1", 0, 0, [{"place": 3}]),
        lambda w: w.set_pending("t1", 0, 0, [{"place": 4}], expect=[{"place": 3}]),
        lambda w: refused(w.set_pending("t1", 0, 0, [{"place": 5}], expect=[{"place": 3}])),  # (not the turn)
        lambda w: refused(w.set_pending("t1", 0, 1, [{"place": 5}], expect=[{"place": 4}])),  # (the log is not at 1)
        lambda w: w.append_moves("t1", 1, [(0, {"place": 4}, 2.0)], {"clock_state": {"0": 5.0}}, (0,),
                                 [{"place": 4}]),
        lambda w: refused(w.append_moves("t1", 1, [(1, {"take": [1]}, 3.0)], {})),  # (the number is taken: a key)
        lambda w: refused(w.append_moves("t1", 3, [(1, {"take": [1]}, 3.0)], {})),  # (the log ends at 1, not 2)
        lambda w: w.append_moves("t1", 2, [(1, {"take": [2]}, 4.0)], {}),  # (the connection goes on)
    )
    assert outcomes[2:4] == ["Conflict", "Conflict"] and outcomes[5:7] == ["Conflict", "Conflict"]
    news = writer.take_news("t1")
    # Refused writes were rolled back whole, their counts too: the four stored are counted 1-4.
    assert [item["n"] for item in news] == [1, 2, 3, 4] and changes(truth) == 4
    assert news[1]["pending"] == {"0": [0, [{"place": 4}]]} and news[2]["moves"][0][:3] == [1, 0, {"place": 4}]
    stored = truth.changes_since("t1", 0)
    assert stored["pending"] == {} and stored["clock_state"] == {"0": 5.0} and stored["version"] == 1
    assert [(m["seq"], m["move"]) for m in stored["moves"]] == [(1, {"place": 4}), (2, {"take": [2]})]


def test_a_write_on_a_connection_the_server_ended_is_sent_again_and_stored_once(stores, pg_url):
    writer, truth = stores

    async def terminate(writes: LoopWrites) -> None:
        with psycopg.connect(pg_url, autocommit=True) as admin:
            admin.execute("SELECT pg_terminate_backend(%s)", (writes.idle[0].conn.info.backend_pid,))
        await asyncio.sleep(0.2)  # (its goodbye has reached the socket)

    run(writer,
        lambda w: w.append_moves("t1", 1, [(0, {"take": [1]}, 1.0)], {}),
        terminate,
        lambda w: w.append_moves("t1", 2, [(1, {"take": [2]}, 2.0)], {}))
    assert seqs(truth) == [1, 2]
    assert changes(truth) == 2 and [item["n"] for item in writer.take_news("t1")] == [1, 2]


def cut_while_the_row_is_held(writer: Store, pg_url: str, write) -> None:
    """`write` (a coroutine function taking the LoopWrites) sent while another transaction holds the
    table's row: it waits past the timer, which cuts the connection (Unavailable, quickly); the same
    write again fails at once for a moment; then the row is let go."""
    with psycopg.connect(pg_url) as holder:
        holder.execute("SELECT 1 FROM hall_tables WHERE id = 't1' FOR UPDATE")

        async def held(writes: LoopWrites):
            writes.timeout_s = 0.5
            start = time.monotonic()
            outcome = await refused(write(writes))
            took = time.monotonic() - start
            at_once = await refused(write(writes))
            return outcome, took, at_once, time.monotonic() - start - took

        (outcome, took, at_once, then), = run(writer, held)
        assert outcome == "Unavailable" and 0.4 < took < 2.5, (outcome, took)
        assert at_once == "Unavailable" and then < 0.2
        holder.commit()
    time.sleep(0.5)  # (the cut backend has its lock and reads its socket's end)
    writer.db.down_until = 0.0  # type: ignore[union-attr]


def test_a_write_in_begin_and_commit_whose_answer_never_came_is_never_committed(stores, pg_url):
    """A pending turn stored without a compare-and-set (as one process stores it) goes in BEGIN and COMMIT:
    cut before its answer came, it is not stored once the row is free, and the next write is."""
    writer, truth = stores
    cut_while_the_row_is_held(writer, pg_url, lambda w: w.set_pending("t1", 0, 0, [{"place": 1}]))
    assert truth.changes_since("t1", 0)["pending"] == {}
    run(writer, lambda w: w.set_pending("t1", 0, 0, [{"place": 2}]))
    assert truth.changes_since("t1", 0)["pending"] == {0: (0, [{"place": 2}])}


def test_a_write_that_checks_itself_whose_answer_never_came_is_stored_once_however_often_sent(stores, pg_url):
    """A move goes as one message that commits before it answers: cut before its answer came, it may be
    stored once the row is free (it is here: nothing tells the waiting backend that its client left), and
    sent again (the hall's retry) it is refused, never stored twice; the log goes on after it."""
    writer, truth = stores
    cut_while_the_row_is_held(writer, pg_url, lambda w: w.append_moves("t1", 1, [(0, {"take": [1]}, 1.0)], {}))
    again = run(writer, lambda w: refused(w.append_moves("t1", 1, [(0, {"take": [1]}, 1.0)], {})))
    assert again in (["stored"], ["Conflict"]) and seqs(truth) == [1] and changes(truth) == 1
    run(writer, lambda w: w.append_moves("t1", 2, [(1, {"take": [2]}, 2.0)], {}))
    assert seqs(truth) == [1, 2] and changes(truth) == 2


def test_writes_asked_for_together_are_stored_in_the_order_asked(stores):
    writer, truth = stores

    async def together(writes: LoopWrites) -> None:
        # Each insert is conditional on the log's length: any other order refuses some.
        await asyncio.gather(*(writes.append_moves("t1", seq, [(0, {"take": [seq]}, float(seq))], {})
                               for seq in range(1, 9)))

    run(writer, together)
    assert seqs(truth) == list(range(1, 9))
    news = writer.take_news("t1")
    assert [item["n"] for item in news] == list(range(1, 9)) and [item["moves"][0][0] for item in news] == list(
        range(1, 9))


def test_a_write_cancelled_in_flight_leaves_no_transaction_open_and_is_stored_once(stores):
    """A move cancelled once sent may still be stored (one message, see above): the same move sent
    again is stored or refused, at once (no transaction of the cancelled one holds the row)."""
    writer, truth = stores

    async def cancelled(writes: LoopWrites) -> None:
        task = asyncio.ensure_future(writes.append_moves("t1", 1, [(0, {"take": [1]}, 1.0)], {}))
        await asyncio.sleep(0)  # (sent, not answered)
        task.cancel()
        with pytest.raises(asyncio.CancelledError):
            await task

    start = time.monotonic()
    outcomes = run(writer, lambda w: w.set_pending("t1", 0, 0, [{"place": 1}]),  # (the connection made first)
                   cancelled, lambda w: refused(w.append_moves("t1", 1, [(0, {"take": [1]}, 1.0)], {})))
    assert outcomes[2] in ("stored", "Conflict") and time.monotonic() - start < 2
    assert [m["created"] for m in truth.changes_since("t1", 0)["moves"]] == [1.0]


def test_a_table_waiting_for_its_row_lock_holds_up_no_other_table(stores, pg_url):
    writer, truth = stores
    writer.create_table(table_row("t2"), SEATS)
    with psycopg.connect(pg_url) as holder:
        holder.execute("SELECT 1 FROM hall_tables WHERE id = 't1' FOR UPDATE")

        async def both(writes: LoopWrites) -> float:
            waiting = asyncio.ensure_future(writes.append_moves("t1", 1, [(0, {"take": [1]}, 1.0)], {}))
            await asyncio.sleep(0.1)  # (t1's write sent, waiting for the row)
            start = time.monotonic()
            await writes.append_moves("t2", 1, [(0, {"take": [2]}, 1.0)], {})
            took = time.monotonic() - start
            assert not waiting.done()
            holder.commit()
            await waiting
            return took

        took, = run(writer, both)
    assert took < 1.5 and seqs(truth) == [1]
    assert [m["seq"] for m in truth.changes_since("t2", 0)["moves"]] == [1]


def test_a_move_and_a_checked_pending_turn_take_one_round_trip_each(stores, monkeypatch):
    """Writes that check themselves (every move; a pending turn against the one it replaces) go as one
    message, which commits before it answers; a pending turn stored without a check takes two (BEGIN and
    the write, then COMMIT). The refusals are those of the checks (test_writes_store_check_...)."""
    from meeple.store import pgwrites

    writer, truth = stores
    sent: list[bytes] = []
    send = pgwrites._Exchange._send

    def counted(self, query: bytes) -> None:
        sent.append(query)
        send(self, query)

    monkeypatch.setattr(pgwrites._Exchange, "_send", counted)
    run(writer,
        lambda w: w.set_pending("t1", 0, 0, [{"place": 3}], expect=[]),
        lambda w: w.append_moves("t1", 1, [(0, {"place": 3}, 2.0)], {"clock_state": {"0": 5.0}}, (0,),
                                 [{"place": 3}]),
        lambda w: w.set_pending("t1", 1, 1, [{"place": 4}]))
    assert [query.split(b" ", 1)[0] for query in sent] == [b"UPDATE", b"UPDATE", b"BEGIN;", b"COMMIT"]
    assert seqs(truth) == [1] and truth.changes_since("t1", 0)["pending"] == {1: (1, [{"place": 4}])}


def test_a_write_after_the_network_cut_an_idle_connection_goes_on_a_new_one(pg_url):
    """The network (a proxy here) cuts the writes' idle connection without a word from the server: a
    write that commits itself, sent into it, would be lost after it was sent, which cannot be told from
    a commit (Unavailable: test_db_outage failed so under load). The cut is seen before sending, and
    the write is stored on a new connection."""
    from urllib.parse import urlsplit

    from .faults import TcpProxy
    from .test_db_outage import through

    with TcpProxy(urlsplit(pg_url).port or 5432) as proxy:
        writer, truth = Store(through(pg_url, proxy.port)), Store(pg_url)
        writer.share()
        writer.create_table(table_row("t1"), SEATS)

        async def cut(writes: LoopWrites) -> None:
            proxy.down()
            proxy.up()
            await asyncio.sleep(0.2)  # (the connection's end has reached its socket)

        try:
            outcomes = run(writer,
                           lambda w: w.append_moves("t1", 1, [(0, {"take": [1]}, 1.0)], {}),
                           cut,
                           lambda w: refused(w.append_moves("t1", 2, [(1, {"take": [2]}, 2.0)], {})))
            assert outcomes[2] == "stored" and seqs(truth) == [1, 2]
        finally:
            writer.close()
            truth.close()
