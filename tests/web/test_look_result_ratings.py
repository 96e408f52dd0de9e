"""The end of a rated game says the ratings changed and, to a player of it, links to where their new
rating shows (their player page); a friendly game's result says no rating changed, with no link."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, two_frames

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
# My seat's random legal moves through the page's own session, until the game is over. While the other
# seats play, it waits for the table's socket to push a change (the server pushes one after every stored
# change this viewer sees; counted from before each read of the state, so a change stored after the read
# is not missed), 30 s at most each, rather than reading the state again after a while.
PLAY_TO_THE_END = """async (t) => {
  const send = (path, body) => fetch(`/api/tables/${t}/${path}`, {method: 'POST',
    headers: {'Content-Type': 'application/json'}, body: JSON.stringify(body)});
  const ws = new WebSocket(`${location.protocol === 'https:' ? 'wss' : 'ws'}://${location.host}/ws/tables/${t}`);
  let heard = 0, closed = false, waiter = null;
  const poke = () => waiter && waiter();
  ws.addEventListener('message', (e) => {
    if (['state', 'delta'].includes(JSON.parse(e.data).type)) heard += 1;  // (not an error or a chat)
    poke();
  });
  ws.addEventListener('close', () => { closed = true; poke(); });
  const pushedAfter = (n) => new Promise((ok, fail) => {
    const timer = setTimeout(() => fail(new Error(`no change pushed in 30 s (${heard} messages)`)), 30000);
    waiter = () => {
      if (heard <= n && !closed) return;
      clearTimeout(timer);
      waiter = null;
      if (heard > n) ok(); else fail(new Error('the table socket closed'));
    };
    waiter();
  });
  try {
    await pushedAfter(0);  // the socket's opening state: every change from here on is pushed
    for (let i = 0; i < 500; i++) {
      const n = heard;
      const s = await (await fetch(`/api/tables/${t}/state`)).json();
      if (s.status === 'finished') return true;
      if (s.can_confirm) await send('confirm', {seq: s.seq, pending: s.pending.length});
      else if (s.legal && s.legal.length) await send('moves', {seq: s.seq, pending: s.pending.length,
        move: s.legal[Math.floor(Math.random() * s.legal.length)].json});
      else await pushedAfter(n);
    }
    return false;
  } finally {
    ws.close();
  }
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


# Counts the messages the page's sockets hear and each drawing of the result's rated note, so the test
# waits for the page (its socket's opening state) rather than for time.
COUNTS = """(() => {
  window.__heard = 0;
  window.__notesDrawn = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => { window.__heard += 1; });
    }
  };
  document.addEventListener("DOMContentLoaded", () => new MutationObserver((changes) => {
    for (const change of changes) for (const node of change.addedNodes) {
      if (node.querySelector && node.querySelector(".rated-note")) window.__notesDrawn += 1;
    }
  }).observe(document.body, {childList: true, subtree: true}));
})();"""


def test_the_result_is_drawn_once_when_the_socket_repeats_it(new_page, guest_session):
    """The page's state and then its socket's opening state hold the same result: the card is drawn
    once, so a player reading or scrolling it is not disturbed (a redrawn card left the old one
    detached under a click, CI of stop 50)."""
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "wizard", 3, options={"single_round": 1})
    assert page.evaluate(PLAY_TO_THE_END, made["table"])
    page.add_init_script(COUNTS)
    page.goto(f"/t/{made['table']}")
    page.locator(".rated-note").wait_for()
    page.wait_for_function("() => window.__heard >= 1")
    two_frames(page)
    assert page.evaluate("window.__notesDrawn") == 1
