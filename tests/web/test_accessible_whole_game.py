"""Accessible through a whole game (issue 35): axe-core finds no serious or critical violation at
the start, mid-game and at the end of every game, at 1280x800 and 390x844 (the project's first axe
test looked at an empty table only; mid-game and at the end the log was a scrollable region no key
could reach, and faded or seat-coloured text failed contrast). One page per game: the seat's moves
are played from a second device (the API, with the seat's token) up to the middle; then the player
leaves, the page is closed while bots play to the end (a page drawing every bot move is most of the
cost) and opened again on the result. At each of the three points the page is looked at in both
sizes."""

from __future__ import annotations

import random

import pytest

from meeple import games
from tests.conftest import TOY_GAMES
from tests.web.api_play import send_random_move, wait_finished
from tests.web.helpers import create_by_api, two_frames
from tests.web.test_accessibility import SIZES, violations
from tests.web.test_pages_fit_phones import assert_rows_whole

MID_MOVES = 12  # stored moves before the middle look (every game is well under way by then)
NEWER = """(seq) => Number(document.querySelector('[data-seq]')?.dataset.seq) > seq
  || !!document.querySelector('[data-status=finished]')"""


def both_sizes(page, when: str) -> list[str]:
    found = []
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        two_frames(page)
        found += [f"{when}, {size}: {v}" for v in violations(page)]
    return found


def play_until(server, page, table: str, token: str, moves: int, rng: random.Random) -> None:
    """The seat's random moves from another device until `moves` are stored (or the game is over);
    between its turns it waits for the page to show the bots' moves."""
    while True:
        status, state = server.api("GET", f"/api/tables/{table}/state", token=token)
        assert status == 200, state
        if state["status"] == "finished" or state["seq"] >= moves:
            page.wait_for_function("(seq) => Number(document.querySelector('[data-seq]')?.dataset.seq) >= seq",
                                   arg=state["seq"])
            return
        sent = send_random_move(server, table, token, state, rng)
        if sent is None:  # the bots' turn: the page shows their moves
            page.wait_for_function(NEWER, arg=state["seq"], timeout=30000)
            continue
        status, body = sent
        assert status in (200, 409), body


@pytest.mark.parametrize("game_id", [g for g in games.ids() if g not in TOY_GAMES])
def test_no_serious_violation_at_the_start_mid_game_and_the_end(new_page, guest_session, server, game_id):
    game = games.get(game_id)
    page = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, min(max(2, game.min_players), game.max_players))
    page.goto(made["seats"][0]["invite"])
    page.locator(".board-host *").first.wait_for(state="attached")
    assert_rows_whole(page, game_id)  # on the desktop's two-column panels too
    found = both_sizes(page, "start")
    play_until(server, page, made["table"], made["token"], MID_MOVES, random.Random(game_id))
    found += both_sizes(page, "mid-game")
    page.goto("about:blank")
    status, body = server.api("POST", f"/api/tables/{made['table']}/leave", {}, token=made["token"])
    assert status in (200, 409), body  # 409: the game was over already
    wait_finished(server, made["table"])
    page.goto(made["seats"][0]["invite"])
    page.locator(".result").wait_for()
    found += both_sizes(page, "end")
    assert found == []
    assert page.errors == []
