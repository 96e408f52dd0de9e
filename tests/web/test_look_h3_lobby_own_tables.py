"""The lobby's "Tables in the hall" lists my own tables as mine: a "your table" badge and the way in that
"My tables" gives (Play, Open), never Watch or Join, which are for the tables of others; anyone else
still finds Watch there."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import CREATE_BY_API, create_by_api

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def hall_row(page, table: str):
    """The row of `table` in the hall's list (other tests' tables are listed too)."""
    return page.get_by_role("list", name="Open tables").locator(f"li:has(a[href^='/t/{table}'])")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_my_tables_in_the_hall_read_as_mine(new_page, guest_session, size):
    phone = size == "phone"
    options = {"viewport": PHONE if phone else DESKTOP, "is_mobile": phone, "has_touch": phone}
    page = new_page(**options, storage_state=guest_session)
    page.goto("/")
    running = create_by_api(page, "picnic", 2, bot="greedy", public=True)["table"]
    waiting = page.evaluate(CREATE_BY_API, {"game": "picnic", "players": 2, "join_seat": 0, "public": True,
                                            "seats": [{"type": "human"}, {"type": "human"}],
                                            "clock": {"mode": "none"}})["table"]
    page.goto("/")
    # The two lists are drawn together: once "My tables" says it is my turn, the hall's row is drawn too.
    listed = page.get_by_role("list", name="My tables").locator(f"li:has(a[href='/t/{running}'])")
    listed.get_by_text("your turn").wait_for()
    mine = hall_row(page, running)
    assert mine.get_by_role("link", name="Watch").count() == 0
    assert mine.get_by_text("your table").is_visible() and mine.get_by_text("your turn").is_visible()
    assert [a.inner_text() for a in mine.get_by_role("link").all() if "/t/" in a.get_attribute("href")] == ["Play"]
    assert mine.get_by_role("link", name="Play").get_attribute("href") == f"/t/{running}"
    # My open table waits for a friend: I open it (its invite is there), I do not join a second seat.
    other_seat = hall_row(page, waiting)
    assert other_seat.get_by_text("your table").is_visible()
    assert other_seat.get_by_role("link", name="Open").get_attribute("href") == f"/t/{waiting}"
    assert other_seat.get_by_role("link", name="Watch").count() == 0
    assert other_seat.get_by_role("button", name="Join").count() == 0
    shot(page, f"look-h3-lobby-own-tables-{size}")

    # Someone else (not signed in) finds the same table to watch, not as theirs.
    other = new_page(**options)
    other.goto("/")
    theirs = hall_row(other, running)
    theirs.get_by_role("link", name="Watch").wait_for()
    assert theirs.get_by_text("your table").count() == 0
    assert not page.errors and not other.errors
