"""Two friends at the end of a game, Ada at a desktop and Bob on a phone: Ada asks for a rematch. Bob, scrolled
away from the result card (looking at the plates), was told nothing: only the card's button, out of view, changed
its words to "Join the rematch". Now his status bar, always in view, says who offers it and has the button; he
takes his seat at the rematch from there. (The game ends fast: a one-second clock runs out for both, and the bots
that play on for them finish it.)"""

from __future__ import annotations

from tests.web.friends import ada_asks_for_a_rematch, finished_by_their_clocks
from tests.web.helpers import settled

# Whether the result card shows between the window's top and the status bar.
RESULT_IN_VIEW = """() => { const r = document.querySelector('.result').getBoundingClientRect();
  return r.bottom > 0 && r.top < document.querySelector('.status-bar').getBoundingClientRect().top; }"""


def test_a_rematch_is_offered_in_the_status_bar(new_page):
    ada, bob, made = finished_by_their_clocks(new_page)
    bob.locator(".log").scroll_into_view_if_needed()  # Bob looks back over the game, below the boards
    assert not bob.evaluate(RESULT_IN_VIEW), "the result card should be out of view for this test"
    offer = bob.get_by_test_id("rematch-offer")
    assert offer.is_hidden()  # nothing offered yet

    new_table = ada_asks_for_a_rematch(ada, made)
    offer.wait_for(state="visible")
    assert offer.inner_text() == "Join the rematch"
    bob.wait_for_function("() => document.querySelector('[data-testid=prompt]').textContent"
                          " === 'The game is over. Ada offers a rematch.'")
    offer.tap()
    bob.wait_for_url(lambda url: new_table in url)
    settled(bob)
    assert bob.locator(".panel[data-seat='0']").inner_text().startswith("Bob (you)")  # (the seats go round)
    settled(ada)
    assert ada.locator(".panel[data-seat='1']").inner_text().startswith("Ada (you)")
    assert not ada.errors and not bob.errors, (ada.errors, bob.errors)
