"""Limits a hall on the open internet needs (issue 21, denial of service and limits): 429s say when
to come back, 405s say what is allowed, X-Forwarded-For is believed only from configured proxies,
and each hall sharing a Redis has a channel of its own."""

from __future__ import annotations

import json
import time
import uuid
from contextlib import ExitStack

import httpx
import pytest
from websockets.sync.client import connect as ws_connect

from .conftest import REDIS_URL, LiveServer, Player, free_port

HUMAN = {"type": "human"}
RANDOM = {"type": "bot", "level": "random"}


def test_a_429_carries_retry_after(tmp_path):
    live = LiveServer(str(tmp_path / "meeple.db"), signin_rate=(2, 0.1))
    try:
        with httpx.Client(base_url=live.url) as http:
            codes = [http.post("/api/auth/guest", json={"name": "Ann"}) for _ in range(3)]
        assert [r.status_code for r in codes] == [200, 200, 429]
        assert int(codes[2].headers["retry-after"]) >= 1
        assert f"wait {codes[2].headers['retry-after']} s" in codes[2].json()["error"]
    finally:
        live.stop()


def test_a_405_carries_allow(player_factory):
    ann = player_factory("Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    for method, path, allowed in [("DELETE", "/api/tables", {"GET", "POST"}),
                                  ("GET", f"/api/tables/{table}/moves", {"POST"}),
                                  ("PUT", f"/api/tables/{table}", {"GET"})]:
        r = ann.http.request(method, path)
        assert r.status_code == 405, (method, path, r.text)
        assert allowed <= {m.strip() for m in r.headers["allow"].split(",")}, r.headers
        assert r.json()["code"] == "bad_request"
    assert ann.http.request("DELETE", "/api/nothing/here").status_code == 404


@pytest.mark.parametrize("trusted", [False, True])
def test_x_forwarded_for_is_believed_only_from_configured_proxies(servers, tmp_path, trusted):
    port = free_port()
    servers(port, "--data", str(tmp_path), *(["--trusted-proxies", "127.0.0.1"] if trusted else []))
    with httpx.Client(base_url=f"http://127.0.0.1:{port}") as http:
        codes = [http.post("/api/auth/guest", json={"name": "Ann"},
                           headers={"X-Forwarded-For": f"203.0.113.{i}"}).status_code for i in range(12)]
    if trusted:
        assert codes == [200] * 12  # twelve clients behind the proxy, one attempt each
    else:
        assert codes[:10] == [200] * 10 and 429 in codes[10:], codes  # one client, whatever it claims


def test_each_hall_has_its_own_redis_channel(pg_url, servers):
    import redis

    channel = f"meeple-test:{uuid.uuid4().hex[:8]}"
    listener = redis.Redis.from_url(REDIS_URL, socket_timeout=5).pubsub()
    listener.subscribe(channel, "meeple:tables")
    try:
        port = free_port()
        servers(port, "--db", pg_url, "--redis", REDIS_URL, "--redis-channel", channel)
        ann = Player(f"http://127.0.0.1:{port}", "Ann")
        table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
        heard: dict[str, list] = {}
        end = time.time() + 10
        while time.time() < end and channel not in heard:
            message = listener.get_message(timeout=0.5)
            if message and message["type"] == "message":
                data = json.loads(message["data"])
                if data.get("table") == table:
                    heard.setdefault(message["channel"].decode(), []).append(data)
        assert channel in heard and "meeple:tables" not in heard, heard
        ann.close()
    finally:
        listener.close()


def _sockets_refused(url: str, table: str, cookie: str, count: int) -> list[bool]:
    """Open `count` sockets of one session at once: whether each was refused (too_many_sockets)."""
    refused = []
    with ExitStack() as stack:
        for _ in range(count):
            ws = stack.enter_context(ws_connect(url.replace("http", "ws") + f"/ws/tables/{table}", open_timeout=5,
                                                additional_headers={"Cookie": f"meeple_session={cookie}"}))
            refused.append(json.loads(ws.recv(timeout=5)).get("code") == "too_many_sockets")
    return refused


def test_the_serve_options_set_the_limits(servers, tmp_path):
    """Each limit of docs/server/play.md's rulings is a `meeple serve` option (the defaults: the other tests)."""
    port = free_port()
    servers(port, "--data", str(tmp_path / "a"), "--signin-rate", "2,60", "--live-tables-per-user", "1",
            "--sockets-per-session", "1", "--sockets-per-address", "2", "--move-rate", "1,60")
    url = f"http://127.0.0.1:{port}"
    ann, bob = Player(url, "Ann"), Player(url, "Bob")  # two of the two sign-ins allowed
    with httpx.Client(base_url=url) as http:
        r = http.post("/api/auth/guest", json={"name": "Cy"})
        assert r.status_code == 429 and int(r.headers["retry-after"]) > 30, r.text  # then one a minute
    table = ann.create([HUMAN, RANDOM], join_seat=0)["table"]
    r = ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN]})
    assert r.status_code == 429 and r.json()["code"] == "too_many_tables", r.text  # one live table a user
    assert _sockets_refused(url, table, ann.http.cookies["meeple_session"], 2) == [False, True]  # one a session
    state = ann.wait_turn(table)  # one move a seat, then one a minute
    r = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": state["legal"][0]["json"]})
    assert r.status_code == 200, r.text
    r = ann.post(f"/api/tables/{table}/reset")
    assert r.status_code == 429 and int(r.headers["retry-after"]) > 30, r.text
    with ExitStack() as stack:  # two sockets an address
        held = [stack.enter_context(ws_connect(url.replace("http", "ws") + f"/ws/tables/{table}", open_timeout=5))
                for _ in range(3)]
        assert [json.loads(ws.recv(timeout=5)).get("code") == "too_many_sockets" for ws in held] == \
            [False, False, True]
    ann.close()
    bob.close()

    port = free_port()
    servers(port, "--data", str(tmp_path / "b"), "--tables-rate-user", "2,60", "--tables-rate-address", "3,60")
    url = f"http://127.0.0.1:{port}"
    ann, bob = Player(url, "Ann"), Player(url, "Bob")
    codes = [ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN]}).status_code for _ in range(3)]
    assert codes == [201, 201, 429]  # two tables a user at once
    codes = [bob.post("/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN]}).status_code for _ in range(2)]
    assert codes == [201, 429]  # three from one address
    ann.close()
    bob.close()


def test_a_bad_limit_option_is_a_clear_error(capsys):
    from meeple import cli

    assert cli.main(["serve", "--signin-rate", "ten", "--port", "1"]) == 2
    assert "--signin-rate is written BURST,SECONDS" in capsys.readouterr().err
    assert cli.main(["serve", "--sockets-per-session", "0", "--port", "1"]) == 2
    assert "--sockets-per-session must be at least 1" in capsys.readouterr().err
