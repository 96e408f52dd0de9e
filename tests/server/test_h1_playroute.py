"""The routes of play taken in front of Starlette (server/playroute.py) answer as Starlette's router
and handlers do, byte for byte: two halls, seeded alike, are sent the same requests, good and bad, one
through the app as it is and one with PlayRoutes passing every request on to Starlette; each pair of
answers (status, headers, body) must be equal, and the fast route must have taken the requests of play."""

from __future__ import annotations

import asyncio
import itertools
import json
import random
import tempfile

import pytest

from meeple.server import auth, playroute, seating
from meeple.server.app import create_app
from meeple.server.hall import Hall
from meeple.store import Store, Unavailable

HOST = [(b"host", b"127.0.0.1:8000")]


def _scope(method: str, path: str, headers: list, root_path: str = "") -> dict:
    return {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": method, "scheme": "http",
            "path": path, "raw_path": path.encode(), "root_path": root_path, "query_string": b"",
            "headers": HOST + headers, "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000)}


async def _request(app, method: str, path: str, token: str | None = None, body: bytes | None = None,
                   headers: list | None = None, chunks: int = 1) -> tuple:
    """(status, headers, body) of one request, as uvicorn would hand it to the app (the body in `chunks`)."""
    sent: list[dict] = []
    extra = list(headers or [])
    if token is not None:
        extra.append((b"x-seat-token", token.encode()))
    if body is not None:
        extra += [(b"content-type", b"application/json"), (b"content-length", str(len(body)).encode())]
    data = body or b""
    step = max(1, -(-len(data) // chunks))
    parts = [data[i:i + step] for i in range(0, len(data), step)] or [b""]
    messages = [{"type": "http.request", "body": part, "more_body": i < len(parts) - 1} for i, part in enumerate(parts)]

    async def receive() -> dict:
        return messages.pop(0) if messages else {"type": "http.disconnect"}

    async def send(message: dict) -> None:
        sent.append(message)

    try:
        await app(_scope(method, path, extra), receive, send)
    except RuntimeError:  # (the server-error handler answers 500, then raises for the server's log)
        pass
    start = sent[0]
    return start["status"], start["headers"], b"".join(m.get("body", b"") for m in sent[1:])


async def _hall_and_app(passing: bool, monkeypatch):
    ids = itertools.count()
    monkeypatch.setattr(auth, "new_id", lambda: f"T{next(ids):011d}")
    monkeypatch.setattr(seating.secrets, "randbits", random.Random(7).getrandbits)
    hall = Hall(Store(tempfile.mkdtemp(prefix="meeple-h1-") + "/meeple.db"))
    app = create_app(hall, move_rate=(24, 0.001))
    if passing:
        monkeypatch.setattr(playroute.PlayRoutes, "__call__", _passing)
    created = await hall.create_table({"id": "u1", "name": "bench"}, {"game": "picnic",
                                                                     "seats": [{"type": "human"}] * 2,
                                                                     "public": False})
    table_id = created["table"]
    tokens = [(await hall.join(table_id, {"id": f"p{s}", "name": f"P{s}"},
                               created["seats"][s]["invite"].split("token=")[1], s))["token"] for s in range(2)]
    return hall, app, table_id, tokens


async def _passing(self, scope, receive, send) -> None:
    """PlayRoutes taking nothing: every request goes through Starlette's layers and router."""
    await self.app(scope, receive, send)


async def _session(app, hall, table_id: str, tokens: list[str]) -> list[tuple]:
    """The answers to a fixed run of requests of play, good and bad."""
    t = f"/api/tables/{table_id}"
    table = hall.tables[table_id]
    (mover,) = table.game.to_move(table.state)
    other = 1 - mover
    rng = random.Random(3)
    out = []

    async def ask(*args, **kwargs):
        out.append(await _request(app, *args, **kwargs))

    def legal(seat: int) -> dict:
        moves = table.game.legal_moves(table.pending_state(seat), seat)
        return table.game.move_to_json(rng.choice(moves)) if moves else {"take": 0}

    def body(value) -> bytes:
        return json.dumps(value).encode()

    await ask("GET", t + "/state", tokens[mover])
    await ask("GET", t + "/state")  # a spectator
    await ask("GET", t + "/state", "no-such-token")
    await ask("GET", "/api/tables/nosuchtable/state", tokens[mover])
    await ask("POST", t + "/moves", tokens[mover], body({"seq": 0, "move": legal(mover), "confirm": True}))
    (mover,) = table.game.to_move(table.state)
    other = 1 - mover
    await ask("POST", t + "/moves", tokens[other], body({"seq": 1, "move": legal(mover)}))  # not its turn
    await ask("POST", t + "/moves", tokens[mover], body({"seq": 0, "move": legal(mover)}))  # stale
    await ask("POST", t + "/moves", tokens[mover], b'{"seq": 1, "move": ')  # bad JSON
    await ask("POST", t + "/moves", tokens[mover], b'[1, 2]')
    await ask("POST", t + "/moves", tokens[mover], body({"seq": 1, "move": legal(mover), "extra": 1}))
    await ask("POST", t + "/moves", tokens[mover], body({"seq": "1", "move": legal(mover)}))
    await ask("POST", t + "/moves", tokens[mover], body({"move": legal(mover)}))
    await ask("POST", t + "/moves", tokens[mover], b'{"seq": 1, "move": {"take": 1e400}}')
    await ask("POST", t + "/moves", tokens[mover], b'{"seq": 12345678901234567890, "move": 1}')
    await ask("POST", t + "/moves", tokens[mover], b'{"seq": 1, "move": "\\ud800"}')
    await ask("POST", t + "/moves", tokens[mover], b'{"seq": 1, "seq": 2, "move": 1}')
    await ask("POST", t + "/moves", tokens[mover], b"\xef\xbb\xbf{}")
    await ask("POST", t + "/moves", tokens[mover], b"x" * (64 * 1024 + 1))
    await ask("POST", t + "/moves", tokens[mover], b"", headers=[(b"content-length", b"12x")])
    await ask("POST", t + "/moves", None, body({"seq": 1, "move": legal(mover)}))
    await ask("POST", t + "/moves", tokens[mover], body({"seq": 1, "move": legal(mover)}), chunks=3)  # pending
    await ask("POST", t + "/confirm", tokens[mover], body({"seq": 1, "pending": 1}))
    await ask("POST", t + "/reset", tokens[mover], b"")
    await ask("POST", t + "/confirm", tokens[mover], body({"seq": 2}))  # nothing pending
    await ask("GET", t + "/moves", tokens[mover])  # 405, and OPTIONS, HEAD, a trailing slash: Starlette's
    await ask("OPTIONS", t + "/moves", tokens[mover])
    await ask("HEAD", t + "/state", tokens[mover])
    await ask("POST", t + "/moves/", tokens[mover], body({"seq": 2, "move": legal(mover)}))
    saved = hall.move

    async def unavailable(*args, **kwargs):
        raise Unavailable("the database is away")

    async def broken(*args, **kwargs):
        raise RuntimeError("a bug")

    for failing in (unavailable, broken):
        hall.move = failing
        await ask("POST", t + "/moves", tokens[mover], body({"seq": 2, "move": legal(mover)}))
        hall.move = saved
    for _ in range(26):  # past the move limit (24 at once): 429 with Retry-After
        await ask("POST", t + "/reset", tokens[other], b"{}")
    return out


@pytest.mark.parametrize("game", ["picnic"])
def test_play_routes_answer_as_starlette_does(game, monkeypatch):
    async def run(passing: bool) -> list[tuple]:
        with monkeypatch.context() as patch:
            hall, app, table_id, tokens = await _hall_and_app(passing, patch)
            try:
                return await _session(app, hall, table_id, tokens)
            finally:
                hall.store.close()

    fast = asyncio.run(run(False))
    plain = asyncio.run(run(True))
    assert len(fast) == len(plain)
    for i, (a, b) in enumerate(zip(fast, plain)):
        assert a == b, f"request {i}"
    statuses = {status for status, _, _ in fast}
    assert {200, 400, 403, 404, 405, 409, 413, 429, 503, 500} <= statuses


def test_the_fast_route_takes_only_the_requests_of_play(monkeypatch):
    taken: list[str] = []
    real = playroute.PlayRoutes.__call__

    async def spy(self, scope, receive, send):
        inner = self.app

        async def fell_through(scope, receive, send):
            taken.append("starlette " + scope["method"] + " " + scope["path"].rsplit("/", 1)[1])
            await inner(scope, receive, send)

        self.app = fell_through
        try:
            await real(self, scope, receive, send)
        finally:
            self.app = inner

    monkeypatch.setattr(playroute.PlayRoutes, "__call__", spy)

    async def run() -> None:
        hall, app, table_id, tokens = await _hall_and_app(False, monkeypatch)
        t = f"/api/tables/{table_id}"
        for method, path in (("GET", "/state"), ("POST", "/moves"), ("POST", "/confirm"), ("POST", "/reset"),
                             ("HEAD", "/state"), ("GET", "/moves"), ("POST", "/moves/"), ("POST", "/join")):
            await _request(app, method, t + path, tokens[0], b"{}" if method == "POST" else None)
        await _request(app, "GET", "/api/tables//state")
        hall.store.close()

    asyncio.run(run())
    assert taken == ["starlette HEAD state", "starlette GET moves", "starlette POST ", "starlette POST join",
                     "starlette GET state"]
