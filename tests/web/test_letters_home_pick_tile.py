"""Letters Home: a town tile tapped to take is the first of two taps, the second on a lit space of my
corkboard, a screen below the town on a phone. The tap brings my corkboard into view, its lit spaces above
the status bar, with a line over it naming the tile and what to do (the page used to stay on the town: the
tile framed, the prompt unchanged, and the tap seemed to do nothing)."""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .helpers import create_by_api

SIZES = {"phone": {"width": 390, "height": 844}, "small": {"width": 360, "height": 740}}
IN_VIEW = """(sel) => { const floor = document.querySelector('.status-bar').getBoundingClientRect().top;
  return [...document.querySelectorAll(sel)].map((e) => { const r = e.getBoundingClientRect();
    return r.top >= 0 && r.bottom <= floor; }); }"""


def may_take(state: dict) -> bool:
    return any("take" in m["json"] for m in state["legal"])


@pytest.mark.parametrize("size", list(SIZES))
def test_a_tapped_town_tile_brings_the_corkboard_spaces_into_view(new_page, guest_session, server, size):
    page = new_page(viewport=SIZES[size], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "letters_home", 3)
    state = play_by_api(server, made["table"], made["token"], lambda s: s["seq"] >= 20 and may_take(s),
                        random.Random(4))
    assert may_take(state), "the game ended before I could take a tile"
    page.goto(made["seats"][0]["invite"])
    tile = page.locator(".lh-town .tile.can-take").first
    tile.wait_for()
    # My turn has brought the town into view (acting.js, twice): no scroll of it is still to come.
    page.locator(".status-bar[data-acting-in-view]").wait_for(state="attached")
    name = tile.get_attribute("data-tile")
    tile.tap()
    page.locator(".lh-seat[data-seat='0'] .lh-space.can-place").first.wait_for()
    shown = page.evaluate(IN_VIEW, ".lh-seat[data-seat='0'] .lh-space.can-place")
    assert shown and all(shown), shown
    hint = page.locator(".lh-seat[data-seat='0'] .lh-pick-hint")
    assert hint.count() == 1 and hint.inner_text().startswith(f"Put {name} ("), hint.all_inner_texts()
    assert all(page.evaluate(IN_VIEW, ".lh-seat[data-seat='0'] .lh-pick-hint"))
    assert page.evaluate("() => document.documentElement.scrollWidth <= innerWidth")
    assert page.errors == []
