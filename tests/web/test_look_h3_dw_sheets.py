"""Draft & Write Records at six players on a phone: the other players' sheets start folded to their name
and points, so that my sheet and what I act on are near the top (the page was 6,441 px tall); a sheet I
open stays open while the board is drawn anew. On a desktop they start open."""

from __future__ import annotations

import pytest

from tests.web.axe_check import serious_violations
from tests.web.conftest import shot
from tests.web.helpers import create_by_api

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
ACTION = "[data-action^='singer'], [data-action^='keep'], .dw-card:not([disabled])"
LOOK = """() => ({height: document.documentElement.scrollHeight,
  others: [...document.querySelectorAll('.dw-board [data-seat-sheet]:not([data-seat-sheet="0"])')]
    .map((el) => ({open: el.open, sheetShown: el.querySelector('.dw-sheet').checkVisibility()})),
  mine: document.querySelector('[data-seat-sheet="0"]').getBoundingClientRect().top + window.scrollY})"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_others_sheets_fold_on_a_phone(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "draft_and_write_records", 6, bot="greedy")
    page.goto(made["seats"][0]["invite"])
    page.locator(ACTION).first.wait_for()
    page.locator("[data-seat-sheet='5']").wait_for(state="attached")
    look = page.evaluate(LOOK)
    assert len(look["others"]) == 5
    if phone:
        assert not any(o["open"] or o["sheetShown"] for o in look["others"]), look
        assert look["height"] < 3000, look  # 6,441 px with every sheet open
        assert look["mine"] < 1000, look
        # A folded sheet opens on a tap, and stays open when the board is drawn again (a move of mine).
        page.locator("[data-seat-sheet='2'] > summary").click()
        assert page.locator("[data-seat-sheet='2'] .dw-sheet").is_visible()
        version = page.locator(".dw-board").get_attribute("data-version")
        page.locator(ACTION).first.click()
        page.wait_for_function("v => document.querySelector('.dw-board').dataset.version !== v", arg=version)
        assert page.locator("[data-seat-sheet='2'] .dw-sheet").is_visible()
        assert not page.locator("[data-seat-sheet='3'] .dw-sheet").is_visible()
    else:
        assert all(o["open"] and o["sheetShown"] for o in look["others"]), look
    assert not serious_violations(page)  # (a folded sheet's summary holds its heading)
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, f"look-h3-dw-sheets-{size}")
    assert not page.errors


def test_a_spectator_sees_every_sheet_on_a_phone(new_page, guest_session):
    """A spectator has no sheet of their own to bring up: every seat's sheet is open, on a phone too."""
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "draft_and_write_records", 2, bot="greedy")
    watcher = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    watcher.goto(f"/t/{made['table']}?watch=1")
    watcher.locator("[data-seat-sheet='1']").wait_for(state="attached")
    shown = watcher.evaluate("() => [...document.querySelectorAll('[data-seat-sheet] .dw-sheet')]"
                             ".map((sheet) => sheet.checkVisibility())")
    assert shown == [True, True]
    assert not watcher.errors
