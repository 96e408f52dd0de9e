"""axe-core (through axe-playwright-python) finds no serious or critical accessibility violation on the
lobby or on a running table of every game, at desktop and phone sizes."""

from __future__ import annotations

import pytest

from meeple import games
from tests.conftest import TOY_GAMES
from tests.web.helpers import create_by_api, sign_in_as_guest
from tests.web.test_pages_fit_phones import assert_rows_whole

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


def violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_has_no_serious_violation(new_page, size):
    page = new_page(viewport=SIZES[size])
    page.goto("/")
    page.wait_for_selector("form")
    assert violations(page) == []
    sign_in_as_guest(page, "Ada")
    assert violations(page) == []


@pytest.mark.parametrize("game_id", [g for g in games.ids() if g not in TOY_GAMES])
def test_a_table_of_every_game_has_no_serious_violation(new_page, guest_session, game_id):
    game = games.get(game_id)
    page = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    page.goto("/")
    n = min(max(2, game.min_players), game.max_players)
    made = create_by_api(page, game_id, n)
    page.goto(made["seats"][0]["invite"])
    page.locator(".board-host *").first.wait_for(state="attached")
    page.wait_for_timeout(500)
    assert violations(page) == []
    assert_rows_whole(page, game_id)  # on the desktop's two-column panels too
