"""Table chat in the browser (issue 18): a player's message reaches the other player and a spectator
as plain text (markup in it is shown, never run), anonymous spectators read without a form, and
the panel fits a 390 px phone without a serious accessibility violation."""

from __future__ import annotations

from tests.web.conftest import shot
from tests.web.helpers import sign_in_as_guest
from tests.web.test_accessibility import SIZES, violations

ATTACKS = ['<img src=x onerror="window.__pwned = 1">', "<script>window.__pwned = 2</script>",
           '<b onmouseover="window.__pwned = 3">bold?</b>']

CREATE = """async () => {
  const r = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify({game: "picnic", seats: [{type: "human"}, {type: "human"}], join_seat: 0,
                          clock: {mode: "none"}})});
  return await r.json();
}"""


def chat_lines(page) -> list[str]:
    return page.locator(".chat-list li").all_inner_texts()


def test_chat_between_players_and_spectators_is_plain_text(new_page):
    ann = new_page(viewport=SIZES["desktop"])
    sign_in_as_guest(ann, "Ann")
    made = ann.evaluate(CREATE)
    table = made["table"]
    bob = new_page(viewport=SIZES["phone"])
    sign_in_as_guest(bob, "Bob")
    bob.goto(made["seats"][1]["invite"])
    ann.goto(made["seats"][0]["invite"])
    watcher = new_page(viewport=SIZES["phone"])
    watcher.goto(f"/t/{table}?watch=1")
    for page in (ann, bob, watcher):
        page.locator(".chat").wait_for()
    assert watcher.locator(".chat-form").count() == 0  # an anonymous spectator reads only
    assert "Sign in" in watcher.locator(".chat").inner_text()

    box = ann.get_by_label("Chat message")
    for i, text in enumerate(["Good luck!", *ATTACKS], start=1):
        box.fill(text)
        ann.get_by_role("button", name="Send").click()
        ann.wait_for_function("n => document.querySelectorAll('.chat-list li').length >= n", arg=i)
    expected = [f"Ann: {text}" for text in ["Good luck!", *ATTACKS]]
    for page in (ann, bob, watcher):
        page.wait_for_function("n => document.querySelectorAll('.chat-list li').length >= n", arg=len(expected))
        assert chat_lines(page) == expected
        assert page.locator(".chat-list img, .chat-list script, .chat-list b").count() == 0
        page.locator(".chat-list li").last.hover()
        assert page.evaluate("window.__pwned") is None

    bob.get_by_label("Chat message").fill("Thanks, you too")
    bob.get_by_role("button", name="Send").click()
    ann.wait_for_function("() => [...document.querySelectorAll('.chat-list li')].some("
                          "li => li.textContent.includes('you too'))")
    watcher.wait_for_function("() => document.querySelector('.chat-list li:last-child').textContent"
                              ".includes('you too')")
    assert chat_lines(watcher)[-1] == "Bob: Thanks, you too"
    # A reload shows the stored chat.
    watcher.reload()
    watcher.wait_for_function("n => document.querySelectorAll('.chat-list li').length >= n", arg=len(expected) + 1)

    for page, name in ((ann, "chat-desktop"), (bob, "chat-phone")):
        page.locator(".chat").scroll_into_view_if_needed()
        shot(page, name)
    width = bob.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the phone page is {width} px wide"
    for page in (ann, bob):
        assert violations(page) == []
        assert not page.errors, page.errors
