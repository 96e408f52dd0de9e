"""The table's WebSocket deltas (`?deltas=1`) in a real browser: a delta lost or out of order on
the way is noticed by its number, the page asks for a full state (`resync`) and shows the same
position as the API again (js/socket.js; the server's side is tests/server/test_deltas.py).

An init script wraps the page's WebSocket so the test can swallow the next delta, or hold it back
and hand it over after the one that follows it."""

from __future__ import annotations

import pytest

from .helpers import (
    assert_panels_match,
    confirm,
    create_table,
    page_seq,
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

API_STATE = """async (table) => {
  const seat = JSON.parse(localStorage.getItem("meeple.seats"))[table];
  const r = await fetch(`/api/tables/${table}/state`, { headers: { "X-Seat-Token": seat.token } });
  return await r.json();
}"""


def _in_step_with_the_api(page, table):
    """The page shows the API's position: the same seq, the same log lines, the same totals."""
    for _ in range(100):
        state = page.evaluate(API_STATE, table)
        if page_seq(page) == state["seq"]:
            break
        page.wait_for_timeout(100)
    else:
        raise AssertionError(f"the page stayed at seq {page_seq(page)}, the API is at {state['seq']}")
    assert page.locator(".log-list li:not(.hint)").count() == len(state["log"])
    for sheet in state["sheets"]:
        shown = page.locator(f".panel[data-seat='{sheet['seat']}'] .panel-score").inner_text()
        assert int(shown.replace("\u2212", "-")) == sheet["total"]


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
        _in_step_with_the_api(page, table)

    gaps = page.evaluate("() => window.__gaps")
    assert len(gaps["dropped"]) == (3 if mode == "drop" else 0) and len(gaps["swapped"]) == (6 if mode == "swap" else 0)
    assert gaps["resyncs"] >= 1, f"the page never asked for a full state: {gaps}"
    assert_panels_match(page, server, table, [0, 1])
    assert page.errors == []
