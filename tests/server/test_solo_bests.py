"""A solo personal best is a game the player finished (issue 35): a game a stand-in bot finished
for them (after a timeout or a leave) is kept in their history, marked, but never their best."""

from __future__ import annotations

import sqlite3

from meeple.store import SCHEMA_VERSION, Store
from meeple.store import db as store_db
from meeple.store.migrations import MIGRATIONS

HUMAN = {"type": "human"}


def test_a_solo_game_a_bot_finished_is_no_personal_best(player_factory):
    ann = player_factory("Ann")
    left = ann.create([HUMAN], game="twenty", join_seat=0)["table"]
    assert ann.state(left)["status"] == "running"
    assert ann.post(f"/api/tables/{left}/leave").status_code == 200  # a stand-in bot finishes it
    done = ann.wait(left, lambda s: s["status"] == "finished")
    assert done["outcome"]["forfeits"][0]["seat"] == 0
    me = done["seats"][0]["player"]
    page = ann.get(f"/api/players/{me}").json()
    assert page["bests"] == []  # before: this game, with the bot's score
    assert page["recent"][0]["table"] == left and page["recent"][0]["forfeit"] is True
    # A game Ann plays to the end herself is her best, whatever the bot scored in the other.
    played = ann.create([HUMAN], game="twenty", join_seat=0)["table"]
    state = ann.state(played)
    while state["status"] != "finished":
        state = ann.play_turn(played)
    page = ann.get(f"/api/players/{me}").json()
    assert [b["table"] for b in page["bests"]] == [played]
    assert page["recent"][0]["forfeit"] is False


def test_results_stored_before_the_mark_are_marked_by_the_migration_sqlite(tmp_path, monkeypatch):
    path = str(tmp_path / "old.db")

    def raw(sql: str, params: tuple) -> None:
        with sqlite3.connect(path) as conn:
            conn.execute(sql, params)

    check_marked(path, raw, "?", monkeypatch)


def test_results_stored_before_the_mark_are_marked_by_the_migration_postgresql(pg_url, monkeypatch):
    import psycopg

    def raw(sql: str, params: tuple) -> None:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(sql, params)

    check_marked(pg_url, raw, "%s", monkeypatch)


def check_marked(path: str, raw, mark: str, monkeypatch) -> None:
    """A database at version 5: the solo table whose stand-in period never closed is marked, the one
    its player came back to is not."""
    monkeypatch.setattr(store_db, "MIGRATIONS", MIGRATIONS[:5])
    old = Store(path)
    assert old.version() == 5
    periods = {"gone": [{"seat": 0, "reason": "left", "from": 2, "until": None}],
               "back": [{"seat": 0, "reason": "timeout", "from": 2, "until": 4}]}
    for n, (table_id, stand_ins) in enumerate(periods.items()):
        old.create_table({"id": table_id, "game": "twenty", "players": 1, "options": {}, "seed": 1,
                          "clock": {"mode": "none"}, "clock_state": {"started": {}}, "public": True,
                          "status": "finished", "creator": None, "created": 1.0, "version": 0, "rated": False,
                          "rematch": None, "stand_ins": stand_ins},
                         [{"seat": 0, "type": "human", "level": None, "user_id": "u0", "name": "Ann",
                           "token_hash": f"h{n}", "bot_playing": table_id == "gone", "reason": None}])
    old.close()
    for n, table_id in enumerate(periods):
        raw(f"INSERT INTO results VALUES ({mark}, 0, 'twenty', 'u0', 'Ann', 1, 2, {mark}, 0, NULL, NULL, {mark})",
            (table_id, 20 - n, 2.0 + n))
    monkeypatch.setattr(store_db, "MIGRATIONS", MIGRATIONS)
    store = Store(path)
    assert store.version() == SCHEMA_VERSION >= 6
    assert {r["table_id"]: r["forfeit"] for r in store.player_results("u0")} == {"gone": True, "back": False}
    store.close()
