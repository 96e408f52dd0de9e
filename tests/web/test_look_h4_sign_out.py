"""Signing out in the middle of a game goes to the lobby, and says nothing of watching the table: the
table's socket, ended by the server at the sign-out, put up "You signed out: sign in again to follow
this table. You are watching the table now." over the lobby, where nothing was watched."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled, sign_in_as_guest

FRESH_PAGES = True  # (a route and a listener of its own)
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_signing_out_mid_game_goes_to_the_lobby_quietly(new_page, size):
    phone = size == "phone"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    sign_in_as_guest(page, "Ada")
    made = create_by_api(page, "wizard", 3)  # (it waits for my move: never over)
    with page.expect_websocket() as opened:
        page.goto(f"/t/{made['table']}")
    socket = opened.value
    settled(page)

    def answer_once_the_socket_closed(route):
        """The sign-out's answer held until the table's socket has closed (the server ends it at the sign-out,
        or the page closed it first): the order in which a slow network would bring them."""
        answer = route.fetch()
        if not socket.is_closed():
            socket.wait_for_event("close")
        route.fulfill(response=answer)

    page.route("**/api/auth/signout", answer_once_the_socket_closed)
    page.get_by_role("button", name="Sign out").click()
    page.get_by_role("button", name="Play as guest").wait_for()
    toasts = page.locator(".toast").all_inner_texts()
    assert not [t for t in toasts if "watching" in t], toasts
    shot(page, f"look-h4-sign-out-{size}")
    assert not page.errors
