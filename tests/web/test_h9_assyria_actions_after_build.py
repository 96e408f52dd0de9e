"""Assyria on a phone (390x844), my actions phase with a ziggurat to build and Assur tokens I may take: the page
brings the action tokens and the Assur tokens under them into view (they sat just under the status bar), and
after I build a ziggurat on the map above, the tokens come back into view for my next action (the page stayed
at the map: acting.js scrolled only when the marked area changed)."""

from __future__ import annotations

import json
import random

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api

# The action and Assur boxes' tops and bottoms, the status bar's top.
BOXES = """() => {
  const box = (id) => { const r = document.querySelector(`[data-testid=${id}]`).getBoundingClientRect();
    return {top: r.top, bottom: r.bottom}; };
  return {actions: box('as-actions'), assur: box('as-assur'),
          floor: document.querySelector('.status-bar').getBoundingClientRect().top};
}"""
# The answer to my move drawn: the page done with bringing my area into view (the mark the test took off before
# the move is set again), or my actions over (another phase, or nothing more for me to do).
REDRAWN = """() => { const board = document.querySelector('.as-board');
  return document.querySelector('.status-bar').dataset.actingInView !== undefined
    || board.dataset.phase !== 'actions' || board.dataset.mine !== '1'; }"""


def _in_view(where: dict, *boxes: str) -> bool:
    return all(where[b]["top"] >= 0 and where[b]["bottom"] <= where["floor"] for b in boxes)


def _wanted(state: dict) -> bool:
    legal = [json.dumps(m["json"]) for m in state["legal"]]
    return state["view"]["phase"] == "actions" and any('"build"' in m for m in legal) \
        and any('"assur"' in m for m in legal)


def test_my_next_action_comes_into_view_after_a_ziggurat(new_page, guest_session, server):
    for seed in range(3, 13):
        page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True,
                        storage_state=guest_session)
        page.goto("/")
        made = create_by_api(page, "assyria", 2)
        state = play_by_api(server, made["table"], made["token"], _wanted, random.Random(seed))
        if state["status"] == "finished":
            continue  # the game ended first: another table
        page.goto(made["seats"][0]["invite"])
        page.locator(".status-bar[data-acting-in-view='actions']").wait_for(state="attached", timeout=15000)
        where = page.evaluate(BOXES)
        assert _in_view(where, "actions", "assur"), f"the action and Assur tokens are not in view: {where}"
        shot(page, "h9-assyria-actions-390", full_page=False)

        page.evaluate("window.scrollTo(0, 0)")  # up to the map, as a player building there is
        page.evaluate("delete document.querySelector('.status-bar').dataset.actingInView")
        page.locator(".as-map [aria-label^='Build a ziggurat here']").first.tap()
        # The ziggurat is built at once, or (where the table asks) selected and then confirmed in the status bar.
        selected = "/Selected: /.test(document.querySelector('.prompt').textContent)"
        page.wait_for_function(f"() => ({REDRAWN})() || {selected}", timeout=15000)
        if "Selected: " in page.locator(".prompt").inner_text():
            page.get_by_role("button", name="Confirm").tap()
            page.wait_for_function(REDRAWN, timeout=15000)
        board = page.locator(".as-board")
        if board.get_attribute("data-phase") != "actions" or board.get_attribute("data-mine") != "1":
            continue  # that ziggurat ended my actions (no camels left): another table
        where = page.evaluate(BOXES)
        shot(page, "h9-assyria-after-build-390", full_page=False)
        assert _in_view(where, "actions"), f"after the ziggurat the action tokens are out of view: {where}"
        assert page.errors == []
        return
    raise AssertionError("no table of seeds 3 to 12 reached a ziggurat built with actions left")
