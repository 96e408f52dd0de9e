"""Phones at every table size (issue 35): with four players at 360 and 390 px every seat's panel is
on screen without sideways scrolling (the panels were a 534 px strip in a 378 px box, the third cut
off), the selected placement's +N shows in the status bar, which stays in view while you place a
tile, and the result's "Score by row" table fits the phone. (The bots play the game out with no page open,
as in test_accessible_whole_game.py: a page drawing a four-player game's every move is most of the cost, and
what is looked at is the result.)"""

from __future__ import annotations

import re

import pytest

from tests.web.api_play import LEAVE, wait_finished
from tests.web.helpers import confirm, create_by_api, take_and_choose

PHONES = {"360": {"width": 360, "height": 740}, "390": {"width": 390, "height": 844}}
# Each element that sticks out past the window's right edge, or is cut inside its own box.
OFF_SCREEN = """(sel) => [...document.querySelectorAll(sel)].filter((e) =>
  e.getBoundingClientRect().right > document.documentElement.clientWidth + 1 || e.scrollWidth > e.clientWidth + 1)
  .map((e) => `${e.className}: ${e.textContent.slice(0, 30)}`)"""


def at_each_phone(page, check) -> None:
    """Run `check()` at 360 and at 390 px (one game looked at in both: a whole game at each width
    cost twice the time for the same pictures)."""
    for viewport in PHONES.values():
        page.set_viewport_size(viewport)
        check()


def test_a_four_player_picnic_fits_a_phone_from_start_to_end(new_page, guest_session, server):
    page = new_page(viewport=PHONES["390"], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 4)
    page.goto(made["seats"][0]["invite"])
    page.locator(".panel[data-seat='3']").wait_for()

    def panels_whole(rows: str) -> None:
        # Every panel, and its name, whole on screen.
        assert page.evaluate(OFF_SCREEN, f".panels, .panel, {rows}") == [], page.viewport_size
        assert all(page.locator(f".panel[data-seat='{s}'] .panel-score").is_visible() for s in range(4))

    at_each_phone(page, lambda: panels_whole(".panel-name"))
    assert page.locator(".panel .panel-score").count() == 4
    # The rows fold behind one switch.
    page.get_by_test_id("rows-toggle").click()
    assert page.locator(".panel[data-seat='3'] .row-line").first.is_visible()
    at_each_phone(page, lambda: panels_whole(".row-line"))
    # My turns until a placement moves a score: its +N is in the status bar, in view, as the panel says.
    prompt = page.get_by_test_id("prompt")

    def plus_in_view() -> None:
        box, bar = prompt.bounding_box(), page.viewport_size
        assert 0 <= box["y"] and box["y"] + box["height"] <= bar["height"], bar

    for _ in range(8):
        page.wait_for_selector(".pile.can-take")
        take_and_choose(page)
        badge = page.locator(".panel[data-seat='0'] .panel-head .preview")
        if badge.count():
            assert re.search(rf"\(you {re.escape(badge.inner_text())}[,)]", prompt.inner_text()), prompt.inner_text()
            at_each_phone(page, plus_in_view)
            break
        confirm(page)
    else:
        raise AssertionError("eight placements and none moved my score")
    # The end: bots play on for me, with no page open; the result's tables fit the phone.
    assert page.evaluate(LEAVE, [made["table"], made["token"]]) == 200
    assert page.errors == []
    page.goto("about:blank")
    wait_finished(server, made["table"])
    page.goto(made["seats"][0]["invite"])
    page.locator(".result-rows table").wait_for()
    at_each_phone(page, lambda: assert_result_fits(page))
    assert page.errors == []


def assert_result_fits(page) -> None:
    assert page.evaluate(OFF_SCREEN, ".result-rows-scroll, .result-rows table, .result-table") == [], \
        page.viewport_size


@pytest.mark.parametrize("width", list(PHONES))
def test_a_six_player_score_by_row_fits_a_phone(new_page, guest_session, width):
    """Wizard at six (one one-card round: the end comes at once): seven columns of "Score by row"."""
    page = new_page(viewport=PHONES[width], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 6, options={"single_round": 1})
    page.goto(made["seats"][0]["invite"])
    assert page.evaluate(LEAVE, [made["table"], made["token"]]) == 200
    page.locator(".result-rows table").wait_for(timeout=60000)
    assert_result_fits(page)
    assert page.locator(".result-rows thead th").count() == 7
    assert page.errors == []


def test_the_hidden_rows_note_folds_with_the_rows(new_page, guest_session):
    """Letters Home at four seats on a phone: "Some rows are hidden until the end." under each bot's panel
    made the panels twice as tall while every row was folded away; it comes back with the rows."""
    page = new_page(viewport=PHONES["390"], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "letters_home", 4)
    page.goto(made["seats"][0]["invite"])
    hints = page.locator(".panel > .hint")
    hints.first.wait_for(state="attached")
    assert hints.count() == 3 and not any(hints.nth(i).is_visible() for i in range(3))
    page.get_by_test_id("rows-toggle").click()
    assert all(hints.nth(i).is_visible() for i in range(3))
    assert page.errors == []
