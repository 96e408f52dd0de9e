"""The result's ranking on a phone with a one-word name of 32 letters (the most a name may have): the name breaks
inside its cell beside its seat's dot. Unbroken, it made the page 453 px wide at 360 (the ranking past the phone's
edge) and the dot stood alone on the line above the name."""

from __future__ import annotations

import pytest

from .api_play import open_when_bots_finished
from .conftest import shot
from .helpers import create_by_api
from .test_pages_fit_phones import OVERFLOWING, WIDEST, guest
from .test_phone_full_tables import PHONES

LONG_NAME = "Bartholomewfitzgeraldvanderberg" + "s"
# My row of the ranking: the dot's box and the first line of my name.
MY_ROW = """(name) => {
  const cell = [...document.querySelectorAll('.result .result-table td')].find((td) => td.textContent.includes(name));
  const dot = cell.querySelector('.dot').getBoundingClientRect();
  const first = cell.querySelector(':not(.dot)').getClientRects()[0];
  return { dot: { top: dot.top, bottom: dot.bottom }, first: { top: first.top, bottom: first.bottom } };
}"""


@pytest.mark.parametrize("width", list(PHONES))
def test_a_long_name_in_the_ranking_fits_a_phone(new_page, server, width):
    page = new_page(viewport=PHONES[width], is_mobile=True, has_touch=True)
    guest(page, LONG_NAME)
    made = create_by_api(page, "toy_battle", 2)
    open_when_bots_finished(page, server, made)  # the bots play the game out
    page.locator(".result .result-table").wait_for()
    page.evaluate("document.fonts.ready.then(() => true)")
    shot(page.locator(".result"), f"phone-result-long-name-{width}")
    wide = page.evaluate(WIDEST)
    assert wide <= PHONES[width]["width"], f"{wide} px wide: {page.evaluate(OVERFLOWING)}"
    row = page.evaluate(MY_ROW, LONG_NAME)
    assert row["first"]["top"] - 1 <= row["dot"]["top"] and row["dot"]["bottom"] <= row["first"]["bottom"] + 1, \
        f"the dot is not beside my name: {row}"
    assert page.errors == []
