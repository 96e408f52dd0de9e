"""Draft & Write Records with a hand to draft from, at phone and desktop size: axe-core finds no serious or
critical violation on the board (no earlier axe look saw a hand: the set-up has none), with a card picked too,
and a crew card's colour swatches are an image named by their colours, as the board's other pieces are (they
were a plain span with an aria-label: ARIA forbids it, and axe reports it as aria-prohibited-attr wherever the
card is not a button, as in the rules' figure)."""

from __future__ import annotations

import re

import pytest

from tests.web.axe_check import serious_violations
from tests.web.helpers import confirm, create_by_api, settled, two_frames
from tests.web.test_accessibility import SETTLED, SIZES

GAME_ID = "draft_and_write_records"
CREW = ".dw-hand .dw-card .dw-sides"  # a crew card in my hand, its sides' colours drawn
COLOUR = "(red|blue|green|gold)"


def board_violations(page) -> list[str]:
    page.evaluate(SETTLED)  # (every animation that ends has ended: axe reads colours as drawn)
    return serious_violations(page, ".dw-board")


def choose(page, selector: str) -> None:
    """Click a choice of the set-up and Confirm it; wait until the answer is drawn."""
    page.locator(selector).click()
    confirm(page)


def to_a_hand_with_a_crew(page) -> None:
    """From the set-up to my first hand; while the hand holds no crew card (one hand in 50 or so), its first
    card is failed and the next hand is waited for."""
    settled(page)
    choose(page, "[data-action='singer-gold']")
    page.locator("[data-action^='keep']").first.wait_for()
    choose(page, "[data-action='keep-0']")
    for _ in range(8):
        page.locator(".dw-hand .dw-card:not([disabled])").first.wait_for(timeout=30000)
        if page.locator(CREW).count():
            return
        version = page.locator(".dw-board").get_attribute("data-version")
        page.locator(".dw-hand .dw-card:not([disabled])").first.click()
        page.wait_for_function("v => document.querySelector('.dw-board').dataset.version !== v", arg=version)
        page.locator("[data-action='fail']").click()
        confirm(page)
    raise AssertionError("no crew card in my first hands")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_hand_has_no_serious_violation(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, GAME_ID, 2, bot="greedy")
    page.goto(made["seats"][0]["invite"])
    to_a_hand_with_a_crew(page)
    assert board_violations(page) == []
    # Each crew card's sides are an image named by their colours (they were a plain span with an aria-label, which
    # axe lets pass only inside a button, whose children are presentational, and reports on the rules' figure).
    crews = page.locator(".dw-hand .dw-card:has(.dw-sides)")
    for i in range(crews.count()):
        sides = crews.nth(i).locator(".dw-sides")
        assert sides.get_attribute("role") == "img"
        assert re.fullmatch(rf"sides {COLOUR}(, {COLOUR}){{3}}", sides.get_attribute("aria-label"))
    # A card picked: the places it may go are lit on the sheet, the hand still shown.
    version = page.locator(".dw-board").get_attribute("data-version")
    page.locator(".dw-hand .dw-card:not([disabled])").first.click()
    page.wait_for_function("v => document.querySelector('.dw-board').dataset.version !== v", arg=version)
    two_frames(page)
    assert page.locator(".dw-hand .dw-card.picked").count() == 1
    assert board_violations(page) == []
    assert page.errors == []
