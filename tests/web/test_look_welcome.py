"""The welcome card's two forms read as forms: each heading sits on its line of explanation ("Play as a
guest" / "No account needed: ..."), not a blank line above it, wider than any gap between the fields below."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_each_heading_sits_on_its_explanation(new_page, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone)
    page.goto("/")
    for form in ("Play as a guest", "Sign in"):
        box = page.get_by_role("form", name=form)
        box.wait_for()
        heading = box.get_by_role("heading").bounding_box()
        hint = box.locator(".hint").bounding_box()
        label = box.locator("label").first.bounding_box()
        gap = hint["y"] - (heading["y"] + heading["height"])
        assert 0 <= gap <= 12, f"{form}: {gap:.0f} px between the heading and its explanation"
        assert label["y"] - (hint["y"] + hint["height"]) <= 16, form
    shot(page, f"look-welcome-{size}")
