"""Where a real `meeple serve` spends its CPU per stored change, piece by piece, under server_load's clients.

`bench/hall_driver.py --parts` times the hall's pieces without HTTP, sockets or an event loop full of
clients; this runs the real server (SQLite, uvicorn, the same clients as bench/server_load.py) with a
thread-CPU timer around each piece below, counted only while the clients play (from their start to
their stop, as server_load counts the CPU), and prints for each piece its us per stored change, its
calls per change and its share of the process's CPU, with `rest`: what no timer covered (the ASGI path
from the guard to the route's answer, the event loop, the socket writes, the kernel). The pieces do not
hold one another. The timers cost about 1 us a call, counted in the pieces.

    .venv/bin/python bench/serve_parts.py --clients 200 --seconds 10

`--lean-push` measures a push the hall does not have, inside this hall: `Pushes.push` replaced by one
that encodes what every viewer sees alike once a change with orjson (the spectator's view, the score
sheets, the seats to move, the new log lines) and adds for each socket only its seat's legal moves and
prompt, as `bench/lean_hall.py --shared` does (Picnic: its seats see what a spectator sees). Its
messages are not the hall's (a seat's view says `viewer` null, the log's change keeps nothing), and the
bodies the hall's push used to build are then built for the answers instead (`LiveTables.state_text`):
it tells what such a push would cost and save, not a hall to keep.

    .venv/bin/python bench/serve_parts.py --clients 200 --seconds 10 --lean-push

Prints one JSON object.
"""

from __future__ import annotations

import argparse
import importlib
import json
import os
import resource
import signal
import sys
import tempfile
import time
from collections import Counter
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent))

import hall_driver  # noqa: E402  (bench/ is not a package)
import server_load  # noqa: E402

# (module, class or None, function, what it is): synchronous calls only, so a timer holds no other task's CPU.
PIECES = [
    ("meeple.server.pushes", "Pushes", "push", "a change's push to the table's sockets: bodies, deltas, queues"),
    ("meeple.server.pushes", "Pushes", "send_state", "a socket's full state (on connect, on resync)"),
    ("meeple.store.db", "Store", "append_moves", "the stored change (SQLite)"),
    ("meeple.store.db", "Store", "set_pending", "a pending turn stored"),
    ("meeple.server.table", "Table", "plan_move", "the move checked and played"),
    ("meeple.server.table", "Table", "plan_confirm", "a confirm checked"),
    ("meeple.server.moves", None, "strict_move", "the move read from its JSON, as written"),
    ("meeple.server.app", None, "parse_json", "the request body's JSON read and checked"),
    ("meeple.server.live", "LiveTables", "state_text", "the answer's text (the seat's state)"),
    ("uvicorn.protocols.http.httptools_impl", "HttpToolsProtocol", "data_received", "HTTP requests parsed"),
    ("uvicorn.protocols.websockets.websockets_sansio_impl", "WebSocketsSansIOProtocol", "data_received",
     "socket frames read"),
    ("websockets.protocol", "Protocol", "send_text", "socket frames built"),
]


def install_timers(spent: Counter, calls: Counter) -> None:
    """Wrap each of PIECES with a thread-CPU timer adding its seconds into `spent` and its calls into `calls`."""
    for module, cls, name, _ in PIECES:
        owner = importlib.import_module(module)
        hall_driver.timed(getattr(owner, cls) if cls else owner, name, hall_driver.part_label(module, cls, name),
                          spent, calls)


def _changed(texts: dict[str, bytes], before: dict[str, bytes]) -> bytes:
    return b",".join(b'"%s":%s' % (name.encode(), text) for name, text in texts.items() if before.get(name) != text)


def lean_push(self, table, clients, clocks) -> None:
    """--lean-push: what all see encoded once a change, each socket's seat adding its own parts."""
    import orjson

    game, state = table.game, table.state
    over = game.is_over(state)
    public = {"seq": table.seq, "status": table.status, "to_move": [] if over else sorted(game.to_move(state)),
              "view": game.view(state, None), "sheets": [s.to_json() for s in game.score_sheet(state, None)],
              "outcome": table.outcome_json(state) if over else None}
    texts = {name: orjson.dumps(value) for name, value in public.items()}
    sent = self.__dict__.setdefault("lean_sent", {})  # table id -> the public texts, (table id, seat) -> own ones
    shown = _changed(texts, sent.get(table.id, {}))
    sent[table.id] = texts
    last = table.history[-1] if table.history else None
    lines = b",".join(orjson.dumps({"seq": last.seq, "text": e.text, "seat": e.seat}) for e in last.log) \
        if last else b""
    for client in clients:
        seat = client.seat
        acting = seat is not None and not over and seat in game.to_move(state)
        legal = [{"json": game.move_to_json(m), "text": game.move_text(m),
                  "description": game.describe_move(state, seat, m), "commits": False}
                 for m in game.legal_moves(state, seat)] if acting else []
        own = {"legal": orjson.dumps(legal),
               "prompt": orjson.dumps(game.prompt(state, seat) if seat is not None else "")}
        mine = _changed(own, sent.get((table.id, seat), {}))
        sent[table.id, seat] = own
        body = shown + b"," + mine if shown and mine else shown or mine
        client.sent += 1
        text = (b'{"type":"delta","n":%d,"set":{%s},"log":{"keep":0,"add":[%s]}}' % (client.sent, body, lines)).decode()
        client.states.append(text)
        client.queued += len(text)
        client.wake.set()


def serve_timed(port: int, out: str, lean: bool, bare_pad: int | None) -> None:
    """`meeple serve` on a fresh SQLite folder with the timers (`lean`: and `lean_push`; `bare_pad`: the bare
    hall instead, its messages padded so): SIGUSR1 starts the count afresh, SIGUSR2 writes it (and the
    process's CPU since) to `out`."""
    spent: Counter = Counter()
    calls: Counter = Counter()
    if lean:
        from meeple.server import pushes
        pushes.Pushes.push = lean_push
    install_timers(spent, calls)
    started = [0.0]

    def process_cpu() -> float:
        usage = resource.getrusage(resource.RUSAGE_SELF)
        return usage.ru_utime + usage.ru_stime

    def restart(*_) -> None:
        spent.clear()
        calls.clear()
        started[0] = process_cpu()

    def write(*_) -> None:
        with open(out + ".part", "w") as f:
            json.dump({"cpu_s": process_cpu() - started[0], "spent_s": dict(spent), "calls": dict(calls)}, f)
        os.replace(out + ".part", out)  # (whole, or not there: the driver waits for it)

    signal.signal(signal.SIGUSR1, restart)
    signal.signal(signal.SIGUSR2, write)
    if bare_pad is not None:
        server_load.serve_bare_hall(port, bare_pad)
        return
    from meeple import cli
    sys.argv = ["meeple", "serve", "--port", str(port), "--data", tempfile.mkdtemp(prefix="meeple-bench-")]
    cli.main()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--clients", type=int, default=200)
    parser.add_argument("--seats", type=int, default=4)
    parser.add_argument("--game", default="picnic")
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--think-ms", type=float, default=250.0)
    parser.add_argument("--procs", type=int, default=2, help="client processes")
    parser.add_argument("--lean-push", action="store_true", help="a push the hall does not have, measured (above)")
    parser.add_argument("--bare", type=int, metavar="PAD", help="time server_load's bare hall instead, its messages "
                                                                "padded to PAD bytes (the hall's mean message size)")
    parser.add_argument("--serve", nargs=2, metavar=("PORT", "OUT"), help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.serve:
        serve_timed(int(args.serve[0]), args.serve[1], args.lean_push, args.bare)
        return
    args.url, args.by_table, args.two_requests, args.reviews = None, False, False, 0
    port = server_load.free_port()
    out = os.path.join(tempfile.mkdtemp(prefix="meeple-parts-"), "parts.json")

    def played(procs) -> None:
        procs[0].send_signal(signal.SIGUSR2)
        end = time.time() + 30
        while not os.path.exists(out) and time.time() < end:
            time.sleep(0.05)

    tables = max(1, args.clients // args.seats)
    command = [sys.executable, __file__, "--serve", str(port), out, *(["--lean-push"] if args.lean_push else []),
               *(["--bare", str(args.bare)] if args.bare is not None else [])]
    run = server_load.run_clients(args, tables, [command], [port],
                                  on_play=lambda procs: procs[0].send_signal(signal.SIGUSR1), on_played=played)
    with open(out) as f:
        counted = json.load(f)
    changes = max(1, run["moves"])
    cpu_us = 1e6 * counted["cpu_s"] / changes
    pieces = {}
    for module, cls, name, what in PIECES:
        label = hall_driver.part_label(module, cls, name)
        us = 1e6 * counted["spent_s"].get(label, 0) / changes
        pieces[label] = {"us_per_change": round(us, 1), "calls_per_change": round(counted["calls"].get(label, 0)
                                                                                  / changes, 2),
                         "share": round(us / cpu_us, 3) if cpu_us else None, "what": what}
    rest = cpu_us - sum(p["us_per_change"] for p in pieces.values())
    print(json.dumps({"game": args.game, "lean_push": args.lean_push, "bare_pad": args.bare,
                      "clients": tables * args.seats, "seconds": args.seconds, "changes": run["moves"],
                      "mean_message_bytes": run["mean_message_bytes"], "p50_ms": run["p50_ms"],
                      "load_average": os.getloadavg()[0], "runnable": run["runnable"],
                      "server_cpu_ms_per_change": run.get("server_cpu_ms_per_change"),
                      "counted_cpu_us_per_change": round(cpu_us, 1), "pieces": pieces,
                      "rest_us_per_change": round(rest, 1), "rest_share": round(rest / cpu_us, 3) if cpu_us else None}))

if __name__ == "__main__":
    main()
