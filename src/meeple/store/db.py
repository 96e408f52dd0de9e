"""The hall's storage: accounts, sessions, tables, seats and each table's append-only move log.

One `Store` talks to SQLite (a file in WAL mode, the default) or PostgreSQL
(`postgresql://...`). Its methods are plain blocking calls: the server runs
them on one dedicated thread so that the event loop never waits on a disk
(PostgreSQL's two writes of play go on the loop itself, non-blocking: pgwrites.py).
A table is (game, options, seed, seats) plus its moves; everything else the
server knows about a table is rebuilt from these rows.
"""

from __future__ import annotations

import json
import os
import socket
import sqlite3
import threading
import time
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from typing import Any

from . import ratings
from .migrations import MIGRATIONS

CONNECT_TIMEOUT_S = 5       # the first connection, at start-up
RECONNECT_TIMEOUT_S = 3     # a new connection while serving (a request waits for it)
STATEMENT_TIMEOUT_S = 3     # a statement's answer (a hung server: the connection is cut after this)
DOWN_FOR_S = 2              # after a hang or a reconnection timing out, calls answer Unavailable at once
SCHEMA_LOCK = 0x6D656570    # the advisory lock ("meep") under which PostgreSQL's schema_version is made


class StoreError(Exception):
    """A storage problem (bad URL, unreachable database)."""


class Unavailable(StoreError):
    """The database cannot be reached just now (the call may be tried again)."""


class Conflict(Exception):
    """A write lost a race: the move's sequence number is already taken."""


# What json.dumps(value, separators=(",", ":"), sort_keys=True) writes, without an encoder made a call.
_dumps = json.JSONEncoder(separators=(",", ":"), sort_keys=True).encode


@dataclass
class PgWrite:
    """A PostgreSQL write of play, planned (`Store.plan_append_moves`, `Store.plan_set_pending`): BEGIN and
    its statements go in one message; `check` reads the last statement's rows (as text), raises Conflict
    to have it rolled back, and answers the table's count of changes (None unless shared); COMMIT goes
    only after that; `news` is announced once it committed (`Store.committed`). `taken`: the Conflict's
    words when the database refuses it on a key (another process wrote first). `alone`: the write
    checks itself (its last statement fails, and so rolls everything back, where `check` would refuse
    it: `refused_by`), and goes as one message without BEGIN and COMMIT, whose statements PostgreSQL
    runs as one transaction that commits before it answers: one round trip (server/pgwrites.py)."""

    table_id: str
    statements: list[tuple[str, tuple]]
    check: Callable[[list[tuple]], int | None]
    news: dict
    taken: str
    alone: bool = False


# How a write that checks itself refuses (`PgWrite.alone`): its last statement casts a text that begins so
# to an integer, and fails.
REFUSED = "meeple refused the write: "


def _refusal(condition: str, words: str) -> tuple[str, tuple]:
    """The column that fails its statement unless `condition` holds (with `words` in the error: `refused_by`).
    (Not a constant: PostgreSQL could fold a constant's error into every plan.)"""
    return f"CAST(CASE WHEN {condition} THEN '0' ELSE ? END AS INTEGER)", (REFUSED + words,)


def refused_by(error: Exception) -> str | None:
    """The words of a self-checking write's refusal (`_refusal`), if that is what `error` is."""
    text = str(error)
    at = text.find(REFUSED)
    return None if at < 0 else text[at + len(REFUSED):].split('"', 1)[0]


def batch_sql(statements: list[tuple[str, tuple]], begin: bool = True) -> tuple[str, tuple]:
    """BEGIN (unless not `begin`) and `statements` as one message with psycopg's placeholders, and its
    parameters (flags as integers: the columns are INTEGER in both databases)."""
    sql = ("BEGIN; " if begin else "") + "; ".join(sql.replace("?", "%s") for sql, _ in statements)
    return sql, tuple(int(v) if isinstance(v, bool) else v for _, ps in statements for v in ps)


def bound_sql(statements: list[tuple[str, tuple]], begin: bool = True) -> str:
    """`batch_sql` with its parameters written in as literals, as psycopg's `ClientCursor.mogrify` writes
    them but without its adapters (a third of a write's CPU on the loop): for a server whose strings
    conform to the standard (`standard_conforming_strings`, on since PostgreSQL 9.1: a backslash is
    itself, a quote is doubled). ValueError for what only psycopg may write (a NUL, another type)."""
    parts = ["BEGIN; "] if begin else []
    for i, (sql, params) in enumerate(statements):
        pieces = sql.split("?")
        if len(pieces) != len(params) + 1:
            raise ValueError("placeholders and parameters differ")
        if i:
            parts.append("; ")
        parts.append(pieces[0])
        for value, piece in zip(params, pieces[1:]):
            parts.append(_literal(value))
            parts.append(piece)
    return "".join(parts)


_SPECIAL_FLOATS = {"nan": "'NaN'::float8", "inf": "'Infinity'::float8", "-inf": "'-Infinity'::float8"}


def _literal(value: Any) -> str:
    kind = type(value)
    if kind is str:
        if "\x00" in value:
            raise ValueError("a NUL character")
        return "'" + value.replace("'", "''") + "'"
    if value is None:
        return "NULL"
    if kind is bool:
        return "1" if value else "0"  # (flags are INTEGER columns: `batch_sql`)
    if kind is int or kind is float:
        text = repr(value)
        if kind is float and text in _SPECIAL_FLOATS:
            return _SPECIAL_FLOATS[text]
        return " " + text if value < 0 else text  # (as psycopg: never '--' after a minus in the statement)
    raise ValueError(f"no literal for {kind.__name__}")


def text_rows(result) -> list[tuple]:
    """A libpq result's rows, as text (None for NULL)."""
    columns = range(result.nfields)
    return [tuple(None if v is None else v.decode() for v in (result.get_value(r, c) for c in columns))
            for r in range(result.ntuples)]


class _Sqlite:
    paramstyle = "?"
    for_update = ""  # BEGIN IMMEDIATE already lets one writer in at a time
    rowcount = -1
    # A write of one statement may go without BEGIN and COMMIT: a local file's statement has either
    # happened or not when the call returns or raises.
    lone_writes = True

    def __init__(self, path: str, fsync: bool) -> None:
        folder = os.path.dirname(os.path.abspath(path))
        os.makedirs(folder, exist_ok=True)
        self.conn = sqlite3.connect(path, isolation_level=None, check_same_thread=False, timeout=30)
        self.conn.execute("PRAGMA journal_mode=WAL")
        # NORMAL: a commit is in the WAL file (the operating system's care) before the move is
        # acknowledged, so a crash or kill -9 of the server loses nothing; FULL also waits for the
        # disk itself, surviving a power cut, at about 5 ms per move on this machine's disk.
        self.conn.execute(f"PRAGMA synchronous={'FULL' if fsync else 'NORMAL'}")
        self.conn.execute("PRAGMA foreign_keys=ON")
        self.integrity_errors = (sqlite3.IntegrityError,)

    @contextmanager
    def transaction(self) -> Iterator[None]:
        self.conn.execute("BEGIN IMMEDIATE")
        try:
            yield
        except BaseException:
            self.conn.execute("ROLLBACK")
            raise
        self.conn.execute("COMMIT")

    def execute(self, sql: str, params: tuple = ()) -> list[tuple]:
        cur = self.conn.execute(sql, params)
        rows = cur.fetchall()
        self.rowcount = cur.rowcount  # rows the statement wrote (a conditional write checks it)
        return rows

    def close(self) -> None:
        self.conn.close()


class _Postgres:
    """One connection, in autocommit mode, that comes back after the database went away.

    A lost connection (a restart of PostgreSQL, a network cut) is noticed at the next call: a read
    is sent again on a new connection, and so is a transaction whose first message failed (its
    BEGIN, alone or with a write's statements: `transaction_with`; nothing of it was committed).
    A transaction cut in its middle raises `Unavailable`; the next call reconnects.

    A hung database (connections open, no answers) must not hold the hall: a watchdog thread cuts
    the connection when a statement has waited STATEMENT_TIMEOUT_S for its answer (the call then
    fails as a lost connection: `Unavailable`, 503), and after that, or a reconnection that timed
    out, calls fail at once for DOWN_FOR_S instead of each waiting for a connection of its own. The database
    itself ends statements (lock waits included) after the same time, and sessions left idle in a
    transaction by a client that hung, so that their row locks do not outlive them.
    """

    for_update = " FOR UPDATE"
    rowcount = -1
    # Every write in a transaction: a statement whose answer was lost (a hung server, the watchdog
    # cut the connection) may still run later, and on its own it would commit a move the hall
    # answered 503 for; in a transaction it never does, since COMMIT was not sent. (The writes of
    # play on the loop that check themselves are the exception, by design: `PgWrite.alone`.)
    lone_writes = False

    def __init__(self, url: str) -> None:
        try:
            import psycopg
        except ImportError as exc:  # pragma: no cover - psycopg is a dependency
            raise StoreError("PostgreSQL needs the psycopg package.") from exc
        self.psycopg = psycopg
        self.url = url
        self.waiting_since: float | None = None  # when the statement now in flight was sent
        self.down_until = 0.0
        self.closing = threading.Event()
        self.conn = self._connect(CONNECT_TIMEOUT_S)
        self.batch_cursor: Any = None  # (transaction_with's: a ClientCursor of `conn`)
        self.depth = 0  # open transactions: a statement inside one is never sent again
        self.integrity_errors = (psycopg.errors.IntegrityError,)
        self.tuples_ok = psycopg.pq.ExecStatus.TUPLES_OK
        self.answered = (psycopg.pq.ExecStatus.COMMAND_OK, psycopg.pq.ExecStatus.TUPLES_OK)
        threading.Thread(target=self._watch, name="meeple-store-watchdog", daemon=True).start()

    def _connect(self, timeout_s: float):
        ms = int(STATEMENT_TIMEOUT_S * 1000)
        try:
            return self.psycopg.connect(self.url, autocommit=True, connect_timeout=max(1, int(timeout_s)),
                                        # (UTF-8: `_exec` encodes the statements and decodes the answers so)
                                        options=f"-c statement_timeout={ms} -c client_encoding=UTF8 "
                                                f"-c idle_in_transaction_session_timeout={ms * 3}")
        except self.psycopg.OperationalError as exc:
            raise StoreError(f"Cannot reach PostgreSQL at {_redact(self.url)}: {exc}".strip()) from None

    def _reconnect(self) -> None:
        try:
            self.conn.close()
        except Exception:
            pass
        self.conn = self.new_connection()

    def new_connection(self):
        """A new connection while serving (this one's, or pgwrites.py's); Unavailable for DOWN_FOR_S after a
        hang or a reconnection that timed out, at once."""
        if time.monotonic() < self.down_until:
            raise Unavailable("PostgreSQL could not be reached a moment ago.")
        started = time.monotonic()
        try:
            return self._connect(RECONNECT_TIMEOUT_S)
        except StoreError as exc:
            if time.monotonic() - started >= 1:  # it timed out (a refusal is quick: try it every call)
                self.down_until = time.monotonic() + DOWN_FOR_S
            raise Unavailable(str(exc)) from None

    def _watch(self) -> None:
        """Cut the connection under a statement that waits too long for its answer."""
        while not self.closing.wait(0.2):
            since = self.waiting_since
            if since is not None and time.monotonic() - since > STATEMENT_TIMEOUT_S:
                self.waiting_since = None
                # Hung, not restarted: no new connection is tried for a moment (it would hang too).
                self.down_until = time.monotonic() + DOWN_FOR_S
                try:
                    # A copy of the socket: shutting it down wakes the blocked read, which fails.
                    with socket.socket(fileno=os.dup(self.conn.fileno())) as sock:
                        sock.shutdown(socket.SHUT_RDWR)
                except (OSError, ValueError, self.psycopg.Error):
                    pass

    @contextmanager
    def _bounded(self) -> Iterator[None]:
        self.waiting_since = time.monotonic()
        try:
            yield
        finally:
            self.waiting_since = None

    def _fresh(self) -> None:
        if self.conn.closed or self.conn.broken:
            self._reconnect()

    @contextmanager
    def transaction(self) -> Iterator[None]:
        if self.depth:
            with self.conn.transaction():
                yield
            return
        self._fresh()
        with self._unavailable_on_loss():
            try:
                tx = self.conn.transaction()
                with self._bounded():
                    tx.__enter__()  # sends BEGIN
            except self.psycopg.OperationalError:
                self._reconnect()  # the connection was dead before anything was sent: once more
                tx = self.conn.transaction()
                with self._bounded():
                    tx.__enter__()
            self.depth += 1
            try:
                yield
            except BaseException as exc:
                with self._bounded():
                    tx.__exit__(type(exc), exc, exc.__traceback__)  # ROLLBACK
                raise
            else:
                with self._bounded():
                    tx.__exit__(None, None, None)  # COMMIT
            finally:
                self.depth -= 1

    @contextmanager
    def transaction_with(self, statements: list[tuple[str, tuple]]) -> Iterator[list[tuple]]:
        """A transaction whose BEGIN and first statements go in one round trip; yields the rows of the
        last statement, as text (None for NULL: the caller converts them; what the others answer is
        not kept, so a statement whose answer is needed goes last). Its COMMIT (or ROLLBACK) is still
        sent only once that answer came, so a write whose answer was lost never commits (see
        `lone_writes`). The statements are bound here, not by the server (PostgreSQL takes several
        statements in one message only so), and run one after another as they would one per round
        trip: each sees what the ones before it did, and what was committed before it began (a row
        lock waited for first, then a read, sees the rows its holder committed). A connection found
        dead sends them all again on a new one: nothing of theirs was committed without the COMMIT.
        Each write is two round trips, not two more than its statements, each one call of libpq
        (`_exec`) (docs/server/scale-out.md, "Two processes on PostgreSQL")."""
        if self.depth:  # (inside another transaction: one statement at a time, as it would be)
            with self.conn.transaction():
                rows = [self.execute(sql, params) for sql, params in statements][-1]
                yield [tuple(None if v is None else str(v) for v in row) for row in rows]
            return
        sql, params = batch_sql(statements)
        self._fresh()
        with self._unavailable_on_loss():
            try:
                results = self._run_batch(sql, params)
            except self.psycopg.OperationalError:
                if not (self.conn.broken or self.conn.closed):
                    self._end_failed()
                    raise
                self._reconnect()  # (nothing was committed: once more on a new connection)
                results = self._run_batch(sql, params)
            except BaseException:
                self._end_failed()
                raise
            self.depth += 1
            try:
                yield results
            except BaseException:
                self._end("ROLLBACK")
                raise
            else:
                self._end("COMMIT")
            finally:
                self.depth -= 1

    def _client_cursor(self):
        cur = self.batch_cursor
        if cur is None or cur.connection is not self.conn:  # (one a connection, kept)
            cur = self.batch_cursor = self.psycopg.ClientCursor(self.conn)
        return cur

    def _exec(self, query: bytes):
        """One message (one statement or several) and its last answer, in one call of libpq (PQexec,
        which waits for the answer with the GIL released), where psycopg's cursor took several
        sends, waits and wake-ups and built its rows in Python: about 50 us of CPU less a write (two
        messages), and fewer hand-overs of the GIL between the store's thread and the busy event
        loop. A statement refused raises its psycopg error (IntegrityError, QueryCanceled...); a lost
        connection raises OperationalError, the connection then `broken`."""
        with self._bounded():
            try:
                result = self.conn.pgconn.exec_(query)
            except self.psycopg.Error:
                raise self.psycopg.OperationalError("The connection to PostgreSQL was lost.") from None
        if result.status not in self.answered:
            if self.conn.broken:
                raise self.psycopg.OperationalError(result.get_error_message())
            raise self.psycopg.errors.error_from_result(result)
        return result

    def _end(self, command: str) -> None:
        """COMMIT or ROLLBACK (as a simple query: one message, where a statement with parameters is four)."""
        self._exec(command.encode())

    def _run_batch(self, sql: str, params: tuple) -> list[tuple]:
        """BEGIN and statements in one message; the rows of the last one, as text."""
        result = self._exec(self._client_cursor().mogrify(sql, params).encode())
        self.rowcount = result.command_tuples if result.command_tuples is not None else -1
        return text_rows(result)

    def _end_failed(self) -> None:
        """Roll back what a failed batch left open (a statement's error leaves its transaction aborted)."""
        if not (self.conn.broken or self.conn.closed) \
                and self.conn.info.transaction_status != self.psycopg.pq.TransactionStatus.IDLE:
            self._end("ROLLBACK")

    @contextmanager
    def _unavailable_on_loss(self) -> Iterator[None]:
        try:
            yield
        except self.psycopg.errors.QueryCanceled as exc:  # statement_timeout: the database is stuck
            raise Unavailable(f"PostgreSQL did not answer in time: {exc}".strip()) from None
        except self.psycopg.OperationalError as exc:
            if self.conn.broken or self.conn.closed:
                raise Unavailable(f"The connection to PostgreSQL was lost: {exc}".strip()) from None
            raise

    def execute(self, sql: str, params: tuple = ()) -> list[tuple]:
        # Flags are INTEGER columns in both databases; psycopg would send Python bools as booleans.
        params = tuple(int(v) if isinstance(v, bool) else v for v in params)
        sql = sql.replace("?", "%s")
        if self.depth:
            return self._run(sql, params)
        self._fresh()
        try:
            return self._run(sql, params)
        except self.psycopg.errors.QueryCanceled as exc:
            raise Unavailable(f"PostgreSQL did not answer in time: {exc}".strip()) from None
        except self.psycopg.OperationalError:
            if not (self.conn.broken or self.conn.closed):
                raise
        self._reconnect()  # a statement on its own: safe to send again on a new connection
        with self._unavailable_on_loss():
            return self._run(sql, params)

    def _run(self, sql: str, params: tuple) -> list[tuple]:
        with self._bounded():
            cur = self.conn.execute(sql, params)
            # (the result's status, not `description`: that builds an object per column, each call)
            rows = cur.fetchall() if cur.pgresult is not None and cur.pgresult.status == self.tuples_ok else []
            self.rowcount = cur.rowcount  # rows the statement wrote (a conditional write checks it)
            return rows

    def close(self) -> None:
        self.closing.set()
        self.conn.close()


def _redact(url: str) -> str:
    """The URL without its password, for messages."""
    if "@" in url and "://" in url:
        scheme, rest = url.split("://", 1)
        creds, host = rest.rsplit("@", 1)
        return f"{scheme}://{creds.split(':')[0]}@{host}"
    return url


TABLE_COLUMNS = ("id", "game", "players", "options", "seed", "clock", "clock_state", "public", "status",
                 "creator", "created", "version", "rated", "rematch", "stand_ins")
SEAT_COLUMNS = ("seat", "type", "level", "user_id", "name", "token_hash", "bot_playing", "reason", "reserved")
_DEFAULTS: dict[str, object] = {"rated": False, "rematch": None, "reserved": None,  # columns added by migration 2
                               "stand_ins": []}  # migration 5
RESULT_COLUMNS = ("table_id", "seat", "game", "player", "name", "players", "rank", "score", "rated", "mu", "sigma",
                  "created", "forfeit")
_JSON_TABLE_FIELDS = ("options", "clock", "clock_state", "stand_ins")
KNOWN_MOVES = 200  # the newest moves of a table kept with its news, to answer `changes_since` from
MAX_KNOWN = 5000  # tables whose news a process keeps
MAX_UNPUBLISHED = 100  # news of one table's writes waiting for the bus
_FORGET = '{"forget":true}'  # the news that replaces too many unpublished: read the table again


class Store:
    """All reads and writes of the hall. Thread-safe by one lock (the server uses one thread anyway)."""

    def __init__(self, url: str, fsync: bool = False) -> None:
        self.url = url
        self.db: _Sqlite | _Postgres
        if url.startswith(("postgresql://", "postgres://")):
            self.db = _Postgres(url)
            self.kind = "postgresql"
        else:
            path = url[len("sqlite:///"):] if url.startswith("sqlite:///") else url
            self.db = _Sqlite(path, fsync)
            self.kind = "sqlite"
        # Every call is short (a local file, no wait for the disk): the hall then calls the store
        # on its event loop rather than on a thread (server/live.py, LiveTables.db).
        self.short_calls = self.kind == "sqlite" and not fsync
        self.lock = threading.RLock()
        # Shared with other processes (`share`): every write of a table counts its `changes` on and
        # leaves its news (what it wrote) for the bus to carry, and the news heard from the others
        # keeps `known` up to date, so that a change another process announced is not read back.
        self.shared = False
        self.news_lock = threading.Lock()  # (never held across a database call: the event loop takes it)
        self.known: dict[str, dict] = {}   # table id -> its state at `n` changes (see _remember)
        self.outgoing: dict[str, list[str]] = {}  # table id -> news of this process's writes (JSON), not yet published
        self.telling: set[str] = set()  # tables whose news in `outgoing` tells more than play (`tells_more`)
        self.heard: dict[str, int] = {}    # table id -> the highest count announced for it since last read
        # Tables whose news heard since the hall last asked (`told_play_only`) told more than play: their
        # fields or seats changed, or the news could not be read or was missing.
        self.told_more: set[str] = set()
        self.migrate()

    def close(self) -> None:
        with self.lock:
            self.db.close()

    # ----- news: other processes' changes without reading them back -------------------

    def share(self) -> None:
        """Other processes share this database and hear each other's news (server/bus.py's RedisBus):
        PostgreSQL writes count each table's changes and leave their news (`take_news`)."""
        self.shared = isinstance(self.db, _Postgres)

    def take_news(self, table_id: str) -> list[dict] | None:
        """What this process wrote to the table since the last call (as the other processes hear it)."""
        told = self.take_told(table_id)
        return None if told is None else [json.loads(text) for text in told[0]]

    def take_told(self, table_id: str) -> tuple[list[str], bool] | None:
        """`take_news` for the bus: each write's news as the JSON text it was encoded to once (`_announce`),
        which the bus puts in its message as it is, and whether any of them tells more than play
        (`tells_more`: such news goes to every process, server/bus.py)."""
        with self.news_lock:
            news = self.outgoing.pop(table_id, None)
            more = table_id in self.telling
            self.telling.discard(table_id)
        return None if news is None else (news, more)

    @staticmethod
    def tells_more(item: dict) -> bool:
        """Whether one change's news tells more than play (moves, pending turns, chat)."""
        return bool(item.get("set") or item.get("seats") or item.get("version") or item.get("forget"))

    def hear(self, table_id: str, news: list) -> None:
        """Another process's news of a table, in the order it wrote it (each item a dict, or its JSON text).
        The next `changes_since` of the table answers from it when it joins up with what this process
        knows (the count before each change is the one held here); else that call reads the table."""
        with self.news_lock:
            try:
                for item in news:
                    if type(item) is str:
                        item = json.loads(item)
                    if self.tells_more(item):
                        self.told_more.add(table_id)
                    if "n" in item:
                        self.heard[table_id] = max(self.heard.get(table_id, 0), int(item["n"]))
                    else:
                        self.heard.setdefault(table_id, 0)
                    self._apply(table_id, item)
            except (KeyError, TypeError, ValueError, IndexError, AttributeError):
                self.known.pop(table_id, None)  # (news this process cannot read: the table is read instead)
                self.heard.setdefault(table_id, 0)
                self.told_more.add(table_id)
            if len(self.heard) > MAX_KNOWN:
                del self.heard[next(iter(self.heard))]  # (heard longest and never read: its read goes to the database)

    def told_play_only(self, table_id: str) -> bool:
        """Whether every change of the table heard since the last call was play alone: moves, pending
        turns, chat; not its fields or seats (a seat given to a bot, the game started or over), nor news
        that could not be read or was missing. The hall reads no change of play of a table that none of
        its sockets watches (server/live.py, `LiveTables.on_remote_change`); False where the store is
        not shared."""
        with self.news_lock:
            if table_id in self.told_more:
                self.told_more.discard(table_id)
                return False
        return self.shared

    def forget_news(self) -> None:
        """The bus lost Redis (news may have gone unheard): every table is read again when asked."""
        with self.news_lock:
            self.known.clear()
            self.heard.clear()

    def _announce(self, table_id: str, n: int | None, news: dict) -> None:
        """A write of this process committed: its news goes out, and what is known here moves on."""
        if n is None:
            return
        news["n"] = n
        # Encoded once: the bus puts this text in its message as it is. What is known here of the table
        # (only where this process read it from the database) moves on by the text decoded, as the
        # other processes will see it and as a read returns it.
        text = _dumps(news)
        more = self.tells_more(news)
        with self.news_lock:
            self._tell(table_id, text, more)
            if table_id in self.known:
                self._apply(table_id, json.loads(text))

    def _tell(self, table_id: str, text: str, more: bool) -> None:
        """Leave one change's news (its JSON text) for the bus (news_lock held)."""
        out = self.outgoing.setdefault(table_id, [])
        if len(out) >= MAX_UNPUBLISHED:  # (never published: the others are told to read the table)
            out[:] = [_FORGET]
            more = True
        out.append(text)
        if more:
            self.telling.add(table_id)

    def forget(self, table_id: str) -> None:
        """The table changed in a way no news told: it is read again when asked."""
        with self.news_lock:
            self.known.pop(table_id, None)

    def heard_without_news(self, table_id: str) -> None:
        """Another process changed the table and told no news of it (one not sharing its news, or one whose
        news waiting for the bus overflowed): the table is read again, whatever changed."""
        with self.news_lock:
            self.known.pop(table_id, None)
            self.told_more.add(table_id)

    def _apply(self, table_id: str, item: dict) -> None:
        """Move the known state on by one change (news_lock held); a change out of order, or one that
        does not fit, forgets the table (the next `changes_since` reads it)."""
        known = self.known.get(table_id)
        if known is None:
            return
        if item.get("forget"):
            del self.known[table_id]
            return
        if "n" not in item:  # a chat message: no count, only the newest number
            known["chat"] = max(known["chat"], item.get("chat", 0))
            return
        if item["n"] <= known["n"]:
            return  # (known already: a read that came after it)
        if item["n"] != known["n"] + 1:
            del self.known[table_id]
            return
        table = known["table"]
        for key, value in item.get("set", {}).items():
            if key in table:
                table[key] = bool(value) if key in ("public", "rated") else value
        if item.get("version"):
            table["version"] += 1
        for seat, fields in item.get("seats", {}).items():
            for row in known["seats"]:
                if row["seat"] == int(seat):
                    row.update({k: (bool(v) if k == "bot_playing" else v) for k, v in fields.items()})
        for seat, turn in item.get("pending", {}).items():
            if turn is None:
                known["pending"].pop(int(seat), None)
            else:
                known["pending"][int(seat)] = (turn[0], turn[1])
        for seq, seat, move, created in item.get("moves", []):
            if seq != known["seq"] + 1:
                del self.known[table_id]
                return
            known["moves"].append({"seq": seq, "seat": seat, "move": move, "created": created})
            known["seq"] = seq
        if len(known["moves"]) > KNOWN_MOVES:
            del known["moves"][:-KNOWN_MOVES]
            known["from"] = known["moves"][0]["seq"] - 1
        known["n"] = item["n"]

    def _remember(self, table_id: str, n: int, seq: int, table: dict) -> None:
        """A read of the table's changes after `seq` at count `n`: kept, unless what is known is newer."""
        with self.news_lock:
            known = self.known.get(table_id)
            if known is not None and known["n"] >= n:
                return
            moves = table["moves"]
            if known is None and len(self.known) >= MAX_KNOWN:
                del self.known[next(iter(self.known))]  # (the table known longest: read again if asked)
            self.known[table_id] = {
                "n": n, "table": {c: table[c] for c in TABLE_COLUMNS}, "seats": [dict(s) for s in table["seats"]],
                "pending": dict(table["pending"]), "moves": [dict(m) for m in moves],
                "seq": moves[-1]["seq"] if moves else seq, "from": seq, "chat": table["chat"]}

    def _from_news(self, table_id: str, seq: int) -> dict | None:
        """`changes_since` from what is known, when news of the table was heard since it was last read
        and what is known is at least as new as every change announced (else None: read it)."""
        with self.news_lock:
            heard = self.heard.pop(table_id, None)
            known = self.known.get(table_id)
            if heard is None or known is None or known["n"] < heard or not known["from"] <= seq <= known["seq"]:
                return None
            table = dict(known["table"])
            table["seats"] = [dict(s) for s in known["seats"]]
            table["pending"] = {seat: (base, list(moves)) for seat, (base, moves) in known["pending"].items()}
            # (the known moves are numbered on from `from`, one by one: those after `seq` are the last few)
            table["moves"] = [dict(m) for m in known["moves"][seq - known["from"]:]]
            table["chat"] = known["chat"]
            return table

    def told_changes(self, table_id: str, seq: int) -> dict | None:
        """`changes_since` answered from the news heard, without a statement; None when it cannot be
        (then call `changes_since`, which reads the database). It takes only the news lock, never the
        database's, so the hall calls it on its event loop: no hand-off to the store's thread for a
        change that needs no statement (docs/server/scale-out.md, "Two processes on PostgreSQL")."""
        return self._from_news(table_id, seq) if self.shared else None

    def _count_change(self, table_id: str) -> int | None:
        """Count the table's change on (shared PostgreSQL), taking its row lock to the commit: the first
        statement of every write, so the counts follow the order the writes commit in."""
        rows = self.db.execute("UPDATE hall_tables SET changes = changes + 1 WHERE id = ? RETURNING changes",
                               (table_id,))
        return rows[0][0] if rows else None

    # ----- schema ------------------------------------------------------------

    def migrate(self) -> int:
        """Bring the schema up to date; returns the version. Safe to run from several processes."""
        with self.lock:
            try:
                with self.db.transaction():
                    if self.kind == "postgresql":
                        # IF NOT EXISTS alone races on PostgreSQL's catalog (DuplicateTable or a unique
                        # violation when processes start at once): one process at a time creates it.
                        self.db.execute("SELECT pg_advisory_xact_lock(?)", (SCHEMA_LOCK,))
                    self.db.execute("CREATE TABLE IF NOT EXISTS schema_version (version INTEGER PRIMARY KEY, "
                                    "description TEXT NOT NULL, applied DOUBLE PRECISION NOT NULL)")
            except self.db.integrity_errors:
                pass  # (another process created it at the same moment)
            for version, description, statements in MIGRATIONS:
                try:
                    with self.db.transaction():
                        done = self.db.execute("SELECT 1 FROM schema_version WHERE version = ?", (version,))
                        if done:
                            continue
                        # Claim the version first: a second process racing here fails on the key.
                        self.db.execute("INSERT INTO schema_version VALUES (?, ?, ?)",
                                        (version, description, time.time()))
                        for sql in statements:
                            self.db.execute(sql)
                except self.db.integrity_errors:
                    continue
            return self.version()

    def version(self) -> int:
        with self.lock:
            rows = self.db.execute("SELECT MAX(version) FROM schema_version")
            return rows[0][0] or 0

    # ----- accounts ------------------------------------------------------------

    def create_user(self, user_id: str, username: str | None, name: str, password_hash: str | None,
                    guest: bool) -> dict:
        with self.lock:
            try:
                with self.db.transaction():
                    self.db.execute("INSERT INTO users VALUES (?, ?, ?, ?, ?, ?)",
                                    (user_id, username, name, password_hash, int(guest), time.time()))
            except self.db.integrity_errors:
                raise Conflict("username") from None
        return {"id": user_id, "username": username, "name": name, "guest": guest}

    def user_by_name(self, username: str) -> tuple[dict, str] | None:
        """(user, password hash) or None."""
        with self.lock:
            rows = self.db.execute("SELECT id, username, name, guest, password_hash FROM users "
                                   "WHERE username = ?", (username,))
        if not rows:
            return None
        r = rows[0]
        return {"id": r[0], "username": r[1], "name": r[2], "guest": bool(r[3])}, r[4]

    def create_session(self, token_hash: str, user_id: str, expires: float) -> None:
        with self.lock, self.db.transaction():
            self.db.execute("INSERT INTO sessions VALUES (?, ?, ?, ?)", (token_hash, user_id, time.time(), expires))

    def session_user(self, token_hash: str) -> dict | None:
        with self.lock:
            rows = self.db.execute(
                "SELECT u.id, u.username, u.name, u.guest FROM sessions s JOIN users u ON u.id = s.user_id "
                "WHERE s.token_hash = ? AND s.expires > ?", (token_hash, time.time()))
        if not rows:
            return None
        r = rows[0]
        return {"id": r[0], "username": r[1], "name": r[2], "guest": bool(r[3])}

    def delete_session(self, token_hash: str) -> None:
        with self.lock, self.db.transaction():
            self.db.execute("DELETE FROM sessions WHERE token_hash = ?", (token_hash,))

    # ----- tables --------------------------------------------------------------

    def create_table(self, table: dict, seats: list[dict]) -> None:
        row = dict(table)
        for key in _JSON_TABLE_FIELDS:
            row[key] = _dumps(row.get(key, _DEFAULTS.get(key)))
        with self.lock, self.db.transaction():
            self.db.execute(f"INSERT INTO hall_tables ({', '.join(TABLE_COLUMNS)}) VALUES "
                            f"({', '.join('?' * len(TABLE_COLUMNS))})",
                            tuple(_flag(row.get(c, _DEFAULTS.get(c))) for c in TABLE_COLUMNS))
            for seat in seats:
                self.db.execute(f"INSERT INTO seats (table_id, {', '.join(SEAT_COLUMNS)}) VALUES "
                                f"(?, {', '.join('?' * len(SEAT_COLUMNS))})",
                                (table["id"],) + tuple(seat.get(c, _DEFAULTS.get(c)) for c in SEAT_COLUMNS))

    def load_table(self, table_id: str) -> dict | None:
        """The table row with its seats, its whole move log and its pending turns; None if unknown."""
        with self.lock:
            table = self._header(table_id)
            if table is not None:
                table["moves"] = self._moves(table_id, 0)
        if self.shared:
            # What is known of it may be older than this read (changes unheard since): news heard later
            # must not answer from it, or the table would go back (tests/server/test_news_after_load.py).
            self.forget(table_id)
        return table

    def table_header(self, table_id: str) -> dict | None:
        """The table row and seats without the move log (for refreshes)."""
        with self.lock:
            return self._header(table_id)

    def _header(self, table_id: str) -> dict | None:
        # the caller holds the lock
        rows = self.db.execute(f"SELECT {', '.join(TABLE_COLUMNS)} FROM hall_tables WHERE id = ?", (table_id,))
        if not rows:
            return None
        table = self._table_row(rows[0])
        table["seats"] = self._seats(table_id)
        table["pending"] = {r[0]: (r[1], json.loads(r[2])) for r in self.db.execute(
            "SELECT seat, base_seq, moves FROM pending WHERE table_id = ?", (table_id,))}
        return table

    def changes_since(self, table_id: str, seq: int) -> dict | None:
        """`table_header` with the moves after `seq` (`moves`) and the number of the newest chat message
        (`chat`, 0 for none): what another process stored since this one read the table. A shared
        store (`share`) that heard news of the table since it last answered this, and knows the table
        at least as far as every change announced, answers from that news without a statement (each
        call is a thread hand-off and a round trip, once per stored change in every other process:
        docs/server/storage.md). Else PostgreSQL answers it in one statement, SQLite, a local file, in plain
        ones (its JSON functions would round the times)."""
        if not isinstance(self.db, _Postgres):
            with self.lock:
                moves = self._moves(table_id, seq)  # (first: the header read after them is no older)
                header = self.table_header(table_id)
                if header is not None:
                    header["moves"] = moves
                    header["chat"] = self.db.execute("SELECT COALESCE(MAX(n), 0) FROM chat WHERE table_id = ?",
                                                     (table_id,))[0][0]
                return header
        if self.shared:
            told = self._from_news(table_id, seq)
            if told is not None:
                return told
        columns = ", ".join(f"t.{c}" for c in TABLE_COLUMNS)
        seats = ", ".join(SEAT_COLUMNS)
        with self.lock:
            rows = self.db.execute(
                f"SELECT {columns}, "
                f"(SELECT json_agg(json_build_array({seats}) ORDER BY seat) FROM seats WHERE table_id = t.id), "
                "(SELECT json_agg(json_build_array(seat, base_seq, moves::json)) FROM pending WHERE table_id = t.id), "
                "(SELECT json_agg(json_build_array(seq, seat, move::json, created) ORDER BY seq) FROM moves "
                "WHERE table_id = t.id AND seq > ?), "
                "(SELECT COALESCE(MAX(n), 0) FROM chat WHERE table_id = t.id), t.changes FROM hall_tables t "
                "WHERE t.id = ?", (seq, table_id))
        if not rows:
            return None
        n = len(TABLE_COLUMNS)
        table = self._table_row(rows[0][:n])
        seat_rows, pending, moves, table["chat"], changes = rows[0][n:]
        table["seats"] = [{**dict(zip(SEAT_COLUMNS, r)), "bot_playing": bool(r[SEAT_COLUMNS.index("bot_playing")])}
                          for r in seat_rows or []]
        table["pending"] = {r[0]: (r[1], r[2]) for r in pending or []}
        table["moves"] = [{"seq": r[0], "seat": r[1], "move": r[2], "created": r[3]} for r in moves or []]
        if self.shared:
            self._remember(table_id, changes, seq, table)
        return table

    def _table_row(self, row: tuple) -> dict:
        table = dict(zip(TABLE_COLUMNS, row))
        for key in _JSON_TABLE_FIELDS:
            table[key] = json.loads(table[key])
        table["public"] = bool(table["public"])
        table["rated"] = bool(table["rated"])
        return table

    def _seats(self, table_id: str) -> list[dict]:
        rows = self.db.execute(f"SELECT {', '.join(SEAT_COLUMNS)} FROM seats WHERE table_id = ? ORDER BY seat",
                               (table_id,))
        seats = [dict(zip(SEAT_COLUMNS, r)) for r in rows]
        for s in seats:
            s["bot_playing"] = bool(s["bot_playing"])
        return seats

    def _moves(self, table_id: str, after: int) -> list[dict]:
        rows = self.db.execute("SELECT seq, seat, move, created FROM moves WHERE table_id = ? AND seq > ? "
                               "ORDER BY seq", (table_id, after))
        return [{"seq": r[0], "seat": r[1], "move": json.loads(r[2]), "created": r[3]} for r in rows]

    def table_ids(self, statuses: tuple[str, ...]) -> list[str]:
        with self.lock:
            marks = ", ".join("?" * len(statuses))
            return [r[0] for r in self.db.execute(
                f"SELECT id FROM hall_tables WHERE status IN ({marks}) ORDER BY created", statuses)]

    def lobby_ids(self, limit: int = 200) -> list[str]:
        with self.lock:
            return [r[0] for r in self.db.execute(
                "SELECT id FROM hall_tables WHERE public = 1 AND status IN ('open', 'running') "
                "ORDER BY created DESC LIMIT ?", (limit,))]

    def user_table_ids(self, user_id: str, limit: int = 200) -> list[str]:
        with self.lock:
            return [r[0] for r in self.db.execute(
                "SELECT DISTINCT t.id, t.created FROM hall_tables t JOIN seats s ON s.table_id = t.id "
                "WHERE s.user_id = ? OR s.reserved = ? ORDER BY t.created DESC LIMIT ?", (user_id, user_id, limit))]

    def live_tables_created_by(self, user_id: str) -> int:
        """How many open or running tables the user created (the per-user cap on new tables)."""
        with self.lock:
            return self.db.execute("SELECT COUNT(*) FROM hall_tables WHERE creator = ? AND status IN "
                                   "('open', 'running')", (user_id,))[0][0]

    def finished_summaries(self, table_ids: list[str]) -> dict[str, dict]:
        """The stored summaries of those tables that are finished and have one, by id (the rematch
        pointer as it is now)."""
        if not table_ids:
            return {}
        with self.lock:
            marks = ", ".join("?" * len(table_ids))
            rows = self.db.execute(f"SELECT id, summary, rematch FROM hall_tables WHERE id IN ({marks}) "
                                   "AND status = 'finished' AND summary IS NOT NULL", tuple(table_ids))
        return {r[0]: {**json.loads(r[1]), "rematch": r[2]} for r in rows}

    def save_summary(self, table_id: str, summary: dict) -> None:
        """Keep a finished table's summary (see finished_summaries)."""
        with self.lock, self.db.transaction():
            self.db.execute("UPDATE hall_tables SET summary = ? WHERE id = ? AND status = 'finished'",
                            (_dumps(summary), table_id))

    # ----- chat ----------------------------------------------------------------

    def add_chat(self, table_id: str, seat: int | None, user_id: str | None, name: str, text: str,
                 created: float) -> dict:
        """Store a chat message as the table's next one; the message with its number."""
        for _ in range(5):
            with self.lock:
                try:
                    with self.db.transaction():
                        last = self.db.execute("SELECT MAX(n) FROM chat WHERE table_id = ?", (table_id,))[0][0] or 0
                        self.db.execute("INSERT INTO chat VALUES (?, ?, ?, ?, ?, ?, ?)",
                                        (table_id, last + 1, seat, user_id, name, text, created))
                    if self.shared:  # (no count: the newest number only grows, in any order)
                        with self.news_lock:
                            self._tell(table_id, '{"chat":' + str(last + 1) + '}', False)
                            self._apply(table_id, {"chat": last + 1})
                    return {"n": last + 1, "seat": seat, "name": name, "text": text, "created": created}
                except self.db.integrity_errors:
                    continue  # another process took that number at the same moment
        raise Conflict("the chat is busy")

    def chat_since(self, table_id: str, after: int, limit: int = 100) -> list[dict]:
        """The table's messages numbered above `after`, oldest first: the newest `limit` of them."""
        with self.lock:
            rows = self.db.execute("SELECT n, seat, name, text, created FROM chat WHERE table_id = ? AND n > ? "
                                   "ORDER BY n DESC LIMIT ?", (table_id, after, limit))
        return [{"n": r[0], "seat": r[1], "name": r[2], "text": r[3], "created": r[4]} for r in reversed(rows)]

    # ----- writes that change a table ---------------------------------------

    def append_moves(self, table_id: str, first_seq: int, moves: list[tuple[int, Any, float]],
                     table_changes: dict, clear_pending: tuple[int, ...] = (),
                     expect_pending: list | None = None, results: dict | None = None) -> None:
        """Store moves first_seq, first_seq+1, ... in one transaction with the table's new fields.

        Raises Conflict (and stores nothing) when first_seq is not the next number
        of the log: another request or process got there first; also when
        `expect_pending` is given and the pending turn of the mover (the first
        seat of `clear_pending`) is not that list of moves any more.
        `table_changes`: only the fields that change (none: the table row and its version stay as
        they are, and the moves alone are one statement). `clear_pending`: the seats whose stored
        pending turn goes (the caller knows which have one).
        `results` (the moves end the game): the table's results and, for a rated table, the new
        ratings are stored in the same transaction (see `_record_results`), so exactly once.

        What the process knows is not read again: the log's length is checked by the insert itself
        (`_insert_moves`), so SQLite spends BEGIN, INSERT, UPDATE, COMMIT on a move that changes the
        table row, one INSERT on one that does not, and a DELETE more for a confirmed pending turn
        (PostgreSQL writes in a transaction always: see `lone_writes`).
        """
        with self.lock:
            try:
                if self.db.lone_writes and not (table_changes or clear_pending or results is not None
                                                or expect_pending is not None):
                    self._insert_moves(table_id, first_seq, moves)  # one statement: its own transaction
                    return
                if isinstance(self.db, _Postgres):
                    self._append_moves_pg(table_id, first_seq, moves, table_changes, clear_pending, expect_pending,
                                          results)
                    return
                with self.db.transaction():
                    for i, seat in enumerate(clear_pending):
                        if i == 0 and expect_pending is not None:
                            self._lock_table(table_id)
                            rows = self.db.execute("DELETE FROM pending WHERE table_id = ? AND seat = ? "
                                                   "RETURNING moves", (table_id, seat))
                            if (json.loads(rows[0][0]) if rows else []) != expect_pending:
                                raise Conflict("the pending turn changed")  # (the delete is rolled back)
                        else:
                            self.db.execute("DELETE FROM pending WHERE table_id = ? AND seat = ?", (table_id, seat))
                    self._insert_moves(table_id, first_seq, moves)
                    if table_changes:
                        self._update_table(table_id, table_changes)
                    if results is not None:
                        self._record_results(table_id, results)
            except self.db.integrity_errors:
                raise Conflict(f"seq {first_seq} is taken") from None

    def _insert_moves(self, table_id: str, first_seq: int, moves: list[tuple[int, Any, float]]) -> None:
        """Append the moves if the log ends at first_seq - 1 (one statement: the insert is conditional on
        the log's length, which replaces a SELECT; a number already taken fails on the key); else Conflict."""
        sql, params = _insert_moves_sql(table_id, first_seq, moves)
        self.db.execute(sql, params)
        if self.db.rowcount != len(moves):
            raise Conflict(f"the log does not end at {first_seq - 1}")

    def _append_moves_pg(self, table_id: str, first_seq: int, moves: list[tuple[int, Any, float]],
                         table_changes: dict, clear_pending: tuple[int, ...], expect_pending: list | None,
                         results: dict | None) -> None:
        """`append_moves` on PostgreSQL, on the store's connection (see `plan_append_moves`); a game's last
        move stores its results in the same transaction."""
        assert isinstance(self.db, _Postgres)
        write = self.plan_append_moves(table_id, first_seq, moves, table_changes, clear_pending, expect_pending)
        try:
            with self.db.transaction_with(write.statements) as rows:
                n = write.check(rows)
                if results is not None:
                    self._record_results(table_id, results)
        except (Conflict, *self.db.integrity_errors):
            self.refused(write)
            raise
        self.committed(write, n)

    def plan_append_moves(self, table_id: str, first_seq: int, moves: list[tuple[int, Any, float]],
                          table_changes: dict, clear_pending: tuple[int, ...] = (),
                          expect_pending: list | None = None, alone: bool = False) -> PgWrite:
        """`append_moves` on PostgreSQL, planned: the pending turns' delete, the moves' insert and the row's
        update are one statement (data-modifying CTEs), after the count of the table's changes or its row
        lock where the mover's pending turn is checked (`_first_of_write`): BEGIN, that and the statement
        in one round trip (`_Postgres.transaction_with`, or server/pgwrites.py on the event loop), then
        COMMIT. The statement sees what was stored before it, so it answers the mover's pending turn as it
        was (compared by the check: a mismatch rolls everything back) and how many moves it inserted.
        `alone`: the statement checks itself (`PgWrite.alone`; a compare-and-set on the log's length,
        and on the mover's pending turn where `expect_pending` is given, so exactly once however often
        it is sent)."""
        first = self._first_of_write(table_id, expect_pending is not None)
        write = _append_moves_sql(table_id, first_seq, moves, table_changes, clear_pending, self.shared,
                                  expect_pending if alone else None, alone)
        shared = self.shared

        def check(rows: list[tuple]) -> int | None:
            count, was_pending, *counted = rows[0]
            if expect_pending is not None and (json.loads(was_pending) if was_pending else []) != expect_pending:
                raise Conflict("the pending turn changed")  # (the transaction is rolled back)
            if int(count) != len(moves):
                raise Conflict(f"the log does not end at {first_seq - 1}")
            return _int(counted[0]) if shared else None

        return PgWrite(table_id, [*first, write], check, {
            "moves": [[first_seq + i, seat, move, created] for i, (seat, move, created) in enumerate(moves)],
            "set": table_changes, "version": bool(table_changes),
            "pending": {str(seat): None for seat in clear_pending}}, f"seq {first_seq} is taken", alone)

    def committed(self, write: PgWrite, n: int | None) -> None:
        """A planned write committed at the table's count `n`: its news goes out (shared)."""
        if self.shared:
            self._announce(write.table_id, n, write.news)

    def refused(self, write: PgWrite) -> None:
        """A planned write refused (another process wrote first): what is known here is behind."""
        if self.shared:
            self.forget(write.table_id)

    def update_table(self, table_id: str, changes: dict, seat_changes: dict[int, dict] | None = None,
                     expect_version: int | None = None, expect_seq: int | None = None) -> None:
        """Change table fields and seats together; Conflict if the table moved past `expect_version`
        (its row changed) or `expect_seq` (its log grew: a move does not always change the row)."""
        with self.lock:
            n = None
            try:
                with self.db.transaction():
                    if self.shared:
                        n = self._count_change(table_id)
                    self._update_table(table_id, changes, expect_version, expect_seq)
                    if (expect_version is not None or expect_seq is not None) and self.db.rowcount == 0:
                        raise Conflict("the table changed")
                    for seat, fields in (seat_changes or {}).items():
                        sets = ", ".join(f"{k} = ?" for k in fields)
                        self.db.execute(f"UPDATE seats SET {sets} WHERE table_id = ? AND seat = ?",
                                        tuple(_seat_value(k, v) for k, v in fields.items()) + (table_id, seat))
            except Conflict:
                if self.shared:
                    self.forget(table_id)
                raise
            if self.shared:
                seats = {str(seat): fields for seat, fields in (seat_changes or {}).items()}
                self._announce(table_id, n, {"set": changes, "version": True, "seats": seats})

    def _update_table(self, table_id: str, changes: dict, expect_version: int | None = None,
                      expect_seq: int | None = None) -> None:
        """Set the fields and count the row's version on; only if the row is at `expect_version` and
        the log at `expect_seq`, where given (the caller checks the row count)."""
        self.db.execute(*_update_table_sql(table_id, changes, expect_version, expect_seq))

    def set_pending(self, table_id: str, seat: int, base_seq: int, moves: list, expect: list | None = None) -> None:
        """Store a seat's pending turn. With `expect` (the pending moves the caller planned on), a
        compare-and-set: Conflict, and nothing stored, when the stored turn is not `expect` any more
        or the log has moved past `base_seq` (another request or process changed it first).
        Without it, one statement (an upsert, or a delete when no move is left; in a transaction
        on PostgreSQL, see `lone_writes`)."""
        with self.lock:
            try:
                if expect is None and self.db.lone_writes:
                    self._write_pending(table_id, seat, base_seq, moves)
                    return
                try:
                    self._set_pending(table_id, seat, base_seq, moves, expect)
                except Conflict:
                    if self.shared:
                        self.forget(table_id)
                    raise
            except self.db.integrity_errors:  # another process inserted the seat's row meanwhile
                if self.shared:
                    self.forget(table_id)
                raise Conflict("the pending turn changed") from None

    def _set_pending(self, table_id: str, seat: int, base_seq: int, moves: list, expect: list | None) -> None:
        """The write of `set_pending` in its transaction (see there; on PostgreSQL `plan_set_pending`)."""
        if isinstance(self.db, _Postgres):
            write = self.plan_set_pending(table_id, seat, base_seq, moves, expect)
            with self.db.transaction_with(write.statements) as rows:
                n = write.check(rows)
            self.committed(write, n)
            return
        with self.db.transaction():
            if expect is None:
                self._write_pending(table_id, seat, base_seq, moves)
            else:
                rows = self.db.execute("SELECT (SELECT moves FROM pending WHERE table_id = ? AND seat = ?), "
                                       "(SELECT COALESCE(MAX(seq), 0) FROM moves WHERE table_id = ?)",
                                       (table_id, seat, table_id))
                _check_pending(rows[0], base_seq, expect)
                self._write_pending(table_id, seat, base_seq, moves)

    def plan_set_pending(self, table_id: str, seat: int, base_seq: int, moves: list,
                         expect: list | None = None, alone: bool = False) -> PgWrite:
        """`set_pending` on PostgreSQL, planned: BEGIN, the count of the table's changes or its row lock
        (`_first_of_write`) and the write in one round trip, then the COMMIT. With `expect`, the write
        also reads what it replaces (the pending turn and the log's length), which the check compares;
        `alone` (with `expect` only: a compare-and-set), the statement compares them itself (`PgWrite.alone`)."""
        alone = alone and expect is not None
        write, write_params = _pending_write_sql(table_id, seat, base_seq, moves)
        answers, answer_params = [], []
        if expect is not None:
            # The write and the read of what it replaces in one statement (which sees the
            # rows from before its own write); a mismatch rolls the write back.
            answers += ["(SELECT moves FROM pending WHERE table_id = ? AND seat = ?)",
                        "(SELECT COALESCE(MAX(seq), 0) FROM moves WHERE table_id = ?)"]
            answer_params += [table_id, seat, table_id]
        shared = self.shared
        if shared:  # (the count this transaction made: only the last statement's answer is read)
            answers.append(_COUNTED)
            answer_params.append(table_id)
        counted_at = len(answers) - 1
        if alone:
            refusal, refusal_params = _refusal(
                "COALESCE((SELECT moves FROM pending WHERE table_id = ? AND seat = ?)::jsonb, '[]'::jsonb) = "
                "?::jsonb AND (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE table_id = ?) = ?",
                "the pending turn changed")
            answers.append(refusal)
            answer_params += [table_id, seat, _dumps(expect), table_id, base_seq, *refusal_params]
        if answers:
            write = f"WITH written AS ({write} RETURNING 1) SELECT {', '.join(answers)}"
            write_params = (*write_params, *answer_params)

        def check(rows: list[tuple]) -> int | None:
            if expect is not None:
                _check_pending((rows[0][0], _int(rows[0][1])), base_seq, expect)
            return _int(rows[0][counted_at]) if shared else None

        return PgWrite(table_id, [*self._first_of_write(table_id, expect is not None), (write, write_params)],
                       check, {"pending": {str(seat): [base_seq, moves] if moves else None}},
                       "the pending turn changed", alone)

    def _write_pending(self, table_id: str, seat: int, base_seq: int, moves: list) -> None:
        self.db.execute(*_pending_write_sql(table_id, seat, base_seq, moves))

    def _first_of_write(self, table_id: str, checked: bool) -> list[tuple[str, tuple]]:
        """PostgreSQL: what a write of a table's moves or pending turns sends before the write itself,
        in its own statement (see `_lock_table`): with other processes, the count of the table's
        changes, which takes the row lock (`_count_change`); else the row lock alone where the write
        is checked against what it replaces (`checked`); else nothing."""
        if self.shared:
            return [("UPDATE hall_tables SET changes = changes + 1 WHERE id = ? RETURNING changes", (table_id,))]
        if checked:
            return [("SELECT version FROM hall_tables WHERE id = ?" + self.db.for_update, (table_id,))]
        return []

    def _lock_table(self, table_id: str) -> None:
        """Writers of one table's moves and pending turns go one at a time (PostgreSQL: a row lock held
        to the commit, taken by a statement of its own: a statement that waited for the lock reads
        from before it, the next one sees what the writer before committed). SQLite's BEGIN IMMEDIATE
        already lets one writer in at a time: nothing to send."""
        if self.db.for_update:
            self.db.execute("SELECT version FROM hall_tables WHERE id = ?" + self.db.for_update, (table_id,))

    def pending_moves(self, table_id: str, seat: int) -> list:
        """The seat's stored pending moves (move JSON), [] when none."""
        with self.lock:
            rows = self.db.execute("SELECT moves FROM pending WHERE table_id = ? AND seat = ?", (table_id, seat))
        return json.loads(rows[0][0]) if rows else []

    # ----- results and ratings ------------------------------------------------

    def _record_results(self, table_id: str, results: dict) -> None:
        """One finished table's results (inside the transaction that stores its last move).

        `results`: {"game", "rated", "created", "seats": [{"seat", "player", "name", "rank", "score", "forfeit"}]}
        (forfeit: a stand-in bot played the seat to the end).
        A rated table reads its players' ratings (PostgreSQL: locking their rows, so two tables
        finishing at once in two processes update one after the other), rates the table once and
        stores the new ratings; every table stores a row per seat (the player's history)."""
        game, seats, created = results["game"], results["seats"], results["created"]
        players = [s["player"] for s in seats]
        after: dict[str, tuple[float, float]] = {}
        if results["rated"]:
            names = {s["player"]: s["name"] for s in seats}
            for player in dict.fromkeys(players):
                self.db.execute("INSERT INTO ratings VALUES (?, ?, ?, ?, ?, 0, ?) "
                                "ON CONFLICT (game, player) DO NOTHING",
                                (game, player, names[player], ratings.MU, ratings.SIGMA, created))
            marks = ", ".join("?" * len(set(players)))
            before = {r[0]: (r[1], r[2]) for r in self.db.execute(
                f"SELECT player, mu, sigma FROM ratings WHERE game = ? AND player IN ({marks}) ORDER BY player"
                + self.db.for_update, (game, *sorted(set(players))))}
            after = ratings.rate(players, [s["rank"] for s in seats], before)
            for player, (mu, sigma) in after.items():
                self.db.execute("UPDATE ratings SET mu = ?, sigma = ?, name = ?, games = games + 1, updated = ? "
                                "WHERE game = ? AND player = ?", (mu, sigma, names[player], created, game, player))
        for s in seats:
            rating: tuple[float | None, float | None] = after.get(s["player"], (None, None))
            self.db.execute(f"INSERT INTO results ({', '.join(RESULT_COLUMNS)}) VALUES "
                            f"({', '.join('?' * len(RESULT_COLUMNS))})",
                            (table_id, s["seat"], game, s["player"], s["name"], len(seats), s["rank"], s["score"],
                             int(bool(results["rated"])), *rating, created, int(bool(s.get("forfeit")))))

    def leaderboard(self, game: str, limit: int = 100) -> list[dict]:
        """A game's rated players, best first (by mu - 3 sigma)."""
        with self.lock:
            rows = self.db.execute("SELECT player, name, mu, sigma, games FROM ratings WHERE game = ? "
                                   "ORDER BY mu - 3 * sigma DESC, games DESC, player LIMIT ?", (game, limit))
        return [{"player": r[0], "name": r[1], "mu": r[2], "sigma": r[3], "games": r[4]} for r in rows]

    def player_ratings(self, player: str) -> list[dict]:
        with self.lock:
            rows = self.db.execute("SELECT game, name, mu, sigma, games FROM ratings WHERE player = ? ORDER BY game",
                                   (player,))
        return [{"game": r[0], "name": r[1], "mu": r[2], "sigma": r[3], "games": r[4]} for r in rows]

    def player_results(self, player: str, limit: int = 1000) -> list[dict]:
        """The player's results, newest first (each table once, at its first seat of the player)."""
        with self.lock:
            rows = self.db.execute(f"SELECT {', '.join(RESULT_COLUMNS)} FROM results WHERE player = ? "
                                   "ORDER BY created DESC, table_id, seat LIMIT ?", (player, limit))
        out, seen = [], set()
        for r in rows:
            row = dict(zip(RESULT_COLUMNS, r))
            if row["table_id"] in seen:
                continue
            seen.add(row["table_id"])
            row["rated"] = bool(row["rated"])
            row["forfeit"] = bool(row["forfeit"])
            out.append(row)
        return out

    def table_results(self, table_id: str) -> list[dict]:
        with self.lock:
            rows = self.db.execute(f"SELECT {', '.join(RESULT_COLUMNS)} FROM results WHERE table_id = ? "
                                   "ORDER BY seat", (table_id,))
        return [dict(zip(RESULT_COLUMNS, r)) for r in rows]

    def user_by_id(self, user_id: str) -> dict | None:
        with self.lock:
            rows = self.db.execute("SELECT id, username, name, guest FROM users WHERE id = ?", (user_id,))
        if not rows:
            return None
        r = rows[0]
        return {"id": r[0], "username": r[1], "name": r[2], "guest": bool(r[3])}


def _insert_moves_sql(table_id: str, first_seq: int, moves: list[tuple[int, Any, float]]) -> tuple[str, tuple]:
    """The insert of moves first_seq, ... that inserts nothing unless the log ends at first_seq - 1."""
    if len(moves) == 1:  # (most writes: one move, its text made once)
        ((seat, move, created),) = moves
        return _INSERT_ONE_MOVE, (table_id, first_seq, seat, _dumps(move), created, table_id, first_seq - 1)
    params: list[Any] = []
    for i, (seat, move, created) in enumerate(moves):
        params += [table_id, first_seq + i, seat, _dumps(move), created]
    return _insert_moves_text(len(moves)), (*params, table_id, first_seq - 1)


def _insert_moves_text(count: int) -> str:
    rows = ", ".join(["(?, ?, ?, ?, ?)"] * count)
    return (f"INSERT INTO moves (table_id, seq, seat, move, created) SELECT * FROM (VALUES {rows}) AS v "
            "WHERE (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE table_id = ?) = ?")


_INSERT_ONE_MOVE = _insert_moves_text(1)


def _append_moves_sql(table_id: str, first_seq: int, moves: list[tuple[int, Any, float]], table_changes: dict,
                      clear_pending: tuple[int, ...], counted: bool = False, expect_pending: list | None = None,
                      checked: bool = False) -> tuple[str, tuple]:
    """PostgreSQL: the pending turns' delete, the moves' insert and the row's update in one statement
    (data-modifying CTEs), answering how many moves it inserted and the mover's (the first seat of
    `clear_pending`) pending turn as it was (NULL: none); `counted`, also the table's count of changes
    as this transaction's first statement made it (`_first_of_write`); `checked`, the statement fails
    unless all the moves went in and the mover's pending turn was `expect_pending`, where given (`_refusal`)."""
    parts, params = [], []
    if clear_pending:
        marks = ", ".join("?" * len(clear_pending))
        parts.append(f"cleared AS (DELETE FROM pending WHERE table_id = ? AND seat IN ({marks}) "
                     "RETURNING seat, moves)")
        params += [table_id, *clear_pending]
    insert, insert_params = _insert_moves_sql(table_id, first_seq, moves)
    parts.append(f"inserted AS ({insert} RETURNING 1)")
    params += insert_params
    if table_changes:
        update, update_params = _update_table_sql(table_id, table_changes)
        parts.append(f"updated AS ({update} RETURNING 1)")
        params += update_params
    mover = "(SELECT moves FROM cleared WHERE seat = ?)" if clear_pending else "NULL"
    if clear_pending:
        params.append(clear_pending[0])
    count = ""
    if counted:
        count = ", " + _COUNTED
        params.append(table_id)
    if checked:
        condition = f"(SELECT COUNT(*) FROM inserted) = {len(moves):d}"
        if expect_pending is not None:
            condition += f" AND COALESCE({mover}::jsonb, '[]'::jsonb) = ?::jsonb"
            if clear_pending:
                params.append(clear_pending[0])
            params.append(_dumps(expect_pending))
        refusal, refusal_params = _refusal(condition, f"the log does not end at {first_seq - 1:d}, or the "
                                                      "pending turn changed")
        count += ", " + refusal
        params += refusal_params
    return f"WITH {', '.join(parts)} SELECT (SELECT COUNT(*) FROM inserted), {mover}{count}", tuple(params)


def _update_table_sql(table_id: str, changes: dict, expect_version: int | None = None,
                      expect_seq: int | None = None) -> tuple[str, tuple]:
    fields = {k: (_dumps(v) if k in _JSON_TABLE_FIELDS else v) for k, v in changes.items()}
    sets = ", ".join([f"{k} = ?" for k in fields] + ["version = version + 1"])
    where, params = "id = ?", [*fields.values(), table_id]
    if expect_version is not None:
        where += " AND version = ?"
        params.append(expect_version)
    if expect_seq is not None:
        where += " AND (SELECT COALESCE(MAX(seq), 0) FROM moves WHERE table_id = ?) = ?"
        params += [table_id, expect_seq]
    return f"UPDATE hall_tables SET {sets} WHERE {where}", tuple(params)


def _pending_write_sql(table_id: str, seat: int, base_seq: int, moves: list) -> tuple[str, tuple]:
    """A seat's pending turn stored (an upsert), or deleted when no move is left."""
    if moves:
        return ("INSERT INTO pending VALUES (?, ?, ?, ?) ON CONFLICT (table_id, seat) DO UPDATE "
                "SET base_seq = excluded.base_seq, moves = excluded.moves", (table_id, seat, base_seq, _dumps(moves)))
    return "DELETE FROM pending WHERE table_id = ? AND seat = ?", (table_id, seat)


def _check_pending(row: tuple, base_seq: int, expect: list) -> None:
    """Conflict unless the stored pending turn and log length (`row`) are those the write was planned on."""
    if row[1] != base_seq:
        raise Conflict(f"the log is at {row[1]}, not {base_seq}")
    if (json.loads(row[0]) if row[0] is not None else []) != expect:
        raise Conflict("the pending turn changed")


# The table's count of changes, read by a write's last statement after its first counted it on: a statement
# sees what its own transaction wrote, so this is the count the first made (its answer is not kept: see
# `_Postgres.transaction_with`).
_COUNTED = "(SELECT changes FROM hall_tables WHERE id = ?)"


def _int(text: str | None) -> int | None:
    return None if text is None else int(text)


def _flag(value: Any) -> Any:
    return int(value) if isinstance(value, bool) else value


def _seat_value(key: str, value: Any) -> Any:
    return int(value) if key == "bot_playing" else value
