"""A table's yes/no options read as words in its head ("Plus or minus one: yes"): a choice made when
the table was created, not a switch a player tries to click."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import CREATE_BY_API

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_yes_no_options_read_as_words(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = page.evaluate(CREATE_BY_API, {
        "game": "wizard", "players": 3, "options": {"plus_minus_one": True}, "join_seat": 0,
        "seats": [{"type": "human"}, {"type": "bot", "level": "greedy"}, {"type": "bot", "level": "greedy"}],
        "clock": {"mode": "none"}})
    page.goto(made["seats"][0]["invite"])
    head = page.locator(".table-head")
    head.locator("[data-option='foresight']").wait_for()
    assert head.locator("[data-option='plus_minus_one']").inner_text() == "Plus or minus one: yes"
    assert head.locator("[data-option='foresight']").inner_text() == "Foresight (one-card round on the forehead): no"
    assert head.locator("input, button, [role=switch]").count() == 0  # nothing in the head to set
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, f"look-h3-head-options-{size}")
    assert not page.errors
