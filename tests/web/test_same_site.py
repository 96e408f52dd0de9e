"""Same-site CSRF in a real browser (issue 42): a page on another port of the same host, opened by a
signed-in player, tries to write chat with the player's session, once by a `no-cors` fetch and once
by a plain `<form enctype="text/plain">`. Chromium sends the hall's session cookie with both (another
port is the same site, so even a SameSite=Lax cookie goes along); the hall must refuse both in words
and write nothing, while its own page still posts chat."""

from __future__ import annotations

import threading
from collections.abc import Iterator
from contextlib import contextmanager
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer

from meeple.server.app import SESSION_COOKIE
from tests.web.helpers import create_by_api, sign_in_as_guest

# The attacker's page. The form's one field is named so that its text/plain body ("name=value") reads
# as JSON, `{"text": "evil form="}`: the classic way to forge a JSON body with a plain form.
# A test here opens a CDP session on its page and visits another site: new pages (tests/web/conftest.py).
FRESH_PAGES = True

EVIL_PAGE = """<!doctype html><meta charset="utf-8"><title>Free tiles</title>
<form method="post" enctype="text/plain" action="{chat}">
  <input type="hidden" name='{{"text": "evil form' value='"}}'>
</form>
<script>
  window.sendFetch = () => fetch("{chat}", {{method: "POST", mode: "no-cors", credentials: "include",
    body: JSON.stringify({{text: "evil fetch"}})}}).then(() => "sent", e => "failed: " + e);
</script>"""


@contextmanager
def evil_site(html: str) -> Iterator[str]:
    """Serve `html` at / from another port of 127.0.0.1; yields its URL."""

    class Page(BaseHTTPRequestHandler):
        def do_GET(self) -> None:
            body = html.encode()
            self.send_response(200)
            self.send_header("Content-Type", "text/html; charset=utf-8")
            self.send_header("Content-Length", str(len(body)))
            self.end_headers()
            self.wfile.write(body)

        def log_message(self, *args) -> None:  # quiet: the test's output is the browser's
            pass

    httpd = ThreadingHTTPServer(("127.0.0.1", 0), Page)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_address[1]}/"
    finally:
        httpd.shutdown()
        httpd.server_close()
        thread.join(timeout=5)


def chat_messages(server, table: str) -> list[dict]:
    status, body = server.api("GET", f"/api/tables/{table}/chat")
    assert status == 200, body
    return body["messages"]


class SentHeaders:
    """The headers Chromium really sent with each request of a page, cookies included (Playwright's own
    request headers leave a no-cors fetch's cookie out), from the DevTools protocol's network events."""

    def __init__(self, page) -> None:
        self.requests: dict[str, tuple[str, str]] = {}
        self.headers: dict[str, dict[str, str]] = {}
        cdp = page.context.new_cdp_session(page)
        cdp.on("Network.requestWillBeSent",
               lambda e: self.requests.__setitem__(e["requestId"], (e["request"]["method"], e["request"]["url"])))
        cdp.on("Network.requestWillBeSentExtraInfo",
               lambda e: self.headers.__setitem__(e["requestId"], {k.lower(): v for k, v in e["headers"].items()}))
        cdp.send("Network.enable")

    def of(self, method: str, url: str) -> list[dict[str, str]]:
        return [self.headers.get(rid, {}) for rid, sent in self.requests.items() if sent == (method, url)]


def test_a_page_of_another_port_cannot_chat_with_my_session_and_mine_can(new_page, server):
    from playwright.sync_api import expect  # here: without Playwright the browser tests are skipped, not broken

    page = new_page()
    sign_in_as_guest(page, "Ann")
    made = create_by_api(page, "picnic", 2)  # against a bot, so the table has begun and shows its chat
    table = made["table"]
    chat = f"{server.url}/api/tables/{table}/chat"
    is_chat_post = lambda r: r.url == chat and r.request.method == "POST"  # noqa: E731
    sent = SentHeaders(page)

    with evil_site(EVIL_PAGE.format(chat=chat)) as evil_url:
        page.goto(evil_url)
        with page.expect_response(is_chat_post) as fetched:
            assert page.evaluate("sendFetch()") == "sent"  # the page cannot read the answer: the test can
        assert fetched.value.status == 415

        with page.expect_response(is_chat_post) as posted:
            page.locator("form").evaluate("form => form.submit()")
        assert posted.value.status == 415
        # The form's answer replaces the page: the hall's refusal, in words.
        expect(page.locator("body")).to_contain_text("Send the request body as JSON")
    assert chat_messages(server, table) == []

    # The hall's own page still posts chat with the same session.
    page.goto(made["seats"][0]["invite"])
    page.get_by_label("Chat message").fill("Good luck!")
    page.get_by_role("button", name="Send").click()
    page.wait_for_function("() => document.querySelectorAll('.chat-list li').length >= 1")
    assert [m["text"] for m in chat_messages(server, table)] == ["Good luck!"]
    assert page.errors == []

    # Both forged posts carried the victim's session cookie (another port is the same site), so the
    # refusals above are the hall's doing, not the browser's.
    evil_origin = evil_url.rstrip("/")
    forged = [h for h in sent.of("POST", chat) if h.get("origin") == evil_origin]
    assert len(forged) == 2 and all(f"{SESSION_COOKIE}=" in h.get("cookie", "") for h in forged), forged
