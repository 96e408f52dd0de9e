"""A mistyped or old invite link to a table that has started (or ended) opens the table to watch, saying
why in a player's words; the link's token is not kept, so the table opens again later from its plain
address. (The page once kept the bad token and showed "This table could not be shown" from then on.)
A table that is not there says so on the page itself, with the way back, and no alert covers it."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
REMEMBERED = "(t) => (JSON.parse(localStorage.getItem('meeple.seats') || '{}')[t] || null)"


def sized(new_page, size, **options):
    phone = size == "phone"
    return new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone, **options)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_bad_invite_link_opens_the_table_to_watch(new_page, guest_session, size):
    host = sized(new_page, "desktop", storage_state=guest_session)
    host.goto("/")
    made = create_by_api(host, "picnic", 2)
    table = made["table"]
    friend = sized(new_page, size)  # signed out, as a friend who was sent the link
    friend.goto(f"/t/{table}?seat=0&token=mistyped")
    settled(friend)  # the table is drawn
    note = friend.locator(".toast").filter(has_text="invite link")
    note.wait_for()
    assert "watching" in note.inner_text()
    assert friend.evaluate(REMEMBERED, table) is None  # the bad token is not kept
    friend.evaluate("() => window.scrollTo(0, 0)")
    shot(friend, f"look-h4-bad-invite-{size}")
    # Opened again from its address, the table shows at once, with nothing to say.
    friend.goto(f"/t/{table}")
    settled(friend)
    assert friend.locator(".toast-error").count() == 0
    assert not friend.errors


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_table_that_is_not_there_says_so_on_the_page(new_page, guest_session, size):
    page = sized(new_page, size, storage_state=guest_session)
    page.goto("/t/no-such-table?seat=0&token=abc")
    said = page.locator("#app p.empty")
    said.get_by_role("link", name="Back to the lobby").wait_for()
    assert "There is no such table." in said.inner_text()
    assert page.locator(".toast").count() == 0  # nothing lies over the words
    shot(page, f"look-h4-no-table-{size}")
    page.goto("/players/no-such-player")
    page.locator("#app p.empty").get_by_role("link", name="Back to the lobby").wait_for()
    assert "There is no such player." in page.locator("#app p.empty").inner_text()
    assert page.locator(".toast").count() == 0
    assert not page.errors
