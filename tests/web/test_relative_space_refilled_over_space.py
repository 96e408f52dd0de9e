"""Relative Space: an empty middle space under a top card a jam refilled can be seen, with its name.

A jam refills the spaces empty since the turn began, the top row too, while the space the jamming card came from
stays empty: a top card then lies over an empty middle space. That space was drawn under every card, its top
under the top card and its foot under the bottom row: whole or half hidden (no "M2" anywhere, or "M" alone), a
top card seemed to lie over a card where the space was empty.

Both seats are played from the API (two players, the jammer's play seeking jams, helpers of
test_relative_space_jam_rings) until some stash has an empty middle space under a top card; then every empty
space's name on the page must be under no card.
"""

from __future__ import annotations

import pytest

from .conftest import shot
from .helpers import settled, two_frames
from .test_relative_space_jam_rings import PLAYED_OUT, Seats, new_table

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}

# Each empty space whose name is not what the page shows at its left, middle and right (a card lies there):
# "seat:space". Each is scrolled to first (elementsFromPoint sees the viewport only); a tooltip the pointer
# may open as the page scrolls under it is looked through.
NAME_COVERED = """() => [...document.querySelectorAll('.rs-stash .rs-space')].filter((space) => {
  space.scrollIntoView({block: 'center'});
  const range = document.createRange();
  range.selectNodeContents(space);
  const t = range.getBoundingClientRect();
  const y = (t.top + t.bottom) / 2;
  const top = (x) => document.elementsFromPoint(x, y).find((e) => !e.closest('#tooltip'));
  return [t.left + 1, (t.left + t.right) / 2, t.right - 1].some((x) => top(x) !== space);
}).map((space) => `${space.closest('[data-stash]').dataset.stash}:${space.dataset.slot}`)"""


def under_top_card(state: dict) -> list[str]:
    """The empty middle spaces of any stash with a card of the top row over them ("seat:space")."""
    v = state["view"]
    found = []
    for stash in v["stashes"]:
        slots = stash["slots"]
        for i in range(4):  # M1..M4 are slots 3..6; Mi lies under T(i-1) and Ti
            if slots[3 + i] is None and any(0 <= t < 3 and slots[t] for t in (i - 1, i)):
                found.append(f"{stash['seat']}:{v['slot_names'][3 + i]}")
    return found


def play_until_under(seats: Seats, moves: int = 300) -> dict | None:
    """Both seats play, seeking jams, until some middle space is empty under a top card: the first seat's state
    then (None: the game ended first)."""
    for _ in range(moves):
        state = seats.state(0)
        if state["status"] == "finished":
            return None
        if under_top_card(state) and not state["pending"]:
            return state
        for seat in (0, 1):
            seats.play(seat, jam=True)
    return None


@pytest.mark.parametrize("size", SIZES)
def test_an_empty_middle_space_under_a_refilled_top_card_shows_its_name(new_page, guest_session, server, size):
    phone = size == "phone"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone, storage_state=guest_session)
    page.goto("/")
    for _ in range(4):  # (a game may end before such a jam: another is dealt)
        seats = new_table(page, server)
        state = play_until_under(seats)
        if state:
            break
    else:
        raise AssertionError("four games ended without a top card refilled over an empty middle space")
    page.goto(seats.invite)
    settled(page, state["seq"])
    if page.locator(".rs-event[data-event='jam']").count():
        page.wait_for_function(PLAYED_OUT)  # (the cards that came back drop in from above their spaces)
    two_frames(page)
    spaces = under_top_card(state)
    covered = page.evaluate(NAME_COVERED)
    assert covered == [], f"a card lies over the name of the empty spaces {covered} ({spaces} under a top card)"
    seat, slot = spaces[0].split(":")
    shot(page.locator(f"[data-stash='{seat}']"), f"relative-space-space-under-top-{size}")
    assert page.errors == []
