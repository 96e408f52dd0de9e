"""A player who left and takes the seat back is told so, and only so: the page went on to say "This seat
changed hands ... You are watching the table now." beside "Your seat is yours again." (the server closes
the socket opened with the old token, and the page took that close for a seat lost), and forgot the seat.
The seat stays the page's: a move of the other player is drawn as the seated player sees it."""

from __future__ import annotations

import json
import random
import time
import urllib.request
from http.cookies import SimpleCookie

import pytest

from tests.web.api_play import send_random_move
from tests.web.conftest import shot
from tests.web.helpers import CREATE_BY_API, settled

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
REMEMBERED = "(t) => (JSON.parse(localStorage.getItem('meeple.seats') || '{}')[t] || null)"


def guest_cookie(server, name: str) -> str:
    request = urllib.request.Request(server.url + "/api/auth/guest", data=json.dumps({"name": name}).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return "meeple_session=" + SimpleCookie(answer.headers["Set-Cookie"])["meeple_session"].value


def play_on(server, table: str, tokens: list[str]) -> int:
    """Whoever is to move plays (from a second device, each turn confirmed) until one more move is stored:
    the seq after it. (Who moves next depends on how far the stand-in got before the seat was taken back.)"""
    rng = random.Random(7)
    start = None
    end = time.monotonic() + 60
    while time.monotonic() < end:
        for token in tokens:
            status, state = server.api("GET", f"/api/tables/{table}/state", token=token)
            assert status == 200, state
            start = state["seq"] if start is None else start
            if state["seq"] > start:
                return state["seq"]
            send_random_move(server, table, token, state, rng)
    raise AssertionError("no move was stored")


def seat_taken_back(new_page, guest_session, server, size: str, settle: bool = False):
    """A page at `size` whose guest made a two-seat Picnic table (Bea in the other seat), left it (a bot
    stands in) and took the seat back: (the page, the table, Bea's join answer). `settle`: the table page
    drawn before the press (else pressed as soon as the button is there, the socket still opening)."""
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = page.evaluate(CREATE_BY_API, {"game": "picnic", "players": 2, "join_seat": 0, "clock": {"mode": "none"},
                                         "seats": [{"type": "human"}, {"type": "human"}]})
    table = made["table"]
    status, joined = server.api("POST", f"/api/tables/{table}/join", {"seat": 1}, cookie=guest_cookie(server, "Bea"))
    assert status == 200, joined
    page.goto(made["seats"][0]["invite"])
    settled(page)
    page.once("dialog", lambda dialog: dialog.accept())
    page.get_by_role("button", name="Leave", exact=True).click()
    page.wait_for_selector("form.create")

    page.goto(f"/t/{table}")
    if settle:
        settled(page)
    page.get_by_role("button", name="Take my seat back").click()
    page.locator(".toast").filter(has_text="Your seat is yours again.").wait_for()
    page.locator(".stand-in").wait_for(state="detached")
    return page, table, joined


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_taking_the_seat_back_keeps_it_and_says_only_so(new_page, guest_session, server, size):
    page, table, joined = seat_taken_back(new_page, guest_session, server, size)
    # The game goes on: drawn on this page once its socket (the new one) brings it.
    mine = page.evaluate(REMEMBERED, table)
    assert mine is not None  # the seat is remembered, with its new token
    settled(page, play_on(server, table, [mine["token"], joined["token"]]))
    toasts = page.locator(".toast").all_inner_texts()
    assert not [t for t in toasts if "watching" in t or "changed hands" in t], toasts
    assert "atching" not in page.get_by_test_id("prompt").inner_text()
    assert page.get_by_role("button", name="Leave", exact=True).is_visible()
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, f"look-h4-take-back-{size}")
    assert not page.errors
