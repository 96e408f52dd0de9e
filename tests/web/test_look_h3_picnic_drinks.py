"""Picnic's "Drinks (n)" heading reads whole, on one line, beside every plate, on a phone as on a desktop
(on a phone the drinks column beside the plate was too narrow: "Drinks" over "(0)")."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled, wait_my_turn_or_end

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# Each heading's words and the lines they take: its height over its line height.
TITLES = """() => [...document.querySelectorAll('.drinks-title')].map((el) => {
  const range = document.createRange();
  range.selectNodeContents(el);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  return {text: el.textContent, lines: tops.size};
})"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_drinks_heading_reads_whole(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 3, bot="greedy")
    page.goto(made["seats"][0]["invite"])
    assert wait_my_turn_or_end(page)
    settled(page)
    titles = page.evaluate(TITLES)
    assert len(titles) == 3, titles
    assert all(t["text"].startswith("Drinks (") and t["lines"] == 1 for t in titles), titles
    shot(page, f"look-h3-picnic-drinks-{size}")
    assert not page.errors
