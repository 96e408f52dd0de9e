"""Finished tables nobody uses, kept in memory as their stored rows, compressed (a few KB each).

A finished table's position, move log and cached bodies take 0.1-1 MB; once it
has had no client and no request for PARK_AFTER_S it is parked: only its rows
(the header, seats and moves, as the store holds them) are kept, zlib-compressed.
The next request rebuilds it from them by replaying the moves, without asking
the database. Parked rows are bounded by bytes: past MAX_BYTES the oldest are
dropped (they reload from the store).
"""

from __future__ import annotations

import json
import zlib

from .table import Table

PARK_AFTER_S = 30.0
MAX_BYTES = 64 << 20


class Parking:
    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.rows: dict[str, bytes] = {}  # table id -> its compressed rows, oldest parked first
        self.bytes = 0
        self.used: dict[str, float] = {}  # table id -> when it was last asked for (live tables only)

    def touch(self, table_id: str, now: float) -> None:
        self.used[table_id] = now

    def idle(self, tables: dict[str, Table], busy, now: float) -> list[str]:
        """The finished tables to park now: unused for PARK_AFTER_S and not `busy(table_id)`."""
        for gone in [t for t in self.used if t not in tables]:  # (forgotten by the hall meanwhile)
            del self.used[gone]
        return [table_id for table_id, table in tables.items() if table.status == "finished"
                and now - self.used.get(table_id, 0.0) >= PARK_AFTER_S and not busy(table_id)]

    def park(self, table: Table) -> None:
        blob = zlib.compress(json.dumps(table.rows(), separators=(",", ":")).encode())
        self.forget(table.id)
        self.rows[table.id] = blob
        self.bytes += len(blob)
        self.used.pop(table.id, None)
        while self.bytes > self.max_bytes:
            self.forget(next(iter(self.rows)))

    def unpark(self, table_id: str) -> Table | None:
        blob = self.rows.get(table_id)
        if blob is None:
            return None
        self.forget(table_id)
        return Table.from_rows(json.loads(zlib.decompress(blob)))

    def forget(self, table_id: str) -> None:
        blob = self.rows.pop(table_id, None)
        if blob is not None:
            self.bytes -= len(blob)
