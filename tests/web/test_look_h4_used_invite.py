"""An invite link whose seat has been taken since (a link sent to two friends, or opened again on another
device after the seat was taken) says so before it asks anything: it said "Seat 2 is kept for you.",
asked for a name, then "That seat token is not valid for this table." The table opens as for anyone
else, with the seats still free to join (signed out: by a name, test_look_h4_join_signed_out)."""

from __future__ import annotations

import json
import urllib.request
from http.cookies import SimpleCookie
from urllib.parse import parse_qs, urlparse

import pytest

from tests.web.conftest import shot
from tests.web.helpers import CREATE_BY_API

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def guest_cookie(server, name: str) -> str:
    request = urllib.request.Request(server.url + "/api/auth/guest", data=json.dumps({"name": name}).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return "meeple_session=" + SimpleCookie(answer.headers["Set-Cookie"])["meeple_session"].value


@pytest.mark.parametrize("size", SIZES)
def test_a_used_invite_says_its_seat_is_taken(new_page, guest_session, server, size):
    host = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    host.goto("/")
    made = host.evaluate(CREATE_BY_API, {"game": "picnic", "players": 3, "join_seat": 0, "clock": {"mode": "none"},
                                         "seats": [{"type": "human"}] * 3})
    table, invite = made["table"], made["seats"][1]["invite"]
    token = parse_qs(urlparse(invite).query)["token"][0]
    status, body = server.api("POST", f"/api/tables/{table}/join", {"seat": 1}, token=token,
                              cookie=guest_cookie(server, "Bea"))
    assert status == 200, body

    phone = size == "phone"
    late = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone)  # signed out, as a second friend
    late.goto(invite)
    late.get_by_role("form", name="Join the table").get_by_role("button", name="Join as a guest").wait_for()
    note = late.locator(".toast").filter(has_text="invite link")
    note.wait_for()
    assert "seat 2 is taken" in note.inner_text()
    assert late.get_by_text("is kept for you").count() == 0
    assert late.locator(".toast").filter(has_text="token").count() == 0
    shot(late, f"look-h4-used-invite-{size}")
    assert not late.errors
