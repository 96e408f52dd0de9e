"""Toy Battle: a troop chosen to place on a base that already holds one is previewed as the new top of the
stack, its own strength and the stack's new height shown before Confirm (the old preview drew the chosen
troop faded over the old top, whose strength stayed in the corner: a Cap'N over a Hook read "Cap'N 4")."""

from __future__ import annotations

import random

from tests.web.api_play import play_by_api
from tests.web.helpers import create_by_api

NODE = """(el) => ({strengths: [...el.querySelectorAll('.strength')].map((t) => t.textContent),
  depth: [...el.querySelectorAll('.depth')].map((t) => t.textContent), ghost: el.querySelectorAll('.ghost').length})"""


def covering_place(state: dict):
    """A move of mine that puts a troop with a strength (not Kwak) over a troop of another kind: (kind, node)."""
    if state["status"] != "running":
        return None
    stacks = {n["id"]: n["stack"] for n in state["view"]["nodes"]}
    for m in state["legal"]:
        kind, node = m["json"].get("place", (None, None))
        if kind not in (None, 8) and stacks[node] and stacks[node][-1][1] != kind:
            return kind, node
    return None


def test_a_troop_placed_over_another_shows_its_own_strength(new_page, guest_session, server):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    for seed in range(5):  # a random game gets there on most seeds, the first on this hall's
        made = create_by_api(page, "toy_battle", 2)
        state = play_by_api(server, made["table"], made["token"], covering_place, random.Random(seed))
        if covering_place(state):
            break
    kind, node = covering_place(state)
    height = len(next(n["stack"] for n in state["view"]["nodes"] if n["id"] == node))
    page.goto(made["seats"][0]["invite"])
    page.locator(f".tb-troop.can-place[data-kind='{kind}']").first.click()
    page.locator(f".tb-field .node.lit[data-node='{node}']").click()
    page.wait_for_selector(".prompt:has-text('Selected: Place')")
    shown = page.locator(f".tb-field [data-node='{node}']").evaluate(NODE)
    assert shown == {"strengths": [str(kind)], "depth": [f"\u00d7{height + 1}"], "ghost": 1}, (kind, height, shown)
    # the stack as stored is unchanged until Confirm
    assert page.locator(f".tb-field [data-node='{node}']").get_attribute("data-depth") == str(height)
    assert page.errors == []
