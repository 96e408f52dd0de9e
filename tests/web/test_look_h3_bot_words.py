"""The bot levels' words say one time budget each, and true ones: search 3 thinks up to 1 s a move at a
table (its CPU budget, meeple.bots), and its measured share is said with the shorter time it was held to
in the measurement ("when held to 0.1 s a move"), not as if that were its time at the table."""

from __future__ import annotations

import math

import pytest

from meeple import bots
from meeple.bots import measured
from tests.web.conftest import shot

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}


def test_search3_thinks_up_to_the_second_its_words_say():
    assert 0 < bots.get("search3").seconds <= 1.0


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_each_level_says_one_time_budget(new_page, guest_session, size):
    phone = size == "phone"
    page = new_page(viewport=PHONE if phone else DESKTOP, is_mobile=phone, has_touch=phone,
                    storage_state=guest_session)
    page.goto("/")
    form = page.locator("form.create")
    form.locator("select[name=game]").select_option("digging_for_dinos")
    seat = page.get_by_label("Seat 2")
    seat.select_option("bot:search3")
    m = measured.STRENGTH["digging_for_dinos"]["search3"]["by_players"]["2"]
    share = f"won {math.floor(m['share'] * 100 + 0.5)}%"
    label = seat.locator("option[value='bot:search3']").inner_text()
    assert label == (f"Bot: search 3 (longest search, up to 1 s a move) · {share} against greedy when held to "
                     f"{m['seconds']:g} s a move (2 players, {m['games']} games)")
    note = page.get_by_test_id("strength-2")
    # (The option is cut short in its box, on a desktop too: the note says both times, each for what it is.)
    assert note.inner_text() == (f"Thinks up to 1 s a move. W{share[1:]} of {m['games']} games against greedy "
                                 f"when held to {m['seconds']:g} s a move (2 players).")
    labels = seat.locator("option").all_inner_texts()
    assert not any("about" in text for text in labels), labels
    shot(page, f"look-h3-bot-words-{size}")
    assert not page.errors
