"""Assyria on a phone at four players (every column open): the map fills its card's width and the hex names read at
8.5 px or more, clear of the food's disc. The map had 4 px of padding and a viewBox margin of 4 map units beyond the
hexes on each side, and its names came out at about 7 px on a 360 px phone."""

from __future__ import annotations

import pytest

from .conftest import shot
from .helpers import create_by_api, settled

SIZES = {"phone": {"width": 390, "height": 844}, "small": {"width": 360, "height": 740}}

MAP = """() => {
  const card = document.querySelector('.as-map-box').getBoundingClientRect();
  const polys = [...document.querySelectorAll('.as-map .as-hex polygon')].map((p) => p.getBoundingClientRect());
  const box = (r) => [r.left, r.top, r.right, r.bottom];
  const hexes = [...document.querySelectorAll('.as-map .as-hex')].map((g) => {
    const lab = g.querySelector('.lab');
    return {name: lab.textContent, px: lab.getScreenCTM().a * parseFloat(getComputedStyle(lab).fontSize),
            lab: box(lab.getBoundingClientRect()), food: box(g.querySelector('.food').getBoundingClientRect())};
  });
  const span = Math.max(...polys.map((r) => r.right)) - Math.min(...polys.map((r) => r.left));
  return {card: card.width, span, hexes};
}"""


@pytest.mark.parametrize("size", SIZES)
def test_the_map_fills_a_phone(new_page, guest_session, size):
    page = new_page(viewport=SIZES[size], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "assyria", 4)
    page.goto(made["seats"][0]["invite"])
    settled(page)
    got = page.evaluate(MAP)
    assert got["span"] >= 0.98 * got["card"], got["span"] / got["card"]
    assert len(got["hexes"]) > 50
    for hex_ in got["hexes"]:
        assert hex_["px"] >= 8.5, hex_
        assert hex_["lab"][2] <= hex_["food"][0], hex_  # (the name ends before the food's disc begins)
    shot(page.locator(".as-map-box"), f"assyria-phone-map-{size}")
    assert page.errors == []
