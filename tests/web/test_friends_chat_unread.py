"""Two friends at a table, Ada at a desktop and Bob on a phone: on the phone the chat lies below the board,
out of view, and a message that came there showed nowhere Bob was looking. Now the status bar (always in view)
counts the messages he has not seen; its button brings the chat into view and the count goes. A player's own
messages are no news to them."""

from __future__ import annotations

from tests.web.friends import seat_two_friends
from tests.web.helpers import settled

# Whether any of the chat's panel shows between the window's top and the status bar.
CHAT_IN_VIEW = """() => { const r = document.querySelector('.chat').getBoundingClientRect();
  return r.bottom > 0 && r.top < document.querySelector('.status-bar').getBoundingClientRect().top; }"""

HAS_LINE = "text => [...document.querySelectorAll('.chat-list li')].some((li) => li.textContent.includes(text))"


def test_a_message_out_of_view_is_counted_in_the_status_bar(new_page):
    ada, bob, made = seat_two_friends(new_page)
    settled(bob)
    settled(ada)
    bob.locator(".chat").wait_for()
    bob.evaluate("() => window.scrollTo(0, 0)")  # looking at the scores and the piles
    assert not bob.evaluate(CHAT_IN_VIEW), "the phone's chat should start out of view for this test"
    unread = bob.get_by_test_id("chat-unread")
    assert unread.is_hidden()

    ada.get_by_label("Chat message").fill("Your turn soon, Bob!")
    ada.get_by_role("button", name="Send").click()
    bob.wait_for_function(HAS_LINE, arg="Your turn soon")
    unread.wait_for(state="visible")
    assert unread.inner_text() == "Chat: 1 new message"
    assert unread.locator("xpath=ancestor::section[contains(@class, 'status-bar')]").count() == 1
    # Ada sent it with her chat in view: her own words are not counted for her.
    assert ada.get_by_test_id("chat-unread").is_hidden()

    ada.get_by_label("Chat message").fill("Take the cheese!")
    ada.get_by_role("button", name="Send").click()
    bob.wait_for_function(HAS_LINE, arg="Take the cheese")
    bob.wait_for_function("() => document.querySelector('[data-testid=chat-unread]').textContent"
                          " === 'Chat: 2 new messages'")

    unread.click()
    unread.wait_for(state="hidden")
    assert bob.evaluate(CHAT_IN_VIEW)
    assert bob.evaluate("() => document.activeElement?.id?.startsWith('chat-')")  # ready to answer
    bob.get_by_label("Chat message").fill("Thanks!")
    bob.get_by_role("button", name="Send").click()
    ada.wait_for_function(HAS_LINE, arg="Thanks!")
    assert bob.get_by_test_id("chat-unread").is_hidden()
    assert not ada.errors and not bob.errors, (ada.errors, bob.errors)
