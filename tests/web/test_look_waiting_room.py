"""The waiting room names a bot as the table will ("greedy bot", numbered where two share it), not
"Bot (greedy)", and as the lobby's list does: one name for one seat from the lobby to the result."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_waiting_room_names_bots_as_the_table_does(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    form = page.locator("form.create")
    form.locator("select[name=game]").select_option("ninety_nine")
    page.get_by_label("Seat 2").select_option("human")
    page.get_by_label("Seat 3").select_option("bot:greedy")
    page.get_by_role("button", name="Create table").click()
    room = page.get_by_role("region", name="Waiting for players")
    room.get_by_text("waiting for a friend").wait_for()
    assert room.locator(".seat-list li").nth(2).inner_text() == "greedy bot"
    shot(page, f"look-waiting-room-{size}")


def test_the_start_buttons_stand_apart_from_the_invite_link(new_page, guest_session):
    """On a phone the row of Start now / Leave the table does not touch the invite link's row above it."""
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    page.locator("form.create select[name=game]").select_option("picnic")
    page.get_by_label("Seat 2").select_option("human")
    page.get_by_role("button", name="Create table").click()
    link = page.get_by_label("Invite link for seat 2")
    link.wait_for()
    copy = page.get_by_role("button", name="Copy").bounding_box()
    start = page.get_by_role("button", name="Start now").bounding_box()
    assert start["y"] - (copy["y"] + copy["height"]) >= 8, (copy, start)
