"""Ratings, results, player pages and rematches.

Every expected rating is computed here with the openskill library itself, from the ranks of the
game, and compared with the numbers the store holds: the hall's code path (Table.results,
Store._record_results, store/ratings.py) is not used to make the expectation.
"""

from __future__ import annotations

import sqlite3

import pytest
from openskill.models import PlackettLuce

from meeple.store import SCHEMA_VERSION, Store
from meeple.store import db as store_db
from meeple.store.migrations import MIGRATIONS

HUMAN = {"type": "human"}
RANDOM = {"type": "bot", "level": "random"}
MODEL = PlackettLuce()


def table_row(table_id: str, players: int, rated: bool = True) -> tuple[dict, list[dict]]:
    row = {"id": table_id, "game": "picnic", "players": players, "options": {}, "seed": 1,
           "clock": {"mode": "none"}, "clock_state": {"started": {}}, "public": True, "status": "running",
           "creator": None, "created": 1.0, "version": 0, "rated": rated, "rematch": None}
    seats = [{"seat": s, "type": "human", "level": None, "user_id": f"u{s}", "name": f"P{s}", "token_hash": f"h{s}",
              "bot_playing": False, "reason": None} for s in range(players)]
    return row, seats


def finish(store: Store, table_id: str, players: list[str], ranks: list[int], rated: bool = True,
           created: float = 2.0) -> None:
    row, seats = table_row(table_id, len(players), rated)
    store.create_table(row, seats)
    results = {"game": "picnic", "rated": rated, "created": created,
               "seats": [{"seat": s, "player": p, "name": p.upper(), "rank": r, "score": 10 - r}
                         for s, (p, r) in enumerate(zip(players, ranks))]}
    store.append_moves(table_id, 1, [(0, {"take": 1}, created)], {"status": "finished"}, results=results)


def stored(store: Store) -> dict[str, tuple[float, float, int]]:
    return {r["player"]: (r["mu"], r["sigma"], r["games"]) for r in store.leaderboard("picnic")}


def expected(teams: list[tuple[float, float]], ranks: list[int]) -> list[tuple[float, float]]:
    out = MODEL.rate([[MODEL.rating(mu=mu, sigma=sigma)] for mu, sigma in teams], ranks=ranks)
    return [(t[0].mu, t[0].sigma) for t in out]


def check_ratings(store: Store) -> None:
    fresh = (MODEL.mu, MODEL.sigma)
    # Two players: ann beats bob.
    finish(store, "t2", ["ann", "bob"], [1, 2])
    (ann, bob) = expected([fresh, fresh], [1, 2])
    got = stored(store)
    assert got["ann"] == pytest.approx((*ann, 1)) and got["bob"] == pytest.approx((*bob, 1))
    assert ann[0] > MODEL.mu > bob[0]
    # Four players with a shared second place; ann and bob come with the ratings of the first game.
    finish(store, "t4", ["cat", "bob", "ann", "dan"], [1, 2, 2, 4], created=3.0)
    cat, bob4, ann4, dan = expected([fresh, bob, ann, fresh], [1, 2, 2, 4])
    got = stored(store)
    for name, want in (("cat", cat), ("bob", bob4), ("ann", ann4), ("dan", dan)):
        assert got[name][:2] == pytest.approx(want), name
    assert got["ann"][2] == 2 and got["cat"][2] == 1
    # A tie for first in a two-player game: both move towards each other.
    finish(store, "tie", ["ann", "cat"], [1, 1], created=4.0)
    ann_t, cat_t = expected([ann4, cat], [1, 1])
    got = stored(store)
    assert got["ann"][:2] == pytest.approx(ann_t) and got["cat"][:2] == pytest.approx(cat_t)
    # A friendly table stores results, and changes no rating.
    finish(store, "friendly", ["ann", "bob"], [2, 1], rated=False, created=5.0)
    assert stored(store) == got
    # The history: each rated result carries the rating after it; the friendly one none.
    history = store.player_results("ann")
    assert [r["table_id"] for r in history] == ["friendly", "tie", "t4", "t2"]
    assert history[0]["mu"] is None and history[1]["mu"] == pytest.approx(ann_t[0])
    assert history[3]["mu"] == pytest.approx(ann[0]) and history[2]["rank"] == 2


def test_ratings_in_sqlite(tmp_path):
    store = Store(str(tmp_path / "meeple.db"))
    check_ratings(store)
    store.close()


def test_ratings_in_postgresql(pg_url):
    store = Store(pg_url)
    check_ratings(store)
    store.close()


def check_migration(url: str, raw_execute, monkeypatch) -> None:
    """A database made by the first version, holding a table, is brought to the latest one."""
    monkeypatch.setattr(store_db, "MIGRATIONS", MIGRATIONS[:1])
    old = Store(url)
    assert old.version() == 1
    old.close()
    raw_execute("INSERT INTO hall_tables VALUES ('old', 'picnic', 2, '{}', 5, '{\"mode\":\"none\"}', "
                "'{\"started\":{}}', 1, 'finished', NULL, 1.0, 3)")
    for s in range(2):
        raw_execute(f"INSERT INTO seats VALUES ('old', {s}, 'human', NULL, 'u{s}', 'P{s}', 'h{s}', 0, NULL)")
    monkeypatch.setattr(store_db, "MIGRATIONS", MIGRATIONS)
    store = Store(url)
    assert store.version() == SCHEMA_VERSION >= 2  # (later migrations run on it too)
    row = store.load_table("old")
    assert row["rated"] is False and row["rematch"] is None and row["version"] == 3  # stays friendly
    assert [s["reserved"] for s in row["seats"]] == [None, None] and row["seats"][1]["user_id"] == "u1"
    check_ratings(store)  # the new tables work on the migrated database
    store.close()


def test_the_migration_on_an_existing_sqlite_database(tmp_path, monkeypatch):
    path = str(tmp_path / "old.db")

    def raw(sql: str) -> None:
        with sqlite3.connect(path) as conn:
            conn.execute(sql)

    check_migration(path, raw, monkeypatch)


def test_the_migration_on_postgresql(pg_url, monkeypatch):
    import psycopg

    def raw(sql: str) -> None:
        with psycopg.connect(pg_url, autocommit=True) as conn:
            conn.execute(sql)

    check_migration(pg_url, raw, monkeypatch)


# ----- through the hall ---------------------------------------------------------------------


def rating_of(server, game: str, player: str) -> tuple[float, float]:
    for r in server.hall.store.leaderboard(game, 1000):
        if r["player"] == player:
            return r["mu"], r["sigma"]
    return MODEL.mu, MODEL.sigma


def test_a_rated_table_rates_its_leavers_last(player_factory, server):
    ann, bob = player_factory("Ann"), player_factory("Bob")
    created = ann.create([HUMAN, HUMAN, RANDOM], game="twenty", join_seat=0)
    table = created["table"]
    bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
    state = ann.state(table)
    assert state["status"] == "running" and state["rated"] is True  # rated by default
    ids = [s["player"] for s in state["seats"]]
    assert ids[2] == "bot:random" and ids[0] and ids[1]
    before = rating_of(server, "twenty", "bot:random")
    for who in (ann, bob):  # both leave: greedy stand-ins finish the game for them
        assert who.post(f"/api/tables/{table}/leave").status_code == 200
    done = ann.wait(table, lambda s: s["status"] == "finished")
    ranks = done["outcome"]["ranks"]
    assert ranks == [2, 2, 1]  # whatever their stand-ins scored: leaving never saves a rating
    want = expected([(MODEL.mu, MODEL.sigma), (MODEL.mu, MODEL.sigma), before], ranks)
    for seat, player in enumerate(ids):
        assert rating_of(server, "twenty", player) == pytest.approx(want[seat]), seat
    assert rating_of(server, "twenty", "bot:greedy") == (MODEL.mu, MODEL.sigma)  # the stand-in is not rated
    board = ann.get("/api/games/twenty/leaderboard").json()
    mine = next(p for p in board["players"] if p["player"] == ids[0])
    assert mine["rating"] == round(want[0][0] - 3 * want[0][1], 2) and mine["games"] == 1 and mine["name"] == "Ann"
    page = ann.get(f"/api/players/{ids[0]}").json()
    assert page["name"] == "Ann" and page["ratings"][0]["game"] == "twenty"
    assert page["ratings"][0]["history"] == [{"table": table, "created": pytest.approx(page["recent"][0]["created"]),
                                              "rating": mine["rating"]}]
    assert page["recent"][0] == {**page["recent"][0], "table": table, "rank": ranks[0], "rated": True,
                                 "replay": f"/t/{table}"}
    assert page["played"] == [{"game": "twenty", "game_name": page["played"][0]["game_name"], "tables": 1}]
    bot = ann.get("/api/players/bot:random").json()
    assert bot["bot"] is True and bot["ratings"][0]["games"] >= 1
    assert ann.get("/api/players/nobody-here").status_code == 404
    assert ann.get("/api/games/nope/leaderboard").status_code == 404


def test_friendly_and_solo_tables_change_no_rating(player_factory, server):
    ann, watcher = player_factory("Ann"), player_factory("Sam")
    friendly = watcher.create([RANDOM, RANDOM], game="twenty", rated=False)["table"]
    assert ann.post("/api/tables", {"game": "twenty", "seats": [HUMAN], "rated": True}).status_code == 400
    solo = ann.create([HUMAN], game="twenty", join_seat=0)
    assert ann.state(solo["table"])["rated"] is False  # a solo table keeps a personal best instead
    before = server.hall.store.leaderboard("twenty", 1000)
    watcher.wait(friendly, lambda s: s["status"] == "finished")
    state = ann.state(solo["table"])
    while state["status"] != "finished":
        state = ann.play_turn(solo["table"])
    assert server.hall.store.leaderboard("twenty", 1000) == before
    me = state["seats"][0]["player"]
    page = ann.get(f"/api/players/{me}").json()
    assert page["ratings"] == [] and page["bests"][0]["table"] == solo["table"]
    assert page["bests"][0]["score"] == state["outcome"]["scores"][0]


def test_a_rematch_seats_everyone_in_the_next_seat_order(player_factory):
    ann, bob = player_factory("Ann"), player_factory("Bob")
    table = ann.create([HUMAN, HUMAN, RANDOM], game="twenty", join_seat=0)["table"]
    bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
    assert ann.post(f"/api/tables/{table}/rematch").status_code == 409  # not over yet
    for who in (ann, bob):
        who.post(f"/api/tables/{table}/leave")
    ann.wait(table, lambda s: s["status"] == "finished")
    first = ann.post(f"/api/tables/{table}/rematch")
    assert first.status_code == 200, first.text
    again = first.json()
    new = again["table"]
    # Old seats 0 (Ann), 1 (Bob), 2 (bot) sit as 1, 2, 0 moved one place on: Bob opens.
    assert again["seat"] == 2 and [i["seat"] for i in again["invites"]] == [0]
    seats = ann.get(f"/api/tables/{new}").json()["seats"]
    assert [s["name"] for s in seats] == ["Bob", "random bot", "Ann"]
    assert seats[0]["reserved"] is True and seats[0]["taken"] is False and seats[1]["type"] == "bot"
    assert ann.state(table)["rematch"] == new  # the finished table offers it to everyone there
    carl = player_factory("Carl")
    assert carl.post(f"/api/tables/{new}/join", {"seat": 0}).status_code == 409  # kept for Bob
    invited = bob.get("/api/tables/mine").json()
    assert any(t["table"] == new and t["invited_seat"] == 0 for t in invited)
    bob.token = None
    second = bob.post(f"/api/tables/{table}/rematch").json()
    assert second["table"] == new and second["seat"] == 0
    summary = ann.get(f"/api/tables/{new}").json()
    assert summary["status"] == "running" and summary["rated"] is True
    assert ann.post(f"/api/tables/{table}/rematch").json()["table"] == new  # asking again changes nothing
