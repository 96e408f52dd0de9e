"""A one-seat table is a first-class table: it starts at once, plays without bots, ends with a verdict."""

from __future__ import annotations

from meeple import games

HUMAN = {"type": "human"}


def test_a_solo_table_starts_at_once_and_finishes_with_its_verdict(server, player_factory):
    sam = player_factory("Sam")
    created = sam.create([HUMAN], game="twenty", join_seat=0, options={"target": 10})
    table = created["table"]
    state = sam.state(table)
    assert state["status"] == "running" and state["to_move"] == [0]  # nobody to wait for
    assert [m["json"] for m in state["legal"]] == [{"draw": True}, {"stop": True}]
    assert created["seats"][0]["type"] == "human" and not created["seats"][0]["bot_playing"]
    # Draw while under 10 (never over 20 then), then stop: a game always won.
    game = games.get("twenty")
    while state["status"] != "finished":
        live = server.hall.tables[table]
        move = {"draw": True} if live.state.total(0) < 10 else {"stop": True}
        r = sam.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": move})
        assert r.status_code == 200, r.text
        state = r.json()
        # The move that ends the game is stored at once: there is no Confirm to wait for.
        assert not state["can_confirm"] and state["pending"] == []
    outcome = game.outcome(server.hall.tables[table].state)
    assert state["outcome"] == outcome.to_json()
    assert state["outcome"]["ranks"] == [1] and state["outcome"]["winners"] == [0]
    assert "target 10 reached" in state["outcome"]["verdict"]
    summary = sam.get(f"/api/tables/{table}").json()
    assert summary["status"] == "finished" and summary["outcome"]["verdict"] == outcome.verdict
    mine = [t for t in sam.get("/api/tables/mine").json() if t["table"] == table]
    assert mine and mine[0]["status"] == "finished" and not mine[0]["my_turn"]
    replay = sam.get(f"/api/tables/{table}/replay").json()
    assert replay["outcome"]["verdict"] == outcome.verdict and len(replay["moves"]) == state["seq"]


def test_a_solo_table_created_for_someone_else_starts_when_they_sit_down(server, player_factory):
    host, guest = player_factory("Host"), player_factory("Guest")
    created = host.create([HUMAN], game="twenty")
    table = created["table"]
    assert host.state(table)["status"] == "open"
    token = created["seats"][0]["invite"].split("token=")[1]
    r = guest.http.post(f"/api/tables/{table}/join", json={"seat": 0}, headers={"X-Seat-Token": token})
    assert r.status_code == 200, r.text
    guest.token = r.json()["token"]
    state = guest.state(table)
    assert state["status"] == "running" and state["my_seat"] == 0 and state["legal"]


def test_a_lost_solo_game_has_no_winner_and_says_why(server, player_factory):
    sam = player_factory("Sam")
    table = sam.create([HUMAN], game="twenty", join_seat=0, options={"target": 20})["table"]
    r = sam.post(f"/api/tables/{table}/moves", {"seq": 0, "move": {"stop": True}})
    assert r.status_code == 200, r.text
    outcome = r.json()["outcome"]
    assert r.json()["status"] == "finished"
    assert outcome["ranks"] == [2] and outcome["winners"] == [] and "target 20 missed" in outcome["verdict"]
