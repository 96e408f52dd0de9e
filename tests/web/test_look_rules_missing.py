"""A rules page for a game the hall does not have (an old link, a typo) says so once, on the page, and
offers the way back to the hall as every rules page does; no alert repeats it."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_missing_rules_say_so_once_with_the_way_back(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/games/chess/rules")
    rules = page.get_by_role("article", name="Rules")
    rules.get_by_text("There is no game called 'chess'.").wait_for()
    assert page.get_by_text("There is no game called 'chess'.").count() == 1
    assert page.locator(".toast").count() == 0
    shot(page, f"look-rules-missing-{size}")
    rules.get_by_role("link", name="\u2190 The hall").click()
    page.locator("form.create").wait_for()
