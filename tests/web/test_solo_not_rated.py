""""Rated" is hidden on solo tables (issue 35): the lobby hid its switch with [hidden], which the
label's own display (.check, flex) overrode, so a one-player table offered a rating it never has."""

from __future__ import annotations

import pytest

from tests.web.helpers import sign_in_as_guest

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("size", list(SIZES))
def test_rated_shows_for_two_players_and_not_for_one(new_page, server, size):
    page = new_page(viewport=SIZES[size])
    sign_in_as_guest(page, "Sol")
    page.locator("form.create select[name=game]").select_option("turing_machine")
    rated = page.get_by_text("Rated: counts for the leaderboard")
    page.get_by_label("Players").select_option("2")
    assert rated.is_visible()
    page.get_by_label("Players").select_option("1")
    rated.wait_for(state="hidden")
    assert page.errors == []
