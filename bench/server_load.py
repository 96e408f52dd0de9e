"""Load on a real `meeple serve` process, compared with a bare WebSocket relay on the same machine.

N tables of Picnic, each seat played by a client-side random bot that holds a
WebSocket open and submits its moves over HTTP (so M = seats x N clients). For
every stored change we measure the time from the submission of the request
that stored it to its arrival, on the WebSocket, at every other client of the
table. The same pattern (think, send, fan out to the table's other clients) is
then run against a bare WebSocket relay server, and our p50 is divided by its p50.

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


async def wait_http(url: str, proc: subprocess.Popen, timeout: float = 60) -> None:
    end = time.time() + timeout
    async with httpx.AsyncClient() as client:
        while time.time() < end:
            if proc.poll() is not None:
                raise SystemExit(f"the server exited with {proc.returncode}")
            try:
                if (await client.get(url + "/api/bots")).status_code == 200:
                    return
            except httpx.HTTPError:
                pass
            await asyncio.sleep(0.2)
    raise SystemExit("the server did not start")


class Stats:
    def __init__(self) -> None:
        self.submitted: dict[tuple, float] = {}      # (table, seq, client) -> when the storing request was sent
        self.deliveries: list[float] = []             # seconds, one per (move, other client)
        self.everyone: dict[tuple, list[float]] = {}  # (table, seq) -> latencies to each other client
        self.moves = 0
        self.errors: list[str] = []
        self.message_bytes: list[int] = []

    def arrived(self, key: tuple, at: float) -> None:
        sent = self.submitted.get(key)
        if sent is not None:
            self.deliveries.append(at - sent)
            self.everyone.setdefault(key[:2], []).append(at - sent)


async def seat_client(url: str, table: str, seat: int, token: str, stats: Stats, stop: asyncio.Event,
                      think: float, rng: random.Random, http: httpx.AsyncClient, seen_seq: dict) -> None:
    ws_url = url.replace("http", "ws") + f"/ws/tables/{table}?token={token}"
    headers = {"X-Seat-Token": token}
    last_seq = 0
    async with websockets.connect(ws_url, max_size=2 ** 22, max_queue=None) as ws:
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except asyncio.TimeoutError:
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
            if message["status"] == "finished" or not message["legal"] or seen_seq.get(seat) == seq:
                continue
            seen_seq[seat] = seq  # one move per state we are shown
            await asyncio.sleep(think * rng.random() * 2)
            move = rng.choice(message["legal"])["json"]
            # Mark the change before sending: the push may reach the others before our answer does.
            _mark(stats, table, seq + 1, time.perf_counter(), seat)
            r = await http.post(f"/api/tables/{table}/moves", json={"seq": seq, "move": move}, headers=headers)
            if r.status_code != 200:
                stats.errors.append(f"move {r.status_code}: {r.text[:200]}")
                continue
            body = r.json()
            if body["seq"] > seq:
                stats.moves += 1
            if body["can_confirm"]:
                _mark(stats, table, seq + 1, time.perf_counter(), seat)  # the confirm stores seq + 1
                r = await http.post(f"/api/tables/{table}/confirm", json={"seq": body["seq"]}, headers=headers)
                if r.status_code != 200:
                    stats.errors.append(f"confirm {r.status_code}: {r.text[:200]}")
                    continue
                stats.moves += 1


def _mark(stats: Stats, table: str, seq: int, sent: float, mover: int) -> None:
    for other in range(8):
        if other != mover:
            stats.submitted[(table, seq, other)] = sent


async def run_hall(args) -> dict:
    data = tempfile.mkdtemp(prefix="meeple-bench-")
    port = free_port()
    url = args.url or f"http://127.0.0.1:{port}"
    command = [sys.executable, "-m", "meeple.cli", "serve", "--port", str(port), "--data", data]
    # With --url the bench drives a server you started yourself (to profile it, say).
    proc = subprocess.Popen(["sleep", "infinity"] if args.url else command,
                            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
    stats = Stats()
    try:
        await wait_http(url, proc)
        limits = httpx.Limits(max_connections=args.tables * args.seats, max_keepalive_connections=args.tables * args.seats)
        async with httpx.AsyncClient(base_url=url, timeout=30, limits=limits) as http:
            r = await http.post("/api/auth/guest", json={"name": "bench"})
            r.raise_for_status()
            seats = []
            for t in range(args.tables):
                created = (await http.post("/api/tables", json={
                    "game": "picnic", "seats": [{"type": "human"}] * args.seats, "public": False})).json()
                table = created["table"]
                for s in range(args.seats):
                    invite = created["seats"][s]["invite"].split("token=")[1]
                    j = await http.post(f"/api/tables/{table}/join", json={"seat": s},
                                        headers={"X-Seat-Token": invite})
                    j.raise_for_status()
                    seats.append((table, s, j.json()["token"]))
            http.cookies.clear()
            stop = asyncio.Event()
            rng = random.Random(1)
            seen: dict[str, dict] = {}
            tasks = [asyncio.create_task(seat_client(url, table, s, token, stats, stop, args.think_ms / 1000,
                                                     random.Random(rng.random()), http, seen.setdefault(table, {})))
                     for table, s, token in seats]
            start = time.perf_counter()
            cpu_start = None if args.url else cpu_seconds(proc.pid)
            await asyncio.sleep(args.seconds)
            stop.set()
            elapsed = time.perf_counter() - start
            cpu_end = None if args.url else cpu_seconds(proc.pid)
            results = await asyncio.gather(*tasks, return_exceptions=True)
            stats.errors += [f"client: {r!r}" for r in results if isinstance(r, Exception)]
    finally:
        proc.terminate()
        proc.wait()
    out = summarise(stats, elapsed, stats.moves)
    if cpu_start is not None and cpu_end is not None:
        out["server_cpu_share"] = round((cpu_end - cpu_start) / elapsed, 2)
        out["server_cpu_ms_per_move"] = round(1000 * (cpu_end - cpu_start) / max(1, stats.moves), 2)
    return out


def summarise(stats: Stats, elapsed: float, moves: int) -> dict:
    all_reached = [max(v) for v in stats.everyone.values()]
    return {"moves": moves, "moves_per_s": round(moves / elapsed, 1), "deliveries": len(stats.deliveries),
            "p50_ms": _ms(percentile(stats.deliveries, 0.5)), "p99_ms": _ms(percentile(stats.deliveries, 0.99)),
            "p50_all_reached_ms": _ms(percentile(all_reached, 0.5)),
            "p99_all_reached_ms": _ms(percentile(all_reached, 0.99)),
            "mean_message_bytes": round(statistics.mean(stats.message_bytes)) if stats.message_bytes else None,
            "errors": len(stats.errors), "error_examples": stats.errors[:3]}


def _ms(value: float | None) -> float | None:
    return None if value is None else round(value * 1000, 2)


# ----- the bare relay ---------------------------------------------------------------------

async def relay_server(port: int) -> None:
    """A bare WebSocket server: each message goes to the other clients of the same group."""
    groups: dict[str, set] = {}

    async def handler(ws):
        group = ws.request.path
        members = groups.setdefault(group, set())
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

    async with websockets.serve(handler, "127.0.0.1", port, max_queue=None):
        await asyncio.Future()


async def relay_client(url: str, seat: int, seats: int, stats: Stats, stop: asyncio.Event, think: float,
                       rng: random.Random, group: str, size: int) -> None:
    """Take turns like a table: on our turn, think, then send; everyone else times the arrival."""
    async with websockets.connect(url + group, max_queue=None) as ws:
        turn = 0
        if seat == 0:
            await asyncio.sleep(0.5)
            await _relay_send(ws, stats, group, seat, 1, think, rng, size)
        while not stop.is_set():
            try:
                raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
            except asyncio.TimeoutError:
                continue
            now = time.perf_counter()
            message = json.loads(raw)
            turn = message["n"]
            stats.arrived((group, turn, seat), now)
            if turn % seats == (seat - 1) % seats and not stop.is_set():
                await _relay_send(ws, stats, group, seat, turn + 1, think, rng, size)


async def _relay_send(ws, stats, group, seat, n, think, rng, size) -> None:
    await asyncio.sleep(think * rng.random() * 2)
    sent = time.perf_counter()
    _mark(stats, group, n, sent, seat)
    stats.moves += 1
    stats.message_bytes.append(size)
    await ws.send(json.dumps({"n": n, "pad": "x" * size}))


async def run_relay(args, size: int) -> dict:
    port = free_port()
    proc = subprocess.Popen([sys.executable, __file__, "--relay-server", str(port)])
    stats = Stats()
    try:
        for _ in range(100):
            try:
                with socket.create_connection(("127.0.0.1", port), timeout=0.2):
                    break
            except OSError:
                await asyncio.sleep(0.1)
        stop = asyncio.Event()
        rng = random.Random(2)
        tasks = [asyncio.create_task(relay_client(f"ws://127.0.0.1:{port}", s, args.seats, stats, stop,
                                                  args.think_ms / 1000, random.Random(rng.random()), f"/g{t}",
                                                  size))
                 for t in range(args.tables) for s in range(args.seats)]
        start = time.perf_counter()
        await asyncio.sleep(args.seconds)
        stop.set()
        elapsed = time.perf_counter() - start
        results = await asyncio.gather(*tasks, return_exceptions=True)
        stats.errors += [f"client: {r!r}" for r in results if isinstance(r, Exception)]
    finally:
        proc.terminate()
        proc.wait()
    return summarise(stats, elapsed, stats.moves)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=50)
    parser.add_argument("--seats", type=int, default=4, help="clients per table (2 to 4)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=250.0, help="mean think time before each move")
    parser.add_argument("--url", help="use this running server instead of starting one")
    parser.add_argument("--hall-only", action="store_true", help="skip the relay run")
    parser.add_argument("--relay-server", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.relay_server:
        asyncio.run(relay_server(args.relay_server))
        return
    hall = asyncio.run(run_hall(args))
    if args.hall_only:
        print(json.dumps({"hall": hall}))
        return
    # The relay sends messages as large as the hall's, so both move the same bytes.
    relay = asyncio.run(run_relay(args, hall["mean_message_bytes"] or 2000))
    ratio = None
    if hall["p50_ms"] and relay["p50_ms"]:
        ratio = round(hall["p50_ms"] / relay["p50_ms"], 2)
    ratio99 = round(hall["p99_ms"] / relay["p99_ms"], 2) if hall["p99_ms"] and relay["p99_ms"] else None
    print(json.dumps({"tables": args.tables, "clients": args.tables * args.seats, "seconds": args.seconds,
                      "think_ms": args.think_ms, "cpus": os.cpu_count(),
                      "load_average_at_end": [round(x, 1) for x in os.getloadavg()],
                      "hall": hall, "echo": relay, "p50_ratio": ratio, "p99_ratio": ratio99}))


if __name__ == "__main__":
    main()
