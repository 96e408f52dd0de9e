"""Draft & Write Records in a real browser: a whole game against a bot by clicking (keep a private
goal, pick a card, click a lit place on the sheet or Fail it, claim or pass at the weekend,
Confirm), and a whole solo game with option B. The panels and the result must match the engine;
the bot's private goal stays hidden until the end."""

from __future__ import annotations

import re

try:
    from playwright.sync_api import TimeoutError as PlaywrightTimeout
except ImportError:  # the browser fixtures skip (or, in CI, fail) with a message
    PlaywrightTimeout = TimeoutError


from .conftest import shot
from .helpers import create_table, engine_sheet, engine_state, panel_sheet, sign_in_as_guest, table_id

GAME_ID = "draft_and_write_records"


READY = ".result, [data-action^='singer'], [data-action^='keep'], [data-action='pass'], .dw-card:not([disabled])"


def _click_and_wait(page, locator) -> bool:
    before = page.locator(".dw-board").get_attribute("data-version")
    try:
        locator.click(timeout=4000)
    except PlaywrightTimeout:
        return False
    page.wait_for_function(
        "v => { const b = document.querySelector('.dw-board');"
        " return !b || b.dataset.version !== v || document.querySelector('.result'); }", arg=before)
    return True


def _confirm(page) -> None:
    page.wait_for_selector("[data-testid=prompt]:has-text('Selected:')")
    _click_and_wait(page, page.get_by_role("button", name="Confirm"))


def engine_gains(server, table: str, card: int) -> dict:
    """The points each place would add for my hand's card, as the engine works them out."""
    game, state = engine_state(server, table)
    hand = game.view(state, 0)["hand"]
    return {p["place"]: p["gain"] for p in hand[card]["places"] if not p["mult"]}


def play_by_clicking(page, solo: bool, server, table: str) -> dict:
    seen = {"singer": 0, "keep": 0, "claim": 0, "pass": 0, "place": 0, "fail": 0, "draw": 0}
    for step in range(900):
        page.wait_for_selector(READY, timeout=30000)
        if page.locator(".result").count():
            return seen
        if page.locator("[data-action^='singer']").count():  # set-up: the lead singer's colour
            if _click_and_wait(page, page.locator("[data-action='singer-gold']")):
                seen["singer"] += 1
                _confirm(page)
            continue
        if page.locator("[data-action^='keep']").count():
            if _click_and_wait(page, page.locator("[data-action='keep-0']")):
                seen["keep"] += 1
                _confirm(page)
            continue
        claim = page.locator("[data-action^='claim']")
        if claim.count() or page.locator("[data-action='pass']").count():
            what = "claim" if claim.count() else "pass"
            if _click_and_wait(page, claim.first if claim.count() else page.locator("[data-action='pass']")):
                seen[what] += 1
                _confirm(page)
            continue
        if solo and page.locator("[data-action='draw']").count() and step % 3 == 1:
            if _click_and_wait(page, page.locator("[data-action='draw']")):
                seen["draw"] += 1
            continue
        if not _click_and_wait(page, page.locator(".dw-card:not([disabled])").first):
            continue
        lit = page.locator("[data-lit]")
        if lit.count():
            card = int(page.locator(".dw-card.picked").get_attribute("data-card"))
            gains = engine_gains(server, table, card)
            for i in range(lit.count()):  # every lit place shows the points the engine gives it
                place = lit.nth(i).get_attribute("data-lit")
                assert int(lit.nth(i).inner_text().split()[0]) == gains[place], place
            if not solo and not seen["place"]:  # the bot's private goal is kept, and hidden from me
                assert "A private goal, hidden" in page.locator("[data-seat-sheet='1']").inner_text()
            if _click_and_wait(page, lit.first):
                seen["place"] += 1
                if seen["place"] == 3:
                    shot(page, "draft_and_write_records-02-placing")
                _confirm(page)
        elif _click_and_wait(page, page.locator("[data-action='fail']")):
            seen["fail"] += 1
            _confirm(page)
    raise AssertionError("the game did not end")


def check_result(page, server, table: str) -> None:
    game, state = engine_state(server, table)
    outcome = game.outcome(state)
    assert outcome is not None
    for seat in range(state.n):
        assert panel_sheet(page, seat) == engine_sheet(game, state, seat, 0)


def test_whole_game_against_a_bot_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 1000})
    sign_in_as_guest(page, "Ann")
    page.get_by_label("Game").select_option(GAME_ID)
    table = create_table(page, ["greedy"])
    page.wait_for_selector(".dw-board")
    page.wait_for_selector("[data-action^='singer']")
    seen = play_by_clicking(page, False, server, table)
    assert seen["singer"] == 1 and seen["keep"] == 1 and seen["place"] >= 8 and seen["claim"] + seen["pass"] >= 1
    check_result(page, server, table)
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == 2
    assert "A private goal, hidden" not in page.locator(".dw-board").inner_text()
    _, state = engine_state(server, table)
    if state.private[1] >= 0:  # not claimed: the end shows it
        assert "Private:" in page.locator("[data-seat-sheet='1']").inner_text()
    shot(page, "draft_and_write_records-03-result")
    assert page.errors == []


def test_a_solo_game_by_clicking(new_page, server):
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    sign_in_as_guest(page, "Sol")
    page.get_by_label("Game").select_option(GAME_ID)
    page.get_by_label("Players").select_option("1")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    table = table_id(page)
    page.wait_for_selector(".dw-card")
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    seen = play_by_clicking(page, True, server, table)
    assert seen["singer"] == 1 and seen["place"] >= 5 and seen["draw"] >= 1
    check_result(page, server, table)
    assert re.search(r"You (won|lost)", page.locator(".result").inner_text())
    assert page.evaluate("document.documentElement.scrollWidth") <= 390
    assert page.errors == []
