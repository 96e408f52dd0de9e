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


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_table_opened_in_another_tab_gives_its_address_to_send(new_page, guest_session, size):
    """The seats' invite links are kept only in the tab that made the table: in another tab the maker is
    given the table's address instead, and a friend who opens it takes the free seat from there (before,
    that tab said "waiting for a friend..." and gave no way to ask one)."""
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    page.locator("form.create select[name=game]").select_option("picnic")
    page.get_by_label("Seat 2").select_option("human")
    page.get_by_role("button", name="Create table").click()
    page.get_by_label("Invite link for seat 2").wait_for()
    assert page.get_by_label("Link to this table").count() == 0  # (the seat's own link is the one to send)
    table_path = page.evaluate("() => location.pathname")

    other_tab = page.context.new_page()
    try:
        other_tab.set_viewport_size(PHONE if phone else DESKTOP)
        other_tab.goto(table_path)
        room = other_tab.get_by_role("region", name="Waiting for players")
        room.get_by_text("waiting for a friend").wait_for()
        address = other_tab.get_by_label("Link to this table")
        assert address.input_value().endswith(table_path)
        box = address.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= (PHONE if phone else DESKTOP)["width"], box
        shot(other_tab, f"look-waiting-room-address-{size}")
    finally:
        other_tab.close()

    friend = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    friend.goto(table_path)
    friend.get_by_label("Your name").fill("Bea")
    friend.get_by_role("button", name="Join as a guest").click()
    # Both seats taken, the game starts (the last player in starts it), for the maker and the friend alike.
    friend.locator(".table-page[data-socket='seat']").wait_for()
    page.locator(".table-page[data-socket='seat']").wait_for()
    assert page.get_by_role("region", name="Waiting for players").count() == 0
