"""Assyria: the tooltip of a lit hex says what a click does in words ("Click to start here."), as its button's
name does; it said the move's key ("Click: start.", "Click: hut.")."""

from __future__ import annotations

from .helpers import create_by_api


def test_a_lit_hex_says_what_a_click_does(new_page, guest_session, server):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "assyria", 2)
    page.goto(made["seats"][0]["invite"])
    hexes = page.locator(".as-board[data-mine='1'] .as-hex.lit")  # my first ziggurat's starting space
    hexes.first.wait_for()
    hexes.first.hover()
    tip = page.locator("#tooltip")
    tip.wait_for()
    label = hexes.first.get_attribute("data-hex")
    assert tip.text_content().startswith(f"{label}: ")
    assert tip.text_content().endswith(" Click to start here."), tip.text_content()
    assert hexes.first.get_attribute("aria-label") == f"Start here: {label}"
    assert page.errors == []
