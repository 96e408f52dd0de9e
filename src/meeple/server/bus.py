"""How several server processes tell each other that a table changed.

`LocalBus` is for one process: nothing to tell. `RedisBus` publishes
"table X changed" on a Redis channel; every other process then reads the new
rows from the shared database and pushes them to its own WebSocket clients.
The database stays the only source of truth, so a lost message only delays a
push until the next one (or the client's resync).
"""

from __future__ import annotations

import asyncio
import json
import logging
import secrets
from collections.abc import Awaitable, Callable

log = logging.getLogger("meeple.server")
CHANNEL = "meeple:tables"


class LocalBus:
    async def start(self, on_change: Callable[[str | None], Awaitable[None]]) -> None:
        pass

    async def publish(self, table_id: str) -> None:
        pass

    async def close(self) -> None:
        pass


class RedisBus:
    def __init__(self, url: str) -> None:
        import redis.asyncio as redis

        self.url = url
        self.redis = redis.from_url(url)
        self.origin = secrets.token_hex(8)
        self.task: asyncio.Task | None = None

    async def start(self, on_change: Callable[[str | None], Awaitable[None]]) -> None:
        await self.redis.ping()  # fail at start-up, not at the first move
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen(pubsub, on_change))

    async def _listen(self, pubsub, on_change) -> None:
        while True:
            try:
                async for message in pubsub.listen():
                    if message.get("type") != "message":
                        continue
                    try:
                        data = json.loads(message["data"])
                        if data.get("origin") != self.origin:
                            await on_change(str(data["table"]))
                    except Exception:  # one bad message must not stop the listener
                        log.exception("bad message on %s", CHANNEL)
            except asyncio.CancelledError:
                raise
            except Exception:
                # Redis went away: subscribe again, then catch up on every table we hold,
                # since messages sent meanwhile are lost.
                log.warning("lost Redis; reconnecting", exc_info=True)
                await asyncio.sleep(1)
                try:
                    pubsub = self.redis.pubsub()
                    await pubsub.subscribe(CHANNEL)
                    await on_change(None)
                except Exception:
                    continue

    async def publish(self, table_id: str) -> None:
        # The change is already stored: if Redis is down, the other processes learn of it at the
        # next message or their clients' next request; the player's move must not fail for that.
        try:
            await self.redis.publish(CHANNEL, json.dumps({"table": table_id, "origin": self.origin}))
        except Exception:
            log.warning("could not tell the other processes about table %s", table_id, exc_info=True)

    async def close(self) -> None:
        if self.task:
            self.task.cancel()
        await self.redis.aclose()
