"""The phone screenshots in docs/img (issue 35): every game at its largest player count, at 390x844,
mid-game (<game>-phone-mid.png, as the page shows my turn) and at the end (<game>-phone-end.png).

Not part of the suite (the name is not test_*.py); take them again from the tree with
`.venv/bin/python -m pytest -q tests/web/shots_phone.py`. The seat's moves are random, played from
the API up to the middle; then the player leaves and bots finish the game with no page open."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meeple import games
from tests.conftest import TOY_GAMES
from tests.web.helpers import create_by_api
from tests.web.test_accessible_whole_game import play_until, wait_finished

IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
PHONE = {"width": 390, "height": 844}
MY_TURN = "() => !!document.querySelector('.prompt.my-turn') || !!document.querySelector('.result')"


@pytest.mark.parametrize("game_id", [g for g in games.ids() if g not in TOY_GAMES])
def test_phone_shots_mid_game_and_end(new_page, guest_session, server, game_id):
    game = games.get(game_id)
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, game.max_players)
    page.goto(made["seats"][0]["invite"])
    page.locator(".board-host *").first.wait_for(state="attached")
    # Turing Machine's bots often crack the code in the first round: its shot is taken on my first turn.
    middle = 0 if game_id == "turing_machine" else 8 * game.max_players
    play_until(server, page, made["table"], made["token"], middle, random.Random(game_id))
    page.wait_for_function(MY_TURN, timeout=60000)
    # Seen afresh, as the player opens it (the other device's moves may have left notes on this page).
    page.reload()
    page.wait_for_function(MY_TURN, timeout=60000)
    page.evaluate("() => new Promise((done) => setTimeout(done, 400))")  # the acting area's second scroll (acting.js)
    page.screenshot(path=str(IMG / f"{game_id}-phone-mid.png"))
    page.goto("about:blank")
    status, body = server.api("POST", f"/api/tables/{made['table']}/leave", {}, token=made["token"])
    assert status in (200, 409), body
    wait_finished(server, made["table"], timeout=300)
    page.goto(made["seats"][0]["invite"])
    page.locator(".result").wait_for()
    page.screenshot(path=str(IMG / f"{game_id}-phone-end.png"))
