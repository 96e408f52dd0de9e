"""The table's WebSocket deltas (`?deltas=1`) in a real browser: a delta lost or out of order on
the way is noticed by its number, the page asks for a full state (`resync`) and shows the same
position as the API again (js/socket.js; the server's side is tests/server/test_deltas.py).

An init script wraps the page's WebSocket so the test can swallow the next delta, or hold it back
and hand it over after the one that follows it."""

from __future__ import annotations

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixtures skip (or, in CI, fail) with a message
    PlaywrightTimeout = TimeoutError

from .helpers import (
    assert_panels_match,
    confirm,
    create_table,
    sign_in_as_guest,
    take_and_choose,
    wait_my_turn_or_end,
)

MANGLED_SOCKET = """
(() => {
  const Real = window.WebSocket;
  // mode: null (pass everything), "drop" (swallow the next delta), "swap" (the next two deltas change places)
  window.__gaps = { mode: null, dropped: [], swapped: [], resyncs: 0 };
  window.WebSocket = class extends Real {
    set onmessage(handler) {
      let held = null;
      super.onmessage = (ev) => {
        const gaps = window.__gaps;
        const msg = JSON.parse(ev.data);
        if (msg.type === "delta" && gaps.mode === "drop") {
          gaps.mode = null;
          gaps.dropped.push(msg.n);
          return;
        }
        if (msg.type === "delta" && gaps.mode === "swap") {
          if (!held) { held = ev; return; }
          gaps.mode = null;
          gaps.swapped.push(msg.n, JSON.parse(held.data).n);
          handler.call(this, ev);
          const late = held;
          held = null;
          handler.call(this, late);
          return;
        }
        handler.call(this, ev);
      };
    }
    send(data) {
      if (JSON.parse(data).type === "resync") window.__gaps.resyncs += 1;
      super.send(data);
    }
  };
})();
"""

# A test here adds an init script to its page: new pages (tests/web/conftest.py, new_page).
FRESH_PAGES = True

API_STATE = """async (table) => {
  const seat = JSON.parse(localStorage.getItem("meeple.seats"))[table];
  const r = await fetch(`/api/tables/${table}/state`, { headers: { "X-Seat-Token": seat.token } });
  return await r.json();
}"""


SEQ_AT_LEAST = "s => Number(document.querySelector('.table-page').dataset.seq) >= s"

PAGE_SHOWS = """() => ({
  seq: Number(document.querySelector(".table-page").dataset.seq),
  log: document.querySelectorAll(".log-list li:not(.hint)").length,
  totals: Object.fromEntries([...document.querySelectorAll(".panel[data-seat]")].map(
    (p) => [p.dataset.seat, Number(p.querySelector(".panel-score").textContent.replace("\u2212", "-"))])),
})"""


def _in_step_with_the_api(page, table):
    """The page shows the API's position: the same seq, the same log lines, the same totals.

    The page is read in one go between two reads of the API at the same seq: a bot may move
    between any two reads (then, once the page has drawn the API's newest position, the page and the
    API are compared again)."""
    for _ in range(20):
        before = page.evaluate(API_STATE, table)
        shown = page.evaluate(PAGE_SHOWS)
        after = page.evaluate(API_STATE, table)
        if before["seq"] == shown["seq"] == after["seq"]:
            break
        # A bot moved meanwhile, or the page has not drawn the newest position yet: wait until it has.
        try:
            page.wait_for_function(SEQ_AT_LEAST, arg=after["seq"], timeout=10000)
        except PlaywrightTimeout:
            raise AssertionError(f"the page stayed at seq {shown['seq']}, the API is at {after['seq']}") from None
    else:
        raise AssertionError(f"the table kept moving: the page at seq {shown['seq']}, the API at {after['seq']}")
    assert shown["log"] == len(after["log"])
    assert shown["totals"] == {str(sheet["seat"]): sheet["total"] for sheet in after["sheets"]}


@pytest.mark.parametrize("mode", ["drop", "swap"])
def test_a_lost_or_late_delta_brings_a_full_state(new_page, server, mode):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.add_init_script(MANGLED_SOCKET)
    sign_in_as_guest(page, f"Gap {mode}")
    table = create_table(page, ["random"])

    for _ in range(3):
        assert wait_my_turn_or_end(page)
        assert_panels_match(page, server, table, [0, 1])
        # Taking a tile is pushed to the socket (and answered over HTTP); the bot's turn comes only
        # through the socket, as deltas after the mangled one.
        page.evaluate("mode => { window.__gaps.mode = mode; }", mode)
        take_and_choose(page)
        confirm(page)
        page.wait_for_function("() => window.__gaps.mode === null")
        # The bot's turn comes only through the socket, after the mangled delta: wait for it.
        wait_my_turn_or_end(page)
        _in_step_with_the_api(page, table)

    gaps = page.evaluate("() => window.__gaps")
    assert len(gaps["dropped"]) == (3 if mode == "drop" else 0) and len(gaps["swapped"]) == (6 if mode == "swap" else 0)
    assert gaps["resyncs"] >= 1, f"the page never asked for a full state: {gaps}"
    assert_panels_match(page, server, table, [0, 1])
    assert page.errors == []
