"""The cached state texts of all live tables together stay under a bound in bytes (issue 21, latency
and memory): past it the least recently used tables' caches are dropped, and they serve the same after."""

from __future__ import annotations

from meeple.server.bodycache import BodyCaches
from meeple.server.table import Table

from .conftest import NO_LIMITS, LiveServer
from .test_memory import finished_rows

HUMAN = {"type": "human"}


def counted(table: Table) -> int:
    """What a table's cached texts hold, summed from scratch (Table.cache_bytes keeps it as it goes)."""
    return sum(body.size for _, body in table._views.values()) + sum(log.size for log in table._logs.values())


def built(table: Table) -> list[str]:
    return [table.body(viewer).text("null") for viewer in [None, *range(table.players)]]


def test_the_least_recently_used_tables_lose_their_caches_past_the_bound():
    tables = [Table.from_rows({**finished_rows("picnic", seed), "id": f"T{seed:021d}"}) for seed in range(6)]
    first = built(tables[0])
    one = tables[0].cache_bytes
    assert one == counted(tables[0]) > 0
    caches = BodyCaches(max_bytes=int(2.5 * one))  # room for two tables' caches, not three
    for table in tables:
        built(table)
        assert table.cache_bytes == counted(table)
        caches.used(table)
        assert caches.bytes <= caches.max_bytes
        assert caches.bytes == sum(t.cache_bytes for t in tables)  # the dropped ones count nothing
    assert [t.cache_bytes > 0 for t in tables] == [False] * 4 + [True] * 2
    assert list(caches.tables) == [tables[4].id, tables[5].id]
    caches.used(tables[4])  # used again: now the newest, so the next table over the bound drops table 5
    assert built(tables[0]) == first  # a dropped cache is rebuilt, the same
    caches.used(tables[0])
    assert [t.cache_bytes > 0 for t in tables] == [True, False, False, False, True, False]


def test_the_hall_keeps_its_bound(tmp_path):
    live = LiveServer(str(tmp_path / "meeple.db"), body_cache_bytes=8_000, **NO_LIMITS)
    try:
        from .conftest import Player

        ann = Player(live.url, "Ann")
        hall = live.hall
        tables = [ann.create([HUMAN, HUMAN], join_seat=0)["table"] for _ in range(8)]
        ann.token = None  # (Ann's session holds her seat at each table)
        states = {t: ann.state(t) for t in tables}
        assert 0 < hall.live.body_caches.bytes <= 8_000
        assert sum(hall.tables[t].cache_bytes for t in tables) == hall.live.body_caches.bytes
        assert hall.tables[tables[0]].cache_bytes == 0 < hall.tables[tables[-1]].cache_bytes
        assert {t: ann.state(t) for t in tables} == states  # rebuilt the same
        ann.close()
    finally:
        live.stop()
