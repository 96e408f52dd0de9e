"""What a group commit would save the hall on SQLite: the CPU of storing a move alone (the hall's
conditional INSERT, its own transaction) against storing it with 1 to 7 others in one transaction.

The moves go to the hall's own schema (meeple.store's migrations: the foreign key to the table
row, WAL, synchronous=NORMAL as `meeple serve` without --fsync), through the statement the hall
sends, spread over 50 tables as under server_load's 200 clients; the batch sizes are alternated
over --rounds. Prints one JSON object: us of CPU a move, by batch size.

    .venv/bin/python bench/sqlite_batch.py
"""

from __future__ import annotations

import argparse
import json
import statistics
import tempfile
import time

from meeple.store import Store
from meeple.store.db import _insert_moves_sql


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter)
    parser.add_argument("--moves", type=int, default=4000, help="moves stored per batch size and round")
    parser.add_argument("--rounds", type=int, default=3)
    parser.add_argument("--batches", default="1,2,4,8")
    args = parser.parse_args()
    store = Store(tempfile.mkdtemp(prefix="meeple-batch-") + "/meeple.db")
    tables = [f"T{i:011d}" for i in range(50)]
    for table_id in tables:
        store.create_table({"id": table_id, "game": "picnic", "players": 4, "options": {}, "seed": 1,
                            "public": True, "status": "running", "created": time.time(), "version": 1}, [])
    seqs = dict.fromkeys(tables, 0)
    conn = store.db.conn

    def store_move(table_id: str) -> None:
        seqs[table_id] += 1
        sql, params = _insert_moves_sql(table_id, seqs[table_id], [(seqs[table_id] % 4, {"take": 1}, time.time())])
        if conn.execute(sql, params).rowcount != 1:
            raise SystemExit("a move was not stored")

    sizes = [int(b) for b in args.batches.split(",")]
    spent: dict[int, list[float]] = {size: [] for size in sizes}
    for _ in range(args.rounds):
        for size in sizes:
            start = time.process_time()
            for first in range(0, args.moves, size):
                if size > 1:
                    conn.execute("BEGIN IMMEDIATE")
                for i in range(first, first + size):
                    store_move(tables[i % len(tables)])
                if size > 1:
                    conn.execute("COMMIT")
            spent[size].append(1e6 * (time.process_time() - start) / args.moves)
    print(json.dumps({"moves": args.moves, "rounds": args.rounds,
                      "us_per_move": {str(size): round(statistics.median(t), 1) for size, t in spent.items()},
                      "each_round": {str(size): [round(x, 1) for x in t] for size, t in spent.items()}}))


if __name__ == "__main__":
    main()
