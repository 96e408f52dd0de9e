"""The card table's score pad (js/cards.js, Wizard and Ninety-Nine) stays the same node from move to move.

It was drawn anew at every change: a player who had scrolled inside it (a long game at six seats, on a
phone, where the pad scrolls within itself) was sent back to its top at every move, the bots' included.
Now the pad on the page is only patched where it changed: its rows stay the same nodes, a new round's row
is added to them, and the place scrolled to stays.
"""

from __future__ import annotations

import random

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api, settled, two_frames

PHONE = {"width": 390, "height": 844}
ROUNDS_SCORED = 8  # rounds in the pad before the move: more than a phone's pad shows (it scrolls)

# The pad as the page has it: its scroll, its rows, and whether its nodes are those marked before.
PAD = """() => {
  const scroll = document.querySelector('.tt-pad-scroll');
  const table = scroll.querySelector('.tt-scores');
  const rows = [...table.querySelectorAll('tbody tr[data-round]')];
  return { top: scroll.scrollTop, most: scroll.scrollHeight - scroll.clientHeight,
           rounds: rows.map((r) => Number(r.dataset.round)),
           totals: [...table.querySelectorAll('tfoot [data-total]')].map((td) => td.textContent),
           sameScroll: scroll === window.__padScroll, sameTable: table === window.__padTable,
           sameRows: (window.__padRows || []).every((r) => r.isConnected && rows.includes(r)) };
}"""
MARK = """() => {
  window.__padScroll = document.querySelector('.tt-pad-scroll');
  window.__padTable = window.__padScroll.querySelector('.tt-scores');
  window.__padRows = [...window.__padTable.querySelectorAll('tbody tr[data-round]')];
}"""

# Every change made to the pad from now on, kept (read with takeRecords).
WATCH = """() => {
  window.__padChanges = new MutationObserver(() => {});
  window.__padChanges.observe(document.querySelector('.tt-pad'), { subtree: true, childList: true, attributes: true,
                                                                   characterData: true });
}"""


def last_card_to_play(state: dict) -> bool:
    """Mine alone to move, my last card of a round to play, with ROUNDS_SCORED rounds scored."""
    v = state["view"]
    return (v["phase"] == "play" and state["to_move"] == [0] and len(v["hand"]) == 1
            and len(v["history"]) >= ROUNDS_SCORED)


def test_the_score_pad_keeps_its_place_and_grows_a_row(new_page, guest_session, server):
    page = new_page(viewport=PHONE, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 6)
    state = play_by_api(server, made["table"], made["token"], last_card_to_play, random.Random(2))
    assert last_card_to_play(state), "the game ended before the last card of a late round"
    scored = len(state["view"]["history"])
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn")
    settled(page)
    two_frames(page)
    pad = page.evaluate(PAD)
    assert pad["rounds"] == list(range(1, scored + 1))
    assert pad["most"] >= 12, f"the pad does not scroll on a phone: {pad}"
    # The page opens the pad at its bottom (the latest round in view); the player scrolls it up a little (as a
    # finger does: the pad's own scroll), to an older round: not at its bottom, where a new row would be followed
    # (test_score_pad_bottom.py), nor at its top, where a pad drawn anew would be too.
    assert pad["top"] == pad["most"], pad
    top = pad["most"] // 2
    page.evaluate("(top) => { document.querySelector('.tt-pad-scroll').scrollTop = top; }", top)
    page.evaluate(MARK)
    before = page.evaluate(PAD)
    assert before["top"] == top
    shot(page, "score-pad-kept-before", full_page=False)
    # My last card: the bots finish the trick, the round is scored, the next one is dealt and predicted.
    page.locator(".tt-hand .tt-card.can-play").first.click(position={"x": 14, "y": 44})
    page.wait_for_selector(f".tt-scores tr[data-round='{scored + 1}']")
    page.wait_for_selector(".prompt.my-turn, .result")
    settled(page)
    after = page.evaluate(PAD)
    view = server.api("GET", f"/api/tables/{made['table']}/state", token=made["token"])[1]["view"]
    assert after["rounds"] == list(range(1, scored + 2)) == [r["round"] for r in view["history"]], after
    assert after["totals"] == [str(s) for s in view["scores"]], after
    assert after["top"] == top, f"the pad's scroll went from {top} to {after['top']}"
    assert after["sameScroll"] and after["sameTable"] and after["sameRows"], after
    shot(page, "score-pad-kept-after", full_page=False)
    # A redraw that changes nothing in it (my prediction chosen, not yet confirmed) leaves the pad untouched.
    page.evaluate(WATCH)
    page.locator("[data-bid-choice]:not([disabled]), [data-trump]").first.click()
    page.wait_for_selector("[data-bid-choice][aria-pressed='true'], [data-trump][aria-pressed='true']")
    assert page.evaluate("() => window.__padChanges.takeRecords().length") == 0
    assert page.evaluate(PAD)["top"] == top
    assert page.errors == []
