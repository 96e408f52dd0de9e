"""The lobby names options as players say them and shows yes/no options as switches."""

from __future__ import annotations

from tests.web.helpers import sign_in_as_guest


def test_wizard_options_read_as_players_say_them(new_page):
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    sign_in_as_guest(page, "Ola")
    page.locator("form.create select[name=game]").select_option("wizard")
    form = page.locator("form.create .options")
    text = form.inner_text()
    assert "Plus or minus one" in text and "Game length" in text
    assert "_" not in text and "plus minus one" not in text
    switches = form.get_by_role("switch")
    assert switches.count() == 2  # plus or minus one, foresight: the yes/no options
    assert form.locator("#opt-predictions option").all_inner_texts() == [
        "Said aloud in turn", "Hidden, shown together", "Secret until the round ends"]
    # A switch is flipped by tapping its label, and the table is made with it on.
    page.get_by_role("switch", name="Plus or minus one").click()
    assert page.get_by_role("switch", name="Plus or minus one").is_checked()
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/t/**")
    head = page.locator(".table-head")
    head.locator("[data-option='plus_minus_one']").wait_for()
    assert head.locator("[data-option='plus_minus_one']").inner_text() == "Plus or minus one: yes"
