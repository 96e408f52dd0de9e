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
