"""The two writes of play on PostgreSQL (`append_moves`, `set_pending`) made on the event loop itself.

On the store's thread each write cost hand-overs of the GIL between that thread and a busy event
loop; here the loop sends the write on a connection of its own with libpq's non-blocking calls (send,
the loop's `add_reader` on the connection's socket, read the answers): about half the CPU a write
(bench/pg_drivers.py; docs/server/scale-out.md, "Two processes on PostgreSQL"). What the store's own path
guarantees holds here too:

- a write that checks itself (a compare-and-set: every write of moves, and a pending turn's where
  other processes write too; `PgWrite.alone`) goes as one message without BEGIN and COMMIT, which
  PostgreSQL runs as one transaction, committed before it answers: one round trip. Its answer lost
  (the connection cut or hung once it was sent), it may have committed: the call fails (Unavailable)
  and is never sent again by itself; sent again by the hall (a retry, with its idempotency key), its
  compare-and-set refuses it, and the hall reads what was stored (moves.py, `_made_after_all`);
- any other write sends BEGIN and its statements in one message, COMMIT (or ROLLBACK) only once its
  answer came and the write's check accepted it: a write whose answer was lost never commits
  (`lone_writes`). The COMMIT is sent by the callback that read that answer, not by the awaiting
  task, so a write waits for one turn of a busy loop, not two;
- the same refusals (Conflict) and rollbacks; the news announced only once committed;
- a connection found dead by the first message is replaced and the message sent again (nothing of it
  was committed: it failed to go out, or the server ended the connection with an error before the
  message's last statement answered); connections are made on a thread, never on the loop;
- an answer that does not come within STATEMENT_TIMEOUT_S cuts the connection (a timer of the loop,
  the store's watchdog here), and calls then fail at once for DOWN_FOR_S, as the store's do;
- a table's writes go one at a time in the order asked (a lock per table: the hall holds its own
  table lock around them anyway); different tables' writes go on up to MAX_CONNECTIONS connections
  at once, so that one table's write never waits for another's round trips. A move is answered only
  after its COMMIT's answer.
"""

from __future__ import annotations

import asyncio
import select
import time
import weakref
from collections import deque
from typing import Any

import psycopg

from .db import (
    DOWN_FOR_S,
    STATEMENT_TIMEOUT_S,
    Conflict,
    PgWrite,
    Store,
    Unavailable,
    _Postgres,
    batch_sql,
    bound_sql,
    refused_by,
    text_rows,
)

MAX_CONNECTIONS = 4  # (a write holds one for two round trips: under load about one is busy at a time)
_ANSWERED = (psycopg.pq.ExecStatus.COMMAND_OK, psycopg.pq.ExecStatus.TUPLES_OK)
_BAD = psycopg.pq.ConnStatus.BAD


class _Lost(Exception):
    """The connection went away (or was cut) before an answer came; `committing`: after the COMMIT was
    sent (the write's outcome is unknown), else nothing of the write was committed."""

    def __init__(self, committing: bool) -> None:
        super().__init__("The connection to PostgreSQL was lost.")
        self.committing = committing


class _Exchange:
    """One write's messages on one connection, driven by the loop's callbacks: BEGIN and the statements;
    once their answer came, the check, then COMMIT (or ROLLBACK, keeping what refused the write); once
    that answer came, `done` holds the count the check answered, or what refused the write. `alone`:
    the write's `alone` statements, without BEGIN and COMMIT (`done` once they answered)."""

    def __init__(self, loop: asyncio.AbstractEventLoop, pg: Any, check, timeout_s: float, hung,
                 alone: int = 0) -> None:
        self.loop, self.pg, self.check, self.timeout_s, self.hung = loop, pg, check, timeout_s, hung
        self.alone = alone
        self.done: asyncio.Future = loop.create_future()
        self.results: list = []
        self.ending = False  # (COMMIT or ROLLBACK sent)
        self.committing = False
        self.outcome: Any = None  # the count, or the exception that refused the write
        self.fd = -1
        self.writing = False
        self.timer: asyncio.TimerHandle | None = None

    def start(self, query: bytes) -> None:
        try:
            self.fd = self.pg.socket
        except psycopg.OperationalError:
            raise _Lost(False) from None
        self.loop.add_reader(self.fd, self._readable)
        self._send(query)

    def stop(self) -> None:
        """No more callbacks (the answer came, or the caller gave up)."""
        if self.timer is not None:
            self.timer.cancel()
        if self.fd >= 0:
            self.loop.remove_reader(self.fd)
            if self.writing:
                self.loop.remove_writer(self.fd)
            self.fd = -1

    def _send(self, query: bytes) -> None:
        if self.timer is not None:
            self.timer.cancel()
        self.timer = self.loop.call_later(self.timeout_s, self._hung)
        try:
            self.pg.send_query(query)
            unsent = self.pg.flush()
        except psycopg.OperationalError:
            return self._finish(self._lost())
        if self.alone:
            self.committing = True  # (sent whole or in part: its outcome is the answer's)
        if unsent and not self.writing:
            self.writing = True
            self.loop.add_writer(self.fd, self._writable)

    def _writable(self) -> None:
        try:
            if not self.pg.flush():
                self.writing = False
                self.loop.remove_writer(self.fd)
        except psycopg.OperationalError:
            self._finish(self._lost())

    def _hung(self) -> None:
        self.hung()
        self._finish(_Lost(self.committing))

    def _finish(self, outcome: Any) -> None:
        self.stop()
        if self.done.done():
            return
        if isinstance(outcome, BaseException):
            self.done.set_exception(outcome)
        else:
            self.done.set_result(outcome)

    def _readable(self) -> None:
        pg = self.pg
        try:
            pg.consume_input()
            while not pg.is_busy():
                result = pg.get_result()
                if result is None:
                    return self._answered()
                self.results.append(result)
        except psycopg.OperationalError:
            self._finish(self._lost())

    def _lost(self) -> _Lost:
        """The connection gone before the whole answer came. A write sent without BEGIN and COMMIT one of
        whose statements had failed was not committed (a server that ends a connection says so first)."""
        if self.alone and any(r.status not in _ANSWERED for r in self.results[:self.alone]):
            return _Lost(False)
        return _Lost(self.committing)

    def _answered(self) -> None:
        results, self.results = self.results, []
        if self.alone:
            return self._answered_alone(results)
        if self.pg.status == _BAD or not results:
            return self._finish(_Lost(self.committing))
        refused = next((r for r in results if r.status not in _ANSWERED), None)
        if self.ending:  # (the COMMIT's or ROLLBACK's answer)
            return self._finish(psycopg.errors.error_from_result(refused) if refused is not None else self.outcome)
        self.ending = True
        if refused is not None:  # (a key, a check, a timeout: its transaction is aborted)
            self.outcome = psycopg.errors.error_from_result(refused)
        else:
            try:
                self.outcome = self.check(text_rows(results[-1]))
            except Exception as exc:
                self.outcome = exc
        self.committing = not isinstance(self.outcome, BaseException)
        self._send(b"COMMIT" if self.committing else b"ROLLBACK")

    def _answered_alone(self, results: list) -> None:
        """The answer of a write sent without BEGIN and COMMIT: its statements all answered, it committed
        (PostgreSQL commits before the last one answers); one of them refused, it did not (an error ends
        the transaction); else its outcome is unknown."""
        answers = results[:self.alone]
        refused = next((r for r in answers if r.status not in _ANSWERED), None)
        if refused is None and len(answers) == self.alone:
            try:
                return self._finish(self.check(text_rows(answers[-1])))
            except Exception as exc:  # (the statement checked the same: a refusal here is not expected)
                return self._finish(exc)
        if refused is None:
            return self._finish(_Lost(True))
        if self.pg.status == _BAD:  # (ended by the server, the statements not committed: sent again)
            return self._finish(_Lost(False))
        self._finish(psycopg.errors.error_from_result(refused))


class LoopWrites:
    """A store's writes of play on PostgreSQL, on the running event loop (see the module)."""

    def __init__(self, store: Store) -> None:
        if not isinstance(store.db, _Postgres):
            raise TypeError("LoopWrites needs a PostgreSQL store")
        self.store = store
        self.db = store.db  # (its connection options, and its DOWN_FOR_S after a hang, are shared)
        self.timeout_s = STATEMENT_TIMEOUT_S
        self.idle: list[_Connection] = []
        self.made = 0  # connections open or being made
        self.waiting: deque[asyncio.Future] = deque()  # writes waiting for a connection, first come first served
        self.tables: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()

    async def append_moves(self, table_id: str, first_seq: int, moves: list[tuple[int, Any, float]],
                           table_changes: dict, clear_pending: tuple[int, ...] = (),
                           expect_pending: list | None = None) -> None:
        """`Store.append_moves` without results (a game's last move goes to the store's thread)."""
        await self._write(self.store.plan_append_moves(table_id, first_seq, moves, table_changes, clear_pending,
                                                       expect_pending, alone=True))

    async def set_pending(self, table_id: str, seat: int, base_seq: int, moves: list,
                          expect: list | None = None) -> None:
        """`Store.set_pending`."""
        await self._write(self.store.plan_set_pending(table_id, seat, base_seq, moves, expect, alone=True))

    def close(self) -> None:
        for conn in self.idle:
            conn.close()
        self.idle.clear()

    async def _write(self, write: PgWrite) -> None:
        lock = self.tables.setdefault(write.table_id, asyncio.Lock())
        try:
            async with lock:
                n = await self._transaction(write)
        except Conflict:
            self.store.refused(write)
            raise
        except psycopg.errors.IntegrityError:  # (a key: another process stored first)
            self.store.refused(write)
            raise Conflict(write.taken) from None
        except psycopg.errors.QueryCanceled as exc:  # statement_timeout: the database is stuck
            raise Unavailable(f"PostgreSQL did not answer in time: {exc}".strip()) from None
        except psycopg.errors.InvalidTextRepresentation as exc:  # (a write that checks itself refused)
            words = refused_by(exc)
            if words is None:
                raise
            self.store.refused(write)
            raise Conflict(words) from None
        except _Lost as exc:
            raise Unavailable(str(exc)) from None
        self.store.committed(write, n)

    async def _transaction(self, write: PgWrite) -> int | None:
        alone = len(write.statements) if write.alone else 0
        for again in (False, True):
            conn = await self._take()
            exchange = _Exchange(asyncio.get_running_loop(), conn.pg, write.check, self.timeout_s, self._hung, alone)
            try:
                exchange.start(conn.bind(write.statements, not write.alone))
                n = await exchange.done
            except _Lost as exc:
                self._give(conn, dead=True)
                if again or exc.committing:
                    raise
                continue  # (nothing of it was committed: once more on a new connection)
            except BaseException as exc:
                exchange.stop()
                # (cancelled in flight: the transaction ends with its connection)
                self._give(conn, dead=not isinstance(exc, Exception))
                raise
            self._give(conn)
            return n
        raise AssertionError("unreachable")  # (the second try returns or raises)

    def _hung(self) -> None:
        # Hung, not restarted: no new connection is tried for a moment (it would hang too).
        self.db.down_until = time.monotonic() + DOWN_FOR_S

    async def _take(self) -> _Connection:
        """An idle connection, a new one while fewer than MAX_CONNECTIONS are open, or the next one given back."""
        while True:
            if self.idle:
                conn = self.idle.pop()
                if conn.ended():
                    self._give(conn, dead=True)
                    continue
                return conn
            if self.made < MAX_CONNECTIONS:
                if time.monotonic() < self.db.down_until:  # (no thread for an answer known now)
                    raise Unavailable("PostgreSQL could not be reached a moment ago.")
                self.made += 1
                try:
                    conn = await asyncio.get_running_loop().run_in_executor(None, self.db.new_connection)
                except BaseException:
                    self.made -= 1
                    self._wake()
                    raise
                return _Connection(conn)
            waiter = asyncio.get_running_loop().create_future()
            self.waiting.append(waiter)
            try:
                await waiter
            except asyncio.CancelledError:
                if waiter in self.waiting:
                    self.waiting.remove(waiter)
                elif not waiter.cancelled():
                    self._wake()  # (woken, then cancelled: the connection given back goes to the next)
                raise

    def _give(self, conn: _Connection, dead: bool = False) -> None:
        """A connection back to the pool, or closed (`dead`: its transaction ends with it)."""
        if dead:
            conn.close()
            self.made -= 1
        else:
            self.idle.append(conn)
        self._wake()

    def _wake(self) -> None:
        while self.waiting:
            waiter = self.waiting.popleft()
            if not waiter.done():
                waiter.set_result(None)
                return


class _Connection:
    """A psycopg connection whose libpq connection is driven here, non-blocking."""

    def __init__(self, conn: Any) -> None:
        self.conn, self.pg = conn, conn.pgconn
        self.pg.nonblocking = 1
        self.cursor = psycopg.ClientCursor(conn)  # (binds the parameters where `bound_sql` cannot)
        self.conforming = self.pg.parameter_status(b"standard_conforming_strings") == b"on"

    def bind(self, statements: list[tuple[str, tuple]], begin: bool) -> bytes:
        """The message of a write: its statements with their parameters as literals."""
        if self.conforming:
            try:
                return bound_sql(statements, begin).encode()
            except ValueError:
                pass
        sql, params = batch_sql(statements, begin)
        return self.cursor.mogrify(sql, params).encode()

    def ended(self) -> bool:
        """Whether the server or the network ended this idle connection (a cut, a restart): its socket
        reads at once, where an idle connection is sent nothing. A write sent into it would be lost after
        it was sent, which a write that commits itself cannot tell from a commit (Unavailable), so it goes
        on a new connection instead."""
        try:
            return bool(select.select([self.pg.socket], [], [], 0)[0])
        except (OSError, ValueError, psycopg.Error):
            return True

    def close(self) -> None:
        """(An open transaction is rolled back by the server.)"""
        try:
            self.conn.close()
        except Exception:
            pass
