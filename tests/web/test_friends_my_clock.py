"""Ada on a phone and Bob at a desktop play Wizard with a bot under a real-time clock. On the phone, while Ada
bids, her hand is in view and the players' panels, where the clocks are, are scrolled away above the table:
her clock ran down unseen. Now the status bar, always in view, shows her own running clock ("Your time: 0:19")
on her turn, and no clock on Bob's page while it is not his."""

from __future__ import annotations

import re

from tests.web.friends import DESKTOP, seat_two_friends
from tests.web.helpers import settled

PHONE = {"width": 360, "height": 740}

# Whether an element shows between the window's top and the status bar.
IN_VIEW = """(el) => { const r = el.getBoundingClientRect();
  return r.bottom > 0 && r.top < document.querySelector('.status-bar').getBoundingClientRect().top; }"""


def test_my_running_clock_shows_in_the_status_bar(new_page):
    ada, bob, made = seat_two_friends(new_page, ada_size=PHONE, bob_size=DESKTOP, game="wizard",
                                      clock={"mode": "realtime", "per_move_s": 60}, bots=1)
    settled(bob)
    settled(ada)
    # Ada bids first (the bot deals): her hand is brought into view for her turn.
    ada.wait_for_function("() => document.querySelector('.status-bar').dataset.actingInView")
    assert ada.get_by_test_id("clock-0").evaluate("(el) => el.classList.contains('running')")
    assert not ada.get_by_test_id("clock-0").evaluate(IN_VIEW), "the panels' clocks should be out of view here"

    mine = ada.get_by_test_id("my-clock")
    assert mine.evaluate("(el) => { const r = el.getBoundingClientRect(); return r.height > 0 && r.top >= 0"
                         " && r.bottom <= innerHeight; }")
    assert re.fullmatch(r"Your time: [01]:\d\d", mine.inner_text()), mine.inner_text()
    assert mine.locator("xpath=ancestor::section[contains(@class, 'status-bar')]").count() == 1
    # (Bob's page: Ada's clock runs, not his)
    assert bob.get_by_test_id("clock-0").evaluate("(el) => el.classList.contains('running')")
    assert bob.get_by_test_id("my-clock").is_hidden()
    assert not ada.errors and not bob.errors, (ada.errors, bob.errors)
