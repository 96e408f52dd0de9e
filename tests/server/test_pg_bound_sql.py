"""A write of play on the event loop writes its parameters into its statements itself (store/db.py's
`bound_sql`, psycopg's `ClientCursor.mogrify` cost a third of the write's CPU): PostgreSQL must read
back every value as psycopg's binding gives it. Needs PostgreSQL on its standard local port (skipped
elsewhere, failing under CI=true)."""

from __future__ import annotations

import math
from decimal import Decimal

import psycopg
import pytest

from meeple.store.db import batch_sql, bound_sql

from .conftest import PG_ADMIN_URL, services_or_skip

VALUES = [0, 1, -5, 10**20, -10**20, 1.5, -2.25, 1796573406.270425, 0.1, 1e-7, 1e22, float("nan"), float("inf"),
          float("-inf"), "", "a'b\\c", "O''Reilly", "é😀", '{"x":"y\\"z"}', "--", "?", "%s", "$1",
          "'; DROP TABLE x; --", None, True, False]


def same(a, b) -> bool:
    return a == b or (isinstance(a, float) and isinstance(b, float) and math.isnan(a) and math.isnan(b))


def test_values_bound_read_back_as_psycopg_binds_them():
    services_or_skip()
    statements = [("SELECT " + ", ".join(["?"] * len(VALUES)), tuple(VALUES)), ("SELECT ?, ?", ("?", -1))]
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as conn:
        assert conn.pgconn.parameter_status(b"standard_conforming_strings") == b"on"
        sql, params = batch_sql(statements, begin=False)
        theirs = psycopg.ClientCursor(conn).mogrify(sql, params)
        mine = bound_sql(statements, begin=False)
        read = [conn.pgconn.exec_(query.encode()) for query in (mine, theirs)]
        rows = [[r.get_value(0, c) for c in range(r.nfields)] for r in read]
        assert rows[0] == rows[1]
        typed = conn.execute(bound_sql(statements[:1], begin=False)).fetchone()
        expected = [int(v) if isinstance(v, bool) else v for v in VALUES]
        typed = [float(v) if isinstance(v, Decimal) else v for v in typed]  # (numeric literals, as psycopg's)
        assert all(same(a, b) for a, b in zip(typed, expected)), typed


def test_what_cannot_be_written_as_a_literal_is_left_to_psycopg():
    for value in ("a\x00b", b"bytes", [1]):
        with pytest.raises(ValueError):
            bound_sql([("SELECT ?", (value,))])
    with pytest.raises(ValueError):
        bound_sql([("SELECT ?, ?", (1,))])  # (placeholders and parameters differ)
