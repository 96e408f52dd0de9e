"""Picnic at a full table of four on a phone: each plate's heading keeps the player's name on one line
("greedy bot 2", not "greedy" over "bot 2"), the count of empty spaces and ants going under it where
the two do not fit side by side (the other plates, at both sizes); my own, wide, has both on one line."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# Per plate heading: the name's text (the heading's own text node) and how many lines it is drawn on.
NAME_LINES = """() => [...document.querySelectorAll('.plate-title')].map((title) => {
  const text = [...title.childNodes].find((n) => n.nodeType === Node.TEXT_NODE && n.textContent.trim());
  const range = document.createRange();
  range.selectNodeContents(text);
  const tops = new Set([...range.getClientRects()].map((r) => Math.round(r.top)));
  const small = title.querySelector('small').getBoundingClientRect();
  const beside = Math.abs(small.top - range.getBoundingClientRect().top) < 8;
  return {name: text.textContent, lines: tops.size, countsBeside: beside};
})"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_plate_headings_keep_names_whole(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 4, bot="greedy")
    page.goto(made["seats"][0]["invite"])
    settled(page)
    page.locator(".plate-title").nth(3).wait_for()
    titles = page.evaluate(NAME_LINES)
    assert len(titles) == 4
    for title in titles:
        assert title["lines"] == 1, f"{title['name']!r} is broken over {title['lines']} lines"
    assert titles[0]["countsBeside"], titles  # my own plate is wide enough for both on one line
    shot(page, f"look-picnic-names-{size}")
