"""A whole Living Forest game played by clicking in a real browser against a greedy bot.

Each round I draw a few Guardian Animals (sent at once: a draw shows a hidden card),
stop, then click the first lit thing of my action turn and Confirm it. After every
step the panels must equal the engine's score sheet; the game must end with the result.
"""

from __future__ import annotations

import re

from .conftest import shot
from .helpers import assert_panels_match, sign_in_as_guest, table_id, wait_page_in_sync


def create_table(page, bot: str) -> str:
    page.get_by_label("Game").select_option("living_forest")
    page.locator("select[name='players']").select_option("2")
    page.get_by_label("Seat 2").select_option(f"bot:{bot}")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector(".lf")
    return table_id(page)


def confirm(page) -> None:
    page.get_by_role("button", name="Confirm").click()
    page.wait_for_function("() => !document.querySelector('[data-testid=prompt]').textContent.includes('Selected:')")


def select_and_confirm(page, locator) -> None:
    locator.click()
    page.wait_for_selector(".prompt:has-text('Selected:')")
    confirm(page)


ACTION_TARGETS = [".lf .controls button.lit:has-text('Take a')", ".lf button.fire.lit", ".lf .reserve button.card.lit",
                  ".lf .actions button.lit:has-text('Take')", ".lf .actions button.lit[data-move]",
                  ".lf button[data-done]"]


def my_step(page, server, table) -> bool:
    """Do one thing on my turn; False when the game is over."""
    page.wait_for_selector(".lf [data-draw], .lf [data-stop], .lf .controls button.lit, .lf button[data-done], .result",
                           timeout=60000)
    if page.locator(".result").count():
        return False
    game, state = assert_panels_match(page, server, table, range(2))
    if page.locator(".lf [data-draw]").count() and len(state.help[0]) < 4:
        before = page.locator(".table-page").get_attribute("data-seq")
        page.locator(".lf [data-draw]").click()
        page.wait_for_function("s => document.querySelector('.table-page').dataset.seq !== s", arg=before)
        return True
    tiles = page.locator(".lf .controls button.lit:has-text('Tile')")
    if tiles.count():
        select_and_confirm(page, tiles.first)
        return True
    if page.locator(".lf [data-stop]").count():
        select_and_confirm(page, page.locator(".lf [data-stop]"))
        return True
    trees = page.locator(".lf .dispenser button.card.lit")
    if trees.count():
        trees.first.click()
        spaces = page.locator(".lf .space.lit")
        if spaces.count():
            select_and_confirm(page, spaces.first)
            return True
        trees.first.click()
    for sel in ACTION_TARGETS:
        target = page.locator(sel)
        if target.count():
            select_and_confirm(page, target.first)
            return True
    raise AssertionError("nothing lit to click on my turn")


def test_a_whole_living_forest_game_against_a_bot_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, "greedy")
    steps = 0
    while my_step(page, server, table):
        steps += 1
        if steps == 6:
            shot(page, "living_forest-desktop")
        assert steps < 600, "the game did not end"
    game, state = wait_page_in_sync(page, server, table)
    assert game.is_over(state)
    out = game.outcome(state)
    assert page.locator(".result").count() == 1
    assert out is not None and steps > 10
    assert page.errors == []
