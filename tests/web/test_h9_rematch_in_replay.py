"""Two friends at the end of a game: Bob (on a phone, then at a desktop) watches the replay, which hides the
table's status bar, when Ada asks for a rematch. He saw nothing of it until he closed the replay; now the
replay's head says who offers it and has the button, in view, and he takes his seat at the rematch from there.
(The game ends fast: a one-second clock runs out for both, and the bots that play on for them finish it.)"""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.friends import DESKTOP, PHONE, ada_asks_for_a_rematch, finished_by_their_clocks
from tests.web.helpers import settled

# Whether the element is within the window (not scrolled away).
IN_VIEW = """(e) => { const r = e.getBoundingClientRect();
  return r.width > 0 && r.top >= 0 && r.bottom <= window.innerHeight; }"""


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["390", "1280"])
def test_a_rematch_offered_while_i_watch_the_replay(new_page, size):
    ada, bob, made = finished_by_their_clocks(new_page, bob_size=size)
    bob.get_by_role("button", name="Watch the replay").click()
    bob.get_by_test_id("replay-caption").wait_for()
    offer = bob.get_by_test_id("replay-rematch-offer")
    assert offer.is_hidden()  # nothing offered yet

    new_table = ada_asks_for_a_rematch(ada, made)
    offer.wait_for(state="visible")
    bob.wait_for_function("() => document.querySelector('[data-testid=replay-rematch-offer]').textContent"
                          " === 'Ada offers a rematch.Join the rematch'")
    assert offer.evaluate(IN_VIEW), "the offer in the replay's head is out of view"
    assert bob.locator(".replay").is_visible()  # the replay stays open
    shot(bob.locator(".replay-head"), f"h9-rematch-in-replay-{size['width']}")
    offer.get_by_role("button", name="Join the rematch").click()
    bob.wait_for_url(lambda url: new_table in url)
    settled(bob)
    assert bob.locator(".panel[data-seat='0']").inner_text().startswith("Bob (you)")  # (the seats go round)
    assert not ada.errors and not bob.errors, (ada.errors, bob.errors)


def test_a_rematch_offered_while_i_read_the_review(new_page):
    """The review hides the table's status bar as the replay does: its head shows the offer too."""
    ada, bob, made = finished_by_their_clocks(new_page)
    bob.get_by_test_id("open-review").click()
    review = bob.get_by_test_id("review")
    review.wait_for()
    offer = review.get_by_test_id("replay-rematch-offer")
    assert offer.is_hidden()  # nothing offered yet

    new_table = ada_asks_for_a_rematch(ada, made)
    offer.wait_for(state="visible")
    assert offer.inner_text().startswith("Ada offers a rematch."), offer.inner_text()
    assert offer.evaluate(IN_VIEW), "the offer in the review's head is out of view"
    offer.get_by_role("button", name="Join the rematch").click()
    bob.wait_for_url(lambda url: new_table in url)
    assert not ada.errors and not bob.errors, (ada.errors, bob.errors)
