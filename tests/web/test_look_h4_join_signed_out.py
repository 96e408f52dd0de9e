"""A signed-out visitor at a table waiting for players (its plain address, or an invite link already
used) joins it there: a name, then the seat. "Join as seat 3" only said "Play as a guest or sign in (in
the lobby) first.", and the lobby did not lead back to the table."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import CREATE_BY_API

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", SIZES)
def test_a_signed_out_visitor_joins_a_waiting_table_by_name(new_page, guest_session, server, size):
    host = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    host.goto("/")
    made = host.evaluate(CREATE_BY_API, {"game": "picnic", "players": 3, "join_seat": 0, "clock": {"mode": "none"},
                                         "seats": [{"type": "human"}] * 3})
    table = made["table"]
    phone = size == "phone"
    visitor = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone)  # signed out
    visitor.goto(f"/t/{table}")
    form = visitor.get_by_role("form", name="Join the table")
    form.get_by_label("Your name").fill("Cy")
    shot(visitor, f"look-h4-join-signed-out-{size}")
    form.get_by_role("button", name="Join as a guest").click()
    # Seated: the waiting room offers Start and Leave to a seated player, and names Cy among the seats.
    visitor.get_by_role("button", name="Leave the table").wait_for()
    assert visitor.locator(".seat-list").get_by_text("Cy").count() == 1
    assert visitor.get_by_role("form", name="Join the table").count() == 0
    assert visitor.locator(".toast-error").count() == 0
    summary = server.api("GET", f"/api/tables/{table}")[1]
    assert [s["name"] for s in summary["seats"] if s["taken"]] == ["Ada", "Cy"]
    assert not visitor.errors
