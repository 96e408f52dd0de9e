"""Assyria: a hex's label and its food stay in view under a ziggurat of three levels. The roof covered the
label and the edge of the food's disc (the board and the rules page's figure draw the hex alike, hexShape
of games/assyria.js; a ziggurat of one or two levels is the same tiers without the upper ones)."""

from __future__ import annotations

import pytest

from .conftest import shot

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844},
         "small": {"width": 360, "height": 740}}

# In the figure's hex: the label's box, the food disc's box and each tier's box, in page pixels.
BOXES = """() => {
  const hex = document.querySelector("[data-figure='ziggurat'] .as-hex");
  const box = (el) => { const r = el.getBoundingClientRect(); return [r.left, r.top, r.right, r.bottom]; };
  return {level: hex.dataset.level, label: box(hex.querySelector('.lab')), text: hex.querySelector('.lab').textContent,
          food: box(hex.querySelector('.food')), tiers: [...hex.querySelectorAll('.as-zig')].map(box),
          hex: box(hex.querySelector('polygon'))};
}"""


def overlap(a, b) -> bool:
    return a[0] < b[2] and b[0] < a[2] and a[1] < b[3] and b[1] < a[3]


def covers_disc(box, disc) -> bool:
    """Whether a box reaches into the disc whose bounding box (its stroke's outer edge) is `disc`."""
    cx, cy, r = (disc[0] + disc[2]) / 2, (disc[1] + disc[3]) / 2, (disc[2] - disc[0]) / 2
    nearest_x, nearest_y = min(max(cx, box[0]), box[2]), min(max(cy, box[1]), box[3])
    return (nearest_x - cx) ** 2 + (nearest_y - cy) ** 2 < r * r


@pytest.mark.parametrize("size", SIZES)
def test_the_label_and_food_stay_clear_of_a_three_level_ziggurat(new_page, server, size):
    page = new_page(viewport=SIZES[size])
    page.goto("/games/assyria/rules")
    page.locator("[data-figure='ziggurat'] .as-hex").wait_for()
    got = page.evaluate(BOXES)
    assert got["level"] == "3" and len(got["tiers"]) == 3 and got["text"] == "d3"
    for tier in got["tiers"]:
        assert not overlap(tier, got["label"]), f"a tier covers the label: {got}"
        assert not covers_disc(tier, got["food"]), f"a tier covers the food: {got}"
        # (the ziggurat stays on its hex)
        assert got["hex"][0] <= tier[0] and tier[2] <= got["hex"][2] and tier[3] <= got["hex"][3], got
    shot(page.locator("[data-figure='ziggurat']"), f"assyria-ziggurat-label-{size}")
    assert page.errors == []
