"""A page whose seat changes hands is told so by the server (close code Close.SEAT_LOST) and goes on
watching as a spectator, instead of retrying for ever with a token the server refuses. Here the same
player takes the seat back on a second device: that device gets a new token, the first page's is
revoked."""

from tests.web.helpers import create_by_api

SIGN_UP = """async ([path, name]) => (await fetch(path, {method: "POST", headers: {"Content-Type": "application/json"},
  body: JSON.stringify({username: name, password: "a long enough password"})})).status"""


def test_a_page_that_loses_its_seat_goes_on_watching(new_page, server):
    first = new_page()
    first.goto("/")
    assert first.evaluate(SIGN_UP, ["/api/auth/signup", "lou_two_devices"]) in (200, 201)
    made = create_by_api(first, "picnic", 2)
    first.goto(made["seats"][0]["invite"])
    first.locator(".board-host *").first.wait_for(state="attached")

    second = new_page()
    second.goto("/")
    assert second.evaluate(SIGN_UP, ["/api/auth/signin", "lou_two_devices"]) == 200
    status = second.evaluate(f"""async () => (await fetch("/api/tables/{made['table']}/reclaim",
      {{method: "POST", headers: {{"Content-Type": "application/json"}}, body: "{{}}"}})).status""")
    assert status == 200

    first.locator(".toast:has-text('You are watching the table now.')").wait_for(timeout=10000)
    # The page's socket is open again, as a watcher's, and has its opening state (table.js sets data-socket):
    # a page that kept the refused token would never get there (the server closes each such socket).
    first.locator(".table-page[data-socket='watching']").wait_for(timeout=10000)
    assert "Reconnecting" not in first.locator("body").inner_text()
    seats = first.evaluate("() => JSON.parse(localStorage.getItem('meeple.seats') || '{}')")
    assert made["table"] not in seats  # the page no longer claims the seat with the refused token
