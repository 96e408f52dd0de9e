"""The two writes of play on PostgreSQL (`append_moves`, `set_pending`) made on the event loop itself.

On the store's thread each write cost two hand-overs of the GIL between that thread and a busy event
loop; here the loop sends the write on a connection of its own with libpq's non-blocking calls (send,
the loop's `add_reader` on the connection's socket, read the answers): about half the CPU a write
(bench/pg_drivers.py; docs/server.md, "Two processes on PostgreSQL"). What the store's own path
guarantees holds here too:

- BEGIN and the write's statements go in one message, COMMIT (or ROLLBACK) only once its answer came
  and the write's check accepted it: a write whose answer was lost never commits (`lone_writes`);
- the same refusals (Conflict) and rollbacks; the news announced only once committed;
- a connection found dead when the first message fails is replaced and the message sent again
  (nothing of it was committed); a new connection is made on a thread, never on the loop;
- an answer that does not come within STATEMENT_TIMEOUT_S cuts the connection (a timer of the loop,
  the store's watchdog here), and calls then fail at once for DOWN_FOR_S, as the store's do;
- the writes go one at a time, in the order they were asked for (a FIFO lock), so a table's writes
  keep their order; a move is answered only after its COMMIT's answer.
"""

from __future__ import annotations

import asyncio
import time
from typing import Any

import psycopg

from .db import DOWN_FOR_S, STATEMENT_TIMEOUT_S, Conflict, PgWrite, Store, Unavailable, _Postgres, batch_sql, text_rows

_ANSWERED = (psycopg.pq.ExecStatus.COMMAND_OK, psycopg.pq.ExecStatus.TUPLES_OK)
_BAD = psycopg.pq.ConnStatus.BAD


class _Lost(Exception):
    """The connection went away (or was cut) before a message's answer came."""


class LoopWrites:
    """A store's writes of play on PostgreSQL, on the running event loop (see the module)."""

    def __init__(self, store: Store) -> None:
        if not isinstance(store.db, _Postgres):
            raise TypeError("LoopWrites needs a PostgreSQL store")
        self.store = store
        self.db = store.db  # (its connection options, and its DOWN_FOR_S after a hang, are shared)
        self.conn: Any = None  # a psycopg Connection; its libpq connection is driven here, non-blocking
        self.cursor: Any = None  # (a ClientCursor of `conn`: binds the parameters)
        self.turn = asyncio.Lock()  # one transaction at a time on the connection, first come first served
        self.timeout_s = STATEMENT_TIMEOUT_S

    async def append_moves(self, table_id: str, first_seq: int, moves: list[tuple[int, Any, float]],
                           table_changes: dict, clear_pending: tuple[int, ...] = (),
                           expect_pending: list | None = None) -> None:
        """`Store.append_moves` without results (a game's last move goes to the store's thread)."""
        await self._write(self.store.plan_append_moves(table_id, first_seq, moves, table_changes, clear_pending,
                                                       expect_pending))

    async def set_pending(self, table_id: str, seat: int, base_seq: int, moves: list,
                          expect: list | None = None) -> None:
        """`Store.set_pending`."""
        await self._write(self.store.plan_set_pending(table_id, seat, base_seq, moves, expect))

    def close(self) -> None:
        self._drop()

    async def _write(self, write: PgWrite) -> None:
        try:
            async with self.turn:
                n = await self._transaction(write)
        except Conflict:
            self.store.refused(write)
            raise
        except psycopg.errors.IntegrityError:  # (a key: another process stored first)
            self.store.refused(write)
            raise Conflict(write.taken) from None
        self.store.committed(write, n)

    async def _transaction(self, write: PgWrite) -> int | None:
        sql, params = batch_sql(write.statements)
        for again in (False, True):
            await self._connection()
            try:
                result = await self._message(self.cursor.mogrify(sql, params).encode())
                break
            except _Lost:
                self._drop()
                if again:
                    raise Unavailable("The connection to PostgreSQL was lost.") from None
                # (nothing of it was committed without the COMMIT: once more on a new connection)
            except psycopg.errors.QueryCanceled as exc:  # statement_timeout: the database is stuck
                await self._end(b"ROLLBACK")
                raise Unavailable(f"PostgreSQL did not answer in time: {exc}".strip()) from None
            except psycopg.Error:  # refused (a key, a check): its transaction is aborted
                await self._end(b"ROLLBACK")
                raise
            except BaseException:  # (cancelled: the transaction ends with the connection)
                self._drop()
                raise
        try:
            n = write.check(text_rows(result))
        except BaseException:
            await self._end(b"ROLLBACK")
            raise
        await self._end(b"COMMIT")
        return n

    async def _end(self, command: bytes) -> None:
        """COMMIT or ROLLBACK; a lost answer (or a cancel) leaves the write's outcome unknown: Unavailable."""
        try:
            await self._message(command)
        except _Lost:
            self._drop()
            raise Unavailable("The connection to PostgreSQL was lost.") from None
        except psycopg.errors.QueryCanceled as exc:
            self._drop()
            raise Unavailable(f"PostgreSQL did not answer in time: {exc}".strip()) from None
        except BaseException:
            self._drop()
            raise

    async def _connection(self) -> None:
        if self.conn is None:
            if time.monotonic() < self.db.down_until:  # (no thread for an answer known now)
                raise Unavailable("PostgreSQL could not be reached a moment ago.")
            conn = await asyncio.get_running_loop().run_in_executor(None, self.db.new_connection)
            conn.pgconn.nonblocking = 1
            self.conn, self.cursor = conn, psycopg.ClientCursor(conn)

    def _drop(self) -> None:
        """Close the connection (a transaction left open on it is rolled back by the server)."""
        conn, self.conn, self.cursor = self.conn, None, None
        if conn is not None:
            try:
                conn.close()
            except Exception:
                pass

    async def _message(self, query: bytes) -> Any:
        """Send one message (one statement or several) and wait for its answers on the loop: the last
        statement's result. A statement refused raises its psycopg error; a lost connection, or none
        within `timeout_s`, raises _Lost (the connection is closed: it ends an open transaction)."""
        pg = self.conn.pgconn
        loop = asyncio.get_running_loop()
        done: asyncio.Future = loop.create_future()
        results: list = []
        try:
            fd = pg.socket
            pg.send_query(query)
            unsent = pg.flush()
        except psycopg.OperationalError:
            raise _Lost() from None

        def fail(exc: BaseException) -> None:
            if not done.done():
                done.set_exception(exc)

        def readable() -> None:
            try:
                pg.consume_input()
                while not pg.is_busy():
                    result = pg.get_result()
                    if result is None:
                        if not done.done():
                            done.set_result(None)
                        return
                    results.append(result)
            except psycopg.OperationalError:
                fail(_Lost())

        def writable() -> None:
            try:
                if not pg.flush():
                    loop.remove_writer(fd)
            except psycopg.OperationalError:
                fail(_Lost())

        def hung() -> None:
            # Hung, not restarted: no new connection is tried for a moment (it would hang too).
            self.db.down_until = time.monotonic() + DOWN_FOR_S
            fail(_Lost())

        loop.add_reader(fd, readable)
        if unsent:
            loop.add_writer(fd, writable)
        timer = loop.call_later(self.timeout_s, hung)
        try:
            await done
        finally:
            timer.cancel()
            loop.remove_reader(fd)
            if unsent:
                loop.remove_writer(fd)
        if pg.status == _BAD:
            raise _Lost()
        for result in results:
            if result.status not in _ANSWERED:
                raise psycopg.errors.error_from_result(result)
        if not results:
            raise _Lost()
        return results[-1]
