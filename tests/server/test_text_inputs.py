"""Text from clients, on SQLite and on PostgreSQL (issue 42): a NUL, a control character or an
invisible formatting character anywhere (a path, a query, a name, a username, a chat line, a
socket's address or message) is refused with 400 in words, never a 500 (PostgreSQL cannot store
NUL); a binary WebSocket frame is answered in words and closed with 1003; OPTIONS says what a
path takes; a move must be written exactly as the game writes it (no "1" for 1, no 1.0 for true).
"""

from __future__ import annotations

import json
import sys
import unicodedata

import pytest
from websockets.exceptions import ConnectionClosed

from .conftest import NO_LIMITS, LiveServer, Player

HUMAN = {"type": "human"}
BAD = ["\x00", "\x07", "\u200b", "\ufeff", "\x9b", "\u2060"]


def test_the_refused_characters_are_unicodes_controls_and_formats_but_a_few():
    from meeple.server.text import UNSEEN

    allowed = {"\t", "\n", "\r", "\u200c", "\u200d"} | {chr(c) for c in range(0xE0020, 0xE0080)}
    for code in range(sys.maxunicode + 1):
        char = chr(code)
        if 0xD800 <= code <= 0xDFFF:
            continue  # lone surrogates: refused as invalid Unicode before this check
        category = unicodedata.category(char)
        unseen = category in ("Cc", "Cf") and char not in allowed
        # (a format character of a later Unicode than this Python's is unassigned here: Cn)
        assert bool(UNSEEN.match(char)) == unseen or category == "Cn", f"U+{code:04X}"


@pytest.fixture(params=["sqlite", "postgresql"])
def hall(request, tmp_path):
    if request.param == "sqlite":
        url = str(tmp_path / "meeple.db")
    else:
        url = request.getfixturevalue("pg_url")
    live = LiveServer(url, **NO_LIMITS)
    yield live
    live.stop()


def refused(response, what: str) -> None:
    assert response.status_code == 400, (what, response.status_code, response.text)
    body = response.json()
    assert body["code"] in ("bad_request", "bad_json") and len(body["error"].split()) >= 5, (what, body)


def test_control_characters_are_refused_in_words_everywhere(hall):
    ann = Player(hall.url, "Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    for char in BAD:
        quoted = "".join(f"%{b:02X}" for b in char.encode())
        for path in (f"/api/tables/a{quoted}b", f"/api/tables/a{quoted}b/state", f"/api/tables/a{quoted}b/replay/1",
                     f"/api/tables/a{quoted}b/chat", f"/api/players/{quoted}", f"/api/games/x{quoted}/leaderboard",
                     f"/api/games/x{quoted}/rules", f"/api/tables/{table}/state?since={quoted}"):
            refused(ann.get(path), path)
        refused(ann.post(f"/api/tables/a{quoted}b/join", {"seat": 1}), "join")
        for body, path in (({"name": f"Bob{char}"}, "/api/auth/guest"), ({"name": f"{char}Bob"}, "/api/auth/guest"),
                           ({"username": f"bob{char}", "password": "long enough"}, "/api/auth/signin"),
                           ({"username": f"bob{char}", "password": "long enough"}, "/api/auth/signup"),
                           ({"username": "bobby", "password": f"long{char}enough"}, "/api/auth/signup"),
                           ({"text": f"hello{char}"}, f"/api/tables/{table}/chat"),
                           ({"game": f"picnic{char}", "seats": [HUMAN, HUMAN]}, "/api/tables"),
                           ({"seq": 0, "move": {f"take{char}": 0}}, f"/api/tables/{table}/moves")):
            refused(ann.post(path, body), f"{path} {body}")
        with ann.ws(f"a{quoted}b") as ws:
            message = json.loads(ws.recv(timeout=10))
            assert message["type"] == "error" and message["code"] == "bad_request", message
            with pytest.raises(ConnectionClosed) as closed:
                ws.recv(timeout=10)
            assert closed.value.rcvd.code == 4400
    assert ann.get(f"/api/tables/{table}/chat").json()["messages"] == []


def test_a_binary_frame_is_answered_and_closed_with_1003(server):
    ann = Player(server.url, "Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    with ann.ws(table, ann.token) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        ws.send('{"type": "ping", "note": "a\\u0000b"}')  # a NUL in a text message: refused in words
        refusal = json.loads(ws.recv(timeout=10))
        assert refusal["type"] == "error" and refusal["code"] == "bad_request" and "NUL" in refusal["message"]
        ws.send(b'{"type": "ping"}')
        messages = []
        with pytest.raises(ConnectionClosed) as closed:
            while True:
                messages.append(json.loads(ws.recv(timeout=10)))
        assert closed.value.rcvd.code == 1003
        assert messages[-1]["type"] == "error" and "binary" in messages[-1]["message"], messages
    with ann.ws(table, ann.token) as ws:  # the hall serves the table on
        assert json.loads(ws.recv(timeout=10))["type"] == "state"


def test_options_says_what_a_path_takes(server):
    ann = Player(server.url)
    r = ann.http.options("/api/tables/abc/moves")
    assert r.status_code == 204 and r.headers["allow"] == "OPTIONS, POST", r.headers
    assert "access-control-allow-origin" not in r.headers
    r = ann.http.options("/api/tables")
    assert r.status_code == 204 and r.headers["allow"] == "GET, HEAD, OPTIONS, POST"
    assert ann.http.options("/api/nothing/here").status_code == 404


@pytest.mark.parametrize("game, seats, loose, exact", [
    ("assyria", [HUMAN, HUMAN], {"column": "1"}, {"column": 1}),
    ("turing_machine", [HUMAN], {"guess": 1.0}, {"guess": True}),
    ("turing_machine", [HUMAN], {"guess": 1}, {"guess": True}),
])
def test_moves_are_taken_as_written_only(server, game, seats, loose, exact):
    ann = Player(server.url, "Ann")
    table = ann.create(seats, game=game, join_seat=0)["table"]
    if len(seats) > 1:
        bob = Player(server.url, "Bob")
        assert bob.post(f"/api/tables/{table}/join", {"seat": 1}).status_code == 200
    before = ann.state(table)
    for path, body in ((f"/api/tables/{table}/moves", {"seq": before["seq"], "move": loose}),
                       (f"/api/tables/{table}/preview", {"move": loose})):
        r = ann.post(path, body)
        assert r.status_code == 400 and r.json()["code"] == "bad_move", r.text
        assert json.dumps(exact) in r.json()["error"]
    after = ann.state(table)
    assert (after["seq"], after["pending"]) == (before["seq"], before["pending"])
