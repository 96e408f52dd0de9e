"""Relative Space: the name of every empty space of a stash can be read. A jam's preview says where the cards come
back ("into B1, M1, T1, T3"), and the spaces a jam would refill are named in orange, but each name sat at the foot of
its space, under the row below (a card overlaps half of each card under it): an empty top space showed no name while
the middle row below it was full, an empty middle space half of its name ("M").

My seat and the bots' are played from the API (random moves) until one of my top spaces is empty over a full middle
space, at a table of two and of five (my stash drawn large, the others' small), at a phone's width and a desktop's.
"""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api, settled

SIZES = {"phone": {"width": 360, "height": 740}, "desktop": {"width": 1280, "height": 800}}

# Each empty space whose name a card of the rows below lies over (the card overlaps the box of the name's text), with
# the card's space. (A middle space under a top card, the jamming card's own space under a top row the jam refilled,
# is drawn over the bottom row with its name at its foot: test_relative_space_refilled_over_space.py.)
HIDDEN = """() => [...document.querySelectorAll('.rs-stash .rs-space')].flatMap((space) => {
  const range = document.createRange();
  range.selectNodeContents(space);
  const t = range.getBoundingClientRect();
  const row = (slot) => 'TMB'.indexOf(slot[0]);
  return [...space.parentElement.querySelectorAll('.rs-card')].filter((card) => {
    if (row(card.dataset.slot) <= row(space.dataset.slot)) return false;
    const c = card.getBoundingClientRect();
    return c.left < t.right && t.left < c.right && c.top < t.bottom && t.top < c.bottom;
  }).map((card) => `${space.closest('[data-stash]').dataset.stash}:${space.dataset.slot} under ${card.dataset.slot}`);
})"""


def top_over_full_middle(state: dict) -> bool:
    """My turn, a top space of mine empty while a middle space under it holds a card."""
    slots = state["view"]["stashes"][state["my_seat"]]["slots"]
    return bool(state["legal"]) and any(slots[t] is None and (slots[3 + t] or slots[4 + t]) for t in range(3))


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("size", SIZES)
def test_every_empty_space_shows_its_name(new_page, guest_session, server, size, players):
    page = new_page(viewport=SIZES[size], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "relative_space", players)
    state = play_by_api(server, made["table"], made["token"], top_over_full_middle, random.Random(players))
    assert state["status"] != "finished", "the game ended first"
    page.goto(made["seats"][0]["invite"])
    settled(page, state["seq"])
    assert page.locator(".rs-stash .rs-space").count() > 0
    assert page.evaluate(HIDDEN) == []
    shot(page.locator("[data-stash='0']"), f"relative-space-space-names-{players}p-{size}")
    assert page.errors == []
