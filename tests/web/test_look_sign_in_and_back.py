"""A signed-out visitor watching a table finds "Sign in" in the top bar (the chat asks them to sign
in, and the bar had nothing), and comes back to the table once signed in as a guest, able to chat."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, sign_in_as_guest
from tests.web.test_accessibility import SIZES


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_watcher_signs_in_from_the_top_bar_and_comes_back(new_page, size):
    host = new_page(viewport=SIZES["desktop"])
    sign_in_as_guest(host, "Host")
    made = create_by_api(host, "picnic", 2)

    phone = size == "phone"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    page.goto(f"/t/{made['table']}?watch=1")
    page.get_by_text("Sign in, or play as a guest, to chat.").wait_for()
    link = page.locator("#who").get_by_role("link", name="Sign in")
    shot(page, f"look-sign-in-link-{size}")
    link.click()
    page.get_by_label("Your name").fill("Zed")
    page.get_by_role("button", name="Play as guest").click()
    page.wait_for_url(f"**/t/{made['table']}?watch=1")
    page.get_by_label("Chat message").wait_for()
    assert page.locator("#who .who-name").inner_text() == "Zed (guest)"
    assert page.locator("#who").get_by_role("link", name="Sign in").count() == 0


def test_a_back_path_to_another_site_is_not_followed(new_page):
    page = new_page(viewport=SIZES["desktop"])
    page.goto("/?back=//example.com/")
    page.get_by_label("Your name").fill("Yan")
    page.get_by_role("button", name="Play as guest").click()
    page.locator("form.create").wait_for()  # the lobby, signed in
    assert page.evaluate("[location.hostname, location.pathname]") == ["127.0.0.1", "/"]
