"""The hall's server: `meeple serve`. See docs/server.md and docs/api.md."""

from __future__ import annotations

import os

from .app import create_app
from .hall import Hall


def store_url(data: str, db: str | None) -> str:
    """The database to use: --db when given, else meeple.db in the data folder (SQLite)."""
    return db or os.path.join(data, "meeple.db")


def build_app(db_url: str, redis_url: str | None = None, bot_workers: int = 1, fsync: bool = False,
              redis_channel: str | None = None, body_cache_bytes: int | None = None, **limits):
    """The ASGI app on this database (and Redis bus, for several processes); `limits` are those of
    app.Api (table_limits, socket_limits, signin_rate, move_rate)."""
    from meeple.store import Store

    from .bodycache import MAX_BYTES
    from .bus import CHANNEL, RedisBus

    store = Store(db_url, fsync=fsync)
    bus = RedisBus(redis_url, redis_channel or CHANNEL, store=store) if redis_url else None
    hall = Hall(store, bus, bot_workers=bot_workers, body_cache_bytes=body_cache_bytes or MAX_BYTES)
    return create_app(hall, **limits)


def serve(host: str, port: int, db_url: str, redis_url: str | None = None, bot_workers: int = 1,
          fsync: bool = False, log_level: str = "warning", announce=print, redis_channel: str | None = None,
          trusted_proxies: str | None = None, limits: dict | None = None) -> None:
    """Serve the hall until Ctrl-C; MeepleError when the port is taken.

    `trusted_proxies`: comma-separated addresses whose X-Forwarded-For header is believed (the
    client address for rate limits); by default none is, since any client can send that header.
    `limits`: build_app's (the `meeple serve` options of the limits)."""
    import logging
    import socket

    import uvicorn
    from uvicorn.config import LOG_LEVELS

    from meeple.engine import MeepleError

    # Bind first, so that a taken port is a clear error before anything is announced.
    family = socket.AF_INET6 if ":" in host else socket.AF_INET
    sock = socket.socket(family, socket.SOCK_STREAM)
    sock.setsockopt(socket.SOL_SOCKET, socket.SO_REUSEADDR, 1)
    try:
        sock.bind((host, port))
    except OSError as exc:
        sock.close()
        raise MeepleError(f"Cannot listen on {host}:{port} ({exc.strerror}): is another server running there? "
                          "Choose another --port.") from None
    if redis_url:
        _check_redis(redis_url)
    app = build_app(db_url, redis_url, bot_workers, fsync, redis_channel, **(limits or {}))
    # No per-message deflate: on two cores the CPU it costs is worth more than the bytes it saves.
    # No access log below its level (info): uvicorn would still build each line's arguments, a request's
    # worth of work, to have the logger drop it.
    config = uvicorn.Config(app, log_level=log_level, ws_max_size=64 * 1024, ws_per_message_deflate=False,
                            lifespan="on", proxy_headers=bool(trusted_proxies),
                            forwarded_allow_ips=trusted_proxies or "",
                            access_log=LOG_LEVELS[log_level.lower()] <= logging.INFO)
    announce()
    uvicorn.Server(config).run(sockets=[sock])


def _check_redis(url: str) -> None:
    """A clear error at start-up when Redis cannot be reached (instead of a failed start deep inside)."""
    import redis

    from meeple.engine import MeepleError

    try:
        redis.Redis.from_url(url, socket_connect_timeout=3).ping()
    except (redis.RedisError, ValueError) as exc:
        raise MeepleError(f"Cannot reach Redis at {url}: {exc}") from None


__all__ = ["Hall", "build_app", "create_app", "serve", "store_url"]
