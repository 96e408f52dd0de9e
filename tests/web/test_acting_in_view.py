"""On my turn the area I act on is in view, above the fixed status bar, in every game, on a desktop
(1280x800) and a phone (390x844): each board marks it (`data-acting`), the table scrolls it into view."""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixtures skip (or, in CI, fail) with a message
    PlaywrightTimeout = TimeoutError

from meeple import games
from tests.conftest import TOY_GAMES
from tests.web.conftest import shot
from tests.web.helpers import create_by_api

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

WHERE = """async () => {
  const { actingElement } = await import('/static/js/acting.js');
  const el = actingElement(document.querySelector('.board-host'));
  if (!el) return null;
  const r = el.getBoundingClientRect();
  const bar = document.querySelector('.status-bar').getBoundingClientRect();
  return { marked: el.dataset.acting || null, top: r.top, bottom: r.bottom, height: r.height, floor: bar.top,
           what: `${el.tagName.toLowerCase()}.${[...el.classList].join('.')}` };
}"""


IN_VIEW = """async () => {
  const { actingElement } = await import('/static/js/acting.js');
  const el = actingElement(document.querySelector('.board-host'));
  if (!el) return false;
  const r = el.getBoundingClientRect();
  const floor = document.querySelector('.status-bar').getBoundingClientRect().top;
  return r.top >= -1 && r.top < floor - 40 && (r.height > floor - 16 || r.bottom <= floor + 1);
}"""


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("game_id", [g for g in games.ids() if g not in TOY_GAMES])
def test_the_acting_area_is_in_view_on_my_turn(new_page, guest_session, game_id, size):
    game = games.get(game_id)
    page = new_page(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone",
                    storage_state=guest_session)
    page.goto("/")
    n = min(max(2, game.min_players), game.max_players)
    made = create_by_api(page, game_id, n)
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn", timeout=30000)
    # The page scrolls by itself after the board's drawing has its layout, then once more a moment later
    # (acting.js): wait until it says no scroll is still to come (the status bar's data-acting-in-view),
    # then check the numbers (or say where it was: a board with nothing to act on never says it).
    try:
        page.locator(".status-bar[data-acting-in-view]").wait_for(state="attached", timeout=10000)
    except PlaywrightTimeout:
        pass
    where = page.evaluate(WHERE)
    shot(page, f"acting-{game_id}-{size}", full_page=False)
    assert where, f"{game_id}: nothing to act on is found on my turn"
    assert where["marked"], f"{game_id}: the board marks no acting area ({where['what']})"
    assert where["top"] >= -1, f"{game_id} at {size}: {where['what']} starts above the window: {where}"
    assert where["top"] < where["floor"] - 40, f"{game_id} at {size}: {where['what']} is under the status bar: {where}"
    if where["height"] <= where["floor"] - 16:
        assert where["bottom"] <= where["floor"] + 1, f"{game_id} at {size}: {where['what']} ends under the bar"
