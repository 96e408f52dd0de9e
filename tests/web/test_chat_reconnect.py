"""A chat message posted while a page's table socket is not listening (before it opens, or while it
is down) is shown once the socket opens: the page reads the chat history again then (chat.js)."""

from __future__ import annotations

from tests.web.helpers import sign_in_as_guest
from tests.web.test_accessibility import SIZES
from tests.web.test_chat import CREATE, chat_lines

FRESH_PAGES = True  # the watcher's page routes its sockets

# Counts the page's opened sockets, so the test waits for the page rather than for time.
OPENINGS = """(() => {
  window.__socketsOpened = 0;
  const Native = window.WebSocket;
  window.WebSocket = class extends Native {
    constructor(...args) {
      super(...args);
      this.addEventListener("open", () => { window.__socketsOpened += 1; });
    }
  };
})();"""


def lines_at_least(page, n: int) -> None:
    page.wait_for_function("n => document.querySelectorAll('.chat-list li').length >= n", arg=n)


def ann_and_bob_seated(new_page) -> tuple:
    """A running Picnic table of Ann and Bob, each on a page of their own: (Ann's page, the table made)."""
    ann = new_page(viewport=SIZES["desktop"])
    sign_in_as_guest(ann, "Ann")
    made = ann.evaluate(CREATE)
    bob = new_page(viewport=SIZES["desktop"])
    sign_in_as_guest(bob, "Bob")
    bob.goto(made["seats"][1]["invite"])
    ann.goto(made["seats"][0]["invite"])
    return ann, made


def test_a_message_posted_while_the_socket_is_down_is_shown_when_it_opens(new_page):
    ann, made = ann_and_bob_seated(new_page)
    box = ann.get_by_label("Chat message")
    box.fill("Hello before you came")
    ann.get_by_role("button", name="Send").click()
    lines_at_least(ann, 1)

    # The watcher's first socket is answered by no server: it opens and hears nothing, as a socket
    # not yet subscribed to the table. Each later one reaches the hall.
    silent = []

    def route(ws):
        if silent:
            ws.connect_to_server()
        else:
            silent.append(ws)

    watcher = new_page(viewport=SIZES["phone"])
    watcher.route_web_socket("**/ws/tables/**", route)
    watcher.add_init_script(OPENINGS)
    watcher.goto(f"/t/{made['table']}?watch=1")
    watcher.wait_for_function("() => window.__socketsOpened === 1")  # the route has answered it
    lines_at_least(watcher, 1)  # the history, read over HTTP
    assert len(silent) == 1, "the watcher's socket was not routed"

    box.fill("Posted while you were not listening")
    ann.get_by_role("button", name="Send").click()
    lines_at_least(ann, 2)
    silent[0].close()  # the page reconnects (to the hall this time) and hears its opening state
    lines_at_least(watcher, 2)
    assert chat_lines(watcher) == ["Ann: Hello before you came", "Ann: Posted while you were not listening"]
    assert not watcher.errors, watcher.errors


def test_while_no_socket_opens_the_chat_is_read_as_the_board_is_polled(new_page):
    ann, made = ann_and_bob_seated(new_page)
    box = ann.get_by_label("Chat message")

    watcher = new_page(viewport=SIZES["phone"])
    watcher.route_web_socket("**/ws/tables/**", lambda ws: ws.close())  # no socket ever reaches the hall
    watcher.goto(f"/t/{made['table']}?watch=1")
    watcher.locator("#conn", has_text="Connection lost").wait_for()  # the page says so, then polls
    lines_at_least(watcher, 0)
    box.fill("Can you read me?")
    ann.get_by_role("button", name="Send").click()
    lines_at_least(watcher, 1)
    assert chat_lines(watcher) == ["Ann: Can you read me?"]
