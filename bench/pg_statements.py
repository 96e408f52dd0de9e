"""Statements PostgreSQL is sent per stored change when two processes share a table, and round trips.

Two halls in this process, each with its own store connection and the Redis bus (as two `meeple
serve --db ... --redis ...` would be), play seeded 4-seat Picnic tables to the end: seat s acts
through hall s mod 2, and after each action the other hall is waited for until it has read the
change and pushed it to its socket (each hall holds a spectator's socket on every table, without a
connection behind it: a hall reads no change of a table none of its sockets watches). Every
statement each hall's connection sends is counted, BEGIN and COMMIT included, and so are the round
trips they take (a transaction's BEGIN and first statements go in one: Store's `transaction_with`;
the writes of play made on the event loop, `store.pgwrites.LoopWrites`, counted for the hall's
store), and the CPU time of this process while they play (both halls, with their store threads and
buses, and the driver, whose waits poll every 5 ms) is divided by the changes stored. Needs
PostgreSQL (an admin URL: a database is made and dropped) and Redis.

Prints one JSON object. Examples (alternate with an older checkout through PYTHONPATH; `--by-table`
routes each table to one hall, `--sqlite` plays the same on one hall on SQLite, `--profile 40` says
where the loop's CPU went):
    .venv/bin/python bench/pg_statements.py --admin postgresql://root@127.0.0.1:5432/test
    .venv/bin/python bench/pg_statements.py --by-table --tables 12
    .venv/bin/python bench/pg_statements.py --sqlite --tables 12
"""

from __future__ import annotations

import argparse
import asyncio
import collections
import contextlib
import cProfile
import json
import os
import pstats
import random
import sys
import tempfile
import time
import uuid


def count_statements() -> tuple[collections.Counter, collections.Counter]:
    """Count each PostgreSQL connection's statements and round trips (by the store's connection object):
    a statement alone is one of each, a transaction's BEGIN and COMMIT two more of each, and a
    transaction opened with its first statements (`transaction_with`: BEGIN and those in one message)
    its statements and BEGIN and COMMIT in two round trips."""
    from meeple.store import db

    counts: collections.Counter = collections.Counter()
    trips: collections.Counter = collections.Counter()
    run, transaction = db._Postgres._run, db._Postgres.transaction
    transaction_with = getattr(db._Postgres, "transaction_with", None)

    def counted_run(self, sql, params):
        counts[id(self)] += 1
        trips[id(self)] += 1
        return run(self, sql, params)

    @contextlib.contextmanager
    def counted_transaction(self):
        if not self.depth:
            counts[id(self)] += 2  # BEGIN, then COMMIT or ROLLBACK
            trips[id(self)] += 2
        with transaction(self):
            yield

    @contextlib.contextmanager
    def counted_transaction_with(self, statements):
        if not self.depth:
            counts[id(self)] += 2 + len(statements)
            trips[id(self)] += 2
        with transaction_with(self, statements) as rows:  # (nested: its statements count as they run)
            yield rows

    db._Postgres._run = counted_run
    db._Postgres.transaction = counted_transaction
    if transaction_with is not None:  # (an older store, through PYTHONPATH, has none)
        db._Postgres.transaction_with = counted_transaction_with
    try:  # the writes of play on the event loop, on connections of their own (counted for their store)
        from meeple.store import pgwrites
    except ImportError:  # (an older store)
        return counts, trips
    loop_transaction = pgwrites.LoopWrites._transaction

    async def counted_loop_transaction(self, write):
        if getattr(write, "alone", False):  # the statements alone, one message (a write that checks itself)
            counts[id(self.db)] += len(write.statements)
            trips[id(self.db)] += 1
        else:  # BEGIN and the statements in one message, then COMMIT
            counts[id(self.db)] += 2 + len(write.statements)
            trips[id(self.db)] += 2
        return await loop_transaction(self, write)

    pgwrites.LoopWrites._transaction = counted_loop_transaction
    return counts, trips


async def play(url: str, redis: str | None, tables: int, seed: int,
               counters: tuple[collections.Counter, collections.Counter], by_table: bool = False,
               profile: int = 0) -> dict:
    from meeple.server.bus import RedisBus
    from meeple.server.hall import Hall
    from meeple.server.pushes import Client
    from meeple.store import Store

    channel = f"bench-statements-{uuid.uuid4().hex[:8]}"
    if redis is None:  # (--sqlite: one hall alone)
        halls = [Hall(Store(url))]
    else:
        stores = [Store(url) for _ in range(2)]
        halls = [Hall(store, bus=RedisBus(redis, channel, store=store)) for store in stores]
    for hall in halls:
        await hall.bus.start(hall.on_remote_change, hall.end_session)
    played = []
    for _ in range(tables):
        created = await halls[0].create_table({"id": "u1", "name": "Ann"},
                                              {"game": "picnic", "seats": [{"type": "human"}] * 4, "public": False})
        table_id, tokens = created["table"], {}
        for s in range(4):
            invite = created["seats"][s]["invite"].split("token=")[1]
            tokens[s] = (await halls[0].join(table_id, {"id": f"p{s}", "name": f"P{s}"}, invite, s))["token"]
        played.append((table_id, tokens))
    # By table: the k-th table's seats act through hall k mod 2 alone, which alone has a socket on it.
    owners = {table_id: [halls[k % len(halls)]] if by_table else halls for k, (table_id, _) in enumerate(played)}
    for table_id, _ in played:
        for hall in owners[table_id]:
            watcher = Client(None, None, deltas=True)  # (its messages wait unsent: bounded, see pushes.py)
            hall.subscribe(table_id, watcher)
            hall.send_state(await hall.table(table_id), watcher)
    await asyncio.sleep(0.5)  # (the set-up's messages heard)
    counts, trips = counters
    counts.clear()
    trips.clear()
    profiler = cProfile.Profile(time.thread_time) if profile else None  # (CPU time of the loop's thread)
    if profiler:
        profiler.enable()
    cpu = time.process_time()
    rng, stored, live = random.Random(seed), 0, list(played)
    while live:
        for item in list(live):
            table_id, tokens = item
            table = await owners[table_id][0].table(table_id)
            if table.status == "finished":
                live.remove(item)
                continue
            seat = min(table.game.to_move(table.state))
            hall = owners[table_id][seat % len(owners[table_id])]
            table = await hall.table(table_id)
            before = table.seq
            move = rng.choice(table.game.legal_moves(table.pending_state(seat), seat))
            await hall.move(table_id, tokens[seat], None, table.seen_seq(seat), table.game.move_to_json(move))
            if table.pending.get(seat) and seat not in table.to_move(seat):
                await hall.confirm(table_id, tokens[seat], None, table.seen_seq(seat))
            stored += table.seq - before
            if by_table or len(halls) == 1:
                continue
            other = halls[1 - seat % 2]
            for _ in range(400):  # the other hall reads the change
                heard = other.tables[table_id]
                if heard.seq == table.seq and heard.pending == table.pending:
                    break
                await asyncio.sleep(0.005)
            else:
                raise SystemExit(f"the other hall did not hear of table {table_id}'s change")
    await asyncio.sleep(0.3)
    cpu = time.process_time() - cpu
    if profiler:
        profiler.disable()
        for order in ("tottime", "cumulative"):
            pstats.Stats(profiler, stream=sys.stderr).sort_stats(order).print_stats(profile)
    per_hall = [counts[id(hall.store.db)] for hall in halls]
    round_trips = sum(trips[id(hall.store.db)] for hall in halls)
    for hall in halls:
        await hall.bus.close()
        hall.store.close()
    return {"stored_changes": stored, "statements_per_change": round(sum(per_hall) / stored, 2),
            "per_hall": [round(c / stored, 2) for c in per_hall],
            "round_trips_per_change": round(round_trips / stored, 2),
            "cpu_ms_per_change": round(1000 * cpu / stored, 3)}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--admin", default="postgresql://root@127.0.0.1:5432/test",
                        help="a PostgreSQL URL allowed to create and drop databases")
    parser.add_argument("--redis", default="redis://127.0.0.1:6379/0")
    parser.add_argument("--tables", type=int, default=6)
    parser.add_argument("--seed", type=int, default=3)
    parser.add_argument("--by-table", action="store_true",
                        help="every seat of the k-th table acts through hall k mod 2, the only one with a socket on it")
    parser.add_argument("--sqlite", action="store_true",
                        help="the same play by one hall on SQLite (a file in a fresh folder), without Redis")
    parser.add_argument("--profile", type=int, default=0, metavar="N",
                        help="print the N functions of most own time while the tables play (cProfile, to stderr)")
    args = parser.parse_args()
    counters = count_statements()
    if args.sqlite:
        path = os.path.join(tempfile.mkdtemp(prefix="bench-statements-"), "meeple.db")
        result = asyncio.run(play(path, None, args.tables, args.seed, counters, True, args.profile))
        print(json.dumps({"code": __import__("meeple").__file__, "store": "sqlite", **result}))
        return
    import psycopg

    name = f"bench_statements_{uuid.uuid4().hex[:8]}"
    with psycopg.connect(args.admin, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    try:
        result = asyncio.run(play(f"{args.admin.rsplit('/', 1)[0]}/{name}", args.redis, args.tables, args.seed,
                                  counters, args.by_table, args.profile))
    finally:
        with psycopg.connect(args.admin, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    import meeple

    print(json.dumps({"code": meeple.__file__, **result}))


if __name__ == "__main__":
    main()
