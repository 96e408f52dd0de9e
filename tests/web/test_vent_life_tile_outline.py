"""Vent Life: my tile placed before Confirm is outlined so that the outline reads on every terrain: inside the
gold lies a dark edge, and the colour just inside the gold contrasts with it 3:1 or more (WCAG's ratio for a
part of the page one must see). Gold alone met a Diffuse Vents hex's yellow at 1.2:1, a mat's green at 1.4:1."""

from __future__ import annotations

import random
import re

import pytest

from tests.web.api_play import play_by_api
from tests.web.conftest import shot
from tests.web.helpers import create_by_api, two_frames

# Per hex of my tile: the gold's colour, and the colour just inside it (the dark edge, or the hex's own fill).
BANDS = """() => [...document.querySelectorAll('.vl-gold polygon[data-terrain]')].map((hex) => {
  const edge = hex.nextElementSibling?.matches('polygon.vl-edge') ? hex.nextElementSibling : null;
  const inside = edge ? getComputedStyle(edge).stroke : getComputedStyle(hex).fill;
  return [hex.dataset.terrain, getComputedStyle(hex).stroke, inside];
})"""


def luminance(rgb: str) -> float:
    def channel(c: int) -> float:
        c /= 255
        return c / 12.92 if c <= 0.04045 else ((c + 0.055) / 1.055) ** 2.4
    r, g, b = (channel(int(n)) for n in re.findall(r"\d+", rgb)[:3])
    return 0.2126 * r + 0.7152 * g + 0.0722 * b


def contrast(a: str, b: str) -> float:
    hi, lo = sorted((luminance(a), luminance(b)), reverse=True)
    return (hi + 0.05) / (lo + 0.05)


def placing_vents(state: dict) -> bool:
    """My turn to place a tile holding a Diffuse Vents hex (the yellow one the gold hid in)."""
    if state["status"] != "running" or not any("tile" in m["json"] for m in state["legal"]):
        return False
    return "D" in state["view"]["hands"][0]["tile"]


@pytest.mark.parametrize("size", [(1280, 800), (390, 844), (360, 740)])
def test_my_tiles_outline_reads_on_every_terrain(new_page, guest_session, server, size):
    page = new_page(viewport={"width": size[0], "height": size[1]}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "vent_life", 2)
    play_by_api(server, made["table"], made["token"], placing_vents, random.Random(2))
    page.goto(made["seats"][0]["invite"])
    page.locator(".vl-spot, .vl-ring-hit").first.dispatch_event("click")  # (the field's own pointer handling pans)
    page.locator(".vl-gold").wait_for()
    two_frames(page)
    shot(page, f"vl-outline-{size[0]}", full_page=False)
    bands = page.evaluate(BANDS)
    assert "diffuse vents" in [terrain for terrain, _, _ in bands], bands
    for terrain, gold, inside in bands:
        assert contrast(gold, inside) >= 3, (terrain, gold, inside)
    assert page.errors == []
