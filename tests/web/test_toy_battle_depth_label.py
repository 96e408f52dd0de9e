"""Toy Battle: a stack's height label ("×2") sits clear of the node's ring, so that both read on a lit or
selected node (it sat on the ring, the green ring of a selected node running through the label), at 1280x800,
390x844 and 360x740."""

from __future__ import annotations

import random

from tests.web.api_play import play_by_api
from tests.web.conftest import shot
from tests.web.helpers import create_by_api, two_frames
from tests.web.test_toy_battle_preview import covering_place

# How far the label's box lies outside the ring's stroke, in the field's units (negative: on it).
CLEARANCE = """(g) => {
  const ring = g.querySelector('.ring'), label = g.querySelector('.depth').getBBox();
  const cx = Number(ring.getAttribute('cx')), cy = Number(ring.getAttribute('cy'));
  const outer = Number(ring.getAttribute('r')) + parseFloat(getComputedStyle(ring).strokeWidth) / 2;
  const dx = Math.max(label.x - cx, 0, cx - label.x - label.width);
  const dy = Math.max(label.y - cy, 0, cy - label.y - label.height);
  return Math.hypot(dx, dy) - outer;
}"""


def test_the_height_label_clears_a_selected_nodes_ring(new_page, guest_session, server):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    for seed in range(5):  # a random game gets there on most seeds
        made = create_by_api(page, "toy_battle", 2)
        state = play_by_api(server, made["table"], made["token"], covering_place, random.Random(seed))
        if covering_place(state):
            break
    kind, node = covering_place(state)
    page.goto(made["seats"][0]["invite"])
    page.locator(f".tb-troop.can-place[data-kind='{kind}']").first.click()
    page.locator(f".tb-field .node.lit[data-node='{node}']").click()
    page.wait_for_selector(".prompt:has-text('Selected: Place')")
    chosen = page.locator(f".tb-field .node.selected[data-node='{node}']")
    for size, viewport in {"desktop": (1280, 800), "phone": (390, 844), "small": (360, 740)}.items():
        page.set_viewport_size({"width": viewport[0], "height": viewport[1]})
        two_frames(page)
        chosen.scroll_into_view_if_needed()
        shot(page, f"tb-depth-{size}", full_page=False)
        assert chosen.evaluate(CLEARANCE) > 0, size
    # a lit node holding a stack (the lit ring is the same circle) keeps its label clear too
    for lit in page.locator(".tb-field .node.lit:has(.depth)").all():
        assert lit.evaluate(CLEARANCE) > 0
    assert page.errors == []
