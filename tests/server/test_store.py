"""The store: versioned migrations, an append-only log that refuses a taken sequence number, and
tables rebuilt from it after a restart."""

from __future__ import annotations

import pytest

from meeple.store import SCHEMA_VERSION, Conflict, Store

from .conftest import NO_LIMITS, LiveServer, Player

TABLE = {"id": "t1", "game": "picnic", "players": 2, "options": {}, "seed": 42, "clock": {"mode": "none"},
         "clock_state": {"started": {}}, "public": True, "status": "running", "creator": None, "created": 1.0,
         "version": 0}
SEATS = [{"seat": s, "type": "human", "level": None, "user_id": None, "name": None, "token_hash": f"h{s}",
          "bot_playing": False, "reason": None} for s in range(2)]


def check_store(store: Store) -> None:
    assert store.version() == SCHEMA_VERSION
    assert store.migrate() == SCHEMA_VERSION  # running the migrations again changes nothing
    store.create_table(TABLE, SEATS)
    store.append_moves("t1", 1, [(0, {"take": 2}, 2.0)], {"status": "running"})
    with pytest.raises(Conflict):
        store.append_moves("t1", 1, [(0, {"take": 3}, 3.0)], {"status": "finished"})
    with pytest.raises(Conflict):
        store.append_moves("t1", 3, [(0, {"take": 3}, 3.0)], {})
    row = store.load_table("t1")
    assert [m["move"] for m in row["moves"]] == [{"take": 2}] and row["status"] == "running"
    assert row["version"] == 1 and row["seats"][1]["token_hash"] == "h1" and row["public"] is True
    store.set_pending("t1", 0, 1, [{"place": "rim", "flip": False}])
    assert store.load_table("t1")["pending"] == {0: (1, [{"place": "rim", "flip": False}])}
    assert store.load_table("nope") is None


def test_sqlite_store(tmp_path):
    store = Store(str(tmp_path / "meeple.db"))
    assert store.db.execute("PRAGMA journal_mode")[0][0] == "wal"
    check_store(store)
    store.close()
    again = Store(str(tmp_path / "meeple.db"))
    assert again.load_table("t1")["moves"][0]["seq"] == 1
    again.close()


def test_postgres_store(pg_url):
    store = Store(pg_url)
    check_store(store)
    store.close()


def test_a_restart_rebuilds_every_live_table(tmp_path):
    db = str(tmp_path / "meeple.db")
    first = LiveServer(db, **NO_LIMITS)
    ann = Player(first.url, "Ann")
    table = ann.create([{"type": "human"}, {"type": "bot", "level": "greedy"}], join_seat=0)["table"]
    for _ in range(3):
        ann.play_turn(table)
    state = ann.wait_turn(table)
    # Leave a pending move: it is stored too.
    state = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": state["legal"][0]["json"]}).json()
    state = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": state["legal"][0]["json"]}).json()
    assert state["pending"]
    first.stop()
    second = LiveServer(db, **NO_LIMITS)
    try:
        ann.url = second.url
        ann.http = type(ann.http)(base_url=second.url, timeout=20)
        after = ann.state(table)
        for key in ("seq", "log", "view", "pending", "sheets", "can_confirm"):
            assert after[key] == state[key], key
        assert ann.post(f"/api/tables/{table}/confirm", {"seq": after["seq"]}).status_code == 200
        ann.wait(table, lambda s: s["seq"] >= after["seq"] + 3)  # the greedy bot plays on after the restart
    finally:
        ann.close()
        second.stop()


def test_finished_tables_leave_memory_and_come_back_from_the_store(server, player_factory):
    ann = player_factory("Ann")
    hall = server.hall
    done = []
    for _ in range(3):
        table = ann.create([{"type": "bot", "level": "random"}, {"type": "bot", "level": "random"}])["table"]
        done.append(table)
    for table in done:
        ann.wait(table, lambda s: s["status"] == "finished")
    finished = {t: ann.state(t)["log"] for t in done}
    keep, hall.live.max_cached = hall.live.max_cached, 0
    try:
        hall.live._forget_finished()
        assert not set(done) & set(hall.tables)
        for table, log in finished.items():
            assert ann.state(table)["log"] == log  # read back from the store
    finally:
        hall.live.max_cached = keep
