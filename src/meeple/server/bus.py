"""How several server processes tell each other that a table changed (or a session ended).

`LocalBus` is for one process: nothing to tell. `RedisBus` publishes
"table X changed" on a Redis channel, with the news of what this process wrote
to it (Store.take_news: the moves, fields, seats and pending turns, and the
table's count of changes); every other process hands the news to its store
(Store.hear), reads the change (answered from the news when it joins up with
what that process knew, else from the shared database) and pushes it to its
own WebSocket clients. The database stays the only source of truth, so a lost
message only delays a push until the next one (or the client's resync).

A change of play alone (moves, pending turns, chat) goes on its table's own channel (`channel:<table
id>`), which a process subscribes to while it holds the table (`watch`, before it reads it: Redis
confirms the subscription first, so no change after the read goes unheard; `unwatch` as it lets the
table go); every other message (a table's seats or fields, a change without news, a session ended)
goes on the shared channel, heard by every process. With each table's clients on one process, the
others then hear none of its play.

Every stored change is announced once and heard by the processes holding its table, so the bus
speaks Redis's protocol (RESP) itself over two plain asyncio connections, one to
publish and one subscribed, where the redis client's pool, retry and parser layers
cost 0.34 ms of CPU per message published and heard against 0.145 ms this way
(one process publishing to itself, a message every 4 ms, load 23). Messages queued
together go out in one write.

Redis being down or hung costs only that freshness, never the hall: nothing
the hall does waits on Redis, and the freshness lost is bounded: a process
that has heard nothing from Redis for STALE_S (its listener pings every PING_S
when nothing else comes) is `stale()`, and then reads the tables its clients
ask for, and polls those its sockets watch, from the database (live.py). `publish` only queues the message (a sender
task delivers it, each try bounded by a timeout, retrying with growing
pauses); the listener notices a dead or silent connection by its own pings,
subscribes again with growing pauses (sleeping between tries, so a process
never spins), and then catches up on every table it holds, since messages
sent meanwhile are lost.
"""

from __future__ import annotations

import asyncio
import itertools
import json
import logging
import random
import secrets
import ssl
import time
from collections import deque
from collections.abc import Awaitable, Callable

log = logging.getLogger("meeple.server")
CHANNEL = "meeple:tables"
TIMEOUT_S = 1.0           # each Redis call, connecting included
PING_S = 0.4              # the listener pings when it heard nothing for this long
STALE_S = 1.0             # heard nothing (not even a pong) for this long: Redis may be gone
FIRST_PAUSE_S = 0.1       # between reconnection tries: doubling up to MAX_PAUSE_S
MAX_PAUSE_S = 5.0
MAX_OUTBOX = 10_000       # messages waiting while Redis is away (one per table at most)
BATCH = 256               # messages written to Redis at once
CONFIRM_S = 0.2           # messages written meanwhile are confirmed together, by one PING's answer
MAX_TEXTS = 1000          # tables whose heard texts wait to be read
BLOB_OPEN = ',"texts":['   # where a message's texts begin (RedisBus._message)
BLOB_GROUPS = ("shared", "view")  # groups of texts that go into a message as they are, each one a text
TEXTS_QUEUED = 64         # messages waiting past which a change's texts are left out of its message
WATCH_WAIT_S = 0.25       # a table's subscription confirmed within this, or the table is read again when it is

OnChange = Callable[[str | None], Awaitable[None]]
OnSessionEnd = Callable[[str], None]


class LocalBus:
    carries_texts = False  # (nobody to hand a change's texts to)
    wants_texts: Callable[[str], bool] | None = None
    per_table = False  # (no channels: `watch` and `unwatch` do nothing)
    watching: frozenset[str] = frozenset()

    def watch(self, table_id: str) -> Awaitable[None]:
        return _nothing()

    def texts_wanted(self, table_id: str) -> bool:
        return False

    def unwatch(self, table_id: str) -> None:
        pass

    def stale(self) -> bool:
        return False  # one process: nothing to hear

    async def start(self, on_change: OnChange, on_session_end: OnSessionEnd | None = None) -> None:
        pass

    def publish(self, table_id: str, texts: dict | None = None) -> None:
        pass

    def heard_texts(self, table_id: str) -> dict | None:
        return None

    def publish_session_end(self, session_hash: str) -> None:
        pass

    async def close(self) -> None:
        pass


async def _nothing() -> None:
    pass


def _pauses():
    """Growing pauses with jitter, so that many processes do not reconnect in step."""
    pause = FIRST_PAUSE_S
    while True:
        yield pause * random.uniform(0.5, 1.0)
        pause = min(pause * 2, MAX_PAUSE_S)


class RespError(Exception):
    """An error reply from Redis (or a reply the bus cannot read)."""


def _command(*args: bytes | str) -> bytes:
    """One command in RESP: an array of bulk strings."""
    parts = [b"*%d\r\n" % len(args)]
    for arg in args:
        data = arg.encode() if isinstance(arg, str) else arg
        parts.append(b"$%d\r\n%s\r\n" % (len(data), data))
    return b"".join(parts)


# The publishing connection asks Redis for no replies (waiting for each PUBLISH's answer was a wake-up of
# the sender a message); a confirmation turns them on for one PING, whose answer says that every message
# written before it arrived.
_REPLIES_OFF = _command("CLIENT", "REPLY", "OFF")
_REPLIES_ON = _command("CLIENT", "REPLY", "ON")
_CONFIRM = _command("PING") + _REPLIES_OFF


def _read(raw: bytes | str, wants_texts: Callable[[str], bool] | None = None) -> dict:
    """A message as a dict; one whose head says "blob" (RedisBus._message) has its texts sliced out
    of its end without decoding them, into "heard_texts" (as Table.take_texts reads them), unless
    `wants_texts` says its table's are not wanted (then none are read)."""
    data = raw.encode() if isinstance(raw, str) else raw
    at = data.find(b'"blob":', 0, 64)
    if at < 0:
        return json.loads(data)
    end = data.index(b",", at)
    blob = int(data[at + 7:end])
    message = json.loads(data[:-blob] + b"}")
    if wants_texts is not None and not wants_texts(str(message.get("table"))):
        for key in ("small", "names", "sizes"):
            del message[key]
        return message
    texts = dict(message.pop("small"))
    pos = len(data) - blob + len(BLOB_OPEN)
    for (group, name), size in zip(message.pop("names"), message.pop("sizes")):
        text = data[pos:pos + size].decode()
        pos += size + 1
        if name is None:
            texts[group] = text
        else:
            texts.setdefault(group, {})[name] = text[1:-1] if group == "view" else text
    message["heard_texts"] = texts
    return message


class _Incomplete(Exception):
    pass


def _parse(buf: bytes, pos: int):
    """One RESP2 reply from buf[pos:]: (value, the position after it); _Incomplete when it has not all
    arrived. Bulk strings are bytes, errors RespError instances."""
    end = buf.find(b"\r\n", pos)
    if end < 0:
        raise _Incomplete
    kind, line, pos = buf[pos:pos + 1], buf[pos + 1:end], end + 2
    if kind == b"$":
        size = int(line)
        if size < 0:
            return None, pos
        if len(buf) < pos + size + 2:
            raise _Incomplete
        return buf[pos:pos + size], pos + size + 2
    if kind == b"*":
        count = int(line)
        items = []
        for _ in range(max(count, 0)):
            item, pos = _parse(buf, pos)
            items.append(item)
        return (items if count >= 0 else None), pos
    if kind == b":":
        return int(line), pos
    if kind == b"+":
        return line.decode(), pos
    if kind == b"-":
        return RespError(line.decode(errors="replace")), pos
    raise RespError(f"unreadable reply from Redis: {buf[pos - len(line) - 3:pos]!r}")


class _Connection(asyncio.Protocol):
    """One connection to Redis: commands go out at once (never waiting), replies are parsed as they
    arrive and taken in order by `reply`, whose timeout never cuts a reply in half. `own`: how this
    process's own messages begin, dropped as they arrive (the listener's: Redis hands every message
    to its sender too) without waking the task that reads the replies."""

    def __init__(self, own: bytes | None = None) -> None:
        self.transport: asyncio.Transport | None = None
        self.buffer = b""
        self.replies: deque = deque()
        self.waiter: asyncio.Future | None = None
        self.lost: BaseException | None = None
        self.own = own
        self.heard = time.monotonic()  # when something last came (the listener's pings go by it)
        self.pinged = 0.0  # when the listener last pinged on it

    def connection_made(self, transport) -> None:
        self.transport = transport

    def data_received(self, data: bytes) -> None:
        self.heard = time.monotonic()
        buf = self.buffer + data if self.buffer else data
        pos, own = 0, self.own
        try:
            while pos < len(buf):
                value, pos = _parse(buf, pos)
                if own is not None and type(value) is list and len(value) == 3 and value[0] == b"message" \
                        and value[2][:len(own)] == own:
                    continue
                self.replies.append(value)
        except _Incomplete:
            pass
        except (RespError, ValueError) as exc:
            self.connection_lost(RespError(str(exc)))
            if self.transport is not None:
                self.transport.abort()
            return
        self.buffer = buf[pos:]
        self._wake()

    def connection_lost(self, exc: BaseException | None) -> None:
        if self.lost is None:
            self.lost = exc or ConnectionError("Redis closed the connection")
        self._wake()

    def _wake(self) -> None:
        if self.replies or self.lost is not None:
            if self.waiter is not None and not self.waiter.done():
                self.waiter.set_result(None)

    def send(self, data: bytes) -> None:
        if self.lost is not None or self.transport is None:
            raise ConnectionError(f"lost Redis ({self.lost})")
        self.transport.write(data)

    async def reply(self, timeout_s: float | None):
        """The next reply (TimeoutError when none came in time, ConnectionError once the connection is
        gone); `timeout_s` None: no timer (the listener's, which `RedisBus._watch` cuts when Redis is silent)."""
        if not self.replies:
            if self.lost is not None:
                raise ConnectionError(f"lost Redis ({self.lost})")
            self.waiter = asyncio.get_running_loop().create_future()
            try:
                if timeout_s is None:
                    await self.waiter
                else:
                    async with asyncio.timeout(timeout_s):
                        await self.waiter
            finally:
                self.waiter = None
            if not self.replies:
                raise ConnectionError(f"lost Redis ({self.lost})")
        value = self.replies.popleft()
        if isinstance(value, RespError):
            raise value
        return value

    def close(self) -> None:
        if self.transport is not None:
            self.transport.abort()

    def cut(self, why: str) -> None:
        """Give the connection up now: the task waiting for a reply fails as on a lost connection."""
        self.connection_lost(ConnectionError(why))
        self.close()


class RedisBus:
    # A change's message also carries the texts of the new position that every viewer may see, as the
    # process that stored it built them (Table.news_texts), so that the others take them
    # (Table.take_texts) instead of building them again: only what a spectator is shown, never a seat's
    # own parts.
    carries_texts = True

    def __init__(self, url: str, channel: str = CHANNEL, timeout_s: float = TIMEOUT_S, store=None) -> None:
        from redis.connection import parse_url  # (the URL forms `meeple serve --redis` has always taken)

        # `store`: the process's Store. Each message then carries the news of what the process wrote
        # (Store.take_news), and the news heard goes to the store (Store.hear), which answers the
        # hall's read of that change from it rather than from the database.
        self.store = store
        if store is not None:
            store.share()
        self.url = url
        self.target = parse_url(url)
        self.channel = channel
        self.timeout_s = timeout_s
        self.origin = secrets.token_hex(8)
        # How this process's own messages begin: Redis hands every message to every subscriber, the
        # sender too, and those are dropped unread (without decoding their news).
        self.own = ('{"origin":' + json.dumps(self.origin) + ",").encode()
        self.outbox: dict[tuple[str, str], None] = {}  # messages (channel, text) waiting to be written, oldest first
        self.sender: _Connection | None = None  # the publishing connection, while it is up
        self.sent: list[tuple[str, str]] = []  # messages written on it since its last confirmation, oldest first
        self.wake = asyncio.Event()
        self.tasks: list[asyncio.Task] = []
        self.listening: asyncio.Task | None = None  # the listener's task (it handles every message heard)
        self.connections: set[_Connection] = set()
        self.connected = False  # whether the listener is subscribed now (for tests and logs)
        self.listener: _Connection | None = None
        self.heard = time.monotonic()  # when Redis last answered the listener (a message or a pong)
        self.texts: dict[str, dict] = {}  # table id -> the texts heard with its last change, until read
        self.per_table = True
        self.table_prefix = (channel + ":").encode()  # a table's channel: this and its id
        self.watching: set[str] = set()  # tables whose channels the listener is (or is to be) subscribed to
        # Table id -> for each SUBSCRIBE to its channel sent on the listener and not yet confirmed, in order,
        # the future its `watch` waits on (Redis answers each SUBSCRIBE, channel by channel, in order).
        self.confirming: dict[str, deque[asyncio.Future]] = {}
        self.published: set[str] = set()  # tables whose changes were published since the last confirmation
        self.alone: set[str] = set()  # tables whose channel no other process was subscribed to, when last asked
        # Whether a table's heard texts are wanted (the hall: where a socket here watches it; a table read
        # without them builds what it needs); None: always.
        self.wants_texts: Callable[[str], bool] | None = None

    def stale(self) -> bool:
        """Whether changes by other processes may be going unheard: Redis silent past STALE_S."""
        listener = self.listener
        heard = self.heard if listener is None else max(self.heard, listener.heard)
        return time.monotonic() - heard > STALE_S

    def table_channel(self, table_id: str) -> str:
        return self.channel + ":" + table_id

    async def start(self, on_change: OnChange, on_session_end: OnSessionEnd | None = None) -> None:
        # Fail at start-up, not at the first move (`meeple serve` checks Redis before this, too).
        conn = await asyncio.wait_for(self._subscribe_once(), self.timeout_s * 3)
        self.listening = asyncio.create_task(self._listen(conn, on_change, on_session_end))
        self.tasks = [self.listening, asyncio.create_task(self._send())]

    async def _connect(self, own: bytes | None = None) -> _Connection:
        """A new connection, signed in where the URL says so (bounded by the caller's timeout); `own`:
        _Connection's."""
        loop = asyncio.get_running_loop()
        target = self.target
        conn = _Connection(own)
        self.connections.add(conn)
        try:
            if "path" in target:
                await loop.create_unix_connection(lambda: conn, target["path"])
            else:
                tls = ssl.create_default_context() \
                    if "SSL" in getattr(target.get("connection_class"), "__name__", "") else None
                await loop.create_connection(lambda: conn, target.get("host", "localhost"),
                                             target.get("port", 6379), ssl=tls)
            if target.get("password") is not None:
                who = [target["username"]] if target.get("username") else []
                conn.send(_command("AUTH", *who, target["password"]))
                await conn.reply(self.timeout_s)
        except BaseException:
            self._drop(conn)  # (a timeout may cancel it half made)
            raise
        return conn

    def _drop(self, conn: _Connection | None) -> None:
        if conn is not None:
            conn.close()
            self.connections.discard(conn)

    # ----- receiving -------------------------------------------------------------

    async def _subscribe_once(self) -> _Connection:
        """A listener subscribed to the shared channel and to those of every table watched, tables watched
        meanwhile included (a message heard before it is ready is dropped: the caller reads every table
        held once it is); it is the listener from the moment the last of them is confirmed."""
        conn = None
        try:
            conn = await self._connect(self.own)
            channels, subscribed = [self.channel], set()
            while True:
                new = [table_id for table_id in self.watching if table_id not in subscribed]
                if not channels and not new:
                    break
                channels += [self.table_channel(table_id) for table_id in new]
                conn.send(_command("SUBSCRIBE", *channels))
                for _ in channels:
                    while True:
                        reply = await conn.reply(self.timeout_s)
                        if not (isinstance(reply, list) and reply and reply[0] == b"message"):
                            break
                    if not (isinstance(reply, list) and reply and reply[0] == b"subscribe"):
                        raise RespError(f"unexpected answer to SUBSCRIBE: {reply!r}")
                subscribed.update(new)
                channels = []
            gone = subscribed - self.watching  # (let go meanwhile; their answers are read past)
            if gone:
                conn.send(_command("UNSUBSCRIBE", *(self.table_channel(table_id) for table_id in gone)))
        except BaseException:
            self._drop(conn)
            raise
        self.heard = time.monotonic()
        self.listener = conn
        self.connected = True  # (at once: a table watched from now on is subscribed on this connection)
        return conn

    def watch(self, table_id: str) -> Awaitable[None]:
        """Hear the table's changes of play from now on (its channel: subscribed at once, in `watching`
        at once). What it returns is done once Redis has confirmed the subscription, so that a read of the
        table after it misses none of its changes; at once while Redis is away (its tables are subscribed
        again when it is back, and then every one held is read again: `_listen`); after WATCH_WAIT_S at
        most (never holding the hall up: the table is then read again when Redis confirms, `_confirmed`)."""
        if table_id in self.watching and table_id not in self.confirming:
            return _nothing()
        self.watching.add(table_id)
        conn = self.listener
        if conn is None or conn.lost is not None or not self.connected:
            return _nothing()
        try:
            conn.send(_command("SUBSCRIBE", self.table_channel(table_id)))
        except ConnectionError:
            return _nothing()  # (the listener reconnects, subscribes it again and reads it again)
        waiter = asyncio.get_running_loop().create_future()
        self.confirming.setdefault(table_id, deque()).append(waiter)
        if asyncio.current_task() is self.listening:
            # The listener itself, reading a table a message told of: it cannot read the confirmation
            # while it waits for it, so it gives up at once, and the table is read again when Redis
            # confirms (`_confirmed`), as after a wait that timed out.
            waiter.cancel()
            return _nothing()
        return self._confirmation(waiter)

    @staticmethod
    async def _confirmation(waiter: asyncio.Future) -> None:
        try:
            async with asyncio.timeout(WATCH_WAIT_S):
                await waiter  # (given up on: cancelled, which `_confirmed` sees)
        except TimeoutError:
            pass

    def texts_wanted(self, table_id: str) -> bool:
        """Whether a change's texts (`publish`) may be read by another process: not where, when last asked
        (`_send`, every CONFIRM_S while the table's changes are published), no other process was subscribed
        to the table's channel. Only a process holding the table reads them (one with a socket on it); one
        that began to hold it since then builds what it needs itself, as from a message without them."""
        return table_id not in self.alone

    def unwatch(self, table_id: str) -> None:
        """Hear no more of the table's play (the caller lets the table go at once: it will not hear it). What
        the store knows of it from news is then forgotten: it would not be kept up to date."""
        if table_id not in self.watching:
            return
        self.watching.discard(table_id)
        self.alone.discard(table_id)
        if self.store is not None:
            self.store.forget(table_id)
        conn = self.listener
        if conn is not None and conn.lost is None and self.connected:
            try:
                conn.send(_command("UNSUBSCRIBE", self.table_channel(table_id)))
            except ConnectionError:
                pass

    async def _confirmed(self, channel: bytes, on_change: OnChange) -> None:
        """Redis confirmed a subscription: its `watch` goes on; where that gave up waiting (the table was
        read without it), the table is read again now, whatever changed."""
        if not channel.startswith(self.table_prefix):
            return
        table_id = channel[len(self.table_prefix):].decode()
        waiters = self.confirming.get(table_id)
        if not waiters:
            return
        waiter = waiters.popleft()
        if not waiters:
            del self.confirming[table_id]
        if not waiter.done():
            waiter.set_result(None)
        elif table_id in self.watching:
            if self.store is not None:
                self.store.heard_without_news(table_id)
            try:
                await on_change(table_id)
            except asyncio.CancelledError:
                raise
            except Exception:  # (the store away: the table's next change or request reads it)
                log.exception("cannot read table %s again once subscribed", table_id)

    def _lost_listener(self) -> None:
        """The listener is gone: no subscription of it will be confirmed, so nobody waits for one (the
        tables are subscribed again on the next listener, and then read again)."""
        self.connected = False
        for waiters in self.confirming.values():
            for waiter in waiters:
                if not waiter.done():
                    waiter.set_result(None)
        self.confirming.clear()

    async def _listen(self, conn: _Connection, on_change: OnChange, on_session_end: OnSessionEnd | None) -> None:
        while True:
            try:
                await self._receive(conn, on_change, on_session_end)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lost Redis (%s); reconnecting", exc or type(exc).__name__)
            self._lost_listener()
            if self.store is not None:
                self.store.forget_news()  # (news may go unheard now: tables are read again)
            self._drop(conn)
            conn = await self._subscribe()
            log.warning("Redis is back; catching up on every table")
            try:
                await on_change(None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("catching up after a Redis outage failed")

    async def _receive(self, conn: _Connection, on_change: OnChange, on_session_end: OnSessionEnd | None) -> None:
        """Handle messages until the connection dies or stays silent through a ping (`_watch` cuts it)."""
        self._watch(conn)
        while True:
            reply = await conn.reply(None)
            if isinstance(reply, list) and len(reply) == 3:
                if reply[0] == b"message":
                    await self._handle(reply[2], on_change, on_session_end)
                elif reply[0] == b"subscribe":
                    await self._confirmed(reply[1], on_change)

    def _watch(self, conn: _Connection) -> None:
        """The listener's pings, every PING_S / 2 while the connection lasts: a PING when nothing came for
        PING_S (its pong comes back as a message), the connection cut when the ping went unanswered for
        the timeout. (A timer, not a timeout around each message: that was a timer made and cancelled a
        message.)"""
        if conn.lost is not None:
            return
        now = time.monotonic()
        if conn.pinged > conn.heard:
            if now - conn.pinged > self.timeout_s:
                return conn.cut("Redis did not answer a ping")
        elif now - conn.heard > PING_S:
            conn.send(_command("PING"))
            conn.pinged = now
        asyncio.get_running_loop().call_later(PING_S / 2, self._watch, conn)

    async def _handle(self, raw, on_change: OnChange, on_session_end: OnSessionEnd | None) -> None:
        try:
            if raw[:len(self.own)] == self.own:
                return
            data = _read(raw, self.wants_texts)
            if data.get("origin") == self.origin:
                return
            if "session_end" in data:
                if on_session_end is not None:
                    on_session_end(str(data["session_end"]))
            else:
                table_id = str(data["table"])
                texts = data.get("heard_texts")
                if isinstance(texts, dict):
                    if len(self.texts) >= MAX_TEXTS:
                        self.texts.clear()  # (never read: those tables build their texts themselves)
                    self.texts[table_id] = texts
                else:
                    self.texts.pop(table_id, None)
                if self.store is not None:
                    if "news" in data:
                        self.store.hear(table_id, data["news"])
                    else:  # (a process without news: what it wrote is not counted, so read the table)
                        self.store.heard_without_news(table_id)
                await on_change(table_id)
        except asyncio.CancelledError:
            raise
        except Exception:  # one bad message must not stop the listener
            log.exception("bad message on %s", self.channel)

    async def _subscribe(self) -> _Connection:
        """A new subscription, tried with growing pauses until Redis answers."""
        for pause in _pauses():
            await asyncio.sleep(pause)
            try:
                return await asyncio.wait_for(self._subscribe_once(), self.timeout_s)
            except asyncio.CancelledError:
                raise
            except Exception:
                pass
        raise AssertionError("unreachable")  # _pauses never ends

    # ----- sending ----------------------------------------------------------------

    def publish(self, table_id: str, texts: dict | None = None) -> None:
        """Queue "table X changed" for the other processes, with what this process wrote to it since it
        last published it (and `texts`: what every viewer may see of the new position, already built
        here); returns at once (never waits on Redis)."""
        told = self.store.take_told(table_id) if self.store is not None else None
        news, more = told if told is not None else (None, True)
        # Play alone goes to the processes that hold the table; the rest, and a change without news, to all.
        channel = self.channel if more else self.table_channel(table_id)
        self.published.add(table_id)
        # (Redis slow or away: the messages waiting stay small)
        self._queue(self._message({"table": table_id}, texts if len(self.outbox) < TEXTS_QUEUED else None, news),
                    channel)

    def heard_texts(self, table_id: str) -> dict | None:
        """The texts heard with the table's last change, once (None: none came, or they were read)."""
        return self.texts.pop(table_id, None)

    def publish_session_end(self, session_hash: str) -> None:
        """Queue "this session signed out", so that other processes close its sockets."""
        self._queue(self._message({"session_end": session_hash}), self.channel)

    def _message(self, fields: dict, texts: dict | None = None, news: list[str] | None = None) -> str:
        """A message's text: the origin first (see `own`). `texts` (Table.news_texts) are JSON texts
        already: each goes into the message as it is, as an item of its "texts" list at the message's
        end, and the message's head says where each begins ("blob": the bytes from that list to the
        end, "sizes": each text's bytes, "names": where each belongs), so that a hearer reads the head
        alone as JSON and slices the texts out (`_read`) rather than decoding them and encoding them
        again (as JSON strings, their quotes escaped, that was about 0.1 ms a change in each process).
        The whole message is still one JSON object. `news` (Store.take_told): each change's news as the
        JSON text the store encoded it to, which goes in as it is, as the items of the head's "news"."""
        head = {"origin": self.origin, **fields}
        told = ',"news":[' + ",".join(news) + "]" if news else ""
        if not texts:
            return json.dumps(head, separators=(",", ":"))[:-1] + told + "}"
        raws: list[str] = []
        names: list[list] = []
        rest = {}
        for group, value in texts.items():
            if type(value) is str:
                raws.append(value)
                names.append([group, None])
            elif group in BLOB_GROUPS and isinstance(value, dict) and all(type(v) is str for v in value.values()):
                for name, text in value.items():
                    # (a view's texts are its members, '"name":value': an object of one as an item)
                    raws.append("{" + text + "}" if group == "view" else text)
                    names.append([group, name])
            else:
                rest[group] = value
        sizes = [len(text) if text.isascii() else len(text.encode()) for text in raws]
        tail = ',"texts":[' + ",".join(raws) + "]}"
        blob = len(BLOB_OPEN) + sum(sizes) + max(len(raws) - 1, 0) + 2
        head = {"origin": self.origin, "blob": blob, **fields}
        return (json.dumps(head, separators=(",", ":"))[:-1] + told + ","
                + json.dumps({"names": names, "sizes": sizes, "small": rest}, separators=(",", ":"))[1:-1] + tail)

    def _queue(self, text: str, channel: str) -> None:
        """Write the message at once while the publishing connection is up and nothing waits before it (no
        reply is waited for: the sender confirms what was written every CONFIRM_S), else queue it for the sender."""
        conn = self.sender
        message = (channel, text)
        if conn is not None and conn.lost is None and not self.outbox:
            conn.send(_command("PUBLISH", channel, text))
            self.sent.append(message)
            if len(self.sent) == 1:
                self.wake.set()  # (the sender confirms it)
            return
        self.outbox.pop(message, None)  # the same news again: send it once, in its newest place
        self.outbox[message] = None
        if len(self.outbox) > MAX_OUTBOX:
            del self.outbox[next(iter(self.outbox))]  # the oldest: its table reloads on the catch-up
        self.wake.set()

    async def _send(self) -> None:
        """Connect (again), write what waits, and confirm what was written: the messages written since the
        last confirmation are confirmed by one PING's answer, which comes after theirs on the connection.
        A connection lost, or a confirmation not answered within the timeout, puts those messages back at
        the head of the queue, written again on a new connection (a message may so arrive twice, which a
        hearer reads as once: its news is known). Each try bounded by the timeout, retried with growing pauses."""
        pauses = None
        while True:
            if not self.outbox and not self.sent:
                await self.wake.wait()
            self.wake.clear()
            try:
                conn = self.sender
                if conn is None or conn.lost is not None:
                    self._lost_sender()
                    conn = await asyncio.wait_for(self._connect(), self.timeout_s)
                    conn.send(_REPLIES_OFF)
                    self.sender = conn
                while self.outbox:  # (in order, before anything newer: `_queue` writes at once only after them)
                    batch = list(itertools.islice(self.outbox, BATCH))
                    conn.send(b"".join(_command("PUBLISH", channel, text) for channel, text in batch))
                    for text in batch:
                        del self.outbox[text]
                    self.sent += batch
                if self.sent:
                    await asyncio.sleep(CONFIRM_S)  # (what is published meanwhile goes with this confirmation)
                    confirming = len(self.sent)
                    # With the confirmation, how many processes are subscribed to the channel of each table
                    # published to (`texts_wanted`), and whether this one was among them.
                    asked = list(self.published)
                    self.published.clear()
                    mine = [self.connected and t in self.watching and t not in self.confirming for t in asked]
                    count = _command("PUBSUB", "NUMSUB", *map(self.table_channel, asked)) if asked else b""
                    conn.send(_REPLIES_ON + count + _CONFIRM)
                    async with asyncio.timeout(self.timeout_s):
                        while True:
                            try:
                                reply = await conn.reply(None)
                            except RespError:  # (a Redis without CLIENT REPLY: its replies are read past)
                                continue
                            if reply == "PONG":
                                break
                            if isinstance(reply, list) and len(reply) == 2 * len(asked):
                                self._counted(asked, mine, reply[1::2])
                    del self.sent[:confirming]
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                # The change is stored: the other processes learn of it when this gets through,
                # or at their own catch-up, or at their clients' next request.
                self._lost_sender()
                if pauses is None:
                    log.warning("cannot publish on Redis (%s); retrying", exc or type(exc).__name__)
                    pauses = _pauses()
                await asyncio.sleep(next(pauses))
                continue
            pauses = None

    def _counted(self, tables: list[str], mine: list[bool], counts: list) -> None:
        for table_id, subscribed, count in zip(tables, mine, counts):
            if isinstance(count, int) and count - subscribed <= 0:
                self.alone.add(table_id)
            else:
                self.alone.discard(table_id)
        if len(self.alone) > MAX_OUTBOX:
            self.alone.clear()

    def _lost_sender(self) -> None:
        """The publishing connection given up: what was written on it unconfirmed waits again, first."""
        self._drop(self.sender)
        self.sender = None
        if self.sent:
            waiting = self.outbox
            self.outbox = dict.fromkeys(self.sent)
            self.outbox.update(waiting)
            self.sent = []
            while len(self.outbox) > MAX_OUTBOX:
                del self.outbox[next(iter(self.outbox))]

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            try:
                await task
            except BaseException:
                pass
        for conn in list(self.connections):
            self._drop(conn)
