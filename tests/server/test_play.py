"""Playing at a table over HTTP: tables, seats, pending turns, Confirm/Reset, preview, replays, lobby."""

from __future__ import annotations

import json

from starlette.routing import Route, WebSocketRoute

from meeple import games
from meeple.engine import replay
from meeple.server.openapi import openapi_document
from meeple.server.protocol import StandIn

from .conftest import receive_until

HUMAN = {"type": "human"}
RANDOM = {"type": "bot", "level": "random"}


def test_games_bots_and_openapi(player_factory):
    ann = player_factory()
    listed = ann.get("/api/games").json()
    assert any(g["id"] == "picnic" and g["min_players"] == 2 for g in listed)
    assert ann.get("/api/bots").json()[:2] == ["random", "greedy"]
    doc = ann.get("/openapi.json").json()
    assert doc["openapi"].startswith("3.")
    for path in ("/api/tables", "/api/tables/{table_id}/moves", "/api/tables/{table_id}/replay/{k}",
                 "/api/auth/signin", "/ws/tables/{table_id}"):
        assert path in doc["paths"]
    assert ann.get("/").status_code == 200 and ann.get("/t/abc").status_code == 200


def test_the_openapi_document_describes_every_route(server):
    doc = openapi_document()
    served = set()
    for route in server.app.routes:
        if isinstance(route, (Route, WebSocketRoute)) and route.path.startswith(("/api/", "/ws/")) \
                and "{rest:path}" not in route.path:
            served.add(route.path)
    assert served == set(doc["paths"])
    for path, ops in doc["paths"].items():
        for op in ops.values():
            assert op["summary"] and op["responses"]
            names = {p["name"] for p in op.get("parameters", []) if p["in"] == "path"}
            assert names == {part[1:-1] for part in path.split("/") if part.startswith("{")}


def test_a_whole_game_against_bots_and_its_replay(player_factory, server):
    ann = player_factory("Ann")
    created = ann.create([HUMAN, RANDOM, {"type": "bot", "level": "greedy"}], join_seat=0)
    table = created["table"]
    assert created["seats"][0]["invite"].startswith(f"/t/{table}?seat=0&token=")
    assert ann.state(table)["status"] == "running"  # every seat is taken: the game starts at once
    state = ann.state(table)
    while state["status"] != "finished":
        state = ann.play_turn(table)
        if state["status"] != "finished":
            state = ann.wait_turn(table)
    assert state["outcome"]["ranks"] and len(state["outcome"]["scores"]) == 3
    # The replay is (game, options, seed, moves): replaying it gives the same result.
    rep = ann.get(f"/api/tables/{table}/replay").json()
    assert [m["seq"] for m in rep["moves"]] == list(range(1, state["seq"] + 1))
    game = games.get("picnic")
    seed = server.hall.tables[table].seed
    final = replay(game, 3, rep["options"], seed, [(m["seat"], game.move_from_json(m["move"])) for m in rep["moves"]])
    assert game.outcome(final).to_json() == rep["outcome"] == state["outcome"]
    step = ann.get(f"/api/tables/{table}/replay/2").json()
    assert step["k"] == 2 and len(step["log"]) >= 2 and len(step["views"]) == 3
    assert ann.get(f"/api/tables/{table}/replay/{state['seq'] + 1}").status_code == 404


def test_pending_moves_stay_private_until_confirm_and_reset_undoes_them(player_factory):
    ann, bob = player_factory("Ann"), player_factory("Bob")
    created = ann.create([HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    bob.token = created["seats"][1]["invite"].split("token=")[1]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200, r.text
    bob.token = r.json()["token"]
    with bob.ws(table, bob.token) as bob_ws:
        first = receive_until(bob_ws, lambda m: m["type"] == "state")[-1]
        assert first["status"] == "running" and first["my_seat"] == 1 and first["legal"] == []
        # Taking a tile shows its underside: it is stored at once and everybody sees it.
        take = ann.state(table)["legal"][0]
        state = ann.post(f"/api/tables/{table}/moves", {"seq": 0, "move": take["json"]}).json()
        assert state["seq"] == 1 and state["pending"] == [] and not state["can_reset"]
        seen = receive_until(bob_ws, lambda m: m.get("seq") == 1)[-1]
        assert "takes from pile" in seen["log"][-1]["text"]
        # Placing is pending: Bob does not see it, Ann can reset it.
        place = state["legal"][0]
        state = ann.post(f"/api/tables/{table}/moves", {"seq": 1, "move": place["json"]}).json()
        assert state["seq"] == 1 and state["pending"] == [place["json"]] and state["can_confirm"]
        assert bob.state(table)["view"] == seen["view"]
        preview_before = ann.post(f"/api/tables/{table}/preview", {"move": place["json"]})
        assert preview_before.status_code == 422  # the turn is complete: nothing left to preview
        assert preview_before.json()["error"] == "Your turn is complete: Confirm or Reset it."
        state = ann.post(f"/api/tables/{table}/reset", {}).json()
        assert state["pending"] == [] and state["legal"] and not state["can_confirm"]
        # Preview shows the score change of a placement without playing it.
        sheets = ann.post(f"/api/tables/{table}/preview", {"move": place["json"]}).json()["sheets"]
        assert len(sheets) == 2 and ann.state(table)["seq"] == 1
        ann.post(f"/api/tables/{table}/moves", {"seq": 1, "move": place["json"]})
        state = ann.post(f"/api/tables/{table}/confirm", {"seq": 1}).json()
        assert state["seq"] == 2 and state["to_move"] == [1]
        after = receive_until(bob_ws, lambda m: m.get("seq") == 2)[-1]
        assert after["legal"] and after["to_move"] == [1]
        assert ann.state(table)["sheets"] == after["sheets"]


def test_join_start_leave_reclaim_and_lobby(player_factory):
    ann, bob, cat = player_factory("Ann"), player_factory("Bob"), player_factory("Cat")
    created = ann.create([HUMAN, HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    assert any(t["table"] == table and t["status"] == "open" for t in bob.get("/api/tables").json())
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200
    bob.token = r.json()["token"]
    assert cat.post(f"/api/tables/{table}/join", {"seat": 1}).json()["code"] == "seat_taken"
    # One seat per person (without an invite), and a seat token only claims its own seat.
    assert bob.http.post(f"/api/tables/{table}/join", json={"seat": 2}).json()["code"] == "seat_taken"
    assert bob.post(f"/api/tables/{table}/join", {"seat": 2}).json()["code"] == "forbidden"
    # Start with seat 2 free: a bot takes it.
    summary = ann.post(f"/api/tables/{table}/start").json()
    assert summary["status"] == "running" and summary["seats"][2]["type"] == "bot"
    mine = ann.get("/api/tables/mine").json()
    assert mine[0]["table"] == table and mine[0]["my_turn"] is True
    # Ann leaves mid-game: a bot stands in, the table carries on, and Ann takes her seat back.
    summary = ann.post(f"/api/tables/{table}/leave").json()
    assert summary["seats"][0]["bot_playing"] and summary["seats"][0]["reason"] == StandIn.LEFT
    ann.wait(table, lambda s: s["seq"] >= 2)
    back = ann.post(f"/api/tables/{table}/join", {"seat": 0})
    assert back.status_code == 200, back.text
    ann.token = back.json()["token"]
    state = ann.state(table)
    assert state["seats"][0]["bot_playing"] is False and state["my_seat"] == 0


def test_spectator_sees_the_table_without_acting(player_factory):
    ann, eve = player_factory("Ann"), player_factory(None)
    table = ann.create([HUMAN, RANDOM], join_seat=0)["table"]
    state = eve.state(table)
    assert state["my_seat"] is None and state["legal"] == [] and state["status"] == "running"
    r = eve.post(f"/api/tables/{table}/moves", {"seq": 0, "move": {"take": 0}})
    assert r.status_code == 403 and r.json()["code"] == "forbidden"
    with eve.ws(table) as ws:
        assert receive_until(ws, lambda m: m["type"] == "state")[-1]["my_seat"] is None
        ws.send('{"type": "ping"}')
        assert receive_until(ws, lambda m: m["type"] == "pong")
        ws.send('{"type": "move"}')
        assert receive_until(ws, lambda m: m["type"] == "error")[-1]["code"] == "bad_request"


def test_a_client_that_reconnects_gets_what_it_missed(player_factory):
    ann, bob = player_factory("Ann"), player_factory("Bob")
    created = ann.create([HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
    with bob.ws(table, bob.token) as ws:
        seen = receive_until(ws, lambda m: m["type"] == "state")[-1]
    # Bob is away while Ann plays her turn and he plays his over HTTP from another device.
    ann.play_turn(table)
    bob.play_turn(table)
    state = ann.play_turn(table)
    with bob.ws(table, bob.token) as ws:
        ws.send(json.dumps({"type": "resync", "since": seen["seq"]}))
        got = receive_until(ws, lambda m: m.get("seq") == state["seq"])
    assert got[-1]["log"] == bob.state(table)["log"] and len(got[-1]["log"]) >= state["seq"]
    assert [line["seq"] for line in got[-1]["log"]][-1] == state["seq"]


def test_turn_based_tables_show_the_deadline(player_factory):
    import time

    ann = player_factory("Ann")
    table = ann.create([HUMAN, RANDOM], join_seat=0, clock={"mode": "turn_based", "deadline_h": 24})["table"]
    clocks = ann.state(table)["clocks"]
    mine = clocks["seats"][0]
    assert clocks["mode"] == "turn_based" and mine["running"]
    assert abs(mine["deadline"] - (time.time() + 24 * 3600)) < 60
    assert not clocks["seats"][1]["running"]


def test_a_legal_move_says_when_it_would_store_the_pending_turn(player_factory):
    """Turing Machine: punches wait as pending moves; a question reveals, so once something is
    pending each Ask is marked `commits` (the client keeps it for Confirm), and nothing else is."""
    ann = player_factory("Ann")
    table = ann.create([HUMAN], game="turing_machine", join_seat=0)["table"]
    state = ann.state(table)
    assert state["legal"] and not any(m["commits"] for m in state["legal"])  # nothing pending yet
    for _ in range(3):
        punch = next(m for m in state["legal"] if "punch" in m["json"])
        state = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": punch["json"]}).json()
    assert state["seq"] == 0 and len(state["pending"]) == 3
    asks = [m for m in state["legal"] if "ask" in m["json"]]
    assert asks and all(m["commits"] for m in state["legal"] if "ask" in m["json"])
    assert not any(m["commits"] for m in state["legal"] if "ask" not in m["json"])
    state = ann.post(f"/api/tables/{table}/moves", {"seq": 0, "move": asks[0]["json"]}).json()
    assert state["seq"] == 4 and state["pending"] == []  # the question stored the punches with it
