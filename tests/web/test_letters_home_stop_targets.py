"""Letters Home on a phone: a stop I may walk to is a tap target at least 24 px across (WCAG's smallest) at
360 and 390 px wide, a clear circle round the lit dot, and a tap on its rim walks there (the dot alone was
15 px wide at 360 px: a tap beside it went nowhere)."""

from __future__ import annotations

import pytest

from .helpers import create_by_api

SIZES = {"phone": {"width": 390, "height": 844}, "small": {"width": 360, "height": 740}}
TARGETS = """() => [...document.querySelectorAll(".lh-town [role=button][aria-label^='Walk to']")]
  .map((e) => { const r = e.getBoundingClientRect(); return [e.getAttribute('aria-label'), r.width, r.height]; })"""


@pytest.mark.parametrize("size", list(SIZES))
def test_a_lit_stop_is_a_tap_target_of_24_px(new_page, guest_session, server, size):
    page = new_page(viewport=SIZES[size], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "letters_home", 2)
    page.goto(made["seats"][0]["invite"])
    page.locator(".lh-town .stop.can-go").first.wait_for()
    page.locator(".status-bar[data-acting-in-view]").wait_for(state="attached")
    targets = page.evaluate(TARGETS)
    assert targets and all(w >= 24 and h >= 24 for _, w, h in targets), targets
    # A tap 10 px right of a lit dot's centre (off the dot, on the clear circle) walks there: my pawn stands on it.
    box = page.locator(".lh-town .stop.can-go").first.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    assert box["width"] < 20  # the dot alone is smaller than the tap is far from its centre
    scrolled = page.evaluate("() => [scrollX, scrollY]")
    page.touchscreen.tap(x + 10, y)
    pawn = page.locator(".lh-town .pawn[data-pawn='0']")
    pawn.wait_for()
    # Where the pawn stands on the page (the page may scroll after my move, to keep what I act on next in view).
    at = pawn.evaluate("(e) => { const r = e.getBoundingClientRect();"
                       " return [r.left + r.width / 2 + scrollX, r.top + r.height / 2 + scrollY]; }")
    there = [x + scrolled[0], y + scrolled[1]]
    assert abs(at[0] - there[0]) < 1 and abs(at[1] - there[1]) < 1, (at, there)
    assert page.errors == []
