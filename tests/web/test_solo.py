"""A solo table in the browser: created in the lobby, started at once, played, finished with a verdict.

The game is the tests' toy "twenty", served by a `meeple serve` subprocess that
loads it through MEEPLE_EXTRA_GAMES. Twenty has no board module, so this also
plays a game through the generic board: the legal moves as buttons, the view
as text, the score panel.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import pytest

from .conftest import ARTIFACTS, Server, shot
from .helpers import confirm, engine_state, sign_in_as_guest, stored_moves, table_id

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory, browser):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = tmp_path_factory.mktemp("meeple-solo")
    srv = Server(data, ARTIFACTS / "server-solo.log",
                 env={"MEEPLE_EXTRA_GAMES": "twenty=tests.toys.twenty:GAME", "PYTHONPATH": str(REPO)})
    srv.start()
    yield srv
    srv.stop()
    shutil.rmtree(data, ignore_errors=True)


def create_solo(page, target: int) -> str:
    page.get_by_label("Game").select_option("twenty")
    page.get_by_label("Players").select_option("1")
    assert "solo" in page.get_by_label("Players").locator("option:checked").inner_text()
    assert page.locator(".seat-list select").count() == 0  # nobody else to seat: no bots, no invites
    page.get_by_label("target").fill(str(target))
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    return table_id(page)


def play(page, server, table: str, stop_at: int) -> None:
    """Draw (button, then Confirm) until the total reaches `stop_at`, then stop."""
    for _ in range(25):
        page.wait_for_selector(f".table-page[data-seq='{len(stored_moves(server, table))}']")
        game, state = engine_state(server, table)
        if game.is_over(state):
            return
        word = "draw" if state.total(0) < stop_at else "stop"
        moves = page.locator(".generic-moves button")
        assert sorted(moves.all_inner_texts()) == ["draw", "stop"]
        moves.get_by_text(word, exact=True).click()
        page.wait_for_selector(".prompt:has-text('Selected:')")
        confirm(page)
    raise AssertionError("the solo game did not end")


def test_a_solo_table_starts_at_once_and_ends_with_its_verdict(new_page, server):
    page = new_page()
    sign_in_as_guest(page, "Solo")
    table = create_solo(page, target=10)
    # No waiting room: the table runs as soon as it exists, and it is my move.
    page.wait_for_selector(".table-page[data-status='running']")
    assert page.locator(".waiting").count() == 0
    assert page.locator(".generic-moves button").count() == 2
    assert page.locator(".panel[data-seat='0'] .panel-name").inner_text() == "Solo (you)"
    assert "target" in page.locator(".generic-view").inner_text()  # the view, as text
    shot(page, "solo-generic-board")
    # Drawing below 10 can never pass 20, so this game is always won.
    play(page, server, table, stop_at=10)
    page.wait_for_selector(".result")
    game, state = engine_state(server, table)
    outcome = game.outcome(state)
    assert outcome.is_solo and outcome.ranks == (1,)
    result = page.locator(".result")
    assert result.locator("h2").inner_text() == "You won!"
    assert result.get_by_test_id("verdict").inner_text() == outcome.verdict
    assert "target 10 reached" in outcome.verdict
    assert result.locator(".result-table").count() == 0  # no ranking of one
    assert page.get_by_test_id("score-0").inner_text() == str(outcome.scores[0])
    assert page.get_by_test_id("prompt").inner_text() == "The game is over."
    page.set_viewport_size({"width": 1280, "height": 800})
    shot(page, "solo-won-desktop")
    page.set_viewport_size({"width": 390, "height": 844})
    shot(page, "solo-won-phone")
    # The replay of a finished solo table opens.
    page.get_by_role("button", name="Watch the replay").click()
    page.wait_for_selector("[data-testid=replay-caption]:has-text('Move')")
    assert page.errors == []


def test_a_lost_solo_game_says_so(new_page, server):
    page = new_page(viewport={"width": 390, "height": 844})
    sign_in_as_guest(page, "Solo")
    table = create_solo(page, target=20)
    # One face-down card is at most 10: stopping at once always misses a target of 20.
    play(page, server, table, stop_at=0)
    page.wait_for_selector(".result")
    game, state = engine_state(server, table)
    outcome = game.outcome(state)
    result = page.locator(".result")
    assert result.locator("h2").inner_text() == "You lost!"
    assert result.get_by_test_id("verdict").inner_text() == outcome.verdict
    assert "target 20 missed" in outcome.verdict
    shot(page, "solo-lost-phone")
    assert page.errors == []
