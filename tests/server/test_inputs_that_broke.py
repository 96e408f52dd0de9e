"""Inputs that used to answer 500 answer a clear 4xx, and one stored bad table breaks nobody's lobby
(issue 21): numbers are finite and of sane size wherever they enter, strings are valid Unicode,
JSON is not nested without end, replay steps are plain digits."""

from __future__ import annotations

import json

import pytest

from meeple.store import Store

from .conftest import LiveServer, Player

HUMAN = {"type": "human"}
TWO = {"game": "picnic", "seats": [HUMAN, HUMAN]}


def error_of(response, status: int, code: str) -> str:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and len(body["error"].split()) >= 3  # words for a player
    return body["error"]


def raw_post(player: Player, path: str, text: str):
    return player.http.post(path, content=text.encode("utf-8"), headers={"content-type": "application/json",
                                                                         **player.headers()})


@pytest.mark.parametrize("clock", [
    '{"mode": "realtime", "per_move_s": 1e999}',
    '{"mode": "realtime", "bank_s": NaN}',
    '{"mode": "realtime", "bank_s": Infinity}',
    '{"mode": "realtime", "per_move_s": -Infinity}',
    '{"mode": "realtime", "per_move_s": 1' + "0" * 400 + "}",
    '{"mode": "realtime", "per_move_s": 1' + "0" * 400 + ".5}",
    '{"mode": "turn_based", "deadline_h": 1e308}',
    '{"mode": "realtime", "per_move_s": 1e9}',
])
def test_clock_numbers_must_be_finite_and_sane(player_factory, clock):
    ann = player_factory("Ann")
    body = '{"game": "picnic", "seats": [{"type": "human"}, {"type": "human"}], "public": true, "clock": ' + clock + "}"
    r = raw_post(ann, "/api/tables", body)
    assert r.status_code == 400, r.text
    assert r.json()["code"] in ("bad_json", "bad_request")
    assert ann.get("/api/tables").status_code == 200


def test_huge_numbers_anywhere_in_a_body_are_refused(player_factory):
    ann = player_factory("Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    error_of(raw_post(ann, f"/api/tables/{table}/join", '{"seat": 1' + "0" * 400 + "}"), 400, "bad_json")
    error_of(raw_post(ann, f"/api/tables/{table}/moves", '{"seq": 0, "move": {"take": 1e999}}'), 400, "bad_json")
    error_of(raw_post(ann, "/api/tables", '{"game": "picnic", "players": 2' + "0" * 30 + ', "seats": []}'),
             400, "bad_json")


ODD_REQUESTS = {
    "lone surrogate in a name": ("/api/auth/guest", '{"name": "Ann\\ud800"}', 400, "bad_json"),
    "lone surrogate in a username": ("/api/auth/signup", '{"username": "ann\\udfff", "password": "secret123"}',
                                     400, "bad_json"),
    "deeply nested list": ("/api/auth/guest", "[" * 20_000 + "]" * 20_000, 400, "bad_json"),
    "deeply nested object": ("/api/auth/guest", '{"name": ' + '{"a": ' * 5000 + "1" + "}" * 5000 + "}",
                             400, "bad_json"),
    "superscript step": ("replay/²", None, 400, "bad_request"),
    "Arabic-Indic step": ("replay/٣", None, 400, "bad_request"),
    "5,000-digit step": ("replay/" + "9" * 5000, None, 404, "not_found"),
    "surrogate in a table id": ("/api/tables/%ED%A0%80", None, 404, "not_found"),
}


@pytest.mark.parametrize("case", list(ODD_REQUESTS))
def test_odd_requests_answer_4xx(player_factory, case):
    path, body, status, code = ODD_REQUESTS[case]
    ann = player_factory("Ann")
    if path.startswith("replay/"):
        table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
        path = f"/api/tables/{table}/{path}"
    r = ann.get(path) if body is None else raw_post(ann, path, body)
    error_of(r, status, code)
    assert ann.get("/api/me").json()["user"]["name"] == "Ann"


def test_a_deeply_nested_socket_message_gets_an_error_and_the_socket_lives_on(player_factory):
    ann = player_factory("Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    with ann.ws(table, ann.token) as ws:
        assert json.loads(ws.recv(timeout=10))["type"] == "state"
        ws.send("[" * 2000 + "]" * 2000)
        assert json.loads(ws.recv(timeout=10))["code"] == "bad_json"
        ws.send('{"type": "ping"}')
        assert json.loads(ws.recv(timeout=10))["type"] == "pong"


def test_a_stored_bad_table_does_not_break_the_lobby(tmp_path):
    """A table stored by an older version with an infinite clock (or NaN bank) is left out of the
    lobby; everyone else's tables are listed, also after a restart."""
    db = str(tmp_path / "meeple.db")
    store = Store(db)
    for i, clock in enumerate([{"mode": "realtime", "per_move_s": float("inf")},
                               {"mode": "realtime", "bank_s": float("nan")}]):
        row = {"id": f"bad{i}", "game": "picnic", "players": 2, "options": {}, "seed": 7, "clock": clock,
               "clock_state": {"started": {}, "banks": {"0": float("nan"), "1": float("nan")}}, "public": True,
               "status": "open", "creator": None, "created": 1.0 + i, "version": 0}
        seats = [{"seat": s, "type": "human", "level": None, "user_id": None, "name": None, "token_hash": f"h{i}{s}",
                  "bot_playing": False, "reason": None} for s in range(2)]
        store.create_table(row, seats)
    store.close()
    for _ in range(2):  # a fresh start rebuilds the bad tables too
        live = LiveServer(db)
        try:
            ann = Player(live.url, "Ann")
            good = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
            r = ann.get("/api/tables")
            assert r.status_code == 200, r.text
            listed = [t["table"] for t in r.json()]
            assert good in listed and "bad0" not in listed and "bad1" not in listed
            assert ann.get("/api/tables/mine").status_code == 200
            ann.close()
        finally:
            live.stop()
