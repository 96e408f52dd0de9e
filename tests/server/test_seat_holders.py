"""A seat's token and its sockets follow the seat's current holder (issue 21).

When a seat changes hands (its invite is used, `start` gives it to a bot, its
player leaves before the start, the session signs out), the old credentials
stop working at once: the token is refused, and a socket opened with them is
told why and closed, and never receives that seat's view again.
"""

from __future__ import annotations

import json
import time

from websockets.exceptions import ConnectionClosed
from websockets.sync.client import connect as ws_connect

from .conftest import REDIS_URL, Player, free_port, receive_until

HUMAN = {"type": "human"}


def invite_token(created: dict, seat: int) -> str:
    return created["seats"][seat]["invite"].split("token=")[1]


def drain(ws, timeout: float = 10) -> tuple[list[dict], bool]:
    """Every message until the server closes the socket (or `timeout`); and whether it closed."""
    got = []
    end = time.time() + timeout
    try:
        while time.time() < end:
            got.append(json.loads(ws.recv(timeout=max(0.01, end - time.time()))))
    except TimeoutError:
        return got, False
    except ConnectionClosed:
        return got, True
    return got, False


def assert_told_and_closed(ws, seat: int, timeout: float = 10) -> list[dict]:
    """The socket is closed after an error saying why, and showed no state of `seat` after `since`."""
    got, closed = drain(ws, timeout)
    assert closed, f"the socket stayed open; it received {[m.get('type') for m in got]}"
    assert ws.close_code == 4403
    assert got and got[-1]["type"] == "error" and got[-1]["code"] == "forbidden", got
    return got


def session_ws(player: Player, table: str):
    """A socket opened with the player's session cookie (no seat token)."""
    cookie = player.http.cookies.get("meeple_session")
    return ws_connect(player.url.replace("http", "ws") + f"/ws/tables/{table}", open_timeout=10,
                      additional_headers={"Cookie": f"meeple_session={cookie}"}, max_queue=None, close_timeout=2)


def test_an_invite_socket_is_closed_when_the_invite_is_used(player_factory):
    """The creator holds every invite: a socket opened with one must not show the guest's hand."""
    ann, bob = player_factory("Ann"), player_factory("Bob")
    created = ann.create([HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    with ann.ws(table, invite_token(created, 1)) as spy:
        first = json.loads(spy.recv(timeout=10))
        assert first["type"] == "state" and first["my_seat"] == 1 and first["status"] == "open"
        bob.token = invite_token(created, 1)
        r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
        assert r.status_code == 200, r.text
        bob.token = r.json()["token"]
        got = assert_told_and_closed(spy, 1)
    assert not [m for m in got if m["type"] == "state"], "the spy saw the guest's seat after the join"
    # The guest's own socket works.
    with bob.ws(table, bob.token) as ws:
        state = json.loads(ws.recv(timeout=10))
        assert state["my_seat"] == 1 and state["status"] == "running"


def test_start_revokes_the_invites_of_seats_given_to_bots(player_factory):
    ann = player_factory("Ann")
    created = ann.create([HUMAN, HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    unused = invite_token(created, 2)
    spy = Player(ann.url)
    spy.token = unused
    assert spy.get(f"/api/tables/{table}/state").json()["my_seat"] == 2
    with ann.ws(table, unused) as ws:
        assert json.loads(ws.recv(timeout=10))["my_seat"] == 2
        r = ann.post(f"/api/tables/{table}/start")
        assert r.status_code == 200, r.text
        r = spy.get(f"/api/tables/{table}/state")
        assert r.status_code == 403 and r.json()["code"] == "forbidden", r.text
        got = assert_told_and_closed(ws, 2)
    assert not [m for m in got if m["type"] == "state" and m["status"] == "running"]
    spy.close()


def test_leaving_before_the_start_revokes_the_leavers_token_and_socket(player_factory):
    ann, bob, cat = player_factory("Ann"), player_factory("Bob"), player_factory("Cat")
    created = ann.create([HUMAN, HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    bob.token = r.json()["token"]
    with bob.ws(table, bob.token) as ws, session_ws(bob, table) as by_session:
        assert json.loads(ws.recv(timeout=10))["my_seat"] == 1
        assert json.loads(by_session.recv(timeout=10))["my_seat"] == 1
        r = bob.post(f"/api/tables/{table}/leave")
        assert r.status_code == 200, r.text
        r = bob.get(f"/api/tables/{table}/state")
        assert r.status_code == 403 and r.json()["code"] == "forbidden", r.text
        assert_told_and_closed(ws, 1)
        assert_told_and_closed(by_session, 1)
    r = cat.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200, r.text


def test_signing_out_closes_the_sessions_sockets(player_factory):
    ann, bob = player_factory("Ann"), player_factory("Bob")
    created = ann.create([HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    bob.token = r.json()["token"]
    with session_ws(ann, table) as ws:
        assert json.loads(ws.recv(timeout=10))["my_seat"] == 0
        assert ann.http.post("/api/auth/signout").status_code == 200
        got = assert_told_and_closed(ws, 0)
    assert not [m for m in got if m["type"] == "state"]


def test_sockets_in_another_process_follow_the_seat_too(pg_url, servers):
    """Two processes on PostgreSQL and Redis: the invite used, and the sign-out, happen on A; the
    sockets opened on B are closed all the same."""
    ports = [free_port(), free_port()]
    for port in ports:
        servers(port, "--db", pg_url, "--redis", REDIS_URL)
    a_url, b_url = (f"http://127.0.0.1:{port}" for port in ports)
    ann, bob = Player(a_url, "Ann"), Player(a_url, "Bob")
    created = ann.create([HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    on_b = Player(b_url)
    on_b.http.cookies.set("meeple_session", ann.http.cookies.get("meeple_session"))
    with on_b.ws(table, invite_token(created, 1)) as spy, session_ws(on_b, table) as ann_ws:
        assert json.loads(spy.recv(timeout=10))["my_seat"] == 1
        assert json.loads(ann_ws.recv(timeout=10))["my_seat"] == 0
        bob.token = invite_token(created, 1)
        r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
        assert r.status_code == 200, r.text
        got = assert_told_and_closed(spy, 1)
        assert not [m for m in got if m["type"] == "state"]
        receive_until(ann_ws, lambda m: m.get("status") == "running")
        assert ann.http.post("/api/auth/signout").status_code == 200
        got = assert_told_and_closed(ann_ws, 0)
        assert not [m for m in got if m["type"] == "state"]
    for p in (ann, bob, on_b):
        p.close()
