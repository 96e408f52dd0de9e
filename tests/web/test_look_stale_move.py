"""A move sent on a position the table has left (another device of mine, or a bot, moved first) is
refused by the server; the player is told in players' words that nothing was played and that the board
shows the new position, not the server's move numbers ("now at move 3, you sent 2")."""

from __future__ import annotations

import json

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled, wait_my_turn_or_end

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_stale_move_is_explained_in_players_words(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 2)
    page.goto(made["seats"][0]["invite"])
    assert wait_my_turn_or_end(page)
    settled(page)

    def sent_on_an_older_position(route) -> None:
        body = route.request.post_data_json
        route.continue_(post_data=json.dumps({**body, "seq": body["seq"] - 1}))

    page.route("**/api/tables/*/moves", sent_on_an_older_position)
    page.locator(".pile.can-take").first.click()
    alert = page.locator(".toast-error")
    alert.wait_for()
    words = alert.inner_text()
    assert "moved on meanwhile: nothing was played" in words, words
    assert "you sent" not in words, words
    page.unroute("**/api/tables/*/moves")
    shot(page, f"look-stale-move-{size}")
    settled(page)
    page.locator(".pile.can-take").first.click()  # played again from the new position, it goes through
    page.wait_for_selector(".hand button.flip, .prompt:has-text('Selected: take')")
