"""Bad input gets a clear 4xx error and changes nothing."""

from __future__ import annotations

import json

import pytest

from .conftest import LiveServer, Player

HUMAN = {"type": "human"}


@pytest.fixture
def duel(player_factory):
    """Ann (seat 0) and Bob (seat 1) at a running two-player Picnic table."""
    ann, bob = player_factory("Ann"), player_factory("Bob")
    created = ann.create([HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    bob.token = r.json()["token"]
    return table, ann, bob


def unchanged(player: Player, table: str, before: dict) -> None:
    after = player.state(table)
    assert (after["seq"], after["log"], after["view"], after["pending"]) == \
        (before["seq"], before["log"], before["view"], before["pending"])


def error_of(response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and len(body["error"].split()) >= 3  # words for a player
    return body["error"]


def test_malformed_bodies(duel):
    table, ann, _ = duel
    before = ann.state(table)
    url = f"/api/tables/{table}/moves"
    headers = {"X-Seat-Token": ann.token, "content-type": "application/json"}
    error_of(ann.http.post(url, content=b"{not json", headers=headers), 400, "bad_json")
    error_of(ann.http.post(url, content=b"[1, 2]", headers=headers), 400, "bad_json")
    assert "'hack'" in error_of(ann.post(url, {"seq": 0, "move": {"take": 0}, "hack": 1}), 400, "bad_request")
    error_of(ann.post(url, {"seq": "0", "move": {"take": 0}}), 400, "bad_request")
    error_of(ann.post(url, {"move": {"take": 0}}), 400, "bad_request")
    error_of(ann.http.post(url, content=b'{"seq": 0, "move": "' + b"x" * 70_000 + b'"}', headers=headers),
             413, "too_large")
    error_of(ann.post(url, {"seq": 0, "move": {"take": 99}}), 400, "bad_move")
    error_of(ann.post(url, {"seq": 0, "move": "fly"}), 400, "bad_move")
    unchanged(ann, table, before)


def test_illegal_moves_out_of_turn_and_stale_seq(duel):
    table, ann, bob = duel
    before = ann.state(table)
    url = f"/api/tables/{table}/moves"
    assert "Take a tile" in error_of(ann.post(url, {"seq": 0, "move": {"place": "rim", "flip": False}}),
                                     422, "illegal_move")
    assert error_of(bob.post(url, {"seq": 0, "move": {"take": 0}}), 422, "not_your_turn") == "It is not your turn."
    error_of(ann.post(url, {"seq": 5, "move": {"take": 0}}), 409, "stale_seq")
    unchanged(ann, table, before)
    # The same move sent twice is stored once: the second copy carries an old seq.
    assert ann.post(url, {"seq": 0, "move": {"take": 0}}).status_code == 200
    error_of(ann.post(url, {"seq": 0, "move": {"take": 0}}), 409, "stale_seq")
    assert ann.state(table)["seq"] == 1


def test_tokens_forged_stale_and_of_another_seat(duel, player_factory):
    table, ann, bob = duel
    before = ann.state(table)
    url = f"/api/tables/{table}/moves"
    mallory = player_factory("Mallory")
    mallory.token = "forged" + ann.token[6:]
    error_of(mallory.post(url, {"seq": 0, "move": {"take": 0}}), 403, "forbidden")
    error_of(mallory.get(f"/api/tables/{table}/state"), 403, "forbidden")
    # Bob's token acts for Bob only: it cannot move for Ann.
    mallory.token = bob.token
    error_of(mallory.post(url, {"seq": 0, "move": {"take": 0}}), 422, "not_your_turn")
    # A token replaced by a later join (stale) no longer works.
    other = player_factory("Cat").create([HUMAN, HUMAN], join_seat=0)
    first_invite = other["seats"][1]["invite"].split("token=")[1]
    joined = bob.http.post(f"/api/tables/{other['table']}/join", json={"seat": 1},
                           headers={"X-Seat-Token": first_invite})
    assert joined.status_code == 200
    mallory.token = first_invite
    error_of(mallory.get(f"/api/tables/{other['table']}/state"), 403, "forbidden")
    unchanged(ann, table, before)
    # Without a session nobody creates a table or takes a seat.
    anon = player_factory(None)
    error_of(anon.post("/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN]}), 401, "unauthorized")


def test_closed_and_unknown_tables(player_factory):
    ann = player_factory("Ann")
    error_of(ann.get("/api/tables/nope/state"), 404, "not_found")
    error_of(ann.post("/api/tables", {"game": "chess", "seats": [HUMAN]}), 404, "unknown_game")
    error_of(ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN]}), 400, "bad_option")
    error_of(ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN], "options": {"x": 1}}),
             400, "bad_option")
    error_of(ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN, {"type": "bot", "level": "god"}]}),
             400, "bad_request")
    error_of(ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN, {"type": "human", "level": "greedy"}]}),
             400, "bad_request")
    error_of(ann.post("/api/tables", {"game": "picnic", "seats": [HUMAN, HUMAN],
                                      "clock": {"mode": "realtime"}}), 400, "bad_request")
    # A table that has not started takes no moves; a finished one neither.
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    error_of(ann.post(f"/api/tables/{table}/moves", {"seq": 0, "move": {"take": 0}}), 409, "table_closed")
    done = ann.create([HUMAN, {"type": "bot", "level": "random"}], join_seat=0)["table"]
    state = ann.state(done)
    while state["status"] != "finished":
        state = ann.play_turn(done)
    error_of(ann.post(f"/api/tables/{done}/moves", {"seq": state["seq"], "move": {"take": 0}}), 409,
             "table_closed")
    error_of(ann.post(f"/api/tables/{done}/leave"), 409, "table_closed")
    assert ann.state(done)["seq"] == state["seq"]


def test_sign_in_and_moves_are_rate_limited(tmp_path):
    live = LiveServer(str(tmp_path / "meeple.db"), move_rate=(5, 0.5), signin_rate=(3, 0.01))
    try:
        ann = Player(live.url, "Ann")  # guest sign-in: one attempt spent
        codes = [ann.post("/api/auth/signin", {"username": "nobody", "password": "whatever1"}).status_code
                 for _ in range(3)]
        assert codes == [401, 401, 429]
        table = ann.create([HUMAN, {"type": "bot", "level": "random"}], join_seat=0)["table"]
        codes = [ann.post(f"/api/tables/{table}/moves", {"seq": 0, "move": {"take": 99}}).status_code
                 for _ in range(7)]
        assert codes[:5] == [400] * 5 and codes[5:] == [429, 429]
        assert "wait" in ann.post(f"/api/tables/{table}/moves", {"seq": 0, "move": {"take": 0}}).json()["error"]
        ann.close()
    finally:
        live.stop()


def test_another_sites_page_cannot_open_a_table_socket(duel):
    from websockets.sync.client import connect

    table, ann, _ = duel
    url = ann.url.replace("http", "ws") + f"/ws/tables/{table}?token={ann.token}"
    with connect(url, origin="https://evil.example", open_timeout=10) as ws:
        message = json.loads(ws.recv(timeout=10))
    assert message["type"] == "error" and message["code"] == "forbidden"
    host = ann.url.split("//")[1]
    with connect(url, origin=f"http://{host}", open_timeout=10) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
