"""Load on a real `meeple serve` process, compared with a bare WebSocket relay on the same machine.

N tables of Picnic, each seat played by a client-side random bot that holds a
WebSocket open and submits its moves over HTTP (so M = seats x N clients). For
every stored change we measure the time from the submission of the request
that stored it to its arrival, on the WebSocket, at every other client of the
table. The same pattern (think, send, fan out to the table's other clients,
messages of the same size) is then run against a bare WebSocket relay server,
and our p50 is divided by its p50. The clients run in --procs processes so that
one client event loop does not become the bottleneck being measured.

Prints one JSON object. Example:
    .venv/bin/python bench/server_load.py --tables 50 --seats 4 --seconds 20
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import random
import socket
import statistics
import subprocess
import sys
import tempfile
import time
from concurrent.futures import ProcessPoolExecutor

import httpx
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int) -> float | None:
    """User + system CPU time of a process so far (Linux), to show how busy the server was."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[11]) + int(fields[12])) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


def percentile(values: list[float], q: float) -> float | None:
    if not values:
        return None
    values = sorted(values)
    return values[min(len(values) - 1, int(q * len(values)))]


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


class Stats:
    """What one client process saw."""

    def __init__(self) -> None:
        self.submitted: dict[tuple, float] = {}      # (table, seq, client) -> when the storing request was sent
        self.deliveries: list[float] = []             # seconds, one per (change, other client)
        self.everyone: dict[tuple, list[float]] = {}  # (table, seq) -> latencies to each other client
        self.moves = 0
        self.errors: list[str] = []
        self.message_bytes: list[int] = []

    def mark(self, table: str, seq: int, sent: float, mover: int) -> None:
        for other in range(8):
            if other != mover:
                self.submitted[(table, seq, other)] = sent

    def arrived(self, key: tuple, at: float) -> None:
        sent = self.submitted.get(key)
        if sent is not None:
            self.deliveries.append(at - sent)
            self.everyone.setdefault(key[:2], []).append(at - sent)

    def result(self) -> dict:
        return {"moves": self.moves, "deliveries": self.deliveries,
                "all_reached": [max(v) for v in self.everyone.values()], "errors": self.errors,
                "message_bytes": self.message_bytes}


def summarise(parts: list[dict], elapsed: float) -> dict:
    deliveries = [d for p in parts for d in p["deliveries"]]
    reached = [d for p in parts for d in p["all_reached"]]
    sizes = [b for p in parts for b in p["message_bytes"]]
    errors = [e for p in parts for e in p["errors"]]
    moves = sum(p["moves"] for p in parts)
    return {"moves": moves, "moves_per_s": round(moves / elapsed, 1), "deliveries": len(deliveries),
            "p50_ms": _ms(percentile(deliveries, 0.5)), "p99_ms": _ms(percentile(deliveries, 0.99)),
            "p50_all_reached_ms": _ms(percentile(reached, 0.5)), "p99_all_reached_ms": _ms(percentile(reached, 0.99)),
            "mean_message_bytes": round(statistics.mean(sizes)) if sizes else None,
            "errors": len(errors), "error_examples": errors[:3]}


# ----- the hall ---------------------------------------------------------------------------

class Http:
    """A minimal keep-alive HTTP/1.1 JSON client, one connection per seat.

    httpx's shared pool took about a second per request with 100 busy clients in
    one process, so it measured itself rather than the server.
    """

    def __init__(self, host: str, port: int, token: str) -> None:
        self.host, self.port, self.token = host, port, token
        self.reader = self.writer = None

    async def post(self, path: str, body: dict) -> tuple[int, dict]:
        data = json.dumps(body).encode()
        request = (f"POST {path} HTTP/1.1\r\nHost: {self.host}\r\nContent-Type: application/json\r\n"
                   f"X-Seat-Token: {self.token}\r\nContent-Length: {len(data)}\r\n\r\n").encode() + data
        for attempt in range(2):  # the server closes idle keep-alive connections: then connect again
            if self.writer is None:
                self.reader, self.writer = await asyncio.open_connection(self.host, self.port)
            try:
                self.writer.write(request)
                first = await self.reader.readline()
            except ConnectionError:
                if attempt:
                    raise
                first = b""
            if first:
                break
            self.close()
            self.writer = None
        status = int(first.split()[1])
        length = 0
        while (line := await self.reader.readline()) not in (b"\r\n", b""):
            name, _, value = line.decode().partition(":")
            if name.lower() == "content-length":
                length = int(value)
        return status, json.loads(await self.reader.readexactly(length))

    def close(self) -> None:
        if self.writer is not None:
            self.writer.close()


async def wait_http(url: str, proc: subprocess.Popen | None, timeout: float = 60) -> None:
    end = time.time() + timeout
    async with httpx.AsyncClient() as client:
        while time.time() < end:
            if proc is not None and proc.poll() is not None:
                raise SystemExit(f"the server exited with {proc.returncode}")
            try:
                if (await client.get(url + "/api/bots")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.2)
    raise SystemExit("the server did not start")


async def make_tables(url: str, tables: int, seats: int) -> list[list[tuple[str, int, str]]]:
    """Create the tables and take every seat; per table, its (table, seat, token) list."""
    out = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        (await http.post("/api/auth/guest", json={"name": "bench"})).raise_for_status()
        for _ in range(tables):
            r = await http.post("/api/tables", json={"game": "picnic", "seats": [{"type": "human"}] * seats,
                                                     "public": False})
            r.raise_for_status()
            created = r.json()
            table, mine = created["table"], []
            for s in range(seats):
                invite = created["seats"][s]["invite"].split("token=")[1]
                j = await http.post(f"/api/tables/{table}/join", json={"seat": s}, headers={"X-Seat-Token": invite})
                j.raise_for_status()
                mine.append((table, s, j.json()["token"]))
            out.append(mine)
    return out


async def seat_client(url: str, table: str, seat: int, token: str, stats: Stats, stop: asyncio.Event,
                      think: float, rng: random.Random) -> None:
    """A random bot in a browser's place: it moves when a pushed state offers it legal moves."""
    host, port = url.split("//")[1].split(":")
    http = Http(host, int(port), token)
    last_seq, moved_at = 0, -1
    try:
        async with websockets.connect(url.replace("http", "ws") + f"/ws/tables/{table}?token={token}",
                                      max_size=2 ** 22, max_queue=None, compression=None) as ws:
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                now = time.perf_counter()
                stats.message_bytes.append(len(raw))
                message = json.loads(raw)
                if message.get("type") != "state":
                    stats.errors.append(f"ws: {message}")
                    continue
                seq = message["seq"]
                for s in range(last_seq + 1, seq + 1):
                    stats.arrived((table, s, seat), now)
                last_seq = max(last_seq, seq)
                if message["status"] == "finished" or not message["legal"] or moved_at == seq:
                    continue
                moved_at = seq  # one move per state we are shown
                await asyncio.sleep(think * rng.random() * 2)
                move = rng.choice(message["legal"])["json"]
                # Mark the change before sending: the push may reach the others before our answer does.
                stats.mark(table, seq + 1, time.perf_counter(), seat)
                status, body = await http.post(f"/api/tables/{table}/moves", {"seq": seq, "move": move})
                if status != 200:
                    stats.errors.append(f"move {status}: {body}")
                    continue
                if body["seq"] > seq:
                    stats.moves += 1
                if body["can_confirm"]:
                    stats.mark(table, seq + 1, time.perf_counter(), seat)  # the confirm stores seq + 1
                    status, answer = await http.post(f"/api/tables/{table}/confirm", {"seq": body["seq"]})
                    if status != 200:
                        stats.errors.append(f"confirm {status}: {answer}")
                        continue
                    stats.moves += 1
    finally:
        http.close()


def hall_worker(url: str, tables: list, seconds: float, think: float, seed: int) -> dict:
    async def run() -> dict:
        stats, stop, rng = Stats(), asyncio.Event(), random.Random(seed)
        tasks = [asyncio.create_task(seat_client(url, table, s, token, stats, stop, think,
                                                 random.Random(rng.random())))
                 for seats in tables for table, s, token in seats]
        await asyncio.sleep(seconds)
        stop.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        stats.errors += [f"client: {r!r}" for r in results if isinstance(r, Exception)]
        return stats.result()
    return asyncio.run(run())


def run_hall(args) -> dict:
    port = free_port()
    url = args.url or f"http://127.0.0.1:{port}"
    proc = None
    if not args.url:  # with --url the bench drives a server you started yourself (to profile it, say)
        data = tempfile.mkdtemp(prefix="meeple-bench-")
        proc = subprocess.Popen([sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--data", data],
                                stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    try:
        asyncio.run(wait_http(url, proc))
        tables = asyncio.run(make_tables(url, args.tables, args.seats))
        chunks = [tables[i::args.procs] for i in range(args.procs)]
        with ProcessPoolExecutor(args.procs) as pool:
            cpu_start = cpu_seconds(proc.pid) if proc else None
            start = time.perf_counter()
            futures = [pool.submit(hall_worker, url, chunk, args.seconds, args.think_ms / 1000, i)
                       for i, chunk in enumerate(chunks)]
            parts = [f.result() for f in futures]
            elapsed = time.perf_counter() - start
            cpu_end = cpu_seconds(proc.pid) if proc else None
    finally:
        if proc:
            proc.terminate()
            proc.wait()
    out = summarise(parts, elapsed)
    if cpu_start is not None and cpu_end is not None:
        out["server_cpu_share"] = round((cpu_end - cpu_start) / elapsed, 2)
        out["server_cpu_ms_per_move"] = round(1000 * (cpu_end - cpu_start) / max(1, out["moves"]), 2)
    return out


# ----- the bare relay ---------------------------------------------------------------------

async def relay_server(port: int) -> None:
    """A bare WebSocket server: each message goes to the other clients of the same group."""
    groups: dict[str, set] = {}

    async def handler(ws):
        members = groups.setdefault(ws.request.path, set())
        members.add(ws)
        try:
            async for message in ws:
                for other in list(members):
                    if other is not ws:
                        try:
                            await other.send(message)
                        except websockets.ConnectionClosed:
                            pass
        finally:
            members.discard(ws)

    async with websockets.serve(handler, "127.0.0.1", port, max_queue=None, compression=None):
        await asyncio.Future()


async def relay_client(url: str, seat: int, seats: int, stats: Stats, stop: asyncio.Event, think: float,
                       rng: random.Random, group: str, size: int) -> None:
    """Take turns like a table: on our turn, think, then send; everyone else times the arrival."""
    async with websockets.connect(url + group, max_queue=None, compression=None) as ws:
        if seat == 0:
            await asyncio.sleep(0.5)
            await relay_send(ws, stats, group, seat, 1, think, rng, size)
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except TimeoutError:
                continue
            now = time.perf_counter()
            stats.message_bytes.append(len(raw))
            turn = json.loads(raw)["n"]
            stats.arrived((group, turn, seat), now)
            if turn % seats == (seat - 1) % seats and not stop.is_set():
                await relay_send(ws, stats, group, seat, turn + 1, think, rng, size)


async def relay_send(ws, stats: Stats, group: str, seat: int, n: int, think: float, rng, size: int) -> None:
    await asyncio.sleep(think * rng.random() * 2)
    stats.mark(group, n, time.perf_counter(), seat)
    stats.moves += 1
    await ws.send(json.dumps({"n": n, "pad": "x" * size}))


def relay_worker(url: str, groups: list[str], seats: int, seconds: float, think: float, size: int,
                 seed: int) -> dict:
    async def run() -> dict:
        stats, stop, rng = Stats(), asyncio.Event(), random.Random(seed)
        tasks = [asyncio.create_task(relay_client(url, s, seats, stats, stop, think, random.Random(rng.random()),
                                                  group, size))
                 for group in groups for s in range(seats)]
        await asyncio.sleep(seconds)
        stop.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        stats.errors += [f"client: {r!r}" for r in results if isinstance(r, Exception)]
        return stats.result()
    return asyncio.run(run())


def run_relay(args, size: int) -> dict:
    port = free_port()
    proc = subprocess.Popen([sys.executable, __file__, "--relay-server", str(port)])
    try:
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                time.sleep(0.1)
        groups = [f"/g{t}" for t in range(args.tables)]
        with ProcessPoolExecutor(args.procs) as pool:
            start = time.perf_counter()
            futures = [pool.submit(relay_worker, f"ws://127.0.0.1:{port}", groups[i::args.procs], args.seats,
                                   args.seconds, args.think_ms / 1000, size, i) for i in range(args.procs)]
            parts = [f.result() for f in futures]
            elapsed = time.perf_counter() - start
    finally:
        proc.terminate()
        proc.wait()
    return summarise(parts, elapsed)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4, help="clients per table (2 to 4)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=250.0, help="mean think time before each move")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--url", help="use this running server instead of starting one")
    parser.add_argument("--hall-only", action="store_true", help="skip the relay run")
    parser.add_argument("--relay-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.relay_server:
        asyncio.run(relay_server(args.relay_server))
        return
    load_before = [round(x, 1) for x in os.getloadavg()]
    hall = run_hall(args)
    report = {"tables": args.tables, "clients": args.tables * args.seats, "seconds": args.seconds,
              "think_ms": args.think_ms, "client_procs": args.procs, "cpus": os.cpu_count(),
              "load_average_before": load_before, "hall": hall}
    if not args.hall_only:
        # The relay sends messages as large as the hall's, so both move the same bytes.
        relay = run_relay(args, hall["mean_message_bytes"] or 2000)
        report["echo"] = relay
        if hall["p50_ms"] and relay["p50_ms"]:
            report["p50_ratio"] = round(hall["p50_ms"] / relay["p50_ms"], 2)
        if hall["p99_ms"] and relay["p99_ms"]:
            report["p99_ratio"] = round(hall["p99_ms"] / relay["p99_ms"], 2)
    report["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
    print(json.dumps(report))


if __name__ == "__main__":
    main()
