"""Relative Space with reduced motion: the cards a jam brought back stay ringed as long as the jam shows above the
stashes, until the jammer's own next move. A jam's rings last while it is the last move and while it plays out
(test_relative_space_jam_rings.py); with `prefers-reduced-motion: reduce` nothing plays out, so a jam of mine
followed at once by another seat's move (as a bot's comes) rang nothing: I never saw which of my cards came back.

Both seats are played from the API (two players, no bot), so that nothing moves but what the test plays.
"""

from __future__ import annotations

from .conftest import shot
from .helpers import settled, two_frames
from .test_relative_space_jam_rings import RINGS, my_jam_answered, pickable


def test_with_reduced_motion_my_jams_rings_stay_until_my_next_move(new_page, guest_session, server):
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True, reduced_motion="reduce",
                    storage_state=guest_session)
    page.goto("/")
    seats, state = my_jam_answered(page, server)
    mine = sorted(slot for slot, _ in state["view"]["event"]["refilled"])

    page.goto(seats.invite)
    page.locator(".rs-event[data-event='jam']").wait_for()
    settled(page, state["seq"])
    two_frames(page)
    assert page.evaluate(RINGS, 0) == mine, "the cards my jam brought back are not ringed"
    shot(page, "relative-space-reduced-motion-rings", full_page=False)

    # Drawn again (a card of mine picked): the rings stay.
    version = page.locator(".rs-board").get_attribute("data-version")
    page.locator(f"[data-stash='0'] .rs-card[data-slot='{pickable(state)}']").click()
    page.wait_for_function("(v) => document.querySelector('.rs-board').dataset.version !== v", arg=version)
    two_frames(page)
    assert page.evaluate(RINGS, 0) == mine

    # My next move: the jam is no longer mine to see, its rings go.
    seq = None
    while seq is None or seats.state(0)["pending"]:  # (a Keycard's or a Last Call's first step, then the move)
        seq = seats.play(0, jam=False)
    settled(page, seq)
    two_frames(page)
    ev = seats.state(0)["view"]["event"] or {}
    again = ev.get("kind") == "jam" and ev["seat"] == 0 and ev["turn"] > state["view"]["event"]["turn"]
    assert page.evaluate(RINGS, 0) == (sorted(slot for slot, _ in ev["refilled"]) if again else [])
    assert page.errors == []
