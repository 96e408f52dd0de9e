"""Ada, on a phone, left her game with Bob mid-way (a bot plays her seat) and came back. Scrolled down to the
chat, she read in the status bar "A bot plays your seat: take it back to play on." beside a greyed Reset and
Confirm, with no way to take it back in view: that button is on the card above the board. Now the bar has it,
"Take it back", in place of Reset and Confirm; once she has her seat again they are back."""

from __future__ import annotations

from tests.web.friends import DESKTOP, PHONE, seat_two_friends
from tests.web.helpers import settled

PLAYS_ON = "() => document.querySelector('[data-testid=prompt]').textContent.startsWith('A bot plays your seat')"


def test_the_status_bar_takes_my_seat_back(new_page):
    ada, bob, made = seat_two_friends(new_page, ada_size=PHONE, bob_size=DESKTOP)
    settled(ada)
    settled(bob)
    bar = ada.locator(".status-bar")
    assert bar.get_by_role("button", name="Take it back").is_hidden()

    ada.once("dialog", lambda dialog: dialog.accept())
    ada.get_by_role("button", name="Leave").tap()
    ada.wait_for_url(lambda url: "/t/" not in url)
    bob.wait_for_function("() => document.querySelector('.panels').textContent.includes('left: a bot plays on')")
    ada.goto(f"/t/{made['table']}")
    settled(ada)
    ada.wait_for_function(PLAYS_ON)
    ada.locator(".chat").scroll_into_view_if_needed()  # what Bob said meanwhile
    ada.wait_for_function("() => document.querySelector('.stand-in').getBoundingClientRect().bottom < 0")
    assert bar.get_by_role("button", name="Reset").is_hidden()
    assert bar.get_by_role("button", name="Confirm").is_hidden()

    bar.get_by_role("button", name="Take it back").tap()
    ada.locator(".stand-in").wait_for(state="detached")
    ada.wait_for_function(f"() => !({PLAYS_ON})()")
    assert bar.get_by_role("button", name="Take it back").is_hidden()
    assert bar.get_by_role("button", name="Confirm").is_visible()
    bob.wait_for_function("() => !document.querySelector('.panels').textContent.includes('a bot plays on')")
    assert not ada.errors and not bob.errors, (ada.errors, bob.errors)
