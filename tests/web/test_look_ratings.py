"""A player finds their own ratings and reads them in players' words: the signed-in name in the top bar
leads to the player's page, and that page and a game's leaderboard say what a rating is without the
statistics' names (mu, sigma, OpenSkill, Plackett-Luce)."""

from __future__ import annotations

import re

import pytest

from tests.web.conftest import shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
JARGON = re.compile(r"\bmu\b|sigma|OpenSkill|Plackett", re.IGNORECASE)


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_my_name_leads_to_my_ratings_in_players_words(new_page, guest_session, size):
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

    page.goto("/games/picnic/leaderboard")
    board = page.get_by_role("region", name="Picnic leaderboard")
    board.wait_for()
    text = board.inner_text()
    assert "No rated game of Picnic has finished yet." in text
    assert "Ranked by rating" in text and not JARGON.search(text), text
    shot(page, f"look-ratings-leaderboard-{size}")
