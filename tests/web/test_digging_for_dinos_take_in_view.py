"""Digging for Dinos on a phone: a move selected brings the tile it takes (the paleontologist's own tile, marked "you
take") into view above the fixed status bar, with the tile it goes to. The banner above the dig said what the move
does, but the taken tile could sit under the bar, so the player never saw it picked out.

My seat is played from the API (random moves) until a paleontologist of mine may go up from the dig's bottom row; at
390x844 and 360x740, the page at its top (the dig as low in the window as it goes), its destination is clicked: the
preview's banner above the dig pushes the dig down and the bar grows with the move's words, so the bottom row went
under the bar. Once the preview is drawn both tiles are in view."""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api, settled, two_frames

SIZES = {"390": {"width": 390, "height": 844}, "360": {"width": 360, "height": 740}}


def moves_from_bottom(state: dict) -> list[dict]:
    """My legal moves of a paleontologist on the dig's bottom row (row 5) up to row 4."""
    if not state["legal"] or state["status"] != "running":
        return []
    pawns = state["view"]["pawns"][state["my_seat"]]
    return [m for m in (lm["json"] for lm in state["legal"])
            if "move" in m and pawns[m["move"]]["cell"][1:] == "5" and m["to"][1:] == "4"]


IN_VIEW = """sel => {
  const r = document.querySelector(sel).getBoundingClientRect();
  const floor = document.querySelector('.status-bar').getBoundingClientRect().top;
  return {top: r.top, bottom: r.bottom, floor};
}"""


@pytest.mark.parametrize("size", SIZES)
def test_selected_move_shows_the_taken_tile(new_page, guest_session, server, size):
    page = new_page(viewport=SIZES[size], is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    for attempt in range(5):  # (a random game may end before such a move: another is dealt)
        made = create_by_api(page, "digging_for_dinos", 2)
        state = play_by_api(server, made["table"], made["token"], moves_from_bottom, random.Random(7 + attempt))
        if moves_from_bottom(state):
            break
    assert moves_from_bottom(state), "five games ended before a paleontologist of mine could go up from row 5"
    pawns = state["view"]["pawns"][state["my_seat"]]
    page.goto(made["seats"][0]["invite"])
    settled(page, state["seq"])
    page.wait_for_selector(".status-bar[data-acting-in-view]")
    move = moves_from_bottom(state)[0]
    start = pawns[move["move"]]["cell"]
    if page.locator(".dd-pawn.can-move").count():  # (two that can move: the first is picked; pick the one we want)
        pawn = page.locator(f"[data-pawn='{state['my_seat']}:{move['move']}']")
        if "picked" not in (pawn.get_attribute("class") or ""):
            pawn.click()
    page.evaluate("window.scrollTo({top: 0, left: 0, behavior: 'instant'})")  # (the dig as low as it goes)
    page.locator(f"button[data-cell='{move['to']}']").click()
    page.wait_for_selector("[data-testid=prompt][data-preview-state='shown']")
    two_frames(page)
    assert page.locator(f"[data-cell='{start}']").get_attribute("class").split().count("taking") == 1
    for sel in (".dd-cell.taking", ".dd-cell.chosen"):
        r = page.evaluate(IN_VIEW, sel)
        assert r["top"] >= 0 and r["bottom"] <= r["floor"], (sel, r)
    shot(page, f"digging-for-dinos-take-in-view-{size}", full_page=False)
    assert page.errors == []
