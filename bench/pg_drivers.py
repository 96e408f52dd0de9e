"""CPU of one PostgreSQL write of the hall (BEGIN, the count of changes and an insert in one message, then
COMMIT) by four ways of waiting for PostgreSQL, on an event loop kept busy with Python work between
its awaits (as the hall's loop is under load):

- `cursor, store thread`: psycopg's ClientCursor on a thread the loop hands the write to
  (run_in_executor), as the store did before it used libpq itself;
- `PQexec, store thread`: the same hand-off, each message one libpq call (the store now: `_Postgres._exec`);
- `psycopg async`: psycopg's AsyncConnection on the loop (no thread);
- `libpq on the loop`: libpq's non-blocking calls on the loop (send the message, wait for the socket
  with the loop's add_reader, read the answers), no thread and no psycopg layer: what a store off its
  thread could cost at least;
- `hall: store thread`: the hall's own write of a move (`Store.append_moves` of a shared store: the
  count of changes, the insert and the table row's update, its news announced) handed to the store's
  thread, as the hall did before store/pgwrites.py;
- `hall: LoopWrites`: the same write by `LoopWrites.append_moves` on the loop (the hall now).

The busy task's own CPU (measured alone first) is taken off, so each figure is the write's work, the
hand-offs and the loop's wake-ups (`--idle`: no busy task, the loop waits for each write alone).
The ways run in turn, several rounds. Needs PostgreSQL (an admin
URL: a database is made and dropped). Prints one JSON object: microseconds of CPU a write, each round.
    .venv/bin/python bench/pg_drivers.py --admin postgresql://root@127.0.0.1:5432/test
"""

from __future__ import annotations

import argparse
import asyncio
import json
import os
import time
import uuid
from concurrent.futures import ThreadPoolExecutor

import psycopg
import uvloop

from meeple.store import Store
from meeple.store.pgwrites import LoopWrites

SQL = ("BEGIN; UPDATE t SET changes = changes + 1 WHERE id = %s RETURNING changes; "
       "INSERT INTO m (id, seq, move) VALUES (%s, %s, %s)")
OK = (psycopg.pq.ExecStatus.COMMAND_OK, psycopg.pq.ExecStatus.TUPLES_OK)


async def measure(url: str, writes: int, rounds: int, idle: bool) -> dict:
    loop = asyncio.get_running_loop()
    pool = ThreadPoolExecutor(1)
    sync = psycopg.connect(url, autocommit=True)
    cursor = psycopg.ClientCursor(sync)
    lean = psycopg.connect(url, autocommit=True)
    lean.pgconn.nonblocking = 1
    aconn = await psycopg.AsyncConnection.connect(url, autocommit=True)
    acursor = psycopg.AsyncClientCursor(aconn)
    seq = [0]
    store = Store(url)
    store.share()
    store.create_table({"id": "h", "game": "picnic", "players": 2, "options": {}, "seed": 7, "clock": None,
                        "clock_state": {}, "public": True, "status": "running", "creator": "u", "created": 1.0,
                        "version": 0}, [])
    loop_writes = LoopWrites(store)
    hall_seq = [0]

    def hall_args() -> tuple:
        hall_seq[0] += 1
        return "h", hall_seq[0], [(0, {"take": [1]}, 1.0)], {"clock_state": {"0": 1.0 * hall_seq[0]}}

    def params() -> tuple:
        seq[0] += 1
        return ("a", "a", seq[0], '{"take": [1]}')

    def by_cursor() -> None:
        cursor.execute(SQL, params())
        while cursor.nextset():
            pass
        cursor.execute("COMMIT")

    def by_exec() -> None:
        for query in (cursor.mogrify(SQL, params()).encode(), b"COMMIT"):
            if sync.pgconn.exec_(query).status not in OK:
                raise RuntimeError("refused")

    async def lean_message(query: bytes) -> None:
        pg, done = lean.pgconn, loop.create_future()
        pg.send_query(query)
        while pg.flush():
            await asyncio.sleep(0)

        def readable() -> None:
            pg.consume_input()
            while not pg.is_busy():
                result = pg.get_result()
                if result is None:
                    loop.remove_reader(pg.socket)
                    done.set_result(None)
                    return
                if result.status not in OK:
                    loop.remove_reader(pg.socket)
                    done.set_exception(RuntimeError("refused"))
                    return

        loop.add_reader(pg.socket, readable)
        await done

    async def cursor_thread() -> None:
        await loop.run_in_executor(pool, by_cursor)

    async def exec_thread() -> None:
        await loop.run_in_executor(pool, by_exec)

    async def psycopg_async() -> None:
        await acursor.execute(SQL, params())
        while acursor.nextset():
            pass
        await acursor.execute("COMMIT")

    async def on_loop() -> None:
        await lean_message(cursor.mogrify(SQL, params()).encode())
        await lean_message(b"COMMIT")

    async def hall_thread() -> None:
        await loop.run_in_executor(pool, store.append_moves, *hall_args())
        store.take_news("h")

    async def hall_loop() -> None:
        await loop_writes.append_moves(*hall_args())
        store.take_news("h")

    busy = {"stop": False, "steps": 0}

    async def keep_busy() -> None:
        while not busy["stop"] and not idle:
            total = 0
            for i in range(1000):
                total += i
            busy["steps"] += 1
            await asyncio.sleep(0)

    task = asyncio.create_task(keep_busy())
    start = time.process_time()
    await asyncio.sleep(1)
    per_step = (time.process_time() - start) / max(1, busy["steps"])
    ways = {"cursor, store thread": cursor_thread, "PQexec, store thread": exec_thread,
            "psycopg async": psycopg_async, "libpq on the loop": on_loop,
            "hall: store thread": hall_thread, "hall: LoopWrites": hall_loop}
    out: dict[str, list[float]] = {name: [] for name in ways}
    for _ in range(rounds):
        for name, way in ways.items():
            busy["steps"] = 0
            start = time.process_time()
            for _ in range(writes):
                await way()
            cpu = time.process_time() - start - busy["steps"] * per_step
            out[name].append(round(1e6 * cpu / writes))
    busy["stop"] = True
    await task
    await aconn.close()
    loop_writes.close()
    store.close()
    sync.close()
    lean.close()
    pool.shutdown()
    return out


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--admin", default="postgresql://root@127.0.0.1:5432/test")
    parser.add_argument("--writes", type=int, default=300, help="writes per way and round")
    parser.add_argument("--rounds", type=int, default=4)
    parser.add_argument("--idle", action="store_true", help="no busy task beside the writes")
    args = parser.parse_args()
    name = f"meeple_bench_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(args.admin, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    url = f"{args.admin.rsplit('/', 1)[0]}/{name}"
    try:
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("CREATE TABLE t (id TEXT PRIMARY KEY, changes INTEGER NOT NULL)")
            conn.execute("CREATE TABLE m (id TEXT, seq INTEGER, move TEXT, PRIMARY KEY (id, seq))")
            conn.execute("INSERT INTO t VALUES ('a', 0)")
        result = uvloop.run(measure(url, args.writes, args.rounds, args.idle))
    finally:
        with psycopg.connect(args.admin, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
    load = [round(x, 1) for x in os.getloadavg()]
    print(json.dumps({"idle": args.idle, "us_cpu_per_write": result, "load_average": load}))


if __name__ == "__main__":
    main()
