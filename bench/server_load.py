"""Load on a real `meeple serve` process, beside a bare Starlette hall serving the same API.

N tables of Picnic (or --game), each seat played by a client-side random bot that holds a
WebSocket open (asking for deltas, as the browser does) and submits its moves
over HTTP (so M = seats x N clients). For every stored change we measure the
time from the submission of the request that stored it to its arrival, on the
WebSocket, at every other client of the table, and the server's CPU time per
change. The same clients then play against a bare hall: a Starlette app on
uvicorn with the same routes (guest, create, join, moves, the table socket),
which stores the moves in memory and broadcasts each change to the table's
clients (every message padded to the hall's mean message size), and no game
rules. Each client count runs the hall, then the bare hall, in one process
each; the clients run in --procs processes so that one client event loop does
not become the bottleneck being measured. The ratios (hall over bare hall: CPU per
stored change, p50, p99, changes stored per second) are printed with each client count.

`--hog N` runs N CPU-bound processes beside both halls for the whole run (a busy host:
the hall must still keep up with the bare hall); the load average is printed before
and after each client count either way. The load average lags (a minute's average), so each side
also prints `runnable`: the mean count of tasks running or ready to run on the machine while its
clients played (/proc/stat's procs_running, sampled every 0.25 s), the load it met; `--warm S`
starts the hogs S seconds before the first count, so that the load average has risen too.

`--db URL --redis URL --halls 2` runs the hall as two processes on one PostgreSQL database
(give it an empty one) and Redis, seat s of each table talking to process s mod 2; the CPU
per change is that of both processes together. `--by-table`: every seat of a table talks to the
same process instead (the tables spread over the processes), as a load balancer keyed on the table
would route them.

The seats send each move with `"confirm": true` (a move that completes the turn is confirmed in its
request, docs/api.md: a Picnic turn is two requests); `--two-requests` sends it without, then a confirm
(three requests a Picnic turn, the way before).

Prints one JSON object. Examples:
    .venv/bin/python bench/server_load.py --clients 48,100,200 --seconds 20
    .venv/bin/python bench/server_load.py --clients 200 --seconds 20 --hog 6
    .venv/bin/python bench/server_load.py --clients 100 --hall-only --halls 2 \
        --db postgresql://user@127.0.0.1/empty --redis redis://127.0.0.1:6379
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
from collections.abc import Iterator
from concurrent.futures import ProcessPoolExecutor
from contextlib import contextmanager

import httpx
import review_load  # bench/review_load.py: --reviews
import websockets


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def cpu_seconds(pid: int, system_only: bool = False) -> float | None:
    """User + system CPU time of a process so far (Linux), to show how busy the server was (`system_only`:
    the system time alone: the kernel's work for its sockets)."""
    try:
        with open(f"/proc/{pid}/stat") as f:
            fields = f.read().rsplit(")", 1)[1].split()
        return (int(fields[12]) + (0 if system_only else int(fields[11]))) / os.sysconf("SC_CLK_TCK")
    except (OSError, ValueError, IndexError):
        return None


class Runnable:
    """The mean of /proc/stat's procs_running (tasks running or ready to run), sampled every 0.25 s on
    a thread between `start` and `stop`: the load the machine was under meanwhile, not counting the
    sampler's own read."""

    def __init__(self) -> None:
        import threading

        self.samples: list[int] = []
        self.done = threading.Event()
        self.thread = threading.Thread(target=self._sample, daemon=True)

    def _sample(self) -> None:
        while not self.done.wait(0.25):
            try:
                with open("/proc/stat") as f:
                    line = next(line for line in f if line.startswith("procs_running"))
                self.samples.append(int(line.split()[1]) - 1)
            except (OSError, StopIteration, ValueError):
                return

    def start(self) -> None:
        self.thread.start()

    def stop(self) -> float | None:
        self.done.set()
        self.thread.join()
        return round(statistics.fmean(self.samples), 1) if self.samples else None


@contextmanager
def cpu_hogs(count: int) -> Iterator[None]:
    """`count` processes spinning on the CPU meanwhile (a busy host), ended afterwards."""
    hogs = [subprocess.Popen([sys.executable, "-c", "while True: pass"]) for _ in range(count)]
    try:
        yield
    finally:
        for hog in hogs:
            hog.kill()
            hog.wait()


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


async def make_tables(url: str, tables: int, seats: int, game: str = "picnic") -> list[list[tuple[str, int, str]]]:
    """Create the tables and take every seat; per table, its (table, seat, token) list."""
    out = []
    async with httpx.AsyncClient(base_url=url, timeout=30) as http:
        (await http.post("/api/auth/guest", json={"name": "bench"})).raise_for_status()
        for _ in range(tables):
            r = await http.post("/api/tables", json={"game": game, "seats": [{"type": "human"}] * seats,
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
                      think: float, rng: random.Random, two_requests: bool = False) -> None:
    """A random bot in a browser's place: it moves when a pushed state offers it legal moves, each move
    sent with `confirm` (a move that completes the turn is confirmed in its request, docs/api.md), or
    with `two_requests` without it, then a confirm once the turn may be confirmed."""
    host, port = url.split("//")[1].split(":")
    http = Http(host, int(port), token)
    last_seq, moved_at = 0, -1
    state: dict = {}
    try:
        async with websockets.connect(url.replace("http", "ws") + f"/ws/tables/{table}?token={token}&deltas=1",
                                      max_size=2 ** 22, max_queue=None, compression=None) as ws:
            while not stop.is_set():
                try:
                    raw = await asyncio.wait_for(ws.recv(), timeout=0.5)
                except TimeoutError:
                    continue
                now = time.perf_counter()
                stats.message_bytes.append(len(raw))
                message = json.loads(raw)
                if message.get("type") == "state":
                    state = message
                elif message.get("type") == "delta" and state and message["n"] == state["n"] + 1:
                    state = {**state, **message["set"], "n": message["n"]}  # (the log is not read here)
                elif message.get("type") == "delta":
                    stats.errors.append(f"ws: gap before delta {message['n']}")
                    await ws.send(json.dumps({"type": "resync"}))
                    state = {}
                    continue
                else:
                    stats.errors.append(f"ws: {message}")
                    continue
                message = state
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
                sent = {"seq": seq, "move": move} if two_requests else {"seq": seq, "move": move, "confirm": True}
                status, body = await http.post(f"/api/tables/{table}/moves", sent)
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


def hall_worker(urls: list[str], tables: list, seconds: float, think: float, seed: int,
                by_table: bool = False, two_requests: bool = False) -> dict:
    """Play the tables: seat s talks to urls[s % len(urls)] (several processes of one hall), or with
    `by_table` every seat of the k-th table to urls[k % len(urls)]."""
    async def run() -> dict:
        stats, stop, rng = Stats(), asyncio.Event(), random.Random(seed)
        tasks = [asyncio.create_task(seat_client(urls[(k if by_table else s) % len(urls)], table, s, token, stats,
                                                 stop, think, random.Random(rng.random()), two_requests))
                 for k, seats in enumerate(tables) for table, s, token in seats]
        await asyncio.sleep(seconds)
        stop.set()
        results = await asyncio.gather(*tasks, return_exceptions=True)
        stats.errors += [f"client: {r!r}" for r in results if isinstance(r, Exception)]
        return stats.result()
    return asyncio.run(run())


def run_clients(args, tables_count: int, commands: list[list[str]] | None, ports: list[int],
                on_play=None, on_played=None) -> dict:
    """Start a server process per command (None: drive the one at --url), play, and summarise (the
    CPU of all the processes together). `on_play(procs)` and `on_played(procs)`, where given, are
    called as the clients start and once they have stopped (bench/serve_parts.py counts between them)."""
    urls = args.url.split(",") if commands is None else [f"http://127.0.0.1:{port}" for port in ports]
    # Each server's stderr goes to a file, shown when it fails to start (a bad --db, a taken port).
    logs = [tempfile.NamedTemporaryFile("w+", prefix="meeple-bench-", suffix=".log") for _ in commands or []]
    procs = [subprocess.Popen(command, stdout=subprocess.DEVNULL, stderr=log)
             for command, log in zip(commands or [], logs)]
    cpu_start = cpu_end = system_start = system_end = load_met = None
    try:
        for url, proc, log in zip(urls, procs or [None], logs or [None]):
            try:
                asyncio.run(wait_http(url, proc))
            except SystemExit as exc:
                if log is None:
                    raise
                log.seek(0)
                raise SystemExit(f"{exc}; its stderr ends:\n{log.read()[-3000:]}") from None
        tables = asyncio.run(make_tables(urls[0], tables_count, args.seats, args.game))
        reviewed = review_load.finished_tables(urls[0], args)  # (--reviews: finished before the clients start)
        chunks = [tables[i::args.procs] for i in range(args.procs)]
        with ProcessPoolExecutor(args.procs) as pool:
            if on_play is not None:
                on_play(procs)
            cpu_start, system_start = _cpu_of(procs), _cpu_of(procs, system_only=True)
            runnable = Runnable()
            runnable.start()
            start = time.perf_counter()
            futures = [pool.submit(hall_worker, urls, chunk, args.seconds, args.think_ms / 1000, i, args.by_table,
                                   args.two_requests) for i, chunk in enumerate(chunks)]
            reviews = review_load.follow(urls[0], reviewed, args.seconds)
            parts = [f.result() for f in futures]
            elapsed = time.perf_counter() - start
            cpu_end, system_end = _cpu_of(procs), _cpu_of(procs, system_only=True)
            load_met = runnable.stop()
            if on_played is not None:
                on_played(procs)
    finally:
        for proc in procs:
            proc.terminate()
            try:
                proc.wait(10)
            except subprocess.TimeoutExpired:  # (a process stuck in its shutdown must not hold the run)
                proc.kill()
                proc.wait()
        for log in logs:
            log.close()
    out = summarise(parts, elapsed)
    out["runnable"] = load_met
    if reviews is not None:
        out["reviews"] = reviews
    if cpu_start is not None and cpu_end is not None:
        out["server_cpu_share"] = round((cpu_end - cpu_start) / elapsed, 2)
        out["server_cpu_ms_per_change"] = round(1000 * (cpu_end - cpu_start) / max(1, out["moves"]), 2)
        if system_start is not None and system_end is not None:  # (of which the kernel's)
            out["server_system_ms_per_change"] = round(1000 * (system_end - system_start) / max(1, out["moves"]), 2)
    if len(procs) > 1:
        out["server_processes"] = len(procs)
    return out


def _cpu_of(procs: list[subprocess.Popen], system_only: bool = False) -> float | None:
    times = [cpu_seconds(proc.pid, system_only) for proc in procs]
    return None if not times or None in times else sum(t for t in times if t is not None)


def run_hall(args, tables: int) -> dict:
    """The hall: one `meeple serve` on SQLite, or --halls processes on --db (PostgreSQL) and --redis."""
    if args.url:
        return run_clients(args, tables, None, [])
    ports = [free_port() for _ in range(args.halls)]
    base = [sys.executable, "-m", "meeple.cli", "serve"]
    if args.db:
        shared = ["--db", args.db] + (["--redis", args.redis, "--redis-channel", f"bench-{os.getpid()}-{tables}"]
                                      if args.redis else [])
        commands = [base + ["--port", str(port)] + shared for port in ports]
    else:
        commands = [base + ["--port", str(ports[0]), "--data", tempfile.mkdtemp(prefix="meeple-bench-")]]
    return run_clients(args, tables, commands, ports)


def run_bare(args, tables: int, pad: int) -> dict:
    port = free_port()
    return run_clients(args, tables, [[sys.executable, __file__, "--bare-hall", str(port), "--pad", str(pad)]],
                       [port])


# ----- the bare hall ----------------------------------------------------------------------

def bare_hall_app(pad: int):
    """The same routes as the hall, storing moves in memory and broadcasting them; no game rules.

    Seats move in turn, one move each; each client gets, after every move, the seq, whether it
    is to move (one legal move), and padding up to the hall's mean message size."""
    import secrets as tokens

    from starlette.responses import JSONResponse

    tables: dict[str, dict] = {}
    filler = "x" * pad

    def body(table: dict, seat: int) -> dict:
        seq = len(table["moves"])
        to_move = seq % table["players"]
        return {"type": "state", "n": seq + 1, "seq": seq, "status": "running", "to_move": [to_move],
                "legal": [{"json": {"n": seq}}] if seat == to_move else [], "can_confirm": False, "pad": filler}

    async def guest(request):
        return JSONResponse({"user": {"id": tokens.token_hex(8), "name": "bench", "guest": True}})

    async def create(request):
        data = await request.json()
        table_id = tokens.token_urlsafe(16)
        seats = [tokens.token_urlsafe(32) for _ in data["seats"]]
        tables[table_id] = {"players": len(seats), "tokens": {t: s for s, t in enumerate(seats)}, "moves": [],
                            "clients": {}}
        return JSONResponse({"table": table_id, "seats": [{"seat": s, "invite": f"/t/{table_id}?seat={s}&token={t}"}
                                                          for s, t in enumerate(seats)]}, status_code=201)

    async def join(request):
        table = tables[request.path_params["table_id"]]
        return JSONResponse({"seat": table["tokens"][request.headers["x-seat-token"]],
                             "token": request.headers["x-seat-token"]})

    async def move(request):
        table = tables[request.path_params["table_id"]]
        seat = table["tokens"][request.headers["x-seat-token"]]
        data = await request.json()
        if data["seq"] != len(table["moves"]) or seat != len(table["moves"]) % table["players"]:
            return JSONResponse({"error": "stale", "code": "stale_seq"}, status_code=409)
        table["moves"].append((seat, data["move"]))
        for queue, viewer in table["clients"].items():
            queue.put_nowait(json.dumps(body(table, viewer)))
        return JSONResponse(body(table, seat))

    async def socket(websocket):
        await websocket.accept()
        table = tables[websocket.path_params["table_id"]]
        seat = table["tokens"][websocket.query_params["token"]]
        queue: asyncio.Queue = asyncio.Queue()
        table["clients"][queue] = seat

        async def send() -> None:
            while True:
                await websocket.send_text(await queue.get())

        sender = asyncio.create_task(send())
        try:
            await websocket.send_text(json.dumps(body(table, seat)))
            while True:
                await websocket.receive_text()
        except Exception:
            pass
        finally:
            del table["clients"][queue]
            sender.cancel()

    return hall_routes(guest, create, join, move, socket)


def hall_routes(guest, create, join, move, socket):
    """A Starlette app with the routes the clients use (bench/lean_hall.py serves them too)."""
    from starlette.applications import Starlette
    from starlette.responses import JSONResponse
    from starlette.routing import Route, WebSocketRoute

    t = "/api/tables/{table_id}"
    return Starlette(routes=[Route("/api/auth/guest", guest, methods=["POST"]),
                             Route("/api/bots", lambda request: JSONResponse(["random"])),
                             Route("/api/tables", create, methods=["POST"]),
                             Route(t + "/join", join, methods=["POST"]),
                             Route(t + "/moves", move, methods=["POST"]),
                             WebSocketRoute("/ws/tables/{table_id}", socket)])


def serve_bare_hall(port: int, pad: int) -> None:
    import uvicorn
    uvicorn.run(bare_hall_app(pad), host="127.0.0.1", port=port, log_level="warning", ws_max_size=64 * 1024,
                ws_per_message_deflate=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", default="48,100,200", help="client counts to run, comma-separated")
    parser.add_argument("--seats", type=int, default=4, help="clients per table (2 to 4)")
    parser.add_argument("--game", default="picnic", help="the game the tables play (the bare hall has none)")
    parser.add_argument("--seconds", type=float, default=20.0)
    parser.add_argument("--think-ms", type=float, default=250.0, help="mean think time before each move")
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--url", help="use this running server instead of starting one (several processes of one "
                                      "hall: their URLs, comma-separated; seat s talks to the (s mod N)-th)")
    parser.add_argument("--hall-only", action="store_true", help="skip the bare hall")
    parser.add_argument("--two-requests", action="store_true",
                        help="send each move without confirm, then a confirm (the way before 'confirm')")
    parser.add_argument("--reviews", type=int, default=0, metavar="N",
                        help="run the hall again with N finished games' reviews beside play (review_load.py)")
    parser.add_argument("--db", help="a PostgreSQL URL for the hall (default: SQLite in a fresh folder)")
    parser.add_argument("--redis", help="a Redis URL, for --halls 2 or more")
    parser.add_argument("--by-table", action="store_true",
                        help="with --halls: every seat of a table talks to one process (tables spread over them)")
    parser.add_argument("--halls", type=int, default=1, metavar="N",
                        help="processes of the hall on --db and --redis; seat s talks to process s mod N")
    parser.add_argument("--hog", type=int, default=0, metavar="N",
                        help="N CPU-bound processes running beside both halls (a busy host)")
    parser.add_argument("--warm", type=float, default=0.0, metavar="S",
                        help="with --hog: start the hogs S seconds before the first count (the load average rises)")
    parser.add_argument("--bare-hall", type=int, help=argparse.SUPPRESS)
    parser.add_argument("--pad", type=int, default=2000, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.halls > 1 and not (args.db and args.redis):
        parser.error("--halls 2 or more needs --db (PostgreSQL) and --redis")
    if args.bare_hall:
        serve_bare_hall(args.bare_hall, args.pad)
        return
    runs = []
    with cpu_hogs(args.hog):
        if args.hog and args.warm > 0:
            time.sleep(args.warm)
        for clients in [int(c) for c in args.clients.split(",")]:
            tables = max(1, clients // args.seats)
            run: dict = {"clients": tables * args.seats, "tables": tables,
                         "load_average_before": [round(x, 1) for x in os.getloadavg()]}
            run["hall"] = hall = run_hall(args, tables)
            if args.reviews:
                run.update(review_load.with_reviews(args, lambda t=tables: run_hall(args, t), hall))
            if not args.hall_only:
                # The bare hall's messages are as large as the hall's, so both move the same bytes.
                run["bare"] = bare = run_bare(args, tables, hall["mean_message_bytes"] or 2000)
                run.update(ratios(hall, bare))
            run["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
            runs.append(run)
    print(json.dumps({"game": args.game, "seconds": args.seconds, "think_ms": args.think_ms, "client_procs": args.procs,
                      "cpus": os.cpu_count(), "hogs": args.hog, "warm_s": args.warm, "two_requests": args.two_requests,
                      "runs": runs}))


def ratios(hall: dict, bare: dict) -> dict:
    """The hall over the bare hall: p50, p99, CPU per stored change (lower is better, 1 is the bare
    hall's cost) and changes stored per second (`stored_ratio`: 1 keeps up with the bare hall)."""
    out = {}
    for name, key in (("p50_ratio", "p50_ms"), ("p99_ratio", "p99_ms"), ("cpu_ratio", "server_cpu_ms_per_change"),
                      ("stored_ratio", "moves_per_s")):
        if hall.get(key) and bare.get(key):
            out[name] = round(hall[key] / bare[key], 2)
    return out


if __name__ == "__main__":
    main()
