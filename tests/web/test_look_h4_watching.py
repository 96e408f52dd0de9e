"""A watcher's status bar says "You are watching." once (it read "Watching. You are watching.")."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_a_watcher_is_told_once(new_page, guest_session, size):
    host = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    host.goto("/")
    table = create_by_api(host, "wizard", 3)["table"]  # (it waits for the host's move: never over)
    phone = size == "phone"
    watcher = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone)  # signed out
    watcher.goto(f"/t/{table}")
    settled(watcher)
    assert watcher.get_by_test_id("prompt").inner_text() == "You are watching."
    shot(watcher, f"look-h4-watching-{size}")
    assert not watcher.errors


def test_a_watcher_has_no_switches_for_a_turn(new_page, guest_session):
    """"Notify me on my turn" and its Sound are for a seated player: a watcher has no turn."""
    host = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    host.goto("/")
    made = create_by_api(host, "wizard", 3)  # (it waits for the host's move: never over)
    host.goto(made["seats"][0]["invite"])
    settled(host)
    assert host.get_by_role("group", name="When it is my turn").count() == 1
    watcher = new_page(viewport=SIZES["phone"], is_mobile=True, has_touch=True)  # signed out
    watcher.goto(f"/t/{made['table']}")
    settled(watcher)
    assert watcher.locator(".log").count() == 1  # the side column is drawn
    assert watcher.get_by_role("group", name="When it is my turn").count() == 0
    assert watcher.get_by_text("Notify me on my turn").count() == 0
