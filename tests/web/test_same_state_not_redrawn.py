"""The same state arriving again draws nothing: the page reads the table's state, then its socket
opens with that same state (and a poll while the socket is down reads it again). Redrawing the board
then would take a tap or a press away from the node it began on (CI met such races: an element
'detached from the DOM' under a click), so the page compares and keeps what is drawn."""

from __future__ import annotations

from tests.web.helpers import create_by_api, two_frames, wait_my_turn_or_end
from tests.web.test_accessibility import SIZES

# Counts the board's and the panels' changes in the DOM, and notes the count when the page's socket
# hears its first message (the opening state), so the test waits for the page, never for time.
COUNTS = """(() => {
  window.__changes = 0;
  window.__changesAtOpening = null;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("message", () => {
        if (window.__changesAtOpening === null) window.__changesAtOpening = window.__changes;
      });
    }
  };
  document.addEventListener("DOMContentLoaded", () => new MutationObserver((changes) => {
    for (const change of changes) {
      const at = change.target.nodeType === 1 ? change.target : change.target.parentElement;
      if (at && at.closest(".board-host, .panels")) window.__changes += 1;
    }
  }).observe(document.body, {childList: true, subtree: true, attributes: true, characterData: true}));
})();"""


def test_the_socket_opening_with_the_state_drawn_redraws_nothing(new_page, guest_session):
    page = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 2)
    page.goto(f"/t/{made['table']}")
    assert wait_my_turn_or_end(page)  # my turn: nothing changes at the table until I move

    page.add_init_script(COUNTS)
    page.reload()
    page.locator(".pile.can-take").first.wait_for()
    page.wait_for_function("() => window.__changesAtOpening !== null")
    two_frames(page)
    before, after = page.evaluate("[window.__changesAtOpening, window.__changes]")
    assert before > 0, "the board was drawn before the socket opened"
    assert after == before, f"the board changed {after - before} times when the socket repeated the state"
