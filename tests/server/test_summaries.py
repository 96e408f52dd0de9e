"""Lists and replays do not replay whole games per request (issue 21): "my tables" reads finished
tables from their stored summaries (migration 4; one that has none is replayed once, off the event
loop), and `replay/{k}` plays on from a kept position instead of from the opening."""

from __future__ import annotations

import threading

import pytest

from meeple.server.table import Table

from .conftest import NO_LIMITS, LiveServer, Player

HUMAN = {"type": "human"}
RANDOM = {"type": "bot", "level": "random"}


@pytest.fixture
def live(tmp_path):
    server = LiveServer(str(tmp_path / "meeple.db"), **NO_LIMITS)
    yield server
    server.stop()


def test_my_tables_do_not_replay_finished_games(live, monkeypatch):
    ann = Player(live.url, "Ann")
    finished = []
    for _ in range(4):
        table = ann.create([HUMAN], game="twenty", join_seat=0)["table"]
        while ann.play_turn(table)["status"] != "finished":
            pass
        finished.append(table)
    open_table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    for table in finished:
        del live.hall.tables[table]  # as after a restart: finished tables are not in memory
    replays: list[int | None] = []
    real = Table.from_rows.__func__  # type: ignore[attr-defined]

    def counting(cls, row):
        replays.append(threading.get_ident())
        return real(cls, row)

    monkeypatch.setattr(Table, "from_rows", classmethod(counting))
    first = ann.get("/api/tables/mine").json()
    assert len(replays) == 4 and live.thread.ident not in replays  # once each, never in the event loop
    replays.clear()
    for _ in range(3):
        again = ann.get("/api/tables/mine").json()
        assert again == first
    assert replays == []
    by_id = {t["table"]: t for t in first}
    assert set(by_id) == {*finished, open_table}
    assert all(by_id[t]["status"] == "finished" and by_id[t]["my_seat"] == 0 and not by_id[t]["my_turn"]
               for t in finished)
    ann.close()


def test_a_replay_step_plays_on_from_a_kept_position(live, monkeypatch):
    ann = Player(live.url, "Ann")
    table = ann.create([RANDOM, RANDOM])["table"]
    state = ann.wait(table, lambda s: s["status"] == "finished", timeout=60)
    n = state["seq"]
    assert n > 40
    game = live.hall.tables[table].game
    played = []
    real = game.play

    def counting(position, seat, move):
        played.append(1)
        return real(position, seat, move)

    monkeypatch.setattr(game, "play", counting)
    body = ann.get(f"/api/tables/{table}/replay/{n}").json()
    assert len(played) <= n
    for k in (n, n - 1, n // 2, n // 2 + 1, 3):
        played.clear()
        again = ann.get(f"/api/tables/{table}/replay/{k}").json()
        assert len(played) < 16, (k, len(played))
        if k == n:
            assert again == body
    ann.close()
