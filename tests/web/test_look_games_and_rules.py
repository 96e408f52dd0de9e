"""What the hall plays, and its rules, before a table: a visitor who has not signed in sees every game
the hall serves (name, player counts, what it is about, a Rules link); a signed-in player choosing a
game in the new-table form has a link to its rules beside its leaderboard."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_visitor_sees_the_games_and_their_rules(new_page, server, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone)
    page.goto("/")
    games = page.get_by_role("region", name="The games")
    games.wait_for()
    status, served = server.api("GET", "/api/games")
    assert status == 200
    rows = games.locator("li")
    assert rows.count() == len(served)
    picnic = games.locator("li[data-game=picnic]")
    assert picnic.inner_text().startswith("Picnic · 2 to 4 players · Rules")
    shot(page, f"look-games-{size}")
    picnic.get_by_role("link", name="Rules").click()
    page.get_by_role("heading", level=1, name="Picnic").wait_for()
    assert page.url.endswith("/games/picnic/rules")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_new_table_form_links_the_chosen_games_rules(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    form = page.locator("form.create")
    form.wait_for()
    form.locator("select[name=game]").select_option("wizard")
    rules = form.get_by_role("link", name="Wizard rules")
    assert rules.get_attribute("href") == "/games/wizard/rules"
    shot(form, f"look-form-rules-{size}")
    rules.click()
    page.get_by_role("heading", level=1, name="Wizard").wait_for()
