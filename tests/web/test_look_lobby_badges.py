"""The lobby's table lists: on a phone a badge ("your turn", "running", "rated", the clock) is one pill on one line,
never broken in two ("your" at a line's end, "turn" at the next one's start) beside a long game name; a
listed bot is named as at the table."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# Each badge of the lists: its words and how many boxes the browser draws it in (two where it is broken).
BADGES = """() => [...document.querySelectorAll('.table-list .badge')]
  .map((b) => ({text: b.textContent, boxes: b.getClientRects().length}))"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_badges_stay_whole(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    # The longest name beside "your turn", and the longest clock a badge says.
    create_by_api(page, "draft_and_write_records", 2, bot="greedy",
                  clock={"mode": "realtime", "per_move_s": 20, "bank_s": 300})
    page.goto("/")
    mine = page.get_by_role("list", name="My tables")
    mine.get_by_text("your turn").first.wait_for()
    badges = page.evaluate(BADGES)
    assert any(b["text"] == "your turn" for b in badges)
    assert any(b["text"] == "clock: 20 s a move + 5 min in the bank" for b in badges), badges
    broken = [b["text"] for b in badges if b["boxes"] != 1]
    assert not broken, f"badges broken over two lines: {broken}"
    mine.scroll_into_view_if_needed()
    shot(page, f"look-lobby-badges-{size}")


def test_listed_bots_are_named_as_at_the_table(new_page, guest_session):
    """A listed table names its bots as the table and their player page do ("greedy bot"), not "bot (greedy)"."""
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 3, bot="greedy")
    page.goto("/")
    # (This guest's other tables, from other tests, may be listed too: the row of this one.)
    row = page.get_by_role("list", name="My tables").locator(f"li:has(a[href='/t/{made['table']}'])")
    row.get_by_text("your turn").wait_for()
    assert row.locator(".hint").inner_text() == "Ada, greedy bot, greedy bot"
    assert row.get_by_role("link", name="greedy bot").first.get_attribute("href") == "/players/bot%3Agreedy"
