"""A whole Assyria game played by clicking in a real browser against a greedy bot.

Each of my steps clicks the first lit thing of the board (a column, an opening card, a hex,
a card to resupply with, a well corner, an action), selects "No more wells" or "End actions"
when nothing else is lit, and confirms when the turn is complete. Along the game the panels
must equal the engine's score sheet, the map must show what the engine holds, a selected well
must preview its points, and the game must end with the result table. A phone-sized page
shows the board without scrolling sideways.
"""

from __future__ import annotations

import re

import pytest

from .conftest import shot
from .helpers import assert_panels_match, engine_sheet, panel_sheet, sign_in_as_guest, table_id, wait_page_in_sync
from .test_wizard_play import view_shot, violations

BOARD = ".as-board"

WAIT = ("() => document.querySelector('.result') || document.querySelector(\".as-board[data-mine='1']\")"
        " || [...document.querySelectorAll('button')].some(b => b.textContent === 'Confirm' && !b.disabled)")


def create_table(page, bot: str = "greedy", players: int = 2) -> str:
    page.get_by_label("Game").select_option("assyria")
    page.locator("select[name='players']").select_option(str(players))
    for seat in range(2, players + 1):
        page.get_by_label(f"Seat {seat}").select_option(f"bot:{bot}")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector(BOARD)
    return table_id(page)


def click_and_wait(page, locator) -> None:
    before = page.locator(BOARD).get_attribute("data-version")
    locator.click()
    page.wait_for_function(
        "v => { const b = document.querySelector('.as-board');"
        " return !b || b.dataset.version !== v || document.querySelector('.result'); }", arg=before)


def confirm_button(page):
    return page.get_by_role("button", name="Confirm", exact=True)


def confirm(page) -> None:
    seq = page.locator(".table-page").get_attribute("data-seq")
    confirm_button(page).click()
    page.wait_for_function("s => document.querySelector('.result') || "
                           "document.querySelector('.table-page').dataset.seq !== s", arg=seq)


# Every food card on the board: its name in the view, how many pictures of its food it shows, and
# whether anything of it is cut (its content wider or taller than the card).
CARDS = """() => [...document.querySelectorAll('.as-board .as-card[data-card]')].map((e) => ({
  name: e.dataset.card, pictures: e.querySelectorAll('svg[data-icon]').length,
  icons: [...new Set([...e.querySelectorAll('svg[data-icon]')].map((i) => i.dataset.icon))],
  cut: e.scrollWidth > e.clientWidth + 1 || e.scrollHeight > e.clientHeight + 1,
  outside: e.getBoundingClientRect().right > document.documentElement.clientWidth + 1}))"""


def check_cards(page) -> int:
    """Each food card is drawn as its food, once per hut it feeds (three dates for a date 3), whole."""
    cards = page.evaluate(CARDS)
    for card in cards:
        food = re.sub(r"\d", "", card["name"])
        count = int(card["name"][len(food):] or 1)
        assert card["icons"] == [{"plow": "as_plow", "wild": "as_wild"}.get(food, f"as_{food}")], card
        assert card["pictures"] == count, card
        assert not card["cut"] and not card["outside"], card
    return len(cards)


def check_map(page, state) -> None:
    from meeple.games.assyria.components import HEX_LABEL

    shown = page.locator(f"{BOARD} .as-hex").evaluate_all(
        "els => els.map(e => [e.dataset.hex, +e.dataset.occ, +e.dataset.level])")
    assert shown == [[HEX_LABEL[h], state.occ[h], state.level[h]] for h in range(64) if h not in state.closed]
    dug = sorted(page.locator(f"{BOARD} .as-well:not(.spot)").evaluate_all("els => els.map(e => +e.dataset.well)"))
    assert dug == [w + 1 for w, s in enumerate(state.wells) if s >= 0]
    for seat in (0, 1):
        camels = page.locator(f"[data-camels='{seat}']")  # a chip: the camel and the count
        assert camels.inner_text() == str(state.camels[seat])
        assert camels.get_attribute("aria-label") == f"{state.camels[seat]} camels"


LIT = [f"{BOARD} button[data-column].lit", f"{BOARD} button.as-card.lit[aria-label^='Take']",
       f"{BOARD} .as-hex.lit", f"{BOARD} button.as-card.lit[aria-label^='Use']",
       f"{BOARD} .as-dig button.lit", f"{BOARD} button.as-act.lit:has-text('Offer')"]


def my_step(page, server, table, seen: dict) -> bool:
    """One click (and Confirm when the turn is complete); False when the game is over."""
    page.wait_for_function(WAIT, timeout=60000)
    if page.locator(".result").count():
        return False
    if page.locator(f"{BOARD}[data-mine='1']").count() == 0:
        confirm(page)  # the turn is complete: confirm its pending moves
        return True
    if page.locator(".prompt:has-text('Selected:')").count():
        # A move that turns up cards (an action leaving nothing but the end of the turn) stores the
        # turn's pending moves with it: the board only selects it, and Confirm sends it.
        seen["held"] = seen.get("held", 0) + 1
        confirm(page)
        return True
    if page.locator(".prompt:has-text('Selected:')").count() == 0 and seen["steps"] % 5 == 0:
        game, state = assert_panels_match(page, server, table, (0, 1))
        check_map(page, state)
        seen["cards"] += check_cards(page)
        seen["checked"] += 1
    seen["steps"] += 1
    spots = page.locator(f"{BOARD} .as-well.spot")
    if spots.count():
        click_and_wait(page, spots.first)
        page.wait_for_selector(".prompt:has-text('Selected:')")
        page.wait_for_selector(".panel .preview, .panel [class*='preview']", timeout=5000)
        if not seen["well"]:
            view_shot(page, "assyria-2p-desktop-2-preview")
            assert violations(page) == []
        seen["well"] += 1
        confirm(page)
        return True
    phase = page.locator(BOARD).get_attribute("data-phase")
    for selector in LIT:
        if phase == "actions" and "Offer" in selector and seen["steps"] % 3:
            continue  # not every turn: keep some camels for ziggurats and Assur
        target = page.locator(selector)
        if target.count():
            click_and_wait(page, target.first)
            seen[phase] = seen.get(phase, 0) + 1
            return True
    for name in ("No more wells", "End actions"):
        button = page.locator(f"{BOARD} button.as-act.lit:has-text('{name}')")
        if button.count():
            click_and_wait(page, button)
            page.wait_for_selector(".prompt:has-text('Selected:')")
            confirm(page)
            return True
    raise AssertionError(f"nothing to click in phase {phase}")


def test_whole_game_against_a_bot_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 800})
    sign_in_as_guest(page, "Ann")
    table = create_table(page)
    page.wait_for_function(WAIT, timeout=60000)
    view_shot(page, "assyria-2p-desktop-1-start")
    assert violations(page) == []
    seen = {"steps": 0, "checked": 0, "well": 0, "cards": 0}
    for _ in range(800):
        if not my_step(page, server, table, seen):
            break
        if seen["steps"] == 12:
            # In one step of the page's own: a bot's move may redraw the board between a locator's find and scroll
            page.evaluate("document.querySelector('.as-rows').scrollIntoView({block: 'nearest'})")
            view_shot(page, "assyria-2p-desktop-3-rows")
    else:
        raise AssertionError("the game did not end")
    assert seen["checked"] >= 5 and seen.get("huts", 0) + seen.get("use", 0) > 0 and seen.get("actions", 0) > 0
    assert seen["cards"] > 20
    game, state = wait_page_in_sync(page, server, table)
    outcome = game.outcome(state)
    assert outcome is not None
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == 2
    shown = sorted(int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(2))
    assert shown == sorted(outcome.scores)
    for seat in (0, 1):
        assert panel_sheet(page, seat) == engine_sheet(game, state, seat, 0)
    shot(page, "assyria-03-result")
    view_shot(page, "assyria-2p-desktop-4-end")
    assert violations(page) == []
    assert page.errors == []


@pytest.mark.parametrize("players, width", [(2, 390), (4, 360)])
def test_phone_shows_the_board_without_sideways_scroll(new_page, server, players, width):
    page = new_page(viewport={"width": width, "height": 844}, is_mobile=True, has_touch=True)
    sign_in_as_guest(page, "Bea")
    create_table(page, "random", players)
    page.wait_for_function(WAIT, timeout=60000)
    reset_checked = False
    for _ in range(8):  # a few steps in, so that huts are on the map
        page.wait_for_function(WAIT, timeout=60000)
        hut = page.locator(f"{BOARD}[data-phase='huts'] .as-hex.lit")
        if hut.count() and not reset_checked:
            # Reset within a turn: a hut placed, then taken back with everything pending.
            label = hut.first.get_attribute("data-hex")
            click_and_wait(page, hut.first)
            assert page.locator(f"{BOARD} [data-hex='{label}']").get_attribute("data-occ") == "0"
            click_and_wait(page, page.get_by_role("button", name="Reset"))
            assert page.locator(f"{BOARD} [data-hex='{label}']").get_attribute("data-occ") == "-1"
            reset_checked = True
            continue
        lit = page.locator(f"{BOARD} button[data-column].lit, {BOARD} .as-hex.lit, {BOARD} button.as-card.lit")
        if lit.count():
            click_and_wait(page, lit.first)
        elif page.locator(f"{BOARD}[data-mine='1']").count() == 0:
            confirm(page)
    assert reset_checked
    wide = page.evaluate("() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)")
    assert wide <= width, f"the page scrolls sideways ({wide} px)"
    assert page.locator(f"{BOARD} .as-map").bounding_box()["width"] <= width
    assert check_cards(page) >= 2 * (players + 1)  # the food rows, whole, at this width and table size
    page.locator(".as-rows").scroll_into_view_if_needed()
    view_shot(page, f"assyria-{players}p-phone-{width}-rows")
    assert violations(page) == []
    assert page.errors == []
