"""Vent Life at a full table of four: the line under my tile says in one sentence that the others each
hold a hidden tile ("Bag: 56 tiles. Each other player holds a hidden tile."), where it listed every seat
("greedy bot 2: a hidden tile; greedy bot 3: a hidden tile; greedy bot 4: a hidden tile")."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_others_tiles_in_one_sentence(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "vent_life", 4, bot="greedy")
    page.goto(made["seats"][0]["invite"])
    settled(page)
    note = page.locator(".vl-note", has_text="Bag:")
    note.wait_for()
    assert note.inner_text() == "Bag: 56 tiles. Each other player holds a hidden tile."
    page.locator(".vl-hand").scroll_into_view_if_needed()
    shot(page, f"look-vent-life-hands-{size}")
