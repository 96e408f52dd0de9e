"""Assyria on a phone (390x844), my actions phase with a food card I may buy: the page brings the action
tokens into view (acting.js), not the food row above them (it marked the box of the first lit thing,
a card of the row)."""

from __future__ import annotations

import random

from .api_play import play_by_api
from .helpers import create_by_api
from .test_acting_in_view import IN_VIEW


def test_my_actions_come_into_view_on_a_phone(new_page, guest_session, server):
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "assyria", 2)
    play_by_api(server, made["table"], made["token"], lambda s: s["view"]["phase"] == "actions"
                and any("offer" in m["json"] for m in s["legal"]) and any("buy" in m["json"] for m in s["legal"]),
                random.Random(3))
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".as-board[data-phase='actions'] .as-card.lit")  # a card of the row may be bought
    assert page.locator("[data-acting]").get_attribute("data-testid") == "as-actions"
    page.wait_for_function(IN_VIEW, timeout=10000)
    tokens = page.locator("[data-testid=as-actions] .tk.lit")
    floor = page.locator(".status-bar").bounding_box()["y"]
    box = tokens.first.bounding_box()
    assert box["y"] >= 0 and box["y"] + box["height"] <= floor
    assert page.errors == []
