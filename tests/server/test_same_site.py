"""Requests that change state are refused when a page of another site makes them (issue 42):
a body that is not JSON (a `<form enctype="text/plain">`, a `no-cors` fetch), or an `Origin`
/ `Sec-Fetch-Site` that is not the hall's own; each refusal says why and changes nothing."""

from __future__ import annotations

import pytest

from meeple.server.samesite import refusal, same_origin

from .conftest import Player

HUMAN = {"type": "human"}


@pytest.fixture
def seated(server, player_factory):
    ann = player_factory("Ann")
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    return server, ann, table


def chat_lines(player: Player, table: str) -> list:
    r = player.get(f"/api/tables/{table}/chat")
    assert r.status_code == 200, r.text
    return r.json()["messages"]


def refused(response, status: int, code: str) -> None:
    assert response.status_code == status, response.text
    body = response.json()
    assert body["code"] == code and len(body["error"].split()) >= 6, body


def test_a_page_of_another_port_cannot_chat_leave_or_create(seated):
    server, ann, table = seated
    port = server.port
    evil = {"Origin": f"http://127.0.0.1:{port + 1}"}
    cookies_only = dict(ann.http.cookies)  # the victim's session, as a browser would attach it
    assert cookies_only
    # A form with enctype="text/plain" and a no-cors fetch: a simple request, no preflight.
    plain = {**evil, "Content-Type": "text/plain"}
    refused(ann.http.post(f"/api/tables/{table}/chat", content=b'{"text": "hi from evil"}', headers=plain),
            415, "unsupported_media_type")
    form = {**evil, "Content-Type": "application/x-www-form-urlencoded"}
    refused(ann.http.post("/api/tables", content=b"game=picnic", headers=form), 415, "unsupported_media_type")
    # Even as JSON (which a browser sends across origins only after a preflight the hall refuses).
    refused(ann.http.post(f"/api/tables/{table}/chat", json={"text": "hi"}, headers=evil), 403, "forbidden")
    refused(ann.http.post(f"/api/tables/{table}/leave", json={}, headers=evil), 403, "forbidden")
    refused(ann.http.post("/api/tables", json={"game": "picnic", "seats": [HUMAN, HUMAN]}, headers=evil),
            403, "forbidden")
    refused(ann.http.post(f"/api/tables/{table}/chat", json={"text": "hi"}, headers={"Origin": "null"}),
            403, "forbidden")
    # A browser that sends no Origin says where the request came from in Sec-Fetch-Site.
    for site in ("same-site", "cross-site"):
        refused(ann.http.post(f"/api/tables/{table}/leave", json={}, headers={"Sec-Fetch-Site": site}),
                403, "forbidden")
    assert chat_lines(ann, table) == []
    assert ann.get(f"/api/tables/{table}").json()["seats"][0]["name"] == "Ann"  # still seated
    assert len(ann.get("/api/tables/mine").json()) == 1


def test_the_halls_own_pages_and_scripts_still_act(seated):
    server, ann, table = seated
    own = {"Origin": server.url, "Sec-Fetch-Site": "same-origin"}
    r = ann.http.post(f"/api/tables/{table}/chat", json={"text": "from the page"}, headers=own)
    assert r.status_code == 201, r.text
    r = ann.http.post(f"/api/tables/{table}/chat", json={"text": "from a script"})  # no Origin: not a page
    assert r.status_code == 201, r.text
    r = ann.http.post(f"/api/tables/{table}/chat", content=b'{"text": "with charset"}',
                      headers={**own, "Content-Type": "application/json; charset=utf-8"})
    assert r.status_code == 201, r.text
    r = ann.http.post("/api/auth/signout", headers=own)  # an empty body needs no type
    assert r.status_code == 200, r.text
    assert [m["text"] for m in chat_lines(ann, table)] == ["from the page", "from a script", "with charset"]


def test_the_rules_of_the_check():
    assert same_origin("https://hall.example", "https", "hall.example")
    assert not same_origin("http://hall.example", "https", "hall.example")
    assert not same_origin("https://sub.hall.example", "https", "hall.example")
    json_type = {"content-type": "application/json", "host": "h:1"}
    assert refusal("GET", {"origin": "http://evil"}, "http", False) is None
    assert refusal("POST", {**json_type, "origin": "http://h:1"}, "http", True) is None
    assert refusal("POST", {**json_type, "origin": "http://h:2"}, "http", True)[0] == 403
    assert refusal("DELETE", {"host": "h:1", "origin": "http://h:2"}, "http", False)[0] == 403
    assert refusal("POST", {"host": "h:1"}, "http", True)[0] == 415  # a body of no declared type
    assert refusal("POST", {**json_type, "sec-fetch-site": "none"}, "http", True) is None
