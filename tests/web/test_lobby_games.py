"""The lobby's gallery of games (lobby.js galleryCard): a signed-in player finds every game the hall lists, in
its order, each a tile with its emblem (the game's own pieces, drawn: js/icons.js emblem), name, player
counts, summary, a Rules and a Leaderboard link, and "New table", which chooses the game in the new-table
form (its player counts follow) and takes the player there; on a phone the tiles are a list that never
scrolls sideways."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def players_words(g: dict) -> str:
    """The counts as a tile says them: "2 to 4 players", "3 players", "Solo or 2 to 4 players"."""
    low, high = g["min_players"], g["max_players"]
    if low == 1:
        return "Solo (1 player)" if high == 1 else f"Solo or {'2' if high == 2 else f'2 to {high}'} players"
    return f"{low} players" if low == high else f"{low} to {high} players"


def open_lobby(new_page, guest_session, size: str):
    """The lobby of a signed-in guest, and its gallery (found by its heading, "Games") once drawn."""
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone, storage_state=guest_session)
    page.goto("/")
    gallery = page.locator("section", has=page.get_by_role("heading", level=2, name="Games", exact=True))
    gallery.get_by_role("listitem").first.wait_for()
    return page, gallery


def served(server) -> list[dict]:
    status, games = server.api("GET", "/api/games")
    assert status == 200
    return games


def test_the_gallery_lists_every_game_with_its_pages(new_page, guest_session, server):
    page, gallery = open_lobby(new_page, guest_session, "desktop")
    games = served(server)
    tiles = gallery.get_by_role("listitem")
    assert tiles.count() == len(games)
    # the registry's order
    assert tiles.evaluate_all("els => els.map((e) => e.dataset.game)") == [g["id"] for g in games]
    for g, tile in zip(games, tiles.all()):
        assert tile.get_by_role("heading", level=3).inner_text() == g["name"]
        assert tile.locator(".game-players").inner_text() == players_words(g)
        assert tile.locator(".game-summary").inner_text() == g["summary"]
        picture = tile.get_by_role("img")
        assert picture.get_attribute("aria-label").startswith(f"{g['name']}: ")
        assert picture.get_attribute("data-emblem") == g["id"]  # drawn for the game, not the plain meeple
        assert tile.get_by_role("link", name="rules").get_attribute("href") == f"/games/{g['id']}/rules"
        assert tile.get_by_role("link", name="leaderboard").get_attribute("href") == f"/games/{g['id']}/leaderboard"
    assert {"Solo or 2 to 4 players", "3 players", "2 players"} <= {players_words(g) for g in games}
    shot(page, "lobby-games-desktop")
    # The links lead to the pages they name.
    gallery.locator("li[data-game=wizard]").get_by_role("link", name="Leaderboard").click()
    page.get_by_role("region", name="Wizard leaderboard").wait_for()
    assert page.url.endswith("/games/wizard/leaderboard")
    page.go_back()
    vent_life = page.locator(".gallery li[data-game=vent_life]")
    vent_life.get_by_role("link", name="Rules").click()
    page.get_by_role("heading", level=1, name="Vent Life").wait_for()
    assert page.url.endswith("/games/vent_life/rules")


@pytest.mark.parametrize("size", ["desktop", "phone"])
def test_new_table_on_a_tile_chooses_the_game_in_the_form(new_page, guest_session, server, size):
    page, gallery = open_lobby(new_page, guest_session, size)
    form = page.get_by_role("form", name="Create a table")
    # The other browser tests find the form's choices by label over the whole page: no name in the gallery matches.
    assert page.get_by_label("Game").evaluate("s => s.name") == "game"
    assert page.get_by_label("Players").evaluate("s => s.name") == "players"
    game = form.locator("select[name=game]")
    players = form.locator("select[name=players]")
    counts = {g["id"]: [str(n) for n in range(g["min_players"], g["max_players"] + 1)] for g in served(server)}
    assert game.input_value() == "picnic"
    # From the last tile (on a phone far below the form) and back up: each time the game, its counts, the form in view.
    for gid in ("draft_and_write_records", "wizard", "ninety_nine", "turing_machine"):
        tile = gallery.locator(f"li[data-game={gid}]")
        button = tile.get_by_role("button", name="New table")
        button.scroll_into_view_if_needed()
        button.click()
        page.wait_for_function("id => document.querySelector('form.create select[name=game]').value === id", arg=gid)
        assert players.evaluate("s => [...s.options].map((o) => o.value)") == counts[gid]
        assert players.input_value() in counts[gid]
        assert game.evaluate("s => s === document.activeElement"), "the game's choice has the focus"
        top = form.get_by_role("heading", name="New table").bounding_box()["y"]
        assert 0 <= top < page.viewport_size["height"] / 2, f"{gid}: the form's heading at {top:.0f} px"
        seats = form.locator(".seat-list li").count()
        assert seats == int(players.input_value()), "the seats follow the players"
    assert "1 player (solo)" in players.locator("option").all_inner_texts()  # Turing Machine may be played alone
    shot(page, f"lobby-games-new-table-{size}", full_page=False)


def test_a_game_in_the_address_is_chosen_once(new_page, guest_session):
    """`/?game=<id>` (where "Sign in to play" comes back to) chooses the game, then leaves the address, the rest of
    it kept: a reload, or the page found again in the history, is the plain lobby."""
    page = new_page(viewport=DESKTOP, storage_state=guest_session)
    page.goto("/?from=mail&game=vent_life#top")
    game = page.locator("form.create select[name=game]")
    page.wait_for_function("() => document.querySelector('form.create select[name=game]')?.value === 'vent_life'")
    assert page.evaluate("() => location.pathname + location.search + location.hash") == "/?from=mail#top"
    page.reload()
    # "My tables" is drawn in the same turn of the page's scripts as a game of the address would be chosen.
    page.get_by_role("heading", level=2, name="My tables").wait_for()
    assert game.input_value() == "picnic"


def test_no_sideways_scroll_on_a_phone(new_page, guest_session):
    page, gallery = open_lobby(new_page, guest_session, "phone")
    assert page.evaluate("document.documentElement.scrollWidth") <= PHONE["width"]
    # Every tile within the screen and nothing in it cut off: its words wrap, its emblem and button are whole.
    cut = gallery.locator("li").evaluate_all("""els => els.flatMap((tile) => {
      const edge = document.documentElement.clientWidth;
      return [tile, ...tile.querySelectorAll('*')].filter((e) => {
        const box = e.getBoundingClientRect();
        const clipped = e.scrollWidth > e.clientWidth + 1 && getComputedStyle(e).overflow !== 'visible';
        return box.right > edge || box.left < 0 || clipped;
      }).map((e) => `${tile.dataset.game}: ${e.tagName.toLowerCase()}.${e.getAttribute('class') || ''}`);
    })""")
    assert cut == []
    # A list, one tile a row, each a few lines high: compact.
    boxes = gallery.locator("li").evaluate_all("els => els.map((e) => e.getBoundingClientRect().toJSON())")
    assert len({round(b["x"]) for b in boxes}) == 1
    assert max(b["height"] for b in boxes) < 260, boxes
    shot(page, "lobby-games-phone")


def test_a_game_without_an_emblem_gets_the_plain_one(new_page):
    """The tests' toy games (tests/conftest.py TOY_GAMES), where a hall lists them, are drawn as a meeple."""
    page = new_page()
    page.goto("/")
    drawn = page.evaluate("""async () => {
      const { emblem } = await import('/static/js/icons.js');
      const e = emblem('tictactoe', 'Tic-tac-toe');
      return [e.getAttribute('role'), e.getAttribute('aria-label'), e.dataset.emblem,
              e.querySelectorAll('path').length];
    }""")
    assert drawn == ["img", "Tic-tac-toe: a meeple", "plain", 1]
