"""Vent Life: my tile placed before Confirm shows each hex in its terrain's colour (outlined in gold), as it will
lie in the field: filled gold, the terrains were only words on it, 7 px high on a 360 px phone, so which way
the tile turned could not be seen at a glance."""

from __future__ import annotations

import random

import pytest

from tests.web.api_play import play_by_api
from tests.web.helpers import create_by_api

FILL = {"B": "basalt ridge", "D": "diffuse vents", "M": "microbial mat"}
# The board's terrain colours (vent_life.js TERRAIN), as the browser computes them.
RGB = {"black smoker": "rgb(61, 58, 64)", "basalt ridge": "rgb(138, 111, 90)", "diffuse vents": "rgb(233, 180, 76)",
       "microbial mat": "rgb(127, 191, 142)"}
SHOWN = "() => [...document.querySelectorAll('.vl-gold polygon[data-terrain]')].map((p) => getComputedStyle(p).fill)"


@pytest.mark.parametrize("size", [{"width": 360, "height": 740}, {"width": 1280, "height": 800}])
def test_my_tile_before_confirm_shows_its_terrains(new_page, guest_session, server, size):
    page = new_page(viewport=size, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "vent_life", 2)
    state = play_by_api(server, made["table"], made["token"],
                        lambda s: s["seq"] >= 10 and any("tile" in m["json"] for m in s["legal"]), random.Random(1))
    code = state["view"]["hands"][0]["tile"]
    page.goto(made["seats"][0]["invite"])
    page.locator(".vl-spot, .vl-ring-hit").first.dispatch_event("click")  # (the field's own pointer handling pans)
    page.locator(".vl-gold").wait_for()
    expected = [RGB["black smoker"], RGB[FILL[code[0]]], RGB[FILL[code[1]]]]
    assert page.evaluate(SHOWN) == expected, code
    assert page.errors == []
