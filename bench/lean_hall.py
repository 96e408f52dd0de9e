"""A lean hall: the least a hall must do to play a real game for its clients, as a yardstick.

`bench/server_load.py` measures the hall beside a bare hall that has no game, no store and no
checks, so their ratio holds everything the hall must do as well as what it need not. This app
serves the same routes to the same clients and does only the work a hall cannot skip, each the
straightforward way: the game's own rules (the registry's game: the rules are not what is
measured), one SQLite INSERT a change (WAL, synchronous=NORMAL, as the hall on SQLite), the move
checked against the legal moves, and for each seat with a socket the parts of its state a player
sees (the view, the legal moves with their words, the prompt, the score sheets, the seats to move,
the outcome) encoded to JSON, compared with the parts it was last sent, and the changed parts and
its new log lines pushed. No accounts, clocks, chat, pending turns, caches across viewers, limits
or retries. A hall within `lean/bare` of the bare hall is as lean as this design of a message
allows; what the hall spends above the lean hall is its own structure.

    .venv/bin/python bench/lean_hall.py --clients 48,100,200 --seconds 15

`--shared` measures a design the hall does not have, for a game in which every seat sees what a
spectator sees (Picnic): what all see alike (the view, the score sheets, the seats to move, the
log's new lines) is encoded once a change and its changed parts joined once, and each seat adds only
its own parts (its legal moves, its prompt). It tells how near a push built that way comes to the
bare hall (docs/server/load.md, "Where a change's CPU goes").

prints, for each client count, the lean hall's and the bare hall's figures and `lean_over_bare`
(p50, p99, CPU per change, changes stored), played by server_load.py's clients.
"""

from __future__ import annotations

import argparse
import json
import os
import secrets
import sqlite3
import sys
import tempfile
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import server_load  # noqa: E402  (bench/ is not a package)


def lean_hall_app(game_id: str, folder: str, shared: bool = False):
    import asyncio

    import orjson
    from starlette.responses import JSONResponse, Response

    from meeple import games

    game = games.get(game_id)
    db = sqlite3.connect(os.path.join(folder, "lean.sqlite3"), isolation_level=None, check_same_thread=False)
    db.execute("PRAGMA journal_mode=WAL")
    db.execute("PRAGMA synchronous=NORMAL")
    db.execute("CREATE TABLE moves (table_id TEXT, seq INTEGER, seat INTEGER, move TEXT, PRIMARY KEY (table_id, seq))")
    tables: dict[str, dict] = {}

    def common_parts(table: dict, viewer: int | None) -> dict[str, bytes]:
        """The parts every seat has, as `viewer` (a seat, or None for what all see alike) sees them."""
        state = table["state"]
        over = game.is_over(state)
        outcome = game.outcome(state) if over else None
        values = {"seq": len(table["log"]), "status": "finished" if over else "running",
                  "to_move": [] if over else sorted(game.to_move(state)), "view": game.view(state, viewer),
                  "sheets": [s.to_json() for s in game.score_sheet(state, viewer)], "can_confirm": False,
                  "outcome": outcome.to_json() if outcome else None}
        return {name: orjson.dumps(value) for name, value in values.items()}

    def own_parts(table: dict, seat: int) -> dict[str, bytes]:
        """A seat's own parts: its legal moves (with their words) while it is to move, and its prompt."""
        state = table["state"]
        acting = not game.is_over(state) and seat in game.to_move(state)
        legal = ([{"json": game.move_to_json(m), "text": game.move_text(m), "description":
                   game.describe_move(state, seat, m)} for m in game.legal_moves(state, seat)] if acting else [])
        return {"legal": orjson.dumps(legal), "prompt": orjson.dumps(game.prompt(state, seat))}

    def parts(table: dict, seat: int) -> dict[str, bytes]:
        return {**common_parts(table, seat), **own_parts(table, seat)}

    def log_lines(table: dict, seat: int, start: int) -> list[bytes]:
        return [orjson.dumps({"seq": seq, "text": entry.text, "seat": entry.seat})
                for seq, entries in enumerate(table["log"][start:], start=start + 1)
                for entry in entries if entry.visible_to(seat)]

    def joined(changed: dict[str, bytes]) -> bytes:
        return b",".join(b'"' + name.encode() + b'":' + text for name, text in changed.items())

    def message(kind: bytes, n: int, body: bytes, lines: list[bytes]) -> bytes:
        if kind == b"delta":
            return b'{"type":"delta","n":%d,"set":{%s},"log":[%s]}' % (n, body, b",".join(lines))
        return b'{"type":"state","n":%d,%s,"log":[%s]}' % (n, body, b",".join(lines))

    async def guest(request):
        return JSONResponse({"user": {"id": secrets.token_hex(8), "name": "bench", "guest": True}})

    async def create(request):
        data = await request.json()
        table_id = secrets.token_urlsafe(16)
        tokens = [secrets.token_urlsafe(32) for _ in data["seats"]]
        tables[table_id] = {"id": table_id, "state": game.setup(len(tokens), {}, seed=secrets.randbits(32)),
                            "tokens": {t: s for s, t in enumerate(tokens)}, "log": [], "clients": {}}
        if shared:
            table = tables[table_id]
            if any({**game.view(table["state"], s), "viewer": None} != game.view(table["state"], None)
                   for s in range(len(tokens))):
                del tables[table_id]
                return JSONResponse({"error": f"--shared: {game_id}'s seats see more than a spectator",
                                     "code": "bad_request"}, status_code=400)
            table["public"] = common_parts(table, None)
        return JSONResponse({"table": table_id, "seats": [{"seat": s, "invite": f"/t/{table_id}?seat={s}&token={t}"}
                                                          for s, t in enumerate(tokens)]}, status_code=201)

    async def join(request):
        table = tables[request.path_params["table_id"]]
        token = request.headers["x-seat-token"]
        return JSONResponse({"seat": table["tokens"][token], "token": token})

    async def move(request):
        table = tables.get(request.path_params["table_id"])
        seat = table["tokens"].get(request.headers.get("x-seat-token", "")) if table else None
        if seat is None:
            return JSONResponse({"error": "not your seat", "code": "forbidden"}, status_code=403)
        data = orjson.loads(await request.body())
        state = table["state"]
        if data.get("seq") != len(table["log"]) or seat not in game.to_move(state):
            return JSONResponse({"error": "stale", "code": "stale_seq"}, status_code=409)
        try:
            chosen = game.move_from_json(data["move"])
        except Exception as exc:  # noqa: BLE001 - any malformed move is the client's error
            return JSONResponse({"error": str(exc), "code": "bad_move"}, status_code=400)
        if chosen not in game.legal_moves(state, seat):
            return JSONResponse({"error": "illegal", "code": "illegal_move"}, status_code=409)
        entries = game.apply(state, seat, chosen)
        table["log"].append(entries)
        db.execute("INSERT INTO moves VALUES (?, ?, ?, ?)",
                   (table["id"], len(table["log"]), seat, orjson.dumps(data["move"]).decode()))
        if shared:
            return Response(push_shared(table, seat), media_type="application/json")
        answer = b""
        for viewer, clients in table["clients"].items():
            now = parts(table, viewer)
            last = clients["last"]
            changed = {name: text for name, text in now.items() if last.get(name) != text}
            clients["last"] = now
            lines = log_lines(table, viewer, len(table["log"]) - 1)
            for queue in clients["queues"]:
                queue[1] += 1
                queue[0].put_nowait(message(b"delta", queue[1], joined(changed), lines).decode())
            if viewer == seat:
                answer = message(b"state", 0, joined(now), [])
        if not answer:
            answer = message(b"state", 0, joined(parts(table, seat)), [])
        return Response(answer, media_type="application/json")

    def push_shared(table: dict, seat: int) -> bytes:
        """--shared: the public parts encoded, compared and joined once; each seat adds its own."""
        public = common_parts(table, None)
        last_public = table["public"]
        shown = joined({name: text for name, text in public.items() if last_public.get(name) != text})
        table["public"] = public
        lines = log_lines(table, None, len(table["log"]) - 1)
        answer = b""
        for viewer, clients in table["clients"].items():
            own = own_parts(table, viewer)
            last = clients["last"]
            mine = joined({name: text for name, text in own.items() if last.get(name) != text})
            clients["last"] = own
            body = shown + b"," + mine if shown and mine else shown or mine
            for queue in clients["queues"]:
                queue[1] += 1
                queue[0].put_nowait(message(b"delta", queue[1], body, lines).decode())
            if viewer == seat:
                answer = message(b"state", 0, joined({**public, **own}), [])
        return answer or message(b"state", 0, joined({**public, **own_parts(table, seat)}), [])

    async def socket(websocket):
        await websocket.accept()
        table = tables[websocket.path_params["table_id"]]
        seat = table["tokens"][websocket.query_params["token"]]
        viewer = table["clients"].setdefault(seat, {"last": own_parts(table, seat) if shared else parts(table, seat),
                                                    "queues": []})
        queue: list = [asyncio.Queue(), 1]
        viewer["queues"].append(queue)

        async def send() -> None:
            while True:
                await websocket.send_text(await queue[0].get())

        sender = asyncio.create_task(send())
        try:
            first = {**table["public"], **viewer["last"]} if shared else viewer["last"]
            await websocket.send_text(message(b"state", 1, joined(first), log_lines(table, seat, 0)).decode())
            while True:
                await websocket.receive_text()
        except Exception:  # noqa: BLE001 - the socket closed
            pass
        finally:
            viewer["queues"].remove(queue)
            sender.cancel()

    return server_load.hall_routes(guest, create, join, move, socket)


def serve_lean_hall(port: int, game_id: str, shared: bool = False) -> None:
    import uvicorn
    uvicorn.run(lean_hall_app(game_id, tempfile.mkdtemp(prefix="meeple-lean-"), shared), host="127.0.0.1", port=port,
                log_level="warning", ws_max_size=64 * 1024, ws_per_message_deflate=False)


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", default="48,100,200")
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="picnic")
    parser.add_argument("--seconds", type=float, default=15.0)
    parser.add_argument("--think-ms", type=float, default=250.0)
    parser.add_argument("--procs", type=int, default=2)
    parser.add_argument("--with-hall", action="store_true", help="run the hall too, and its ratios to the lean hall")
    parser.add_argument("--shared", action="store_true",
                        help="what all seats see alike encoded once a change (see above; Picnic)")
    parser.add_argument("--lean-hall", type=int, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.lean_hall:
        serve_lean_hall(args.lean_hall, args.game, args.shared)
        return
    # server_load's clients and runner, with the options it reads.
    args.url, args.by_table, args.two_requests, args.reviews = None, False, False, 0
    args.db = args.redis = None
    args.halls = 1
    runs = []
    for clients in [int(c) for c in args.clients.split(",")]:
        tables = max(1, clients // args.seats)
        run: dict = {"clients": tables * args.seats, "load_average_before": [round(x, 1) for x in os.getloadavg()]}
        port = server_load.free_port()
        run["lean"] = lean = server_load.run_clients(
            args, tables, [[sys.executable, __file__, "--lean-hall", str(port), "--game", args.game,
                            *(["--shared"] if args.shared else [])]], [port])
        run["bare"] = bare = server_load.run_bare(args, tables, lean["mean_message_bytes"] or 2000)
        run["lean_over_bare"] = server_load.ratios(lean, bare)
        if args.with_hall:
            run["hall"] = hall = server_load.run_hall(args, tables)
            run["hall_over_lean"] = server_load.ratios(hall, lean)
            run["hall_over_bare"] = server_load.ratios(hall, bare)
        run["load_average_after"] = [round(x, 1) for x in os.getloadavg()]
        runs.append(run)
    print(json.dumps({"game": args.game, "seconds": args.seconds, "shared": args.shared, "runs": runs}))


if __name__ == "__main__":
    main()
