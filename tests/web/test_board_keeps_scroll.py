"""Choosing a move leaves the page where the player has it: the browser's scroll anchoring picks no node inside
a board (meeple.css, .board-host). A board draws its state anew, some parts kept and moved, and an anchor moved
that way scrolled the page: at six seats on a phone, a Wizard prediction chosen threw the page to its top, the
chips and the hand out of view (seen once the score pad's heads were sized to the pad, fc76b3f)."""

from __future__ import annotations

import random

from tests.web.api_play import play_by_api
from tests.web.helpers import create_by_api, two_frames

PHONE = {"width": 390, "height": 844}


def test_a_prediction_chosen_keeps_the_page_where_it_was(new_page, guest_session, server):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 6)
    play_by_api(server, made["table"], made["token"],
                lambda s: s["view"]["round"] >= 4 and any("bid" in m["json"] for m in s["legal"]), random.Random(3))
    page.goto(made["seats"][0]["invite"])
    page.locator(".status-bar[data-acting-in-view]").wait_for(state="attached")
    before = page.evaluate("scrollY")
    assert before > 100, before  # (the page has brought my chips into view: the case to keep)
    page.locator("[data-bid-choice='1']").click()
    page.wait_for_selector("[data-testid=prompt][data-preview-state=shown]")
    two_frames(page)
    assert abs(page.evaluate("scrollY") - before) <= 2, (before, page.evaluate("scrollY"))
    assert page.locator("[data-bid-choice='1']").is_visible()
