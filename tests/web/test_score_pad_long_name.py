"""The card table's score pad with a seat whose name is one long word (Wizard, six seats, late in the game):
at 360 px the word, wider than its column can be, made the pad scroll sideways. The word now breaks within
itself (its head has the whole name, over more lines), the others' words stay whole, nothing scrolls sideways,
on phones and on a desktop."""

from __future__ import annotations

import pytest

from .conftest import ARTIFACTS
from .helpers import shoot, sign_in_as_guest
from .test_score_pad_heads import CUT, LONG, SPLIT_WORDS, open_with_rounds_scored

SIZES = [{"width": 360, "height": 740}, {"width": 390, "height": 844}, {"width": 1280, "height": 800}]
# The pad's box and its scroll box's widths. (The page's own width is not checked here: at 360 px the site's head,
# with the signed-in name "Bartholomewfitzgerald (guest)" whole on it, is wider than the window.)
PAD = """() => { const box = document.querySelector('.tt-pad-scroll');
  return { scroll: box.scrollWidth, client: box.clientWidth,
           right: document.querySelector('.tt-pad').getBoundingClientRect().right }; }"""


@pytest.mark.parametrize("size", SIZES, ids=lambda s: f"{s['width']}x{s['height']}")
def test_a_one_word_name_breaks_within_itself_and_the_pad_fits(new_page, server, size):
    phone = size["width"] < 700
    page = new_page(viewport=size, is_mobile=phone, has_touch=phone)
    sign_in_as_guest(page, LONG)
    open_with_rounds_scored(page, server, size)
    shoot(page, ".tt-pad", ARTIFACTS / f"score-pad-long-name-{size['width']}.png")
    heads = page.evaluate(SPLIT_WORDS)
    assert [h["name"] for h in heads] == [LONG] + [f"random bot {s}" for s in range(2, 7)]
    pad = page.evaluate(PAD)
    assert pad["scroll"] <= pad["client"] and pad["right"] <= size["width"], f"the score pad scrolls sideways: {pad}"
    # The long word may break (on a phone it must), but only where it is wider than its column; the others'
    # words never, and no head is cut.
    assert [(h["name"], w) for h in heads for w in h["split"] if w["width"] <= w["room"]] == []
    assert [w["word"] for h in heads[1:] for w in h["split"]] == []
    assert page.evaluate(CUT) == [], "a head is cut"
    assert page.errors == []
