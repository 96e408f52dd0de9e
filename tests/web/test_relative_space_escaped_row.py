"""Relative Space's result: the Escaped row says who escaped. Only the winner's score sheet has the row (count 1,
0 points), so the result's "Score by row" showed "0" for the winner beside the others' "–", as if nobody had
escaped, and the winner's panel "Escaped 1 (0)". The winner's cell and panel now say "yes".

My seat is played from the API (random moves) against random bots to the end, at two seats and at five; the
finished table is opened at a desktop's width and at a phone's.
"""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}

# The result's rows table as {row label: [cell text, one per column]} and the columns' seat names, in order.
ROWS = """() => {
  const table = document.querySelector('.result-rows table');
  const names = [...table.querySelectorAll('thead th')].slice(1).map((th) => th.textContent.trim());
  const rows = Object.fromEntries([...table.querySelectorAll('tbody tr')].map((tr) =>
    [tr.querySelector('th').textContent, [...tr.querySelectorAll('td')].map((td) => td.textContent)]));
  return {names, rows};
}"""


@pytest.mark.parametrize("players", [2, 5])
@pytest.mark.parametrize("size", SIZES)
def test_the_result_says_who_escaped(new_page, guest_session, server, size, players):
    phone = size == "phone"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "relative_space", players, rated=False)
    state = play_by_api(server, made["table"], made["token"], lambda s: False, random.Random(players))
    assert state["status"] == "finished"
    winner = state["view"]["winner"]
    assert winner is not None, "the air ran out (400 turns): no one escaped"
    page.goto(made["seats"][0]["invite"])
    page.locator(".result-rows").wait_for()
    shown = page.evaluate(ROWS)
    name = page.locator(f".panel[data-seat='{winner}'] .panel-name").inner_text().removesuffix(" (you)")
    column = shown["names"].index(name)
    escaped = shown["rows"]["Escaped"]
    assert escaped[column] == "yes", f"the winner's Escaped cell: {escaped}"
    assert [c for i, c in enumerate(escaped) if i != column] == ["\u2013"] * (players - 1), escaped
    assert page.locator(f".panel[data-seat='{winner}'] .row-line[data-key='escaped'] .row-value").inner_text() == "yes"
    shot(page.locator(".result-rows"), f"relative-space-escaped-row-{players}-{size}")
    assert page.errors == []
