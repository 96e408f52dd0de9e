"""After PostgreSQL was out of reach, `meeple serve` connects again by itself (issue 21).

The server reaches PostgreSQL through a TCP proxy that the test starts (the
machine's PostgreSQL is never stopped); the proxy cuts every connection and
refuses new ones for a while. Meanwhile database calls answer a clear 503 (no
500, no hang); afterwards every call works again, without a restart.
"""

from __future__ import annotations

import time
from urllib.parse import urlsplit, urlunsplit

from .conftest import Player, free_port
from .faults import TcpProxy

HUMAN = {"type": "human"}
RANDOM = {"type": "bot", "level": "random"}


def through(url: str, port: int) -> str:
    parts = urlsplit(url)
    user = parts.netloc.rsplit("@", 1)[0] + "@" if "@" in parts.netloc else ""
    return urlunsplit((parts.scheme, f"{user}127.0.0.1:{port}", parts.path, parts.query, ""))


def test_the_server_reconnects_after_postgresql_was_cut_off(pg_url, servers):
    with TcpProxy(urlsplit(pg_url).port or 5432) as proxy:
        port = free_port()
        servers(port, "--db", through(pg_url, proxy.port), "--bot-workers", "1")
        ann = Player(f"http://127.0.0.1:{port}", "Ann")
        table = ann.create([HUMAN, RANDOM], join_seat=0)["table"]
        ann.play_turn(table)
        for outage_s in (1.0, 3.0):
            proxy.down()
            end = time.monotonic() + outage_s
            while time.monotonic() < end:
                start = time.monotonic()
                r = ann.get("/api/me", timeout=10)  # reads the session from the database
                assert time.monotonic() - start < 7, "a call hung while the database was away"
                assert r.status_code == 503 and r.json()["code"] == "unavailable", r.text
                assert r.headers["retry-after"]
                time.sleep(0.2)
            proxy.up()
            # Back at once: the next read and the next write work on a new connection.
            r = ann.get("/api/me")
            assert r.status_code == 200 and r.json()["user"]["name"] == "Ann", r.text
            state = ann.play_turn(table)
            assert state["seq"] > 0
            assert ann.get("/api/tables").status_code == 200
        ann.close()
