"""Clocks told plainly (issue 35): Picnic, two players against greedy, a real-time clock, and the
player waits. The seat, the log and the result say in words that the clock ran out, that a bot
played on, and that the seat is rated last; the bot's moves are the bot's in the log. One game, watched on
a phone; at its end the result is read again at the desktop's size (a game for each size drew the same words
twice: the words are the page's, not a layout's). Once the seat's panel has said it, the bots play on with no
page open (a page drawing every move was most of the cost) and the finished table is opened again."""

from __future__ import annotations

import pytest

from tests.web.api_play import wait_finished
from tests.web.helpers import create_by_api, sign_in_as_guest

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.mark.parametrize("game", ["picnic", "toy_battle"])
def test_a_clock_that_ran_out_is_told_and_rated_last(new_page, server, game):
    page = new_page(viewport=SIZES["phone"])
    sign_in_as_guest(page, "Quin")
    made = create_by_api(page, game, 2, bot="greedy", clock={"mode": "realtime", "per_move_s": 1})
    page.goto(made["seats"][0]["invite"])
    # The seat's panel says it while the bot plays on (the game may end first on a fast machine).
    page.wait_for_function("() => document.querySelector('.panels')?.textContent.includes("
                           "'clock ran out: a bot plays on')"
                           " || document.querySelector('#app [data-status=finished]')", timeout=20000)
    assert page.errors == []
    page.goto("about:blank")
    wait_finished(server, made["table"])
    page.goto(made["seats"][0]["invite"])
    page.locator(".result").wait_for()
    result = page.locator(".result")
    for size in SIZES.values():
        page.set_viewport_size(size)
        assert result.locator("h2").inner_text() == "greedy bot wins!"
        assert result.get_by_test_id("forfeit").inner_text() == "Quin's clock ran out; a bot played on: rated last."
        assert result.locator(".result-table tbody tr").last.inner_text().split("\t")[:2] == ["2", "Quin"]
        # The game's own reasons (Toy Battle always says how it ended, perhaps "Quin ... wins") are told as the
        # board's, under the heading that ranks Quin's seat last.
        reasons = result.locator(".reason").all_inner_texts()
        assert all(r.startswith("On the board: ") for r in reasons), reasons
        assert reasons or game == "picnic"
    log = page.locator(".log-list li").all_inner_texts()
    assert "Quin's clock ran out: a bot plays on for them from here." in log
    start = log.index("Quin's clock ran out: a bot plays on for them from here.")
    # (Toy Battle writes lines about Quin's seat on the other seat's moves too: a region Quin's troops now
    # surround, the game's end. Those are the board's, not moves made in Quin's name.)
    board_lines = tuple(f"Quin {words}" for words in
                        ("surrounds region", "reaches", "can neither", "could not", "could neither"))
    mine = [line for line in log[start + 1:] if line.startswith("Quin") and not line.startswith(board_lines)]
    assert mine and all(line.startswith("Quin's stand-in bot") for line in mine), mine[:4]  # (bot, bot's)
    assert page.errors == []
