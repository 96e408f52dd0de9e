"""Two friends at a rated Picnic table with a real-time clock, Ada at a desktop and Bob on a phone, and both let
their time run out (the hall's shortest clock, a second a move): each sees both seats ranked last for it, and
the result said only that the ratings "have been updated", so a player had to go to their ratings page to learn
what the game did to theirs. Now it says it ("Your rating: 0.0 → 0.8 (+0.8).") at either size, and the figure
is the one the player's ratings page shows."""

from __future__ import annotations

import re

from tests.web.friends import seat_two_friends

CHANGE = re.compile(r"Your rating: 0\.0 \u2192 (\d+\.\d) \(\+(\d+\.\d)\)\.")


def test_the_result_says_my_rating_change_as_my_ratings_page_does(new_page):
    ada, bob, made = seat_two_friends(new_page, clock={"mode": "realtime", "per_move_s": 1})
    for page, name in ((ada, "Ada"), (bob, "Bob")):
        result = page.locator(".result")
        result.wait_for(timeout=120000)  # both clocks ran out; the bots played to the end
        assert result.locator("h2").inner_text() == "Nobody played to the end"
        # Both forfeited: no seat is first (each was ranked "1" beside "rated last") and no rank is told.
        assert result.locator(".result-table td:first-child").all_inner_texts() == ["\u2013", "\u2013"]
        assert result.locator(".result-table tr.winner").count() == 0
        assert result.get_by_test_id("forfeit").all_inner_texts() == [
            "Ada's clock ran out; a bot played on: rated last.", "Bob's clock ran out; a bot played on: rated last."]
        note = result.locator(".rated-note")
        page.wait_for_function("() => document.querySelector('[data-testid=rating-change]')?.textContent")
        text = note.inner_text()
        assert text.startswith("A rated game: the ratings of its players have been updated. Your rating: "), text
        found = CHANGE.search(text)
        assert found and found.group(1) == found.group(2), text  # (a first rated game: from 0)
        note.get_by_role("link", name="Your ratings").click()
        page.get_by_role("heading", level=1, name=name).wait_for()
        assert page.get_by_test_id("rating-picnic").inner_text().strip() == found.group(1)
    assert not ada.errors and not bob.errors, (ada.errors, bob.errors)
