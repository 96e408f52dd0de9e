"""Assyria on a phone with a one-word name of 32 letters (the most a name may have): the Offerings track's name
column holds the name, broken inside itself. It ran on under the track's cells ("Bartholomewf" and the rest over
"0 x1 x2"), unreadable, at 360 px."""

from __future__ import annotations

from .conftest import shot
from .helpers import create_by_api, settled
from .test_pages_fit_phones import guest

LONG_NAME = "Bartholomewfitzgeraldvanderberg" + "s"
# Each track's name: whether its words reach past its column, into the track's first cell.
RUN_ON = """() => [...document.querySelectorAll('.as-track')].map((row) => {
  const name = row.firstElementChild, cell = row.querySelector('.cell');
  const words = document.createRange();
  words.selectNodeContents(name);
  const right = Math.max(...[...words.getClientRects()].map((r) => r.right));
  return { name: name.textContent, into: right - cell.getBoundingClientRect().left };
}).filter((t) => t.into > 0.5)"""


def test_a_long_name_stays_in_the_offerings_name_column(new_page, server):
    page = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    guest(page, LONG_NAME)
    made = create_by_api(page, "assyria", 4)
    page.goto(made["seats"][0]["invite"])
    settled(page)
    page.evaluate("document.fonts.ready.then(() => true)")
    assert page.locator(f".as-track:has-text('{LONG_NAME[:8]}')").count() == 1
    page.locator(".as-track").first.evaluate("(e) => e.closest('.as-box').scrollIntoView({ block: 'start' })")
    shot(page, "assyria-long-name-offerings", full_page=False)
    assert page.evaluate(RUN_ON) == []
    assert page.errors == []
