"""The result's "Score by row" fits a desktop's result card at six seats (issue 34's screenshots:
at 1280x800 six "random bot" columns ran past the card, the last cut)."""

from __future__ import annotations

from tests.web.helpers import create_by_api
from tests.web.test_phone_full_tables import LEAVE, OFF_SCREEN

# Each element wider than the result card it sits in.
PAST_THE_CARD = """(sel) => { const card = document.querySelector('.result').getBoundingClientRect();
  return [...document.querySelectorAll(sel)].filter((e) => e.getBoundingClientRect().right > card.right + 1
    || e.scrollWidth > e.clientWidth + 1).map((e) => `${e.className}: ${e.scrollWidth} in ${e.clientWidth}`); }"""


def test_a_six_player_score_by_row_fits_the_desktop_result(new_page, guest_session):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 6, options={"single_round": 1})
    page.goto(made["seats"][0]["invite"])
    assert page.evaluate(LEAVE, [made["table"], made["token"]]) == 200
    page.locator(".result-rows table").wait_for(timeout=60000)
    assert page.evaluate(PAST_THE_CARD, ".result-rows-scroll, .result-rows table") == []
    assert page.evaluate(OFF_SCREEN, ".result-rows-scroll, .result-rows table, .result-table") == []
    assert page.locator(".result-rows thead th").count() == 7
    assert page.errors == []
