"""What the hall plays, and its rules, before a table: a visitor who has not signed in sees the lobby's gallery
of games (lobby.js galleryCard, the signed-in lobby's own: every game the hall serves, its name, player counts,
summary, Rules and Leaderboard), each tile's "Sign in to play" leading to the sign-in forms and back to the lobby
with that game chosen in the new-table form; a signed-in player choosing a game in the new-table form has a link
to its rules beside its leaderboard."""

from __future__ import annotations

from urllib.parse import quote

import pytest

from tests.web.conftest import shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def visitors_gallery(new_page, size: str):
    """A visitor's lobby, and its gallery (found by its heading, "Games") once drawn."""
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone)
    page.goto("/")
    gallery = page.locator("section", has=page.get_by_role("heading", level=2, name="Games", exact=True))
    gallery.get_by_role("listitem").first.wait_for()
    return page, gallery


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_a_visitor_sees_the_games_and_their_rules(new_page, server, size):
    page, gallery = visitors_gallery(new_page, size)
    status, served = server.api("GET", "/api/games")
    assert status == 200
    tiles = gallery.get_by_role("listitem")
    assert tiles.evaluate_all("els => els.map((e) => e.dataset.game)") == [g["id"] for g in served]
    for g, tile in zip(served, tiles.all()):
        assert tile.get_by_role("heading", level=3).inner_text() == g["name"]
        assert tile.get_by_role("link", name="rules").get_attribute("href") == f"/games/{g['id']}/rules"
        # No table for a visitor: a way to sign in that comes back to this game in the new-table form.
        sign_in = tile.get_by_role("link", name=f"Sign in to play {g['name']}")
        assert sign_in.inner_text() == "Sign in to play"
        assert sign_in.get_attribute("href") == "/?back=" + quote(f"/?game={g['id']}", safe="")
    assert gallery.get_by_role("button").count() == 0
    shot(page, f"look-games-{size}")
    gallery.locator("li[data-game=picnic]").get_by_role("link", name="Rules").click()
    page.get_by_role("heading", level=1, name="Picnic").wait_for()
    assert page.url.endswith("/games/picnic/rules")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_sign_in_to_play_comes_back_with_the_game_chosen(new_page, server, size):
    served = server.api("GET", "/api/games")[1]
    wizard = next(g for g in served if g["id"] == "wizard")
    page, gallery = visitors_gallery(new_page, size)
    link = gallery.locator("li[data-game=wizard]").get_by_role("link", name="Sign in to play")
    link.scroll_into_view_if_needed()
    link.click()
    # The sign-in forms, in view and the first field focused.
    name = page.get_by_label("Your name")
    page.wait_for_function("() => document.activeElement && document.activeElement.name === 'guest-name'")
    top = name.bounding_box()["y"]
    assert 0 <= top < page.viewport_size["height"], f"the name field at {top:.0f} px"
    name.fill("Wren")
    page.get_by_role("button", name="Play as guest").click()
    page.wait_for_function("() => document.querySelector('form.create select[name=game]')?.value === 'wizard'")
    # Used, the game is taken out of the address: a reload is the plain lobby.
    assert page.evaluate("() => location.pathname + location.search + location.hash") == "/"
    game = page.locator("form.create select[name=game]")
    assert game.evaluate("s => s === document.activeElement"), "the game's choice has the focus"
    players = page.locator("form.create select[name=players]")
    assert players.evaluate("s => [...s.options].map((o) => o.value)") == [
        str(n) for n in range(wizard["min_players"], wizard["max_players"] + 1)]
    # Signed in, the tile's way is New table again.
    tile = page.locator(".gallery li[data-game=wizard]")
    assert tile.get_by_role("button", name="New table").count() == 1
    assert tile.get_by_role("link", name="Sign in to play").count() == 0
    shot(page, f"look-games-signed-in-back-{size}", full_page=False)
    page.reload()
    # "My tables" is drawn in the same turn of the page's scripts as a game of the address would be chosen.
    page.get_by_role("heading", level=2, name="My tables").wait_for()
    assert game.input_value() == served[0]["id"], "the form's first game, not the one chosen before"
    assert not game.evaluate("s => s === document.activeElement")
    assert page.evaluate("() => location.pathname + location.search") == "/"


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_the_new_table_form_links_the_chosen_games_rules(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    form = page.locator("form.create")
    form.wait_for()
    form.locator("select[name=game]").select_option("wizard")
    rules = form.get_by_role("link", name="Wizard rules")
    assert rules.get_attribute("href") == "/games/wizard/rules"
    shot(form, f"look-form-rules-{size}")
    rules.click()
    page.get_by_role("heading", level=1, name="Wizard").wait_for()
