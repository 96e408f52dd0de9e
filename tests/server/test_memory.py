"""A finished table kept in memory costs at most 50 KB (parked: its rows, compressed), and serves the same."""

from __future__ import annotations

import gc
import random
import time
import tracemalloc

import pytest

from meeple import games
from meeple.server import parking
from meeple.server.parking import Parking
from meeple.server.table import Seat, Table

LIMIT = 50_000
# Long games among the registered ones (Wizard's 4-player game is some 500 moves).
GAMES = ("picnic", "wizard", "vent_life", "ninety_nine", "assyria", "letters_home")


def finished_rows(game_id: str, seed: int) -> dict:
    game = games.get(game_id)
    n = min(4, game.max_players)
    rng = random.Random(seed)
    state = game.setup(n, {}, seed)
    moves = []
    while not game.is_over(state):
        seat = rng.choice(sorted(game.to_move(state)))
        move = rng.choice(game.legal_moves(state, seat))
        moves.append({"seq": len(moves) + 1, "seat": seat, "move": game.move_to_json(move), "created": 1.0 + seat})
        state, _ = game.play(state, seat, move)
    seats = [vars(Seat(i, "human", None, f"user{i}", f"Player {i}", "ab" * 32, False, None)) for i in range(n)]
    return {"id": "T" * 22, "game": game_id, "players": n, "options": {}, "seed": seed, "clock": {"mode": "none"},
            "clock_state": {}, "public": True, "status": "finished", "creator": "user0", "created": 1.0,
            "version": 5, "rated": True, "rematch": None, "seats": seats, "moves": moves, "pending": {}}


def watched(table: Table) -> None:
    """Build what every viewer of the finished table is shown, as its clients would."""
    for viewer in [None, *range(table.players)]:
        table.body(viewer)
    table.replay_body(None)


@pytest.mark.parametrize("game_id", GAMES)
def test_a_parked_finished_table_costs_at_most_50_kb(game_id):
    rows = finished_rows(game_id, seed=3)
    watched(Table.from_rows(rows))  # once first: the game's own caches are filled before measuring
    gc.collect()
    tracemalloc.start()
    try:
        base = tracemalloc.get_traced_memory()[0]
        table = Table.from_rows(rows)
        watched(table)
        live = tracemalloc.get_traced_memory()[0] - base
        hall = Parking()
        hall.park(table)
        del table
        gc.collect()
        kept = tracemalloc.get_traced_memory()[0] - base
    finally:
        tracemalloc.stop()
    print(f"{game_id}: {len(rows['moves'])} moves, {live // 1024} KB in use, {kept // 1024} KB parked")
    assert kept <= LIMIT, f"{game_id}: a parked table costs {kept} bytes"


@pytest.mark.parametrize("game_id", ("wizard", "picnic"))
def test_a_parked_table_comes_back_the_same(game_id):
    rows = finished_rows(game_id, seed=4)
    table = Table.from_rows(rows)
    hall = Parking()
    hall.park(table)
    back = hall.unpark(table.id)
    assert back is not None and hall.rows == {} and hall.bytes == 0
    for viewer in [None, *range(table.players)]:
        assert back.body(viewer) == table.body(viewer)
    assert back.replay_body(0) == table.replay_body(0)
    assert back.summary() == table.summary()


def test_parked_rows_are_bounded_by_bytes():
    hall = Parking(max_bytes=10_000)
    rows = finished_rows("picnic", seed=5)
    for i in range(20):
        hall.park(Table.from_rows({**rows, "id": f"t{i}"}))
        assert hall.bytes <= 10_000
    assert "t19" in hall.rows and "t0" not in hall.rows  # the oldest went first


def test_the_hall_parks_an_idle_finished_table_and_serves_it_the_same(server, player_factory, monkeypatch):
    monkeypatch.setattr(parking, "PARK_AFTER_S", 0.0)
    ann = player_factory("Ann")
    created = ann.create([{"type": "bot", "level": "random"}, {"type": "bot", "level": "random"}])
    table = created["table"]
    end = time.time() + 60
    while ann.get(f"/api/tables/{table}").json()["status"] != "finished":
        assert time.time() < end, "the bots did not finish"
        time.sleep(0.2)
    reads = ("", "/state", "/replay", "/replay/3")
    before = [ann.get(f"/api/tables/{table}{path}").json() for path in reads]
    end = time.time() + 10
    while table not in server.hall.live.parking.rows:
        assert time.time() < end, "the finished table was not parked"
        time.sleep(0.1)
    assert table not in server.hall.tables
    after = [ann.get(f"/api/tables/{table}{path}").json() for path in reads]
    assert after == before
