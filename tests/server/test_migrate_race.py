"""Processes started at the same moment on an empty PostgreSQL database all come up: the first
statement of the migrations (creating `schema_version`) raced, and the loser exited with
`UniqueViolation` (bench/server_load.py --halls 2 on an empty database lost one process).

Needs PostgreSQL on its standard local port (skipped elsewhere, failing under CI=true)."""

from __future__ import annotations

import threading
import uuid

import pytest

from meeple.store import Store
from meeple.store.migrations import MIGRATIONS

from .conftest import PG_ADMIN_URL, services_or_skip


@pytest.mark.parametrize("attempt", range(6))
def test_stores_migrating_an_empty_database_at_once_all_start(attempt):
    services_or_skip()
    import psycopg

    name = f"meeple_race_{uuid.uuid4().hex[:10]}"
    with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
        admin.execute(f"CREATE DATABASE {name}")
    url = f"{PG_ADMIN_URL.rsplit('/', 1)[0]}/{name}"
    try:
        barrier = threading.Barrier(4)
        outcomes: list = []

        def start() -> None:
            barrier.wait()
            try:
                store = Store(url)
                outcomes.append(store.version())
                store.close()
            except Exception as exc:  # (the assertion below names it)
                outcomes.append(exc)

        threads = [threading.Thread(target=start) for _ in range(4)]
        for t in threads:
            t.start()
        for t in threads:
            t.join()
        assert outcomes == [MIGRATIONS[-1][0]] * 4, outcomes
    finally:
        with psycopg.connect(PG_ADMIN_URL, autocommit=True) as admin:
            admin.execute(f"DROP DATABASE IF EXISTS {name} WITH (FORCE)")
