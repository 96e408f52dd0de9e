"""How several server processes tell each other that a table changed (or a session ended).

`LocalBus` is for one process: nothing to tell. `RedisBus` publishes
"table X changed" on a Redis channel; every other process then reads the new
rows from the shared database and pushes them to its own WebSocket clients.
The database stays the only source of truth, so a lost message only delays a
push until the next one (or the client's resync).

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
import json
import logging
import random
import secrets
import time
from collections.abc import Awaitable, Callable

log = logging.getLogger("meeple.server")
CHANNEL = "meeple:tables"
TIMEOUT_S = 1.0           # each Redis call, connecting included
PING_S = 0.4              # the listener pings when it heard nothing for this long
STALE_S = 1.0             # heard nothing (not even a pong) for this long: Redis may be gone
FIRST_PAUSE_S = 0.1       # between reconnection tries: doubling up to MAX_PAUSE_S
MAX_PAUSE_S = 5.0
MAX_OUTBOX = 10_000       # messages waiting while Redis is away (one per table at most)

OnChange = Callable[[str | None], Awaitable[None]]
OnSessionEnd = Callable[[str], None]


class LocalBus:
    def stale(self) -> bool:
        return False  # one process: nothing to hear

    async def start(self, on_change: OnChange, on_session_end: OnSessionEnd | None = None) -> None:
        pass

    def publish(self, table_id: str) -> None:
        pass

    def publish_session_end(self, session_hash: str) -> None:
        pass

    async def close(self) -> None:
        pass


def _pauses():
    """Growing pauses with jitter, so that many processes do not reconnect in step."""
    pause = FIRST_PAUSE_S
    while True:
        yield pause * random.uniform(0.5, 1.0)
        pause = min(pause * 2, MAX_PAUSE_S)


class RedisBus:
    def __init__(self, url: str, channel: str = CHANNEL, timeout_s: float = TIMEOUT_S) -> None:
        import redis.asyncio as redis
        from redis.asyncio.retry import Retry
        from redis.backoff import NoBackoff

        self.url = url
        self.channel = channel
        self.timeout_s = timeout_s
        # No retries inside the client: a silent reconnect would re-subscribe without the catch-up,
        # and its waits would be out of our hands. The loops below retry, with pauses.
        self.redis = redis.from_url(url, socket_timeout=timeout_s, socket_connect_timeout=timeout_s,
                                    retry=Retry(NoBackoff(), 0))
        self.origin = secrets.token_hex(8)
        self.outbox: dict[str, int] = {}  # message text -> when it was queued (a counter), oldest first
        self.queued = 0
        self.wake = asyncio.Event()
        self.tasks: list[asyncio.Task] = []
        self.connected = False  # whether the listener is subscribed now (for tests and logs)
        self.heard = time.monotonic()  # when Redis last answered the listener (a message or a pong)

    def stale(self) -> bool:
        """Whether changes by other processes may be going unheard: Redis silent past STALE_S."""
        return time.monotonic() - self.heard > STALE_S

    async def start(self, on_change: OnChange, on_session_end: OnSessionEnd | None = None) -> None:
        pubsub = self.redis.pubsub()
        # Fail at start-up, not at the first move (`meeple serve` checks Redis before this, too).
        await asyncio.wait_for(pubsub.subscribe(self.channel), self.timeout_s * 3)
        self.connected = True
        self.tasks = [asyncio.create_task(self._listen(pubsub, on_change, on_session_end)),
                      asyncio.create_task(self._send())]

    # ----- receiving -------------------------------------------------------------

    async def _listen(self, pubsub, on_change: OnChange, on_session_end: OnSessionEnd | None) -> None:
        while True:
            try:
                await self._receive(pubsub, on_change, on_session_end)
            except asyncio.CancelledError:
                raise
            except Exception as exc:
                log.warning("lost Redis (%s); reconnecting", exc or type(exc).__name__)
            self.connected = False
            await self._drop(pubsub)
            pubsub = await self._subscribe()
            self.connected = True
            log.warning("Redis is back; catching up on every table")
            try:
                await on_change(None)
            except asyncio.CancelledError:
                raise
            except Exception:
                log.exception("catching up after a Redis outage failed")

    async def _receive(self, pubsub, on_change: OnChange, on_session_end: OnSessionEnd | None) -> None:
        """Handle messages until the connection dies or stays silent through a ping."""
        heard = time.monotonic()
        pinged = False
        while True:
            message = await asyncio.wait_for(pubsub.get_message(timeout=PING_S), PING_S + self.timeout_s)
            now = time.monotonic()
            if message is not None:
                heard, pinged = now, False
                self.heard = now
                if message.get("type") == "message":
                    await self._handle(message["data"], on_change, on_session_end)
                continue
            if now - heard < PING_S:
                continue
            if pinged:
                raise ConnectionError("Redis did not answer a ping")
            await asyncio.wait_for(pubsub.ping(), self.timeout_s)  # its pong comes back as a message
            pinged = True

    async def _handle(self, raw, on_change: OnChange, on_session_end: OnSessionEnd | None) -> None:
        try:
            data = json.loads(raw)
            if data.get("origin") == self.origin:
                return
            if "session_end" in data:
                if on_session_end is not None:
                    on_session_end(str(data["session_end"]))
            else:
                await on_change(str(data["table"]))
        except asyncio.CancelledError:
            raise
        except Exception:  # one bad message must not stop the listener
            log.exception("bad message on %s", self.channel)

    async def _subscribe(self):
        """A new subscription, tried with growing pauses until Redis answers."""
        for pause in _pauses():
            await asyncio.sleep(pause)
            pubsub = self.redis.pubsub()
            try:
                await asyncio.wait_for(pubsub.subscribe(self.channel), self.timeout_s)
                return pubsub
            except asyncio.CancelledError:
                await self._drop(pubsub)
                raise
            except Exception:
                await self._drop(pubsub)
        raise AssertionError("unreachable")  # _pauses never ends

    @staticmethod
    async def _drop(pubsub) -> None:
        try:
            await asyncio.wait_for(pubsub.aclose(), 0.5)
        except asyncio.CancelledError:
            raise
        except Exception:
            pass

    # ----- sending ----------------------------------------------------------------

    def publish(self, table_id: str) -> None:
        """Queue "table X changed" for the other processes; returns at once (never waits on Redis)."""
        self._queue(json.dumps({"table": table_id, "origin": self.origin}))

    def publish_session_end(self, session_hash: str) -> None:
        """Queue "this session signed out", so that other processes close its sockets."""
        self._queue(json.dumps({"session_end": session_hash, "origin": self.origin}))

    def _queue(self, text: str) -> None:
        self.outbox.pop(text, None)  # the same news again: send it once, in its newest place
        self.queued += 1
        self.outbox[text] = self.queued
        if len(self.outbox) > MAX_OUTBOX:
            del self.outbox[next(iter(self.outbox))]  # the oldest: its table reloads on the catch-up
        self.wake.set()

    async def _send(self) -> None:
        pauses = None
        while True:
            await self.wake.wait()
            self.wake.clear()
            while self.outbox:
                text, queued = next(iter(self.outbox.items()))
                try:
                    await asyncio.wait_for(self.redis.publish(self.channel, text), self.timeout_s)
                except asyncio.CancelledError:
                    raise
                except Exception as exc:
                    # The change is stored: the other processes learn of it when this gets through,
                    # or at their own catch-up, or at their clients' next request.
                    if pauses is None:
                        log.warning("cannot publish on Redis (%s); retrying", exc or type(exc).__name__)
                        pauses = _pauses()
                    await asyncio.sleep(next(pauses))
                    continue
                pauses = None
                if self.outbox.get(text) == queued:  # (queued again meanwhile: that one is still to go)
                    del self.outbox[text]

    async def close(self) -> None:
        for task in self.tasks:
            task.cancel()
        for task in self.tasks:
            try:
                await task
            except BaseException:
                pass
        try:
            await asyncio.wait_for(self.redis.aclose(), 1)
        except Exception:
            pass
