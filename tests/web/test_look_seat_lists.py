"""Turing Machine's "Questions asked" list reads as one line a player: the dot, the name beside it, then
the count; the top bar's name box (also class "who") must not lend its layout to a board's names, which
pushed each name to the far right of its row, away from its dot and onto a line of its own on a phone."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# Per row: the gap from the dot's right edge to the name's left edge, and whether they share a line.
ROWS = """() => [...document.querySelectorAll('.tm-seats [data-seat]')].map((row) => {
  const dot = row.querySelector('.dot').getBoundingClientRect();
  const name = row.querySelector('.who').getBoundingClientRect();
  return {name: row.querySelector('.who').textContent, gap: name.left - dot.right,
          sameLine: Math.abs((name.top + name.bottom) / 2 - (dot.top + dot.bottom) / 2) < 10};
})"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_questions_asked_names_sit_by_their_dots(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "turing_machine", 4, bot="greedy")
    page.goto(made["seats"][0]["invite"])
    settled(page)
    page.locator(".tm-seats [data-seat='3']").wait_for()
    rows = page.evaluate(ROWS)
    assert len(rows) == 4
    for row in rows:
        assert 0 <= row["gap"] < 20 and row["sameLine"], row
    # The whole page (the list is on it): the bots' moves redraw the board, so an element screenshot of
    # the list could lose its element meanwhile.
    shot(page, f"look-seat-lists-{size}")
