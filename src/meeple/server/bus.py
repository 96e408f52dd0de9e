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
from typing import Awaitable, Callable

log = logging.getLogger("meeple.server")
CHANNEL = "meeple:tables"


class LocalBus:
    async def start(self, on_change: Callable[[str], Awaitable[None]]) -> None:
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

    async def start(self, on_change: Callable[[str], Awaitable[None]]) -> None:
        await self.redis.ping()  # fail at start-up, not at the first move
        pubsub = self.redis.pubsub()
        await pubsub.subscribe(CHANNEL)
        self.task = asyncio.create_task(self._listen(pubsub, on_change))

    async def _listen(self, pubsub, on_change) -> None:
        async for message in pubsub.listen():
            if message.get("type") != "message":
                continue
            try:
                data = json.loads(message["data"])
                if data.get("origin") != self.origin:
                    await on_change(str(data["table"]))
            except Exception:  # one bad message must not stop the listener
                log.exception("bad message on %s", CHANNEL)

    async def publish(self, table_id: str) -> None:
        await self.redis.publish(CHANNEL, json.dumps({"table": table_id, "origin": self.origin}))

    async def close(self) -> None:
        if self.task:
            self.task.cancel()
        await self.redis.aclose()
