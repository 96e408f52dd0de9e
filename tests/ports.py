"""Ports for the servers and proxies the tests start."""

from __future__ import annotations

import random
import socket
from pathlib import Path

_DRAW = random.Random()  # (its own generator: a test that seeds `random` neither moves it nor is moved by it)
_LOWEST = 10_000


def ephemeral_range() -> tuple[int, int]:
    """The ports the kernel hands out to outgoing connections and to a bind to port 0."""
    try:
        low, high = Path("/proc/sys/net/ipv4/ip_local_port_range").read_text().split()
        return int(low), int(high)
    except (OSError, ValueError):
        return 32_768, 60_999  # (Linux's default)


def free_port() -> int:
    """A port nothing holds now, drawn below the kernel's ephemeral range. A test that closes its port and
    listens on it again (a proxy's outage, a server started again after kill -9) then cannot find it taken
    meanwhile by another test's outgoing connection or bind to port 0, both of which draw from that range."""
    below = ephemeral_range()[0]
    while True:
        port = _DRAW.randrange(_LOWEST, below)
        with socket.socket() as s:
            try:
                s.bind(("127.0.0.1", port))
            except OSError:
                continue  # (held: draw again)
        return port
