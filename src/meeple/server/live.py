"""The live tables: loading, parking, who is acting, what each client is pushed, changes from other processes.

What every part of the hall (hall.py: seating, moves, bot turns, the clock watch, listings,
rematches) works on: the tables, locks, clients and store kept here. Every change of a table
happens under its lock, is stored first, then applied and pushed.
"""

from __future__ import annotations

import asyncio
import hmac
import json
import logging
import time
import weakref
from collections.abc import Awaitable, Callable
from concurrent.futures import ThreadPoolExecutor
from functools import partial
from typing import TYPE_CHECKING

from meeple.engine import MeepleError
from meeple.store import Conflict, Store

from . import auth, clocks, views
from .bodycache import MAX_BYTES, BodyCaches
from .bus import LocalBus
from .errors import ApiError
from .parking import Parking
from .pushes import Client, Pushes
from .table import Table

if TYPE_CHECKING:
    from meeple.store.pgwrites import LoopWrites

log = logging.getLogger("meeple.server")
SEED_BITS = 63  # fits PostgreSQL's BIGINT
CATCH_UP_S = 0.25  # while Redis is silent: how often a table is read again from the store, at most
POLL_S = 0.5       # ... and how often the tables that sockets watch are polled
SEAT_CHANGED = ("This page no longer holds the seat: it was taken by another player, by a bot at the start, "
                "or by you in another window.")


class LiveTables:
    """Every live table of this process, its lock and WebSocket clients, and the store behind them."""

    def __init__(self, store: Store, bus=None, max_cached: int = 5000, body_cache_bytes: int = MAX_BYTES) -> None:
        self.store = store
        self.max_cached = max_cached
        self.body_caches = BodyCaches(body_cache_bytes)  # every table's cached texts, bounded by bytes
        self.bus = bus or LocalBus()
        self.tables: dict[str, Table] = {}
        # Weak: a table's lock lives while someone holds or awaits it, so requests for unknown
        # table ids leave nothing behind.
        self.locks: weakref.WeakValueDictionary[str, asyncio.Lock] = weakref.WeakValueDictionary()
        # The locks of the live tables, kept: a request of play would otherwise make its table's lock
        # anew (and its weak reference, and drop both) each time. Let go when the table leaves `tables`.
        self.kept_locks: dict[str, asyncio.Lock] = {}
        self.pushes = Pushes()
        self.parking = Parking()
        self.clients = self.pushes.clients  # table id -> its WebSocket clients
        self.bus.wants_texts = self.clients.__contains__  # (no socket here: no body of the table is pushed)
        self.db_thread = ThreadPoolExecutor(max_workers=1, thread_name_prefix="meeple-store")
        # PostgreSQL: the two writes of play on the event loop, on a connection of their own (store/pgwrites.py).
        self.loop_writes: LoopWrites | None = None
        if store.kind == "postgresql":
            from meeple.store.pgwrites import LoopWrites  # (psycopg: imported only for PostgreSQL)

            self.loop_writes = LoopWrites(store)
        # Told of every change of a table, here or in another process, once it is pushed: the bot
        # turns (hall.py wires them), which start the moves of the bot seats now to move.
        self.change_hooks: list[Callable[[Table], None]] = []
        # More readers of another process's changes to a table (the chat, server/chat.py).
        self.remote_hooks: list[Callable[[str], Awaitable[None]]] = []
        self.caught_up: dict[str, float] = {}  # table id -> when it was last read while Redis was silent
        self.catching_up: dict[str, asyncio.Future] = {}  # table id -> done when its read under way ends
        # Tables set aside: no socket here watched them when another process's change of play was heard,
        # so that change was not read (see `on_remote_change`). The same objects come back, read up to date,
        # when the table is next asked for or a socket opens on it (a request may still hold one).
        self.behind: dict[str, Table] = {}
        self.reading: set[asyncio.Task] = set()  # tables set aside being read again for a socket that opened

    async def db(self, fn, *args):
        """Run a blocking store call: on the store's own thread, or here when the store's calls are
        all short (SQLite without --fsync: a commit is a write to a local file, well under a
        millisecond). Handing such a call to a thread cost more than the call: under load the
        thread waited for the OS to run it, twice a Picnic turn (bench/server_load.py: p50 at
        200 clients 0.3-0.8 s inline against 0.7-1.2 s on the thread). Either way the call ends
        before the answer leaves, so an acknowledged move is stored (tests/server/test_crash.py)."""
        if self.store.short_calls:
            return fn(*args)
        return await asyncio.get_running_loop().run_in_executor(self.db_thread, partial(fn, *args))

    async def append_moves(self, table_id: str, first_seq: int, moves: list, changes: dict, clear: tuple[int, ...],
                           expect: list | None, results: dict | None) -> None:
        """`Store.append_moves`: on PostgreSQL on the loop (`LoopWrites`), but a game's last move, whose
        results and ratings are stored in its transaction, on the store's thread."""
        if self.loop_writes is not None and results is None:
            await self.loop_writes.append_moves(table_id, first_seq, moves, changes, clear, expect)
        elif self.store.short_calls:  # (as `db` calls it, without a coroutine more a move)
            self.store.append_moves(table_id, first_seq, moves, changes, clear, expect, results)
        else:
            await self.db(self.store.append_moves, table_id, first_seq, moves, changes, clear, expect, results)

    async def set_pending(self, table_id: str, seat: int, base_seq: int, moves: list, expect: list | None) -> None:
        """`Store.set_pending`: on PostgreSQL on the loop (`LoopWrites`)."""
        if self.loop_writes is not None:
            await self.loop_writes.set_pending(table_id, seat, base_seq, moves, expect)
        else:
            await self.db(self.store.set_pending, table_id, seat, base_seq, moves, expect)

    def lock(self, table_id: str) -> asyncio.Lock:
        lock = self.kept_locks.get(table_id)
        if lock is None:
            lock = self.locks.setdefault(table_id, asyncio.Lock())
            if table_id in self.tables:
                self.kept_locks[table_id] = lock
        return lock

    async def table(self, table_id: str, fresh: bool = True) -> Table:
        """A live table; `fresh`: while Redis is silent (other processes' news may be going unheard),
        read again from the store what it holds (at most every CATCH_UP_S), so that no process
        serves an old position for longer than that (see bus.py)."""
        table = self.tables.get(table_id)
        if table is None:
            async with self.lock(table_id):
                table = (self.tables.get(table_id) or await self._unpark(table_id)
                         or await self._take_back(table_id) or await self.load(table_id))
        elif fresh and self.bus.stale():
            await self._catch_up(table_id)
        self.parking.touch(table_id, time.monotonic())
        return table

    async def _catch_up(self, table_id: str) -> None:
        """Read the table again, at most every CATCH_UP_S; a caller that comes while a read is under way
        waits for it (two requests of a page that opens at once, each with a seat token taken through
        another process and not heard of yet: the second must not be refused before the first's read)."""
        under_way = self.catching_up.get(table_id)
        if under_way is not None:
            await asyncio.shield(under_way)
            return
        now = time.monotonic()
        if now - self.caught_up.get(table_id, -CATCH_UP_S) < CATCH_UP_S:
            return
        if len(self.caught_up) > 2 * len(self.tables) + 100:
            self.caught_up.clear()
        self.caught_up[table_id] = now
        done = self.catching_up[table_id] = asyncio.get_running_loop().create_future()
        try:
            await self.on_remote_change(table_id, heard=False)
        finally:
            del self.catching_up[table_id]
            done.set_result(None)

    async def poll_while_stale(self) -> None:
        """While Redis is silent, poll the tables this process's sockets watch, so that a move made
        through another process reaches them without a request (a task of the hall's life)."""
        while True:
            await asyncio.sleep(POLL_S)
            if not self.bus.stale():
                continue
            for table_id in list(self.clients):
                if table_id not in self.tables:
                    continue
                try:
                    await self._catch_up(table_id)
                except asyncio.CancelledError:
                    raise
                except Exception:  # the store away too: the next round tries again
                    log.warning("cannot poll table %s while Redis is silent", table_id, exc_info=True)

    async def _unpark(self, table_id: str) -> Table | None:
        table = self.parking.unpark(table_id)
        if table is not None:
            self.tables[table_id] = table
            await self.bus.watch(table_id)  # (finished: only its chat might have changed meanwhile)
        return table

    def park_idle(self, now: float) -> None:
        """Park the finished tables that nobody watched or asked for a while (see parking.py)."""
        for table_id in self.parking.idle(self.tables, self._busy, now):
            self.body_caches.forget(table_id)
            self.bus.unwatch(table_id)
            self.kept_locks.pop(table_id, None)
            self.parking.park(self.tables.pop(table_id))

    def _busy(self, table_id: str) -> bool:
        lock = self.locks.get(table_id)
        return table_id in self.clients or bool(lock and lock.locked())

    async def create(self, row: dict, seat_rows: list[dict]) -> Table:
        """Store a new table (seating, a rematch) and keep it live. Its changes are heard from before it is
        stored (`bus.watch`), so none another process makes (a join) goes unheard."""
        await self.bus.watch(row["id"])
        try:
            await self.db(self.store.create_table, row, seat_rows)
        except BaseException:
            self._unwatch(row["id"])
            raise
        table = self.tables[row["id"]] = Table.from_rows({**row, "seats": seat_rows, "moves": [], "pending": {}})
        return table

    async def load(self, table_id: str) -> Table:
        """Read a table from the store and keep it live (call with its lock held, or before serving). Its
        changes are heard from before the read on (`bus.watch`)."""
        await self.bus.watch(table_id)
        try:
            row = await self.db(self.store.load_table, table_id)
        except BaseException:
            self._unwatch(table_id)
            raise
        self.parking.forget(table_id)  # (the store's rows are newer)
        if row is None:
            self._unwatch(table_id)
            raise ApiError(404, "not_found", "There is no such table.")
        try:
            table = Table.from_rows(row)
        except MeepleError as exc:
            self._unwatch(table_id)
            # A log stored under older rules can hold a move they wrongly accepted (before issue 13
            # a Ninety-Nine play could pass as a bid card): say so, change nothing.
            log.error("cannot rebuild table %s: %s", table_id, exc)
            raise ApiError(409, "table_unreadable", "This table cannot be opened: its stored moves no longer "
                           "replay under this hall's rules (it was played under older ones). Nothing was "
                           "changed.") from None
        self.tables[table_id] = table
        if len(self.tables) > self.max_cached:
            self._forget_finished()
        return table

    def _forget_finished(self) -> None:
        """Drop finished tables nobody is watching from memory (they reload from the store on demand)."""
        for table_id, table in list(self.tables.items()):
            if len(self.tables) <= self.max_cached // 2:
                return
            lock = self.locks.get(table_id)
            if table.status == "finished" and table_id not in self.clients and not (lock and lock.locked()):
                self.body_caches.forget(table_id)
                self.bus.unwatch(table_id)
                del self.tables[table_id]
                self.locks.pop(table_id, None)
                self.kept_locks.pop(table_id, None)

    # ----- who is acting -------------------------------------------------------

    @staticmethod
    def identify(table: Table, token: str | None, user: dict | None, digest: str | None = None) -> int | None:
        """The seat the caller holds: by seat token, else by the signed-in user; None for a spectator.
        `digest`: the token's hash (`auth.token_hash`) where the caller has it already, so that a
        request that asks several times hashes its token once."""
        if token:
            digest = digest or auth.token_hash(token)
            for seat in table.seats:
                if hmac.compare_digest(seat.token_hash, digest):
                    return seat.seat
            raise ApiError(403, "forbidden", "This link holds no seat at this table now: the seat was taken "
                                             "(by another player, by a bot at the start, or by you in another "
                                             "window), or the link is mistyped. Join a free seat, or watch.")
        if user:
            for seat in table.seats:
                if seat.user_id == user["id"]:
                    return seat.seat
        return None

    async def seat_of(self, table: Table, token: str | None, user: dict | None,
                      digest: str | None = None) -> tuple[Table, int | None]:
        """`identify` for a caller opening a table (its state, its socket): a seat token this process does not
        know yet, where other processes share the store, may be a seat taken through another process whose
        news is still on its way (a player who joined there, whose page reached this one first); the table
        is then read again (a read begun after the request came; reads at most every CATCH_UP_S) before the
        token is refused."""
        try:
            return table, self.identify(table, token, user, digest)
        except ApiError:
            if not (token and self.store.shared):
                raise
        await self._read_since(table.id, time.monotonic())
        table = self.tables.get(table.id, table)
        return table, self.identify(table, token, user, digest)

    async def _read_since(self, table_id: str, since: float) -> None:
        """Return once a read of the table that began at `since` or later has ended: the seat a token names
        was stored before the token reached this process, so such a read finds it. A read under way is
        waited for (one that began earlier is not enough), and a read is begun no sooner than CATCH_UP_S
        after the last, so unknown tokens cost the store at most one read of a table that often."""
        while True:
            under_way = self.catching_up.get(table_id)
            began = self.caught_up.get(table_id, -CATCH_UP_S)
            if under_way is not None:
                await asyncio.shield(under_way)  # (then looked at again: it may have begun too early)
            elif began >= since:
                return
            elif (wait := began + CATCH_UP_S - time.monotonic()) > 0:
                await asyncio.sleep(wait)
            else:
                await self._catch_up(table_id)

    def actor(self, table: Table, token: str | None, user: dict | None, digest: str | None = None) -> int:
        seat = self.identify(table, token, user, digest)
        if seat is None:
            raise ApiError(403, "forbidden", "Only a seated player can do that: use your invite link or sign in.")
        return seat

    # ----- bodies for clients ----------------------------------------------------------

    def clocks_body(self, table: Table) -> dict | None:
        if table.clock["mode"] == "none":
            return None
        return clocks.body(table.clock, table.clock_state, table.players, time.time())

    def state_body(self, table: Table, seat: int | None) -> dict:
        body = table.state_body(seat, self.clocks_body(table))
        self.body_caches.used(table)
        return body

    def state_text(self, table: Table, seat: int | None) -> str:
        """The state body as JSON text: what GET state and the answer to a move send."""
        text = table.body(seat).text(views.dumps(self.clocks_body(table)))
        self.body_caches.used(table)
        return text

    @staticmethod
    def holds(table: Table, client: Client) -> bool:
        """Whether a socket's credentials still hold the seat it shows: the seat's current token, or
        the session of the seat's current occupant (a spectator's socket holds nothing to lose)."""
        if client.seat is None:
            return True
        seat = table.seats[client.seat]
        if client.token_hash is not None:
            return hmac.compare_digest(seat.token_hash, client.token_hash)
        return client.user_id is not None and seat.user_id == client.user_id

    def revoke(self, table_id: str, client: Client, message: str) -> None:
        """Tell a socket why it is closed, close it, and send it nothing more."""
        self.unsubscribe(table_id, client)
        client.revoke(json.dumps({"type": "error", "code": "forbidden", "message": message}))

    async def sign_out(self, session_hash: str) -> None:
        """End a session: in the store, here, and (over the bus) in the other processes."""
        await self.db(self.store.delete_session, session_hash)
        self.end_session(session_hash)
        self.bus.publish_session_end(session_hash)

    def end_session(self, session_hash: str) -> None:
        """A session signed out (here or in another process): close every socket opened with it."""
        for table_id, clients in list(self.clients.items()):
            for client in list(clients):
                if client.session_hash == session_hash:
                    self.revoke(table_id, client, "You signed out: sign in again to follow this table.")

    def push(self, table: Table, only_seat: int | None = -1) -> None:
        """Send the new state to the table's clients, each its own seat's view (see pushes.py).

        `only_seat` limits the push to one seat's clients (a pending move that
        nobody else may see yet); -1 means everyone. A socket whose seat changed
        holder (a new token, another occupant, a bot) is closed first, before
        anything of the seat's new view is built for it.
        """
        clients = []
        for client in list(self.clients.get(table.id, ())):
            if not self.holds(table, client):
                self.revoke(table.id, client, SEAT_CHANGED)
            elif only_seat == -1 or client.seat == only_seat:
                clients.append(client)
        if clients:
            self.pushes.push(table, clients, self.clocks_body(table))
            self.body_caches.used(table)

    def send_state(self, table: Table, client: Client) -> None:
        """Send one client its state now (on connect, or when it asks for a resync)."""
        if client.closing:
            return
        if not self.holds(table, client):
            self.revoke(table.id, client, SEAT_CHANGED)
            return
        self.pushes.send_state(table, client, self.clocks_body(table))
        self.body_caches.used(table)

    def subscribe(self, table_id: str, client: Client) -> None:
        self.pushes.subscribe(table_id, client)
        if table_id in self.behind:
            # Set aside between the socket's read of the table and now: read it again and push it (the
            # socket is sent the state it read first; the push follows).
            task = asyncio.get_running_loop().create_task(self._read_for_socket(table_id))
            self.reading.add(task)
            task.add_done_callback(self.reading.discard)

    async def _read_for_socket(self, table_id: str) -> None:
        try:
            await self.on_remote_change(table_id, heard=False)
        except Exception:  # (the store away: the socket's next resync or the next change brings it)
            log.warning("cannot read table %s again for a socket", table_id, exc_info=True)

    def unsubscribe(self, table_id: str, client: Client) -> None:
        self.pushes.unsubscribe(table_id, client)

    def changed(self, table: Table) -> None:
        """After a stored change: push here, tell the other processes and the change hooks (bots move).
        The other processes are also handed what the push built that every viewer may see (the shared
        parts, sheets and log lines: `Table.news_texts`), so that they need not build it again."""
        self.push(table)
        # (the texts only where another process may read them: one holding the table)
        texts = self._news_texts(table) if self.bus.carries_texts and self.bus.texts_wanted(table.id) else None
        self.bus.publish(table.id, texts)
        self._tell(table)

    @staticmethod
    def _news_texts(table: Table) -> dict | None:
        try:
            return table.news_texts()
        except Exception:  # (the change is stored and pushed: the others build the texts themselves)
            log.warning("cannot hand on the texts of table %s", table.id, exc_info=True)
            return None

    def _tell(self, table: Table) -> None:
        for hook in self.change_hooks:
            hook(table)

    async def on_remote_change(self, table_id: str | None, heard: bool = True) -> None:
        """Another process stored a change: read it and push it to our clients (None: every table).

        `heard`: told by the bus. A change of play alone (moves, pending turns, chat: `Store.told_play_only`)
        of a table that no socket here watches and that this process need not drive is not read: the
        table is set aside (`behind`) or stays unknown here, and is read when next asked for. Every
        process drives the tables it holds with a bot seat or a clock, as before (any process may hold
        the only socket, or outlive the others; a bot's move waits for the process that stored its
        position first: botturns.py), so those are read wherever held; a table set aside can
        come to need driving only by a change of its seats or fields, which is read. Every other caller
        (a catch-up, a socket opening) reads the table whatever changed."""
        if table_id is None:
            # (the tables being read, watched already, too: their read may have come before Redis was back)
            for known in list(self.tables.keys() | self.bus.watching):
                await self.on_remote_change(known, heard=False)
            return
        async with self.lock(table_id):
            texts = self.bus.heard_texts(table_id)
            play_only = self.store.told_play_only(table_id)
            table = self.tables.get(table_id)
            if heard and play_only and not self.clients.get(table_id) and not (table and self._drives(table)):
                if table is not None:
                    self._set_aside(table)
                table = None
            else:
                before = None
                if table is None:
                    try:
                        table = await self._take_back(table_id) or await self.load(table_id)
                    except ApiError:
                        return  # a table of another hall sharing this Redis
                    table.stored_elsewhere = (table.seq, table.version)
                else:
                    before = (table.seq, table.version, table.status, dict(table.pending))
                    await self.refresh(table)
                if texts:
                    try:
                        table.take_texts(texts)
                    except Exception:  # (texts this process cannot read: it builds them itself)
                        log.warning("unreadable texts heard for table %s", table_id, exc_info=True)
                self._push_heard(table, before)
        if table is not None:
            self._tell(table)
        for hook in self.remote_hooks:
            await hook(table_id)

    @staticmethod
    def _drives(table: Table) -> bool:
        """Whether the process holding the table may have to act at it by itself: a bot seat's turn, or
        a clock running out (botturns.py, clockwatch.py)."""
        return table.status != "finished" and (table.clock["mode"] != "none"
                                               or any(seat.type == "bot" or seat.bot_playing for seat in table.seats))

    def _set_aside(self, table: Table) -> None:
        """Hold the table no longer as live (its lock held): it is behind from now on, and its play is
        not heard (`bus.unwatch`)."""
        self.bus.unwatch(table.id)
        del self.tables[table.id]
        self.kept_locks.pop(table.id, None)
        self.body_caches.forget(table.id)  # (bodies of a position it will have left when read again)
        self.behind[table.id] = table
        while self.behind and len(self.behind) + len(self.tables) > self.max_cached:
            del self.behind[next(iter(self.behind))]  # (set aside longest: read from the store if asked for)

    async def _take_back(self, table_id: str) -> Table | None:
        """A table set aside, read up to date and live again (call with its lock held); its bot seats to
        move are started, as when a table is read at start-up."""
        table = self.behind.pop(table_id, None)
        if table is None:
            return None
        try:
            await self.bus.watch(table_id)
            await self.refresh(table)
        except BaseException:
            self._unwatch(table_id)
            self.behind[table_id] = table
            raise
        self.tables[table_id] = table
        self._tell(table)
        return table

    def _unwatch(self, table_id: str) -> None:
        """A table that was to be read and was not: hear no more of it, unless it is held after all."""
        if table_id not in self.tables:
            self.bus.unwatch(table_id)

    def _push_heard(self, table: Table, before: tuple | None) -> None:
        """Push a change heard from another process. `before`: the table's stored moves, header
        version, status and pending turns before it was read (None: just loaded). A change of
        pending turns alone is pushed to those seats' clients only, as the process that stored it
        pushed it (Moves._set_pending): every other viewer's body is the same, so looking at theirs
        would be work lost (a third of Picnic's changes are pending turns)."""
        if before is None or before[:3] != (table.seq, table.version, table.status):
            self.push(table)
            return
        pending = before[3]
        for seat in pending.keys() | table.pending.keys():
            if pending.get(seat) != table.pending.get(seat):
                self.push(table, only_seat=seat)

    async def refresh(self, table: Table) -> None:
        """Catch up with rows other processes wrote (call with the table's lock held)."""
        # (from the news heard, where it joins up, on this loop: no hand-off to the store's thread)
        changes = self.store.told_changes(table.id, table.seq)
        if changes is None:
            changes = await self.db(self.store.changes_since, table.id, table.seq)
        before = (table.seq, table.version)
        table.add_stored(changes["moves"])
        table.update_header(changes)
        table.set_pending_rows(changes["pending"])
        table.chat_head = changes["chat"]
        if (table.seq, table.version) != before:
            table.stored_elsewhere = (table.seq, table.version)

    async def change_seats(self, table: Table, seats: dict[int, dict], changes: dict | None = None) -> None:
        """Store seat and table changes, then apply them here (call with the table's lock held)."""
        try:
            await self.db(self.store.update_table, table.id, changes or {}, seats, table.version, table.seq)
        except Conflict:
            await self.refresh(table)
            raise ApiError(409, "conflict", "The table just changed: look again and retry.") from None
        for seat, fields in seats.items():
            for key, value in fields.items():
                setattr(table.seats[seat], key, value)
        for key, value in (changes or {}).items():
            setattr(table, key, value)
        table.version += 1
