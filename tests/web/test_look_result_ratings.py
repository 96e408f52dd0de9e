"""The end of a rated game says the ratings changed and, to a player of it, links to where their new
rating shows (their player page); a friendly game's result says no rating changed, with no link."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# My seat's random legal moves through the page's own session, until the game is over.
PLAY_TO_THE_END = """async (t) => {
  const send = (path, body) => fetch(`/api/tables/${t}/${path}`, {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  for (let i = 0; i < 500; i++) {
    const s = await (await fetch(`/api/tables/${t}/state`)).json();
    if (s.status === 'finished') return true;
    if (s.can_confirm) await send('confirm', {seq: s.seq, pending: s.pending.length});
    else if (s.legal && s.legal.length) await send('moves', {seq: s.seq, pending: s.pending.length,
      move: s.legal[Math.floor(Math.random() * s.legal.length)].json});
    else await new Promise((ok) => setTimeout(ok, 100));
  }
  return false;
}"""


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_rated_result_links_my_ratings(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    rated = create_by_api(page, "wizard", 3, options={"single_round": 1})
    friendly = create_by_api(page, "wizard", 3, options={"single_round": 1}, rated=False)
    for made in (rated, friendly):
        assert page.evaluate(PLAY_TO_THE_END, made["table"])

    page.goto(f"/t/{friendly['table']}")
    note = page.locator(".rated-note")
    note.wait_for()
    assert note.inner_text() == "A friendly game: no rating changed."
    assert note.get_by_role("link").count() == 0

    page.goto(f"/t/{rated['table']}")
    note.wait_for()
    link = note.get_by_role("link", name="Your ratings")
    note.scroll_into_view_if_needed()
    shot(page, f"look-result-ratings-{size}")
    link.click()
    page.get_by_role("heading", level=1, name="Ada").wait_for()
    assert page.get_by_role("region", name="Ratings").get_by_role("link", name="Wizard").count() == 1
