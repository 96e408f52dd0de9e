"""A hung PostgreSQL (connections open, no answers) costs a quick 503, never a hung hall (issue 21):
each call gives up after a few seconds, the table's lock is released, and once the database
answers again every call works without a restart. The hang is made by a TCP proxy the test
starts (tests/server/faults.py); the machine's PostgreSQL is never touched."""

from __future__ import annotations

import time
from urllib.parse import urlsplit

from .conftest import Player, free_port
from .faults import TcpProxy
from .test_db_outage import through

HUMAN = {"type": "human"}
ANSWER_WITHIN_S = 8  # the statement timeout (3 s) and a failed reconnection (3 s), with room for a loaded machine


def timed(call) -> tuple[float, object]:
    start = time.monotonic()
    result = call()
    return time.monotonic() - start, result


def test_a_hung_database_answers_503_quickly_and_releases_the_table(pg_url, servers):
    with TcpProxy(urlsplit(pg_url).port or 5432) as proxy:
        port = free_port()
        servers(port, "--db", through(pg_url, proxy.port), "--bot-workers", "1")
        url = f"http://127.0.0.1:{port}"
        ann, bob = Player(url, "Ann"), Player(url, "Bob")
        table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
        bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
        mover = ann if ann.state(table)["legal"] else bob
        state = mover.state(table)
        move = {"seq": state["seq"], "move": state["legal"][0]["json"]}
        proxy.hang()
        for _ in range(3):  # the same table each time: its lock must have been released
            took, r = timed(lambda: mover.post(f"/api/tables/{table}/moves", move, timeout=30))
            assert took < ANSWER_WITHIN_S, f"a move waited {took:.1f} s on the hung database"
            assert r.status_code == 503 and r.json()["code"] == "unavailable", r.text  # type: ignore[attr-defined]
            took, r = timed(lambda: ann.get("/api/me", timeout=30))
            assert took < ANSWER_WITHIN_S and r.status_code == 503, (took, r)  # type: ignore[attr-defined]
        proxy.up()
        end = time.monotonic() + 10
        while (r := mover.post(f"/api/tables/{table}/moves", move, timeout=30)).status_code == 503:
            assert time.monotonic() < end, "the hall did not come back after the database did"
            time.sleep(0.3)
        assert r.status_code == 200, r.text
        assert mover.state(table)["seq"] >= state["seq"]
        assert ann.get("/api/me").json()["user"]["name"] == "Ann"
        ann.close()
        bob.close()
