"""Toy Battle: every region's name ("region 10", as the log says "surrounds region 10") reads clear of the nodes, on
every board. It was drawn under its medals wherever that was, and on City of Clouds five names lay under the nodes of
the middle column (node 19 over "region 10"), on the Cemetery, Battlefield, Croisette and Tournament boards others.
Now it goes under its medals where that is clear, else above, right or left of them (toy_battle.js namePlace)."""

from __future__ import annotations

from .conftest import shot
from .helpers import create_by_api

# How far each region's name reaches into a node's spot (its circle, or an HQ's square) or its number's tag, in map
# units: the names' boxes as drawn (getBBox) against the spots' and tags' shapes.
INTO_NODES = """() => {
  // how far box a reaches into box b (<= 0: clear of it)
  const into = (a, b) => Math.min(a.x + a.width - b.x, b.x + b.width - a.x, a.y + a.height - b.y, b.y + b.height - a.y);
  const out = [];
  const names = [...document.querySelectorAll('.tb-field [data-region-name]')].map((t) => [t.textContent, t.getBBox()]);
  for (const node of document.querySelectorAll('.tb-field [data-node]')) {
    const spot = node.querySelector('.spot');
    const tag = node.querySelector('.base-tag').getBBox();
    for (const [name, b] of names) {
      let depth = into(b, spot.getBBox());
      if (spot.tagName === 'circle') {
        const [cx, cy, r] = ['cx', 'cy', 'r'].map((a) => +spot.getAttribute(a));
        const dx = Math.max(b.x, Math.min(cx, b.x + b.width)) - cx;
        const dy = Math.max(b.y, Math.min(cy, b.y + b.height)) - cy;
        depth = r - Math.hypot(dx, dy);
      }
      if (depth > 0 || into(b, tag) > 0.3) out.push(`${name}: node ${node.dataset.node} (${depth.toFixed(2)})`);
    }
  }
  return out;
}"""


def test_every_region_name_reads_clear_of_the_nodes(new_page, guest_session):
    from meeple.games.toy_battle.components import BOARDS

    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    covered = {}
    for board in BOARDS:
        made = create_by_api(page, "toy_battle", 2, options={"board": board.key})
        page.goto(made["seats"][0]["invite"])
        page.wait_for_selector(".tb-field [data-region-name]")
        assert page.locator(".tb-field [data-region-name]").count() == len(board.regions)
        if board.key == "clouds":
            shot(page.locator(".tb-field"), "toy-battle-region-names-clouds")
        found = page.evaluate(INTO_NODES)
        if found:
            covered[board.name] = found
    assert covered == {}, covered
    assert page.errors == []
