"""A rated table in the browser: it finishes, the player page shows the new rating (the number
openskill gives for that result, computed here), the lobby shows the bot level's rating, and
Rematch starts a new table with the next seat order.

The game is the tests' toy "twenty" (generic board), two seats: me and a random bot.
"""

from __future__ import annotations

import re
import shutil
from pathlib import Path

import httpx
import pytest
from openskill.models import PlackettLuce

from .conftest import ARTIFACTS, Server, shot
from .helpers import confirm, engine_state, sign_in_as_guest, table_id

REPO = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def server(tmp_path_factory, browser):
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = tmp_path_factory.mktemp("meeple-ratings")
    srv = Server(data, ARTIFACTS / "server-ratings.log",
                 env={"MEEPLE_EXTRA_GAMES": "twenty=tests.toys.twenty:GAME", "PYTHONPATH": str(REPO)})
    srv.start()
    yield srv
    srv.stop()
    shutil.rmtree(data, ignore_errors=True)


def rating_text(rating: float) -> str:
    """A rating as the hall prints it everywhere: one decimal, a true minus sign (players.js ratingText)."""
    text = f"{abs(rating):.1f}"
    return f"\u2212{text}" if rating < 0 and text != "0.0" else text


def play_to_the_end(page, server, table: str) -> None:
    """Stop at once on each of my turns (the bot plays its own) until the result shows."""
    for _ in range(30):
        page.wait_for_selector(".generic-moves button, .result", timeout=20000)
        if page.locator(".result").count():
            return
        page.locator(".generic-moves button").get_by_text("stop", exact=True).click()
        page.wait_for_selector(".prompt:has-text('Selected:')")
        confirm(page)
        page.wait_for_function("() => !document.querySelector('.prompt')?.textContent.includes('Selected:')")
    raise AssertionError("the game did not end")


def test_a_rated_table_finishes_and_the_player_page_shows_it_then_a_rematch(new_page, server):
    page = new_page()
    sign_in_as_guest(page, "Rita")
    page.get_by_label("Game").select_option("twenty")
    page.get_by_label("Players").select_option("2")
    page.get_by_label("Seat 2").select_option("bot:random")
    assert page.get_by_label("Rated: counts for the leaderboard").is_checked()
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    table = table_id(page)
    play_to_the_end(page, server, table)
    game, state = engine_state(server, table)
    ranks = list(game.outcome(state).ranks)
    result = page.locator(".result")
    assert "rated game" in result.locator(".rated-note").inner_text()
    # The rating openskill gives two new players for this result, computed here on its own.
    model = PlackettLuce()
    after = model.rate([[model.rating()], [model.rating()]], ranks=ranks)
    mine = rating_text(round(after[0][0].mu - 3 * after[0][0].sigma, 2))
    bot = rating_text(round(after[1][0].mu - 3 * after[1][0].sigma, 2))
    shot(page, "ratings-result")
    # My name in the result links to my page, which shows the rating, its chart and the game.
    result.locator("a.player-link", has_text="Rita").click()
    page.wait_for_selector(".player-page")
    assert page.get_by_test_id("rating-twenty").inner_text().strip() == mine
    assert page.locator(".rating-chart circle").count() == 1
    recent = page.locator(".recent-games tbody tr")
    assert recent.count() == 1
    assert recent.first.locator("td").nth(3).inner_text() == mine  # the same format in the table
    assert recent.first.get_by_role("link", name="Replay").get_attribute("href") == f"/t/{table}"
    shot(page, "ratings-player-desktop")
    for phone in ({"width": 390, "height": 844}, {"width": 360, "height": 740}):
        page.set_viewport_size(phone)
        assert page.evaluate("document.documentElement.scrollWidth <= window.innerWidth"), phone
    shot(page, "ratings-player-phone")
    page.set_viewport_size({"width": 1280, "height": 800})
    # The leaderboard lists both, the bot with its level's rating; the lobby shows that rating.
    page.get_by_role("link", name="Twenty").first.click()
    page.wait_for_selector(".leaderboard tbody tr")
    assert sorted(page.locator(".leaderboard tbody tr td:nth-child(3)").all_inner_texts()) == \
        sorted([mine, bot])
    # The bot's name says it is one, once ("random bot", not "random bot bot").
    names = [" ".join(cell.split()) for cell in page.locator(".leaderboard tbody tr td:nth-child(2)").all_inner_texts()]
    assert "random bot" in names and not any("bot bot" in name for name in names), names
    shot(page, "ratings-leaderboard-desktop")
    page.goto("/")
    page.get_by_label("Game").select_option("twenty")
    page.get_by_label("Players").select_option("2")
    page.wait_for_selector(f"option[value='bot:random']:has-text('rated {bot}')", state="attached")
    # Rematch: the same seats, one place on: the bot opens and I sit second; it starts at once.
    page.goto(f"/t/{table}")
    page.get_by_test_id("rematch").click()
    page.wait_for_url(lambda url: "/t/" in url and table not in url)
    again = table_id(page)
    page.wait_for_selector(".table-page[data-status='running']")
    seats = httpx.get(f"{server.url}/api/tables/{again}").json()["seats"]
    assert [s["name"] for s in seats] == ["random bot", "Rita"]
    assert page.locator(".panel[data-seat='1'] .panel-name").inner_text() == "Rita (you)"
    assert page.errors == []
