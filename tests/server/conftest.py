"""Fixtures for the server tests: a real server (uvicorn in a thread, or a subprocess), HTTP and WebSocket clients."""

from __future__ import annotations

import json
import os
import ssl
import subprocess
import sys
import tempfile
import threading
import time
import uuid

import httpx
import pytest
import uvicorn
from websockets.sync.client import connect as ws_connect

from meeple import games
from meeple.server import build_app
from tests.conftest import TOY_GAMES
from tests.ports import free_port

from . import processes

# The hall's bot workers are fresh processes: they learn of the tests' toy games from the environment.
TOY_GAMES_ENV = ",".join(f"{game_id}={target}" for game_id, target in TOY_GAMES.items())

PG_ADMIN_URL = os.environ.get("MEEPLE_TEST_PG", "postgresql://root@127.0.0.1:5432/test")
REDIS_URL = os.environ.get("MEEPLE_TEST_REDIS", "redis://127.0.0.1:6379/0")
# One TLS context for every test client: httpx builds one a client otherwise, reading the CA bundle (about
# 50 ms of CPU each, for clients that only ever speak plain HTTP to 127.0.0.1; some tests make hundreds).
TLS = ssl.create_default_context()
NO_LIMITS = {"move_rate": (10_000, 10_000), "signin_rate": (10_000, 10_000)}
# The halls a test starts on the shared Redis talk on a channel of this test process (one per xdist worker),
# so that halls of tests running side by side never hear each other (a test that names a channel keeps it).
REDIS_CHANNEL = f"meeple-test:{os.environ.get('PYTEST_XDIST_WORKER', 'main')}:{os.getpid()}"


class LiveServer:
    """The hall served by uvicorn on a thread of this process (a real socket, real WebSockets)."""

    def __init__(self, db_url: str, **limits) -> None:
        self.port = free_port()
        self.url = f"http://127.0.0.1:{self.port}"
        self.app = build_app(db_url, **limits)
        config = uvicorn.Config(self.app, host="127.0.0.1", port=self.port, log_level="warning",
                                ws_max_size=64 * 1024)
        self.server = uvicorn.Server(config)
        self.thread = threading.Thread(target=self.server.run, daemon=True)
        before = os.environ.get(games.EXTRA_GAMES_ENV)
        # read by the workers the hall starts as it opens; a game under test by the variable stays listed
        os.environ[games.EXTRA_GAMES_ENV] = ",".join(filter(None, (before, TOY_GAMES_ENV)))
        self.thread.start()
        try:
            wait_ready(self.url)
        except BaseException:
            self.stop()
            raise
        finally:
            if before is None:
                os.environ.pop(games.EXTRA_GAMES_ENV, None)
            else:
                os.environ[games.EXTRA_GAMES_ENV] = before

    @property
    def hall(self):
        return self.app.state.hall

    def stop(self) -> None:
        """Shut the server down; its bot workers (children of this process) end with the hall."""
        self.server.should_exit = True
        self.thread.join(timeout=15)
        pool = self.hall.bots.pool
        if self.thread.is_alive() and pool is not None:
            # The shutdown hung: end the workers, so that no process outlives the test.
            pool.shutdown(wait=True, cancel_futures=True)


def wait_ready(url: str, timeout: float = 30, proc: subprocess.Popen | None = None) -> None:
    end = time.time() + timeout
    while time.time() < end:
        if proc is not None and proc.poll() is not None:
            raise RuntimeError(f"the server exited: {server_output(proc)}")
        try:
            if httpx.get(url + "/api/bots", timeout=1).status_code == 200:
                return
        except httpx.HTTPError:
            pass
        time.sleep(0.1)
    raise RuntimeError(f"no server at {url}")


def spawn_server(port: int, *args: str) -> subprocess.Popen:
    """`meeple serve` as a real subprocess, in a process group of its own (see processes.py).

    Use the `servers` fixture in tests, so that it is stopped even when the test fails."""
    output = tempfile.TemporaryFile(mode="w+")  # a file, not a pipe: a chatty server never blocks on it
    proc = processes.popen([sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), *args],
                           stdout=output, stderr=subprocess.STDOUT, text=True)
    proc.output = output  # type: ignore[attr-defined]
    try:
        wait_ready(f"http://127.0.0.1:{port}", proc=proc)
    except BaseException:
        stop_server(proc)
        raise
    return proc


def stop_server(proc: subprocess.Popen) -> None:
    """Stop a spawned server and everything in its process group (its bot workers)."""
    processes.stop(proc)
    proc.output.close()  # type: ignore[attr-defined]


@pytest.fixture
def servers():
    """spawn(port, *args) starts `meeple serve`; every server started is stopped after the test, pass or fail."""
    started: list[subprocess.Popen] = []

    def spawn(port: int, *args: str) -> subprocess.Popen:
        if "--redis" in args and "--redis-channel" not in args:
            args = (*args, "--redis-channel", REDIS_CHANNEL)
        proc = spawn_server(port, *args)
        started.append(proc)
        return proc

    yield spawn
    for proc in started:
        stop_server(proc)


def server_output(proc: subprocess.Popen) -> str:
    proc.output.seek(0)
    return proc.output.read()


@pytest.fixture(scope="module")
def server(tmp_path_factory):
    live = LiveServer(str(tmp_path_factory.mktemp("hall") / "meeple.db"), **NO_LIMITS)
    yield live
    live.stop()


class Player:
    """One browser: its own cookies, and the seat token it acts with."""

    def __init__(self, url: str, name: str | None = None) -> None:
        self.url = url
        # The tests check what is seen, not speed: a hint or a reply under heavy load took over 20 s.
        self.http = httpx.Client(base_url=url, timeout=60, verify=TLS)
        self.token: str | None = None
        self.seat: int | None = None
        if name:
            r = self.http.post("/api/auth/guest", json={"name": name})
            assert r.status_code == 200, r.text

    def headers(self) -> dict:
        return {"X-Seat-Token": self.token} if self.token else {}

    def get(self, path: str, **kw) -> httpx.Response:
        return self.http.get(path, headers=self.headers(), **kw)

    def post(self, path: str, body=None, **kw) -> httpx.Response:
        return self.http.post(path, json=body if body is not None else {}, headers=self.headers(), **kw)

    def create(self, seats: list[dict], game: str = "picnic", **extra) -> dict:
        r = self.post("/api/tables", {"game": game, "seats": seats, **extra})
        assert r.status_code == 201, r.text
        data = r.json()
        self.token, self.seat = data["token"], data["my_seat"]
        return data

    def state(self, table: str) -> dict:
        r = self.get(f"/api/tables/{table}/state")
        assert r.status_code == 200, r.text
        return r.json()

    def wait(self, table: str, test, timeout: float = 20) -> dict:
        """Poll the state until `test(state)` holds."""
        end = time.time() + timeout
        while True:
            state = self.state(table)
            if test(state):
                return state
            if time.time() > end:
                raise AssertionError(f"timed out waiting; last state: seq {state['seq']}, {state['prompt']}")
            time.sleep(0.05)

    def wait_turn(self, table: str, timeout: float = 20) -> dict:
        return self.wait(table, lambda s: s["status"] == "finished" or bool(s["legal"]) or s["can_confirm"],
                         timeout)

    def play_turn(self, table: str, choose=lambda legal: legal[0]) -> dict:
        """Play this seat's whole turn: moves until it can confirm (then confirm) or has nothing left to do
        (a move that shows a card is stored at once, and may end the turn without a Confirm)."""
        state = self.wait_turn(table)
        while state["status"] != "finished" and not state["can_confirm"] and state["legal"]:
            r = self.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": choose(state["legal"])["json"]})
            assert r.status_code == 200, r.text
            state = r.json()
        if state["can_confirm"]:
            r = self.post(f"/api/tables/{table}/confirm", {"seq": state["seq"]})
            assert r.status_code == 200, r.text
            state = r.json()
        return state

    def ws(self, table: str, token: str | None = None):
        query = f"?token={token}" if token else ""
        # max_queue=None: unread pushes must not stop the client from reading the close handshake.
        return ws_connect(self.url.replace("http", "ws") + f"/ws/tables/{table}{query}", open_timeout=10,
                          max_queue=None, close_timeout=2)

    def close(self) -> None:
        self.http.close()


@pytest.fixture
def player_factory(server):
    made = []

    def make(name: str | None = "Ann", url: str | None = None) -> Player:
        p = Player(url or server.url, name)
        made.append(p)
        return p

    yield make
    for p in made:
        p.close()


def receive_until(ws, test, timeout: float = 20) -> list[dict]:
    """Messages from a WebSocket until one passes `test`; all of them, in order."""
    got = []
    end = time.time() + timeout
    while True:
        left = end - time.time()
        if left <= 0:
            raise AssertionError(f"timed out; last message: {got[-1] if got else None}")
        message = json.loads(ws.recv(timeout=left))
        got.append(message)
        if test(message):
            return got


def services_or_skip() -> None:
    """PostgreSQL and Redis must be up in CI; elsewhere the tests that need them are skipped."""
    import psycopg
    import redis

    problems = []
    try:
        psycopg.connect(PG_ADMIN_URL, connect_timeout=3).close()
    except Exception as exc:
        problems.append(f"PostgreSQL at {PG_ADMIN_URL}: {exc}")
    try:
        redis.Redis.from_url(REDIS_URL, socket_timeout=3).ping()
    except Exception as exc:
        problems.append(f"Redis at {REDIS_URL}: {exc}")
    if problems:
        message = "needs PostgreSQL and Redis on their standard local ports: " + "; ".join(problems)
        if os.environ.get("CI", "").lower() == "true":
            pytest.fail(message)
        pytest.skip(message)


@pytest.fixture
def pg_url():
    """A fresh PostgreSQL database for one test, dropped afterwards."""
    services_or_skip()
    import psycopg

    name = f"meeple_test_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    base = PG_ADMIN_URL.rsplit("/", 1)[0]
    yield f"{base}/{name}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")


@pytest.fixture
def pg_halls(pg_url):
    """Two halls on one fresh PostgreSQL database and the shared Redis, each on a thread of this
    process, without the move limits (which a burst of copies of one move would hit)."""
    halls = []
    try:
        for _ in range(2):
            halls.append(LiveServer(pg_url, redis_url=REDIS_URL, redis_channel=REDIS_CHANNEL, **NO_LIMITS))
        yield halls
    finally:
        for hall in halls:
            hall.stop()
