"""A player finds their own ratings and reads them in players' words: the signed-in name in the top bar
leads to the player's page, and that page and a game's leaderboard say what a rating is without the
statistics' names (mu, sigma, OpenSkill, Plackett-Luce)."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import shot
from tests.web.test_review import finished_bot_game

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
FRESH_PAGES = True  # a page routes the leaderboard's answer
JARGON = re.compile(r"\bmu\b|sigma|OpenSkill|Plackett", re.IGNORECASE)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_my_name_leads_to_my_ratings_in_players_words(new_page, guest_session, server, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    page.wait_for_selector("form.create")
    page.get_by_role("link", name="Ada (guest)").click()
    page.wait_for_url(re.compile(r"/players/[^/]+$"))
    ratings = page.get_by_role("region", name="Ratings")
    ratings.wait_for()
    assert page.get_by_role("heading", level=1).inner_text() == "Ada"
    words = ratings.locator(".hint").inner_text()
    assert "starts at 0" in words and not JARGON.search(words), words
    shot(page, f"look-ratings-profile-{size}")

    # The leaderboard as the hall answers it (other tests' rated games may be on it), then as a game
    # without a finished rated game shows it: the answer's players taken out.
    board = page.get_by_role("region", name="Picnic leaderboard")
    if not server.api("GET", "/api/games/picnic/leaderboard")[1]["players"]:
        finished_bot_game(page, server)  # a rated game of two random bots: the leaderboard has rows
    page.goto("/games/picnic/leaderboard")
    board.wait_for()
    text = board.inner_text()
    assert "Ranked by rating" in text and not JARGON.search(text), text
    # A rating's tooltip too (it said "mu 25.3, sigma 8.1"): a rated game of Picnic is played first.
    tips = board.locator("tbody td[title]").evaluate_all("(cells) => cells.map((c) => c.title)")
    assert tips and not any(JARGON.search(tip) for tip in tips), tips

    def without_players(route):
        answer = route.fetch()
        route.fulfill(response=answer, json={**answer.json(), "players": []})

    page.route("**/api/games/picnic/leaderboard", without_players)
    page.reload()
    board.wait_for()
    text = board.inner_text()
    assert "No rated game of Picnic has finished yet." in text
    assert "Ranked by rating" in text and not JARGON.search(text), text
    shot(page, f"look-ratings-leaderboard-{size}")
