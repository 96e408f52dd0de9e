"""The status bar never covers the page's end on a phone: scrolled to the bottom, the last thing on the page (the
chat, under the log and Ninety-Nine's score pad) ends above the bar, however tall the bar has grown. It was fixed
over a padding of 120 px, and with three lines of prompt and a hint's line (234 px at 360x740) it covered the
chat's heading and the log's last lines. The bar still sits at the window's foot wherever the page is scrolled."""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api, two_frames
from .test_card_table_phone import hinted_move, my_turn

PHONES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}
# Scrolled to `y`: the bar's box, the window's height, and the lowest bottom of anything drawn on the table's page.
AT = """(y) => {
  window.scrollTo(0, y);
  const bar = document.querySelector('.status-bar').getBoundingClientRect();
  const drawn = [...document.querySelectorAll('.table-layout *')].map((e) => e.getBoundingClientRect())
    .filter((r) => r.height > 0);
  return { barTop: bar.top, barBottom: bar.bottom, height: innerHeight, end: Math.max(...drawn.map((r) => r.bottom)) };
}"""


@pytest.mark.parametrize("width", list(PHONES))
def test_the_page_ends_above_a_tall_status_bar(new_page, guest_session, server, width):
    page = new_page(viewport=PHONES[width], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "ninety_nine", 3, rated=False)  # (hints are given at friendly tables)
    play_by_api(server, made["table"], made["token"], my_turn, random.Random(1))
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn")
    hinted_move(page)  # the hint's words make the bar taller
    two_frames(page)
    top = page.evaluate(AT, 0)
    assert top["barTop"] < top["height"] - 180, f"the bar is not tall enough to test: {top}"
    assert abs(top["barBottom"] - top["height"]) <= 2, f"the bar is not at the window's foot: {top}"
    end = page.evaluate(AT, 10**6)
    two_frames(page)
    shot(page, f"phone-status-bar-room-{width}", full_page=False)
    assert end["end"] <= end["barTop"] + 1, f"the bar covers the page's end: {end}"
    # (within 2 px: the page's height is fractional, its scrolling whole pixels)
    assert abs(end["barBottom"] - end["height"]) <= 2, f"the bar is not at the window's foot: {end}"
    assert page.errors == []


def test_the_waiting_rooms_card_keeps_its_width(new_page, guest_session):
    """The table's page is a column filling the window only with its status bar: the waiting room's card (centred by
    its margins) shrank to its words (223 px at 1280) when every table page was one."""
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 2, seats=[{"type": "human"}, {"type": "human"}])
    page.goto(f"/t/{made['table']}")
    card = page.locator(".table-page .narrow")
    card.wait_for()
    assert card.bounding_box()["width"] == 560
    assert page.errors == []
