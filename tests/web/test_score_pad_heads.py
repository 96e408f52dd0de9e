"""The card table's score pad on a phone (Wizard at its six seats): a seat's name over its column breaks
between words, and within a word only where that word alone is wider than the column ("random bot 2" read
"rando / m bot 2": the heads' overflow-wrap: anywhere let the column shrink below a word), and the pad still
fits its box, nothing scrolling sideways."""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .conftest import ARTIFACTS
from .helpers import create_by_api, settled, shoot, sign_in_as_guest
from .test_card_table_phone import my_turn

SIZES = [{"width": 390, "height": 844}, {"width": 360, "height": 740}]
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"

# Each seat's head: its name, the words a line break fell inside (a word whose characters lie on more than one
# line), with each such word's width (its pieces' together) against the room of the column.
SPLIT_WORDS = """() => {
  return [...document.querySelectorAll('.tt-scores thead th[style]')].map((th) => {
    const text = th.firstChild;
    const style = getComputedStyle(th);
    const room = th.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    const split = [];
    for (const m of text.data.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(text, m.index);
      range.setEnd(text, m.index + m[0].length);
      const rects = [...range.getClientRects()].filter((r) => r.width > 0);
      const width = rects.reduce((sum, r) => sum + r.width, 0);  // (its pieces' widths, where it is split)
      if (new Set(rects.map((r) => Math.round(r.top))).size > 1) split.push({ word: m[0], width, room });
    }
    return { name: text.data, split };
  });
}"""
CUT = """() => [...document.querySelectorAll('.tt-scores thead th[style]')]
  .filter((th) => th.scrollWidth > th.clientWidth + 1).map((th) => th.textContent)"""
LONG = "Bartholomewfitzgerald"  # (one word, wider than a phone's column can be)
PAD_FITS = """() => { const box = document.querySelector('.tt-pad-scroll');
  return { scroll: box.scrollWidth, client: box.clientWidth }; }"""


def open_with_rounds_scored(page, server, size) -> None:
    """A six-seat Wizard table (me and five random bots) with nine of its ten rounds on the pad (the totals at
    their widest: before the fix, "random" broke at 390 px there, and at 360 px already after two), opened at
    `size`."""
    made = create_by_api(page, "wizard", 6)
    play_by_api(server, made["table"], made["token"], lambda s: len(s["view"]["history"]) >= 9 and my_turn(s),
                random.Random(1))
    page.goto(made["seats"][0]["invite"])
    page.locator(".tt-scores tbody tr[data-round]").first.wait_for()
    settled(page)


def assert_pad_fits(page, size) -> None:
    pad = page.evaluate(PAD_FITS)
    assert pad["scroll"] <= pad["client"], f"the score pad scrolls sideways: {pad}"
    assert page.evaluate(WIDEST) <= size["width"], "the page scrolls sideways"


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_the_heads_break_between_words_and_the_pad_fits(new_page, guest_session, server, size):
    page = new_page(viewport=size, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    open_with_rounds_scored(page, server, size)
    shoot(page, ".tt-pad", ARTIFACTS / f"score-pad-heads-{size['width']}.png")
    heads = page.evaluate(SPLIT_WORDS)
    assert [h["name"] for h in heads] == ["Ada"] + [f"random bot {s}" for s in range(2, 7)]
    # No word of these names is wider than a phone's column can be: every one is whole.
    assert [(h["name"], w) for h in heads for w in h["split"]] == [], "a head breaks a word"
    assert_pad_fits(page, size)
    assert page.errors == []


def test_a_word_longer_than_its_column_breaks_within_itself_alone(new_page, server):
    """A one-word name wider than a column can be is broken within itself (not cut, nothing scrolls), the
    others' words still whole, at 390 px."""
    size = SIZES[0]
    page = new_page(viewport=size, is_mobile=True, has_touch=True)
    sign_in_as_guest(page, LONG)
    open_with_rounds_scored(page, server, size)
    heads = page.evaluate(SPLIT_WORDS)
    assert heads[0]["name"] == LONG and [w["word"] for w in heads[0]["split"]] == [LONG]
    assert [(h["name"], w) for h in heads for w in h["split"] if w["width"] <= w["room"]] == []
    assert page.evaluate(CUT) == [], "a head is cut"
    assert_pad_fits(page, size)
    assert page.errors == []
