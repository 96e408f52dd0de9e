"""Table chat (issue 18): stored with the table, pushed to seats and spectators (in the other
process too), limited in length and rate; written by seated players and signed-in spectators only."""

from __future__ import annotations

import pytest

from meeple.server.chat import MAX_CHARS

from .conftest import NO_LIMITS, REDIS_URL, LiveServer, Player, free_port, receive_until

HUMAN = {"type": "human"}
RANDOM = {"type": "bot", "level": "random"}


@pytest.fixture
def live(tmp_path):
    server = LiveServer(str(tmp_path / "meeple.db"), **NO_LIMITS)
    yield server
    server.stop()


def is_chat(message: dict) -> bool:
    return message["type"] == "chat"


def test_seats_and_spectators_chat_and_the_table_keeps_it(live, tmp_path):
    ann, bob, cy = Player(live.url, "Ann"), Player(live.url, "Bob"), Player(live.url, "Cy")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
    anonymous = Player(live.url)
    with bob.ws(table, bob.token) as bob_ws, anonymous.ws(table) as watcher:
        r = ann.post(f"/api/tables/{table}/chat", {"text": "  good   luck\nall "})
        assert r.status_code == 201, r.text
        assert r.json()["message"] | {"created": 0} == {"n": 1, "seat": 0, "name": "Ann", "text": "good luck all",
                                                         "created": 0}
        for ws in (bob_ws, watcher):
            got = receive_until(ws, is_chat)[-1]["messages"]
            assert [(m["n"], m["name"], m["text"]) for m in got] == [(1, "Ann", "good luck all")]
        r = cy.post(f"/api/tables/{table}/chat", {"text": "watching you two"})  # a signed-in spectator
        assert r.status_code == 201 and r.json()["message"]["seat"] is None
        assert receive_until(watcher, is_chat)[-1]["messages"][0]["name"] == "Cy"
    r = anonymous.post(f"/api/tables/{table}/chat", {"text": "hi"})
    assert r.status_code == 401 and r.json()["code"] == "unauthorized"
    assert anonymous.http.post(f"/api/tables/{table}/chat", json={"text": "hi"},
                               headers={"X-Seat-Token": "made-up"}).status_code == 403
    assert ann.post("/api/tables/nothing/chat", {"text": "hi"}).status_code == 404
    for bad, code in [("x" * (MAX_CHARS + 1), "too_large"), ("", "bad_request"), ("   ", "bad_request"),
                      ("evil\u202etxt.exe", "bad_request"), ("bell\x07", "bad_request"), (7, "bad_request")]:
        r = ann.post(f"/api/tables/{table}/chat", {"text": bad})
        assert r.status_code in (400,) and r.json()["code"] == code, (bad, r.text)
    assert ann.post(f"/api/tables/{table}/chat", {"text": "x" * MAX_CHARS}).status_code == 201
    history = anonymous.get(f"/api/tables/{table}/chat").json()
    assert [m["n"] for m in history["messages"]] == [1, 2, 3] and history["max_chars"] == MAX_CHARS
    # Stored with the table: a new server on the same database shows it.
    again = LiveServer(str(tmp_path / "meeple.db"), **NO_LIMITS)
    try:
        assert Player(again.url).get(f"/api/tables/{table}/chat").json() == history
    finally:
        again.stop()
    for p in (ann, bob, cy, anonymous):
        p.close()


def test_chat_is_rate_limited_per_writer(live):
    ann, bob = Player(live.url, "Ann"), Player(live.url, "Bob")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    codes = [ann.post(f"/api/tables/{table}/chat", {"text": f"spam {i}"}) for i in range(7)]
    assert [r.status_code for r in codes] == [201] * 5 + [429] * 2
    assert int(codes[-1].headers["retry-after"]) >= 1
    assert bob.post(f"/api/tables/{table}/chat", {"text": "and me?"}).status_code == 201  # another writer
    ann.close()
    bob.close()


def test_bots_are_silent(live):
    ann = Player(live.url, "Ann")
    table = ann.create([RANDOM, RANDOM])["table"]
    ann.wait(table, lambda s: s["status"] == "finished", timeout=60)
    assert ann.get(f"/api/tables/{table}/chat").json()["messages"] == []
    ann.close()


def test_chat_reaches_the_sockets_of_the_other_process(pg_url, servers):
    ports = [free_port(), free_port()]
    for port in ports:
        servers(port, "--db", pg_url, "--redis", REDIS_URL)
    a_url, b_url = (f"http://127.0.0.1:{port}" for port in ports)
    ann, bob = Player(a_url, "Ann"), Player(b_url, "Bob")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    with Player(b_url).ws(table) as watcher_b, Player(a_url).ws(table) as watcher_a:
        receive_until(watcher_b, lambda m: m["type"] == "state")
        assert ann.post(f"/api/tables/{table}/chat", {"text": "from A"}).status_code == 201
        assert bob.post(f"/api/tables/{table}/chat", {"text": "from B"}).status_code == 201
        for ws in (watcher_a, watcher_b):
            seen: dict[int, str] = {}
            while len(seen) < 2:
                for m in receive_until(ws, is_chat, timeout=10)[-1]["messages"]:
                    seen[m["n"]] = m["text"]
            assert seen == {1: "from A", 2: "from B"}
    ann.close()
    bob.close()


class _Socket:
    def __init__(self) -> None:
        self.got: list[int] = []

    def offer(self, text: str) -> None:
        import json

        self.got += [m["n"] for m in json.loads(text)["messages"]]


class _Store:
    def __init__(self, messages: list[dict]) -> None:
        self.messages = messages

    def chat_since(self, table_id: str, after: int, limit: int = 100) -> list[dict]:
        return [m for m in self.messages if m["n"] > after][-limit:]


class _Hall:
    """What Chat reads of the hall: the table's sockets here, the store, the hooks."""

    def __init__(self, store: _Store, socket: _Socket) -> None:
        self.store = store
        self.clients = {"t": {socket}}
        self.remote_hooks: list = []
        self.tables: dict = {}  # (no change read here says which message is the newest: the chat asks)

    async def db(self, fn, *args):
        return fn(*args)


def test_a_message_that_reaches_a_process_late_is_still_pushed():
    """Process B pushes its own message 2 before the bus tells it of process A's message 1: 1 must
    still reach B's sockets (once), and nothing is pushed twice."""
    import asyncio

    from meeple.server.chat import Chat

    one, two = ({"n": n, "seat": 0, "name": "x", "text": str(n), "created": 0.0} for n in (1, 2))
    socket = _Socket()
    store = _Store([one, two])
    chat = Chat(_Hall(store, socket))
    chat.deliver("t", [two])             # B's own post, pushed at once
    asyncio.run(chat.on_remote_change("t"))  # then the bus: A wrote message 1 a moment earlier
    asyncio.run(chat.on_remote_change("t"))  # a later change with no new message pushes nothing
    assert socket.got == [2, 1]
