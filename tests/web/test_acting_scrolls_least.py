"""On a desktop (1280x800) my turn scrolls the page no more than it needs to bring what I act on into view
(acting.js): not at all when it is in view already (Picnic's hamper, the table head and my panel stay
where they are), else just enough that its foot clears the status bar (Picnic's plate after a take, Vent
Life's Rotate bar under its field), never past that point."""

from __future__ import annotations

import pytest

from tests.web.helpers import create_by_api

MARGIN = 8  # acting.js: the room left between the area and the status bar

WHERE = """() => {
  const el = document.querySelector('.board-host [data-acting]');
  const r = el.getBoundingClientRect();
  return { what: el.dataset.acting, top: r.top, bottom: r.bottom, scrollY: window.scrollY,
           floor: document.querySelector('.status-bar').getBoundingClientRect().top,
           head: document.querySelector('.table-head').getBoundingClientRect().top,
           panel: document.querySelector('.panel.me').getBoundingClientRect().top };
}"""


def my_turn_drawn(page, what: str) -> dict:
    """Where things are once the page says no scroll of the acting area is still to come."""
    page.locator(f".status-bar[data-acting-in-view='{what}']").wait_for(state="attached", timeout=15000)
    return page.evaluate(WHERE)


def open_first_turn(new_page, guest_session, game_id: str, players: int):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, players)
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn", timeout=30000)
    return page


def assert_least_scroll(where: dict) -> None:
    """Scrolled only if the area's foot was under the bar, and then to just above the bar."""
    if where["scrollY"]:
        assert abs(where["bottom"] - (where["floor"] - MARGIN)) <= 1, where
    assert where["top"] >= 0 and where["bottom"] <= where["floor"], where


@pytest.mark.parametrize("players", [2, 4])
def test_picnic_first_turn_keeps_the_table_head(new_page, guest_session, players):
    page = open_first_turn(new_page, guest_session, "picnic", players)
    where = my_turn_drawn(page, "hamper")
    assert where["scrollY"] == 0, where  # the hamper is in view: no scroll, the head and my panel stay
    assert where["head"] >= 0 and where["panel"] >= 0, where
    page.locator(".pile.can-take").first.click()
    page.wait_for_selector(".hand button.flip, .prompt:has-text('Selected: take')")
    if page.locator(".hand button.flip").count() == 0:
        page.get_by_role("button", name="Confirm").click()
    where = my_turn_drawn(page, "plate")
    assert_least_scroll(where)
    assert where["head"] >= 0, where  # a plate's few pixels under the bar leave the table head in view


def test_vent_life_first_turn_scrolls_just_enough(new_page, guest_session):
    page = open_first_turn(new_page, guest_session, "vent_life", 2)
    assert_least_scroll(my_turn_drawn(page, "tile"))
