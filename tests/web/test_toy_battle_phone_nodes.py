"""Toy Battle on a phone: every node of the field is in view above the status bar on my turn.

- Mid-game, when my turn asks for buttons (an effect's Draw or Pass, Jumbo's or Castle Field's lit nodes, or an empty
  rack's Draw), the board marked the buttons alone as what I act on: they were in view, and the field's last row (my
  HQ, nodes 1, 11 and 12) lay under the status bar at 360x740. Now the buttons and the field are marked together.
- A troop picked on my rack lights the nodes it may go to: the table brings the acting area into view only as a state
  is drawn, so a player who had scrolled the rack to the window's top picked a troop and saw no lit node (the field
  above the window). Now the board brings the lit nodes into view.
"""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api, two_frames

PHONES = {"360": {"width": 360, "height": 740}, "390": {"width": 390, "height": 844}}
# The nodes (and the action buttons) outside the room between the window's top and the status bar.
OUT_OF_VIEW = """(sel) => { const floor = document.querySelector('.status-bar').getBoundingClientRect().top;
  return [...document.querySelectorAll(sel)].map((e) => [e.dataset.node || e.textContent, e.getBoundingClientRect()])
    .filter(([, r]) => r.top < 0 || r.bottom > floor + 0.5)
    .map(([what, r]) => `${what}: ${Math.round(r.top)}-${Math.round(r.bottom)} (bar at ${Math.round(floor)})`); }"""


def buttons_turn(state: dict) -> bool:
    """My turn asks for buttons (or lit nodes of an effect), not a troop to place."""
    return bool(state["legal"]) and not any("place" in m["json"] for m in state["legal"])


def open_at(page, server, until, seeds) -> dict:
    """A table played at random (my seat by the API, the bot answering) until `until(state)`, opened on the page at
    my turn with the acting area in view: a fresh table for each seed while the game ended first."""
    for seed in seeds:
        made = create_by_api(page, "toy_battle", 2)
        state = play_by_api(server, made["table"], made["token"], until, random.Random(seed))
        if state["status"] == "finished":
            continue
        page.goto(made["seats"][0]["invite"])
        page.wait_for_selector(".tb-board[data-mine='1']")
        page.locator(".status-bar[data-acting-in-view]").wait_for(state="attached")
        return state
    raise AssertionError(f"no game of seeds {seeds} got to such a turn before its end")


@pytest.mark.parametrize("width", list(PHONES))
def test_the_field_and_the_buttons_are_in_view_when_my_turn_asks_for_buttons(new_page, guest_session, server, width):
    page = new_page(viewport=PHONES[width], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    state = open_at(page, server, buttons_turn, range(1, 6))
    shot(page, f"toy-battle-phone-buttons-{width}", full_page=False)
    assert page.evaluate(OUT_OF_VIEW, ".tb-field [data-node]") == [], f"stage {state['view']['stage']}"
    assert page.evaluate(OUT_OF_VIEW, ".tb-actions button") == []
    assert page.errors == []


def test_a_picked_troop_lights_nodes_in_view(new_page, guest_session, server):
    page = new_page(viewport=PHONES["360"], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    open_at(page, server, lambda s: any("place" in m["json"] for m in s["legal"]), range(1, 6))
    # At the start of my turn the whole field is in view over my rack.
    assert page.evaluate(OUT_OF_VIEW, ".tb-field [data-node]") == []
    # Scrolled down to my rack (the field above the window), I pick a troop: the nodes it may go to come into view.
    page.locator(".tb-side [data-acting='rack']").evaluate("(e) => e.scrollIntoView({ block: 'start' })")
    page.locator(".tb-troop.can-place").first.click()
    page.wait_for_selector(".tb-field .node.lit")
    two_frames(page)
    shot(page, "toy-battle-phone-picked", full_page=False)
    assert page.evaluate(OUT_OF_VIEW, ".tb-field .node.lit") == []
    assert page.errors == []
