"""A fault run (issue 42): clients play on two `meeple serve` processes on PostgreSQL with Redis
while the test cuts and hangs Redis, cuts and hangs PostgreSQL (each behind a proxy the test
starts) and kills a process with kill -9 (then starts it again). Every action is sent with its
idempotency key and retried, on either process, until it is answered. At the end the database
must hold every acknowledged move once: 0 lost, 0 applied twice; and no table may go without a
move for longer than the stated bound.

The CI run makes each fault once (about 40 s); `MEEPLE_FAULT_RUN_S=600` plays on through the
cycle of faults for that many seconds. Needs PostgreSQL and Redis (skipped elsewhere, failing
under CI=true).
"""

from __future__ import annotations

import json
import os
import random
import threading
import time
from dataclasses import dataclass, field
from urllib.parse import urlsplit

import httpx
import psycopg

from . import processes
from .conftest import REDIS_URL, free_port
from .faults import TcpProxy

HUMAN = {"type": "human"}
TABLES = 3
FAULT_S = 1.5        # how long each outage or hang lasts
CALM_S = 1.5         # play between faults
STALL_BOUND_S = 10.0  # a fault's length, plus a 3 s PostgreSQL watchdog or a restart, plus a loaded machine's slack


@dataclass
class Ack:
    seat: int
    kind: str     # "move" or "confirm"
    seq: int      # the key: the seq and pending count the seat was shown
    pending: int
    move: object
    committed: int  # how many of the seat's moves this stored (0: it waits in the pending turn)


@dataclass
class Record:
    table: str
    acks: list[Ack] = field(default_factory=list)
    advanced: list[float] = field(default_factory=list)  # when each action was acknowledged


class Hall:
    """The two processes (their ports fixed, so that a killed one comes back where it was)."""

    def __init__(self, servers, db_url: str, redis_url: str) -> None:
        self.servers = servers
        self.args = ("--db", db_url, "--redis", redis_url)
        self.ports = [free_port(), free_port()]
        self.procs = [servers(port, *self.args) for port in self.ports]
        self.urls = [f"http://127.0.0.1:{port}" for port in self.ports]

    def kill_and_restart(self, i: int) -> None:
        processes.kill_group(self.procs[i].pid)
        self.procs[i].wait()
        time.sleep(FAULT_S)
        self.procs[i] = self.servers(self.ports[i], *self.args)


class Table:
    """One table, both seats played by one thread: seat 0 through process A, seat 1 through B, each
    moving to the other process while its own does not answer."""

    def __init__(self, hall: Hall, stop: threading.Event, records: list[Record], rng: random.Random) -> None:
        self.hall, self.stop, self.records, self.rng = hall, stop, records, rng
        self.http = [httpx.Client(timeout=10), httpx.Client(timeout=10)]
        self.tokens: list[str] = []
        self.retries = 0
        self.error: BaseException | None = None  # what ended this player's thread early, if anything

    def send(self, seat: int, method: str, path: str, body: dict | None = None) -> httpx.Response | None:
        """The request, sent again (same body, so the same key) until a process answers it with
        something other than 503 or 429 (a rate limit: wait as told); None once the run stops."""
        prefer = seat
        while not self.stop.is_set():
            for i in (prefer, 1 - prefer):
                headers = {"X-Seat-Token": self.tokens[seat]} if len(self.tokens) > seat else {}
                try:
                    r = self.http[seat].request(method, self.hall.urls[i] + path, json=body, headers=headers)
                except httpx.HTTPError:
                    self.retries += 1
                    continue
                if r.status_code == 503:
                    self.retries += 1
                    continue
                if r.status_code == 429:
                    self.retries += 1
                    time.sleep(min(2.0, float(r.headers.get("Retry-After", "1"))))
                    continue
                return r
            time.sleep(0.2)
        return None

    def new_table(self) -> Record | None:
        self.tokens = []
        for seat, name in ((0, "Ann"), (1, "Bob")):
            if self.send(seat, "POST", "/api/auth/guest", {"name": name}) is None:
                return None
        r = self.send(0, "POST", "/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN], "join_seat": 0})
        if r is None:
            return None
        assert r.status_code == 201, r.text
        table = r.json()["table"]
        self.tokens.append(r.json()["token"])
        for _ in range(50):  # B may not have heard of the new table yet: 409, look again
            r = self.send(1, "POST", f"/api/tables/{table}/join", {"seat": 1})
            if r is None:
                return None
            if r.status_code != 409:
                break
            time.sleep(0.1)
        assert r.status_code == 200, r.text
        self.tokens.append(r.json()["token"])
        record = Record(table, advanced=[time.monotonic()])
        self.records.append(record)
        return record

    def run(self) -> None:
        try:
            self.play()
        except BaseException as exc:  # the test fails on it, instead of a thread dying unseen
            self.error = exc

    def play(self) -> None:
        record = self.new_table()
        while record is not None and not self.stop.is_set():
            acted = False
            for seat in (0, 1):
                r = self.send(seat, "GET", f"/api/tables/{record.table}/state")
                if r is None:
                    return
                assert r.status_code == 200, r.text
                state = r.json()
                if state["status"] == "finished":
                    record = self.new_table()
                    break
                if state["can_confirm"] and not state["legal"]:
                    kind, move, path = "confirm", None, "confirm"
                    body = {"seq": state["seq"], "pending": len(state["pending"])}
                elif state["legal"]:
                    kind, move, path = "move", self.rng.choice(state["legal"])["json"], "moves"
                    body = {"seq": state["seq"], "pending": len(state["pending"]), "move": move}
                else:
                    continue
                r = self.send(seat, "POST", f"/api/tables/{record.table}/{path}", body)
                if r is None:
                    return
                if r.status_code != 200:
                    # Never a server error; a stale answer (the other process had not heard yet) is read again.
                    assert r.status_code in (409, 422), r.text
                    continue
                answer = r.json()
                shown = len(state["pending"])
                if kind == "confirm":
                    stored = shown
                elif answer["seq"] == state["seq"] and len(answer["pending"]) == shown + 1:
                    stored = 0
                else:
                    stored = shown + 1
                record.acks.append(Ack(seat, kind, state["seq"], shown, move, stored))
                record.advanced.append(time.monotonic())
                acted = True
            if not acted:
                time.sleep(0.05)


def stored_moves(pg_url: str, table: str) -> list[tuple[int, object]]:
    with psycopg.connect(pg_url) as conn:
        rows = conn.execute("SELECT seat, move FROM moves WHERE table_id = %s ORDER BY seq", (table,)).fetchall()
    return [(seat, json.loads(move)) for seat, move in rows]


def check(pg_url: str, record: Record) -> tuple[int, int]:
    """(lost, applied twice) among the table's acknowledged actions."""
    log = stored_moves(pg_url, record.table)
    lost = 0
    for ack in record.acks:
        if ack.committed == 0:
            continue
        own = [move for seat, move in log[ack.seq:] if seat == ack.seat][:ack.pending + (ack.kind == "move")]
        if len(own) < ack.committed or (ack.kind == "move" and own[-1] != ack.move):
            lost += 1
    twice = 0
    for seat in (0, 1):
        expected = sum(a.committed for a in record.acks if a.seat == seat)
        twice += max(0, sum(1 for s, _ in log if s == seat) - expected)
    return lost, twice


def test_faults_lose_nothing_apply_nothing_twice_and_stall_no_game(pg_url, servers):
    budget = float(os.environ.get("MEEPLE_FAULT_RUN_S", "0"))
    pg = urlsplit(pg_url)
    with TcpProxy(urlsplit(REDIS_URL).port or 6379) as redis_proxy, TcpProxy(pg.port or 5432) as pg_proxy:
        redis_via = f"redis://127.0.0.1:{redis_proxy.port}/{urlsplit(REDIS_URL).path.lstrip('/') or '0'}"
        user = pg.netloc.rsplit("@", 1)[0] + "@" if "@" in pg.netloc else ""  # (a password too, if any)
        db_via = pg._replace(netloc=f"{user}127.0.0.1:{pg_proxy.port}").geturl()
        hall = Hall(servers, db_via, redis_via)
        faults = [("Redis down", lambda: redis_proxy.outage(FAULT_S)),
                  ("Redis hung", lambda: (redis_proxy.hang(), time.sleep(FAULT_S), redis_proxy.up())),
                  ("PostgreSQL down", lambda: pg_proxy.outage(FAULT_S)),
                  ("PostgreSQL hung", lambda: (pg_proxy.hang(), time.sleep(FAULT_S), pg_proxy.up())),
                  ("kill -9 of A", lambda: hall.kill_and_restart(0)),
                  ("kill -9 of B", lambda: hall.kill_and_restart(1))]
        stop = threading.Event()
        records: list[Record] = []
        players = [Table(hall, stop, records, random.Random(i)) for i in range(TABLES)]
        threads = [threading.Thread(target=p.run, daemon=True) for p in players]
        for t in threads:
            t.start()
        start = time.monotonic()
        done = 0
        try:
            while done < len(faults) or time.monotonic() - start < budget:
                time.sleep(CALM_S)
                faults[done % len(faults)][1]()
                done += 1
            time.sleep(CALM_S)
        finally:
            redis_proxy.up()
            pg_proxy.up()
            stop.set()
            for t in threads:
                t.join(timeout=30)
            for p in players:
                for client in p.http:
                    client.close()
    lost = twice = 0
    for record in records:
        table_lost, table_twice = check(pg_url, record)
        lost, twice = lost + table_lost, twice + table_twice
    acks = sum(len(r.acks) for r in records)
    stall = max(b - a for r in records for a, b in zip(r.advanced, r.advanced[1:]))
    print(f"fault run: {time.monotonic() - start:.0f} s, {done} faults, {len(records)} tables, {acks} acknowledged "
          f"actions, {sum(p.retries for p in players)} retries; lost {lost}, applied twice {twice}; "
          f"longest time a table went without an acknowledged action {stall:.1f} s")
    assert [p.error for p in players if p.error] == []
    assert acks >= 30
    assert (lost, twice) == (0, 0)
    assert stall < STALL_BOUND_S
