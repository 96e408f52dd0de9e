"""Picnic on a phone: the hamper's top tiles are large enough to tell apart by what a player chooses a pile
by (the tile's name, its ants, pickles and ice): at least 90 px wide at 390 and 360 px, in two rows of three
(in one row of six they were 46 px wide at 360 px, the ants specks and the names unreadable), and nothing
scrolls sideways."""

from __future__ import annotations

import pytest

from tests.web.helpers import create_by_api

WIDTHS = """() => [...document.querySelectorAll('.hamper .pile .tile-svg')]
  .map((t) => t.getBoundingClientRect().width)"""
COUNTS_WHOLE = "() => [...document.querySelectorAll('.pile-count')].every((e) => e.scrollWidth <= e.clientWidth + 1)"


@pytest.mark.parametrize("size", [(390, 844), (360, 740)])
def test_hamper_tiles_are_readable_on_a_phone(new_page, guest_session, size):
    width, height = size
    page = new_page(viewport={"width": width, "height": height}, is_mobile=True, has_touch=True,
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 4)
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn")
    widths = page.evaluate(WIDTHS)
    assert len(widths) == 6 and min(widths) >= 90, widths
    # the labels of the piles' counts ("1 · 6") are read too: none is cut by its pile
    assert page.evaluate(COUNTS_WHOLE)
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert page.errors == []
