"""A poll answered late does not put an older position back on the board. While its socket is
down the page reads the table's state every few seconds; on a busy host an answer can arrive after
a newer state (the next poll's, or the socket's opening state once it is back), and drawing it would
leave the board a move behind until the next change (CI met it at load 20:
test_lost_connection_recovers_and_catches_up). The page drops an answer when a state came while it
was on its way."""

from __future__ import annotations

from tests.web.helpers import create_table, sign_in_as_guest, two_frames, wait_my_turn_or_end

FRESH_PAGES = True  # the page routes its sockets

# Counts the page's reads of the table's state, and holds back the answer of the next read once asked
# to (`__holdNextRead`; `__release()` lets it go on), so the test waits for the page, never for time.
HOLD_A_READ = """(() => {
  window.__stateAnswered = 0;
  window.__holdNextRead = false;
  window.__release = null;
  const native = window.fetch;
  window.fetch = async (...args) => {
    const read = String(args[0]).endsWith("/state");
    const answer = await native(...args);
    if (read && window.__holdNextRead) {
      window.__holdNextRead = false;
      await new Promise((release) => { window.__release = release; });
    }
    if (read) window.__stateAnswered += 1;
    return answer;
  };
})();"""


def test_a_late_poll_answer_does_not_undo_a_newer_state(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, ["greedy"])
    assert wait_my_turn_or_end(page)
    token = page.evaluate("() => JSON.parse(localStorage.getItem('meeple.seats'))")[table]["token"]
    seq = int(page.locator(".table-page").get_attribute("data-seq"))

    # From here on no socket reaches the hall (each is closed at once), so the page polls.
    page.route_web_socket("**/ws/tables/**", lambda ws: ws.close())
    page.add_init_script(HOLD_A_READ)
    page.reload()
    assert wait_my_turn_or_end(page)
    page.evaluate("() => { window.__holdNextRead = true; }")
    page.wait_for_function("() => window.__release !== null")  # a poll has its answer, held back

    # Meanwhile the same seat plays from another device; a later poll shows it.
    status, body = server.api("POST", f"/api/tables/{table}/moves", {"seq": seq, "move": {"take": 0}}, token=token)
    assert status == 200, body
    page.wait_for_selector(".hand button.flip")
    shown = page.locator(".table-page").get_attribute("data-seq")

    answered = page.evaluate("() => { window.__release(); return window.__stateAnswered; }")
    page.wait_for_function("n => window.__stateAnswered > n", arg=answered)
    two_frames(page)
    assert page.locator(".table-page").get_attribute("data-seq") == shown
    assert page.locator(".hand button.flip").is_visible()
