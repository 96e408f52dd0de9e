"""A bound on the cached state texts of all live tables together: past it, the least recently used go.

Each `Table` keeps its viewers' bodies as text (and counts their bytes, `Table.cache_bytes`);
one table's are bounded by table.MAX_CACHE_BYTES. This bounds them hall-wide: the hall tells
`BodyCaches` each time a table built or sent bodies (`used`), and when the total is over the
bound the caches of the tables used longest ago are dropped (`Table.drop_caches`). A dropped
cache is only work lost: the next request or push builds the bodies again.
"""

from __future__ import annotations

from collections import OrderedDict

from .table import Table

MAX_BYTES = 128 << 20  # the default (meeple serve --body-cache-mb)


class BodyCaches:
    def __init__(self, max_bytes: int = MAX_BYTES) -> None:
        self.max_bytes = max_bytes
        self.tables: OrderedDict[str, Table] = OrderedDict()  # least recently used first
        self.counted: dict[str, int] = {}                     # table id -> its bytes when last used
        self.bytes = 0

    def used(self, table: Table) -> None:
        """`table` built or sent bodies now: count its cache, then keep the total under the bound."""
        self.bytes += table.cache_bytes - self.counted.get(table.id, 0)
        self.counted[table.id] = table.cache_bytes
        self.tables[table.id] = table  # (a table rebuilt under the same id replaces the old one)
        self.tables.move_to_end(table.id)
        while self.bytes > self.max_bytes and len(self.tables) > 1:
            oldest = next(iter(self.tables))
            self.forget(oldest)

    def forget(self, table_id: str) -> None:
        """Drop a table's cached texts (it is over the bound, parked or forgotten by the hall)."""
        table = self.tables.pop(table_id, None)
        self.bytes -= self.counted.pop(table_id, 0)
        if table is not None:
            table.drop_caches()
