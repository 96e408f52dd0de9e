"""Seeded Picnic tables played through `Hall.move` / `Hall.confirm` directly (no HTTP), with a delta
client on every seat, a spectator and one full-state client: the CPU per stored change of the hall's
own work, and a hash of every answer and socket message (a pure speed-up must keep it the same).

Prints one JSON object. Example (alternate with an older checkout through PYTHONPATH):
    .venv/bin/python bench/hall_driver.py --tables 10 --rounds 3
"""

from __future__ import annotations

import argparse
import asyncio
import hashlib
import itertools
import json
import random
import statistics
import tempfile
import time


class Socket:
    """A WebSocket stand-in: the hall's Client only reads its query."""

    def __init__(self, deltas: bool) -> None:
        self.query_params = {"deltas": "1"} if deltas else {}


async def play(tables: int, seed: int, game: str, seats: int) -> tuple[str, float, int]:
    from meeple.server import auth, seating
    from meeple.server.hall import Hall
    from meeple.server.pushes import Client
    from meeple.store import Store

    ids = itertools.count()
    seeds = random.Random(seed)
    auth.new_id = lambda: f"T{next(ids):011d}"  # (ids are shown in bodies)
    seating.secrets.randbits = seeds.getrandbits
    hall = Hall(Store(tempfile.mkdtemp(prefix="meeple-driver-") + "/meeple.db"))
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
            answer = await hall.move(table_id, tokens[seat], None, table.seen_seq(seat), move)
            digest.update(answer.encode())
            if table.pending.get(seat) and seat not in table.to_move(seat):
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
    parser.add_argument("--profile", help="write a cProfile of one round to this file")
    args = parser.parse_args()
    if args.profile:
        import cProfile

        cProfile.runctx("asyncio.run(play(args.tables, args.seed, args.game, args.seats))", globals(),
                        {"args": args, "asyncio": asyncio, "play": play}, args.profile)
    hashes, per_change = set(), []
    for _ in range(args.rounds):
        digest, cpu, changes = asyncio.run(play(args.tables, args.seed, args.game, args.seats))
        hashes.add(digest)
        per_change.append(1000 * cpu / changes)
    import meeple

    print(json.dumps({"code": meeple.__file__, "hash": sorted(hashes), "changes": changes,
                      "cpu_ms_per_change": [round(x, 3) for x in per_change],
                      "median_ms": round(statistics.median(per_change), 3)}))


if __name__ == "__main__":
    main()
