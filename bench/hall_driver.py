"""Seeded Picnic tables played through `Hall.move` directly (no HTTP), with a delta client on every
seat, a spectator and one full-state client: the CPU per stored change of the hall's own work, and a
hash of every answer and socket message (a pure speed-up must keep it the same). Each move is sent with
`confirm` (docs/api.md: a move that completes the turn is confirmed in its request, as the browser's
Confirm does); `--two-requests` sends it without, then `Hall.confirm` once the turn is complete (a
move and a confirm, the way before; another hash).

`--asgi` posts each move and confirm to the ASGI app instead (`create_app`: the wrappers around it,
the routing, the body checks, the JSON answer), still without sockets or HTTP parsing: the same
hash, and the CPU of the request's path through the app on top of the hall's.

`--seat-sockets` leaves out the spectator and the full-state client: one delta client a seat, as
bench/server_load.py has (another hash). `--parts` times the hall's pieces in each round (thread CPU
around each call, inclusive: a piece holds those it calls; the timers add about a tenth) and prints
each piece's us per stored change and calls per change.

Prints one JSON object. Example (alternate with an older checkout through PYTHONPATH):
    .venv/bin/python bench/hall_driver.py --tables 10 --rounds 3
    .venv/bin/python bench/hall_driver.py --tables 10 --rounds 3 --asgi
    .venv/bin/python bench/hall_driver.py --tables 10 --rounds 1 --seat-sockets --parts
    .venv/bin/python bench/hall_driver.py --tables 10 --rounds 3 --two-requests
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import functools
import hashlib
import inspect
import itertools
import json
import random
import statistics
import tempfile
import time

# --parts: (module, class or None, function) timed, each named "Class.function".
PARTS = [
    ("meeple.server.moves", "Moves", "_act"), ("meeple.server.table", "Table", "plan_move"),
    ("meeple.server.table", "Table", "plan_confirm"), ("meeple.server.live", "LiveTables", "append_moves"),
    ("meeple.server.live", "LiveTables", "set_pending"), ("meeple.server.table", "Table", "commit"),
    ("meeple.server.pushes", "Pushes", "push"), ("meeple.server.table", "Table", "body"),
    ("meeple.server.table", "Table", "_viewer_parts"), ("meeple.server.table", "Table", "_view_text"),
    ("meeple.server.table", "Table", "_shared_sheets"), ("meeple.server.table", "Table", "_sheets_text"),
    ("meeple.server.table", "Table", "_log_lines"), ("meeple.server.table", "Table", "_shared_parts"),
    ("meeple.server.views", None, "delta"), ("meeple.server.live", "LiveTables", "state_text"),
]


def timed(owner, name: str, label: str, spent: collections.Counter, calls: collections.Counter) -> None:
    """Replace `owner.name` by the same call with a thread-CPU timer adding its seconds into `spent[label]`
    and its count into `calls[label]` (bench/serve_parts.py times the real server's pieces with it too)."""
    fn = getattr(owner, name)
    if inspect.iscoroutinefunction(fn):
        @functools.wraps(fn)
        async def timed_async(*args, **kwargs):
            start = time.thread_time()  # (awaits that do not suspend: the hall's own CPU)
            try:
                return await fn(*args, **kwargs)
            finally:
                spent[label] += time.thread_time() - start
                calls[label] += 1
        setattr(owner, name, timed_async)
        return

    @functools.wraps(fn)
    def timed_call(*args, **kwargs):
        start = time.thread_time()
        try:
            return fn(*args, **kwargs)
        finally:
            spent[label] += time.thread_time() - start
            calls[label] += 1
    setattr(owner, name, timed_call)


def part_label(module: str, cls: str | None, name: str) -> str:
    return f"{cls or module.rsplit('.', 1)[1]}.{name}"


def time_parts(game, spent: collections.Counter, calls: collections.Counter) -> None:
    """Wrap PARTS and the game's view and score_sheet with thread-CPU timers adding into `spent`."""
    import importlib

    for module, cls, name in PARTS:
        owner = importlib.import_module(module)
        timed(getattr(owner, cls) if cls else owner, name, part_label(module, cls, name), spent, calls)
    for name in ("view", "score_sheet"):
        timed(type(game), name, f"game.{name}", spent, calls)


class Socket:
    """A WebSocket stand-in: the hall's Client only reads its query."""

    def __init__(self, deltas: bool) -> None:
        self.query_params = {"deltas": "1"} if deltas else {}


class Asgi:
    """Posts to the ASGI app as uvicorn would hand it a request (the scope, one body message), and
    returns the answer's body as text (an error status raises)."""

    def __init__(self, app) -> None:
        self.app = app

    async def post(self, path: str, token: str, body: dict) -> str:
        data = json.dumps(body).encode()
        scope = {"type": "http", "asgi": {"version": "3.0"}, "http_version": "1.1", "method": "POST",
                 "scheme": "http", "path": path, "raw_path": path.encode(), "root_path": "", "query_string": b"",
                 "headers": [(b"host", b"127.0.0.1:8000"), (b"content-type", b"application/json"),
                             (b"x-seat-token", token.encode()), (b"content-length", str(len(data)).encode())],
                 "client": ("127.0.0.1", 50000), "server": ("127.0.0.1", 8000)}
        sent = []

        async def receive() -> dict:
            return {"type": "http.request", "body": data, "more_body": False}

        async def send(message: dict) -> None:
            sent.append(message)

        await self.app(scope, receive, send)
        if sent[0]["status"] != 200:
            raise SystemExit(f"{path}: {sent[0]['status']} {sent[1]['body']!r}")
        return b"".join(m.get("body", b"") for m in sent[1:]).decode()


async def play(tables: int, seed: int, game: str, seats: int, asgi: bool = False,
               seat_sockets: bool = False, two_requests: bool = False) -> tuple[str, float, int]:
    from meeple.server import auth, seating
    from meeple.server.hall import Hall
    from meeple.server.pushes import Client
    from meeple.store import Store

    ids = itertools.count()
    seeds = random.Random(seed)
    auth.new_id = lambda: f"T{next(ids):011d}"  # (ids are shown in bodies)
    seating.secrets.randbits = seeds.getrandbits
    hall = Hall(Store(tempfile.mkdtemp(prefix="meeple-driver-") + "/meeple.db"))
    if asgi:
        from meeple.server.app import create_app
        # (its lifespan, which starts the bot workers, is not run; the move limit, checked all the same, never
        # refuses: a seat here moves faster than a person can, 40 a second when the machine is quiet)
        app = Asgi(create_app(hall, move_rate=(10 ** 9, 10 ** 9)))
    digest = hashlib.sha256()
    user = {"id": "u1", "name": "bench"}
    rng = random.Random(seed)
    played = []
    for _ in range(tables):
        created = await hall.create_table(user, {"game": game, "seats": [{"type": "human"}] * seats,
                                                 "public": False})
        table_id, tokens, clients = created["table"], {}, []
        for s in range(seats):
            invite = created["seats"][s]["invite"].split("token=")[1]
            tokens[s] = (await hall.join(table_id, {"id": f"p{s}", "name": f"P{s}"}, invite, s))["token"]
        table = hall.tables[table_id]
        viewers: list[tuple[int | None, bool]] = [*((s, True) for s in range(seats)), (None, True), (0, False)]
        if seat_sockets:
            viewers = viewers[:seats]
        for viewer, deltas in viewers:
            client = Client(Socket(deltas), viewer, auth.token_hash(tokens[viewer]) if viewer is not None else None)
            hall.subscribe(table_id, client)
            hall.send_state(table, client)
            clients.append(client)
        played.append((table_id, tokens, clients))

    def drain(clients) -> None:
        for client in clients:
            for queue in (client.states, client.control):
                while queue:
                    digest.update(queue.popleft().encode())
            client.queued = 0

    for _, _, clients in played:
        drain(clients)
    cpu = time.process_time()
    live = list(played)
    while live:
        for item in list(live):
            table_id, tokens, clients = item
            table = hall.tables[table_id]
            if table.status == "finished":
                live.remove(item)
                continue
            (seat,) = table.game.to_move(table.state)
            state = table.pending_state(seat)
            move = table.game.move_to_json(rng.choice(table.game.legal_moves(state, seat)))
            if asgi:
                body = {"seq": table.seen_seq(seat), "move": move}
                if not two_requests:
                    body["confirm"] = True
                answer = await app.post(f"/api/tables/{table_id}/moves", tokens[seat], body)
            else:
                answer = await hall.move(table_id, tokens[seat], None, table.seen_seq(seat), move,
                                         confirm=not two_requests)
            digest.update(answer.encode())
            if two_requests and table.pending.get(seat) and seat not in table.to_move(seat):
                if asgi:
                    answer = await app.post(f"/api/tables/{table_id}/confirm", tokens[seat],
                                            {"seq": table.seen_seq(seat)})
                else:
                    answer = await hall.confirm(table_id, tokens[seat], None, table.seen_seq(seat))
                digest.update(answer.encode())
            drain(clients)
    cpu = time.process_time() - cpu
    changes = sum(hall.tables[t].seq for t, _, _ in played)
    hall.store.close()
    return digest.hexdigest(), cpu, changes


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--tables", type=int, default=10)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="picnic")
    parser.add_argument("--seed", type=int, default=1)
    parser.add_argument("--rounds", type=int, default=3, help="repeats (each a fresh hall, same seeds)")
    parser.add_argument("--asgi", action="store_true", help="post the moves to the ASGI app (see above)")
    parser.add_argument("--seat-sockets", action="store_true", help="one delta client a seat only (see above)")
    parser.add_argument("--parts", action="store_true", help="time the hall's pieces (see above)")
    parser.add_argument("--two-requests", action="store_true", help="a move, then a confirm (see above)")
    parser.add_argument("--profile", help="write a cProfile of one round to this file")
    args = parser.parse_args()
    run = functools.partial(play, args.tables, args.seed, args.game, args.seats, args.asgi, args.seat_sockets,
                            args.two_requests)
    if args.profile:
        import cProfile

        cProfile.runctx("asyncio.run(run())", globals(), {"asyncio": asyncio, "run": run}, args.profile)
    spent: collections.Counter = collections.Counter()
    calls: collections.Counter = collections.Counter()
    if args.parts:
        from meeple import games

        time_parts(games.get(args.game), spent, calls)
    hashes, per_change, parts = set(), [], []
    for _ in range(args.rounds):
        spent.clear()
        calls.clear()
        digest, cpu, changes = asyncio.run(run())
        hashes.add(digest)
        per_change.append(1000 * cpu / changes)
        parts.append({label: [round(1e6 * t / changes, 1), round(calls[label] / changes, 2)]
                      for label, t in spent.most_common()})
    import meeple

    out = {"code": meeple.__file__, "asgi": args.asgi, "two_requests": args.two_requests, "hash": sorted(hashes),
           "changes": changes,
           "cpu_ms_per_change": [round(x, 3) for x in per_change],
           "median_ms": round(statistics.median(per_change), 3)}
    if args.parts:
        out["parts_us_and_calls_per_change"] = parts
    print(json.dumps(out))


if __name__ == "__main__":
    main()
