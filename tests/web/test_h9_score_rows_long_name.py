"""The result's "Score by row" on a phone with a one-word name of 32 letters (the most a name may have): the
name's column heading keeps its seat's dot beside the name's first letters, the name breaks inside itself, and
neither the page nor the table scrolls sideways (three and four seats). The dot stood alone on the line above
the name; the other heads ("random bot 3") break between their words only, their dot beside the first word."""

from __future__ import annotations

import pytest

from .api_play import open_when_bots_finished
from .conftest import shot
from .helpers import create_by_api
from .test_pages_fit_phones import OVERFLOWING, WIDEST, guest
from .test_phone_full_tables import PHONES

LONG_NAME = "Bartholomewfitzgeraldvanderberg" + "s"
# Each name's head: the dot's top and bottom, the lines of the name (top, bottom) and the words broken within.
HEADS = """() => [...document.querySelectorAll('.result-rows thead th')].slice(1).map((th) => {
  const dot = th.querySelector('.dot').getBoundingClientRect();
  const name = th.querySelector(':scope > :not(.dot)');
  const range = document.createRange();
  range.selectNodeContents(name);
  const lines = [...range.getClientRects()].map((r) => ({top: r.top, bottom: r.bottom}));
  const broken = [];
  for (const m of name.textContent.matchAll(/\\S+/g)) {
    const word = document.createRange();
    word.setStart(name.firstChild, m.index);
    word.setEnd(name.firstChild, m.index + m[0].length);
    if (word.getClientRects().length > 1) broken.push(m[0]);
  }
  return {name: name.textContent, dot: {top: dot.top, bottom: dot.bottom}, first: lines[0], broken};
})"""


@pytest.mark.parametrize("players", [3, 4])
@pytest.mark.parametrize("width", list(PHONES))
def test_a_long_name_heads_its_score_rows_beside_its_dot(new_page, server, width, players):
    page = new_page(viewport=PHONES[width], is_mobile=True, has_touch=True)
    guest(page, LONG_NAME)
    made = create_by_api(page, "picnic", players)
    open_when_bots_finished(page, server, made)  # the bots play the game out
    page.locator(".result-rows table").wait_for()
    page.evaluate("document.fonts.ready.then(() => true)")
    shot(page.locator(".result-rows"), f"h9-score-rows-long-name-{width}-{players}")
    wide = page.evaluate(WIDEST)
    assert wide <= PHONES[width]["width"], f"{wide} px wide: {page.evaluate(OVERFLOWING)}"
    # nor does the table scroll sideways in its box (a long name's column cut at the phone's edge)
    scroll = page.evaluate("() => { const s = document.querySelector('.result-rows-scroll');"
                           " return [s.scrollWidth, s.clientWidth]; }")
    assert scroll[0] <= scroll[1], f"the score rows scroll sideways at {width} px: {scroll}"
    heads = page.evaluate(HEADS)
    assert len(heads) == players and any(h["name"] == LONG_NAME for h in heads), heads
    for head in heads:
        dot, first = head["dot"], head["first"]
        assert first["top"] - 1 <= dot["top"] and dot["bottom"] <= first["bottom"] + 1, \
            f"the dot is not beside {head['name']!r} at {width} px: {head}"
        if head["name"] != LONG_NAME:
            assert head["broken"] == [], f"{head['name']!r} is broken within a word at {width} px: {head}"
    assert page.errors == []
