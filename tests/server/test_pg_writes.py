"""A PostgreSQL write's messages go through libpq itself (`_Postgres._exec`): what the write answers (the
count of changes, the pending turn it replaced, the log's length) is read from its last statement, a
refusal is the database's own error, and a connection the server ended is replaced and the write sent
again, stored once. Needs PostgreSQL on its standard local port (skipped elsewhere)."""

from __future__ import annotations

import psycopg
import pytest

from meeple.store import Store
from meeple.store.db import Conflict

from .test_pg_news import SEATS, table_row


@pytest.fixture
def stores(pg_url):
    """A shared store (a process's, counting changes) and a plain one that reads the truth."""
    made = [Store(pg_url), Store(pg_url)]
    made[0].share()
    made[0].create_table(table_row("t1"), SEATS)
    yield made
    for store in made:
        store.close()


def changes(truth: Store) -> int:
    return truth.db.execute("SELECT changes FROM hall_tables WHERE id = 't1'")[0][0]


def test_a_write_announces_the_count_it_made_and_the_check_reads_what_it_replaced(stores):
    writer, truth = stores
    writer.set_pending("t1", 0, 0, [{"place": 3}])  # (no check: the count alone is read back)
    writer.set_pending("t1", 0, 0, [{"place": 4}], expect=[{"place": 3}])
    with pytest.raises(Conflict):  # (the stored turn is not the one planned on)
        writer.set_pending("t1", 0, 0, [{"place": 5}], expect=[{"place": 3}])
    with pytest.raises(Conflict):  # (the log is not at the turn's base)
        writer.set_pending("t1", 0, 1, [{"place": 5}], expect=[{"place": 4}])
    writer.append_moves("t1", 1, [(0, {"place": 4}, 2.0)], {"clock_state": {"0": 5.0}}, (0,), [{"place": 4}])
    with pytest.raises(Conflict):  # (the number is taken: refused by the database's key)
        writer.append_moves("t1", 1, [(1, {"take": [1]}, 3.0)], {}, ())
    news = writer.take_news("t1")
    assert [item["n"] for item in news] == [1, 2, 3] == list(range(changes(truth) - 2, changes(truth) + 1))
    assert news[1]["pending"] == {"0": [0, [{"place": 4}]]} and news[2]["moves"][0][:3] == [1, 0, {"place": 4}]
    assert truth.changes_since("t1", 0)["pending"] == {}


def test_a_write_on_a_connection_the_server_ended_is_sent_again_and_stored_once(stores, pg_url):
    writer, truth = stores
    writer.append_moves("t1", 1, [(0, {"take": [1]}, 1.0)], {}, ())
    with psycopg.connect(pg_url, autocommit=True) as admin:
        admin.execute("SELECT pg_terminate_backend(%s)", (writer.db.conn.info.backend_pid,))
    writer.append_moves("t1", 2, [(1, {"take": [2]}, 2.0)], {}, ())
    assert [m["seq"] for m in truth.changes_since("t1", 0)["moves"]] == [1, 2]
    assert changes(truth) == 2 and [item["n"] for item in writer.take_news("t1")] == [1, 2]
