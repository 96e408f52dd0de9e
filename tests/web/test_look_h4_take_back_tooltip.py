"""After "Take my seat back" no tooltip is left open under the pointer that pressed it: once the stand-in's
card went away and the page scrolled, the hamper's pile that came under the resting pointer opened its
tooltip ("Blue cake: 1 ant; ... Pile 5 holds 6 tiles") over the board (seen on the phone-size page, where
the card is the width of the screen). A tooltip opens when the pointer moves onto a thing, not when the
page moves under a pointer at rest where it pressed. (A finger's tap leaves no resting pointer.)"""

from __future__ import annotations

import pytest

from tests.web.conftest import shot
from tests.web.helpers import settled, two_frames
from tests.web.test_look_h4_take_back import REMEMBERED, play_on, seat_taken_back

SHOWN = "() => { const t = document.getElementById('tooltip'); return !!t && !t.hidden; }"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_no_tooltip_opens_under_the_pointer_that_took_the_seat_back(new_page, guest_session, server, size):
    page, table, joined = seat_taken_back(new_page, guest_session, server, size, settle=True)
    mine = page.evaluate(REMEMBERED, table)
    settled(page, play_on(server, table, [mine["token"], joined["token"]]))
    for top in (0, 120, 0):  # the page moves under the resting pointer
        page.evaluate("(y) => window.scrollTo(0, y)", top)
        two_frames(page)
        assert not page.evaluate(SHOWN), page.locator("#tooltip").inner_text()
    # A move of the pointer onto a pile still opens its tooltip.
    page.locator(".pile").first.hover()
    page.wait_for_function(SHOWN)
    page.mouse.move(0, 0)
    page.evaluate("() => window.scrollTo(0, 0)")
    shot(page, f"look-h4-take-back-tooltip-{size}")
    assert not page.errors
