"""The card table's score pad (js/cards.js; Wizard at six seats on a phone, where the pad scrolls within itself)
keeps a player at its bottom there: a new round's row is in view.

The pad keeps the place scrolled to when it is patched (test_score_pad_kept.py), and that kept a player who had
scrolled to the bottom to see the latest round at that same place, so the next round's row came in below view;
and a pad first too short to scroll stayed at its top once it grew past its height. Now a pad at its bottom (never
scrolled, or scrolled back down) stays there as rows are added; one scrolled up to an older round stays put.
"""

from __future__ import annotations

import random

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api, two_frames, wait_page_in_sync
from .test_card_table_phone import my_turn

PHONE = {"width": 390, "height": 844}

# The pad's scroll, and whether its newest round's row lies whole within the pad's box below its sticky heads.
PAD = """() => {
  const scroll = document.querySelector('.tt-pad-scroll');
  const rows = [...scroll.querySelectorAll('tbody tr[data-round]')];
  const box = scroll.getBoundingClientRect();
  const heads = scroll.querySelector('thead').getBoundingClientRect();
  const newest = rows[rows.length - 1].getBoundingClientRect();
  return { top: scroll.scrollTop, most: scroll.scrollHeight - scroll.clientHeight, rounds: rows.length,
           newestInView: newest.top >= heads.bottom - 1 && newest.bottom <= box.bottom + 1 };
}"""
SCROLL_TO = "(top) => { document.querySelector('.tt-pad-scroll').scrollTop = top; }"


def play_to(page, server, made, rounds: int, seed: int) -> dict:
    """The game played on (by my seat's token, the bots answering) to my turn with `rounds` rounds scored (or to
    its end, after the last), and the page showing that position and laid out: the pad as read then."""
    state = play_by_api(server, made["table"], made["token"],
                        lambda s: len(s["view"]["history"]) >= rounds and my_turn(s), random.Random(seed))
    assert len(state["view"]["history"]) == rounds, state["view"]["history"]
    wait_page_in_sync(page, server, made["table"])
    two_frames(page)
    pad = page.evaluate(PAD)
    assert pad["rounds"] == rounds, pad
    return pad


def test_the_newest_round_stays_in_view_at_the_pads_bottom(new_page, guest_session, server):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 6)
    # Opened at the start: two rounds on the pad, too few for it to scroll.
    page.goto(made["seats"][0]["invite"])
    pad = play_to(page, server, made, 2, seed=1)
    assert pad["most"] == 0, pad
    # Never scrolled, the pad grows past its height (at eight rounds): it is at its bottom, the newest round in view.
    pad = play_to(page, server, made, 8, seed=2)
    shot(page.locator(".tt-pad"), "score-pad-bottom-grown")
    assert pad["most"] >= 12, f"the pad does not scroll on a phone: {pad}"
    assert pad["top"] >= pad["most"] - 2 and pad["newestInView"], f"the pad grew below view: {pad}"
    # Scrolled up to the first rounds, the player keeps that place as a round is added.
    page.evaluate(SCROLL_TO, 0)
    two_frames(page)  # (the pad's scroll event told)
    pad = play_to(page, server, made, 9, seed=3)
    assert pad["top"] == 0 and not pad["newestInView"], f"the place scrolled to was lost: {pad}"
    # Scrolled back to the bottom, the next round's row (the last, six seats playing ten) comes in view there.
    page.evaluate(SCROLL_TO, pad["most"])
    two_frames(page)
    pad = play_to(page, server, made, 10, seed=4)
    shot(page.locator(".tt-pad"), "score-pad-bottom-kept")
    assert pad["top"] >= pad["most"] - 2 and pad["newestInView"], f"the new round's row is below view: {pad}"
    assert page.errors == []
