"""The tests' toy games on the generic board (the board of a game without its own): tic-tac-toe (perfect
information, no chance) and Kuhn poker (a game of two or three moves), served by a `meeple serve`
subprocess that loads them through MEEPLE_EXTRA_GAMES. On my turn the moves are marked as the acting
area and in view above the status bar, on a desktop and a phone; a whole tic-tac-toe game is played
by clicking its moves."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixtures skip (or, in CI, fail) with a message
    PlaywrightTimeout = TimeoutError

from tests.web import test_acting_in_view as acting

from .conftest import ARTIFACTS, Server, shot
from .helpers import confirm, create_by_api, engine_state, table_id

REPO = Path(__file__).resolve().parents[2]
TOYS = "tictactoe=tests.toys.tictactoe:GAME,kuhn=tests.toys.kuhn:GAME"


@pytest.fixture(scope="module")
def server(tmp_path_factory, browser):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = tmp_path_factory.mktemp("meeple-toys")
    srv = Server(data, ARTIFACTS / "server-toys.log", env={"MEEPLE_EXTRA_GAMES": TOYS, "PYTHONPATH": str(REPO)})
    srv.start()
    yield srv
    srv.stop()
    shutil.rmtree(data, ignore_errors=True)


def open_my_table(new_page, guest_session, game_id, size):
    page = new_page(viewport=acting.SIZES[size], is_mobile=size == "phone", has_touch=size == "phone",
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, 2)
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn", timeout=30000)
    return page


@pytest.mark.parametrize("size", acting.SIZES)
@pytest.mark.parametrize("game_id", ["tictactoe", "kuhn"])
def test_my_moves_are_the_acting_area_in_view(new_page, guest_session, game_id, size):
    page = open_my_table(new_page, guest_session, game_id, size)
    try:
        page.wait_for_function(acting.IN_VIEW, timeout=10000)
    except PlaywrightTimeout:
        pass  # the numbers below say where it was
    where = page.evaluate(acting.WHERE)
    shot(page, f"toys-{game_id}-{size}")
    assert where and where["marked"] == "moves", f"{game_id}: the generic board marks no acting area: {where}"
    assert -1 <= where["top"] < where["floor"] - 40, f"{game_id} at {size}: the moves are out of view: {where}"


def test_a_game_of_tic_tac_toe_is_played_on_the_generic_board(new_page, guest_session, server):
    page = open_my_table(new_page, guest_session, "tictactoe", "desktop")
    table = table_id(page)
    for _ in range(5):  # I mark at most five cells
        page.wait_for_selector(".prompt.my-turn, .result", timeout=30000)
        if page.locator(".result").count():
            break
        buttons = page.locator(".generic-moves button")
        game, state = engine_state(server, table)
        assert sorted(buttons.all_inner_texts()) == sorted(game.move_text(m) for m in game.legal_moves(state, 0))
        buttons.first.click()
        confirm(page)
    page.wait_for_selector(".result", timeout=30000)
    game, state = engine_state(server, table)
    assert game.is_over(state)
    shot(page, "toys-tictactoe-end")
