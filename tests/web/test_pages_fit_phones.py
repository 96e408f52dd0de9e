"""Nothing scrolls sideways on a 360x740 phone: the lobby (signed out, signed in, with every game's
create form) and a running table of every game in the registry, so each new board is held to it too."""

from __future__ import annotations

import pytest

from meeple import games
from tests.conftest import TOY_GAMES
from tests.web.helpers import create_by_api, settled

PHONE = {"width": 360, "height": 740}
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"
# Whatever sticks out past the right edge, named for the failure message.
OVERFLOWING = """() => [...document.querySelectorAll('body *')]
  .filter((e) => e.getBoundingClientRect().right > document.documentElement.clientWidth + 1)
  .filter((e) => getComputedStyle(e).position !== 'fixed')
  .slice(0, 5).map((e) => `${e.tagName.toLowerCase()}.${[...e.classList].join('.')}`)"""


def assert_fits(page, where: str) -> None:
    width = page.evaluate(WIDEST)
    assert width <= PHONE["width"], f"{where}: {width} px wide on a phone; {page.evaluate(OVERFLOWING)}"


def guest(page, name: str) -> None:
    page.goto("/")
    page.get_by_label("Your name").fill(name)
    page.get_by_role("button", name="Play as guest").click()
    page.wait_for_selector("form.create")


def served(server) -> list:
    """The games the server lists (the tests' own toy games are registered in this process only)."""
    status, listed = server.api("GET", "/api/games")
    assert status == 200
    ids = {g["id"] for g in listed}
    return [g for g in games.all() if g.id in ids]


def test_the_lobby_fits_a_phone_for_every_game(new_page, server):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    page.goto("/")
    page.wait_for_selector("form")
    assert_fits(page, "the signed-out lobby")
    guest(page, "Pia")
    for game in served(server):
        page.locator("form.create select[name=game]").select_option(game.id)
        for n in (game.min_players, game.max_players):
            page.locator("form.create select[name=players]").select_option(str(n))
            assert_fits(page, f"the lobby with {game.id} for {n}")


@pytest.mark.parametrize("game_id", [g for g in games.ids() if g not in TOY_GAMES])
def test_a_table_of_every_game_fits_a_phone(new_page, guest_session, game_id):
    game = games.get(game_id)
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    n = min(max(2, game.min_players), game.max_players)
    made = create_by_api(page, game_id, n)
    page.goto(made["seats"][0]["invite"])
    settled(page)  # the board has drawn its first state
    page.evaluate("document.fonts.ready.then(() => true)")  # and its words have their widths
    assert_fits(page, f"a {game_id} table")
    assert_rows_whole(page, game_id)


def assert_rows_whole(page, game_id: str) -> None:
    """Every score row's name is shown whole on the panels, never cut short ("Private Reflecti…")."""
    cut = page.evaluate("""() => [...document.querySelectorAll('.panels .row-label')]
      .filter((e) => e.scrollWidth > e.clientWidth + 1).map((e) => e.textContent)""")
    assert cut == [], f"{game_id}: panel rows cut short: {cut}"


def test_a_long_name_in_the_top_bar_fits_a_phone(new_page):
    """A one-word name of 32 letters (the most a name may have) is cut short in the top bar, its whole self in
    the link's title, and Sign out stays on one line: before, the bar made the page 366 px wide at 360."""
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True)
    long_name = "Bartholomewfitzgeraldvanderberg" + "s"
    guest(page, long_name)
    assert_fits(page, "the lobby with a long name")
    name = page.locator(".topbar .who-name")
    assert long_name in name.get_attribute("title")
    assert page.locator(".topbar .link-button").evaluate("(e) => e.getClientRects().length") == 1
    box = page.locator(".topbar .link-button").bounding_box()
    assert box["x"] + box["width"] <= PHONE["width"], box
