"""Wizard played by clicking the drawn cards in a real browser (Debian's Chromium) against greedy bots,
at the smallest and the largest table, on a desktop and a phone.

The card table shows what the engine says: every seat's prediction and tricks as chips, my hand
fanned with the cards I may play lit, each card of the trick placed by the seat that played it, the
trump card face up, the score pad round by round, and panels that never grow a row a round. axe-core
finds no serious or critical violation at the start, with a prediction previewed, and at the end.
Screenshots of each stage go to artifacts/web/ (the docs' pictures are copied from there).
"""

from __future__ import annotations

import pytest

from meeple.games.wizard.components import code

from .axe_check import serious_violations
from .conftest import shot
from .helpers import sign_in_as_guest, table_id, wait_page_in_sync

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
STEPS = [
    ("bid", "[data-bid-choice]:not([disabled])"),
    ("trump", "[data-trump]"),
    ("blind", "[data-action='play-blind']"),
    ("play", ".tt-hand .tt-card.can-play"),
]
WIDEST = "() => Math.max(document.documentElement.scrollWidth, document.body.scrollWidth)"


def create_table(page, game: str, bots: list[str], options: dict) -> str:
    """From the lobby: a table of `game` with me in seat 1 and bots in the others; options by input id."""
    page.get_by_label("Game").select_option(game)
    page.locator("select[name='players']").select_option(str(len(bots) + 1))
    for name, value in options.items():
        field = page.locator(f"#opt-{name}")
        if isinstance(value, bool):
            field.set_checked(value)
        elif field.evaluate("el => el.tagName") == "SELECT":
            field.select_option(value)
        else:
            field.fill(value)
    for i, bot in enumerate(bots):
        page.get_by_label(f"Seat {i + 2}").select_option(f"bot:{bot}")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url("**/t/**")
    page.wait_for_selector(".tt-board")
    return table_id(page)


def violations(page, where: str = ".board-host") -> list[str]:
    """axe-core's serious and critical violations on the board (the table chrome around it is
    test_accessibility.py's)."""
    return serious_violations(page, where)


def view_shot(page, name: str) -> None:
    """The window as a player sees it (not the whole page), as a test artifact."""
    page.mouse.move(0, 0)  # no tooltip left over the board from the last click
    shot(page, name, full_page=False)


def next_step(page) -> str:
    page.wait_for_selector(", ".join(sel for _, sel in STEPS) + ", .result", timeout=30000)
    if page.locator(".result").count():
        return "over"
    for name, sel in STEPS:
        if page.locator(sel).count():
            return name
    raise AssertionError("nothing to do")


def click_card(locator) -> None:
    """Click a card of a fanned hand where a player can: its corner, which the next card leaves in view."""
    if locator.evaluate("e => e.classList.contains('tt-card')"):
        locator.click(position={"x": 14, "y": 44})
    else:
        locator.click()


def click_and_wait(page, locator, card: bool = False) -> None:
    before = page.locator(".tt-board").get_attribute("data-version")
    click_card(locator) if card else locator.click()
    page.wait_for_function(
        "v => { const b = document.querySelector('.tt-board');"
        " return !b || b.dataset.version !== v || document.querySelector('.result'); }", arg=before)


def chip_values(page, attr: str, n: int) -> list[str]:
    return [page.locator(f".tt-seat [data-{attr}='{s}']").get_attribute("data-value") for s in range(n)]


def assert_table_matches(page, state, n: int) -> None:
    """My hand, every seat's chips and the trick on the page are the engine's."""
    assert sorted(page.locator(".tt-hand .tt-card").evaluate_all("els => els.map(e => e.dataset.card)")) == \
        sorted("?" if state.blind else code(c) for c in state.hands[0])
    assert chip_values(page, "bid", n) == [str(b) if b >= 0 else "–" for b in state.bids]
    assert chip_values(page, "tricks", n) == [str(t) for t in state.tricks]
    if state.trick:
        shown = page.locator(".tt-trick:not(.last) .tt-played").evaluate_all(
            "els => els.map(e => [+e.dataset.seat, e.querySelector('[data-card]').dataset.card])")
        assert shown == [[(state.leader + i) % n, code(c)] for i, c in enumerate(state.trick)]


@pytest.mark.parametrize("players, size, cards", [(3, "desktop", "4"), (6, "phone", "2"), (3, "phone", "1"),
                                                  (6, "desktop", "1")])
def test_a_wizard_game_by_clicking_the_cards(new_page, server, players, size, cards):
    page = new_page(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone")
    sign_in_as_guest(page, "Ann")
    table = create_table(page, "wizard", ["greedy"] * (players - 1), {"single_round": cards})
    name = f"wizard-{players}p-{size}"
    page.wait_for_selector(", ".join(sel for _, sel in STEPS))
    view_shot(page, f"{name}-1-start")
    assert violations(page) == []
    played = bids = 0
    for _ in range(100):
        what = next_step(page)
        if what == "over":
            break
        game, state = wait_page_in_sync(page, server, table)
        assert_table_matches(page, state, players)
        if what in ("bid", "trump"):
            page.locator(dict(STEPS)[what]).first.click()
            page.wait_for_selector(".prompt:has-text('Selected:')")
            if what == "bid" and bids == 0:  # the prediction previewed before Confirm
                page.locator("[data-bid-choice].chosen").wait_for()
                page.locator(".tt-head").evaluate("e => e.scrollIntoView({block: 'start'})")
                view_shot(page, f"{name}-2-preview")
                assert violations(page) == []
            click_and_wait(page, page.get_by_role("button", name="Confirm"))
            bids += what == "bid"
        else:
            click_and_wait(page, page.locator(dict(STEPS)[what]).first, card=True)
            played += 1
            if played == 2 or (played == 1 and cards == "1"):
                page.locator(".tt-head").evaluate("e => e.scrollIntoView({block: 'start'})")
                view_shot(page, f"{name}-3-trick")
        assert page.evaluate(WIDEST) <= SIZES[size]["width"], "the page scrolls sideways"
    else:
        raise AssertionError("the game did not end")

    assert bids == 1 and played == int(cards)
    game, state = wait_page_in_sync(page, server, table)
    outcome = game.outcome(state)
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == players
    assert sorted(int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(players)) == sorted(outcome.scores)
    # the score pad has the round; the panels rows by kind, never a row a round
    cells = page.locator(f".tt-scores tr[data-round='{cards}'] td")
    (_, _, bids_made, tricks, points), = state.history
    for seat in range(players):
        sign = "+" if points[seat] > 0 else ""
        shown = " ".join(cells.nth(seat).inner_text().split())
        assert shown == f"{bids_made[seat]}/{tricks[seat]} {sign}{points[seat]}"
    totals = page.locator(".tt-scores tfoot [data-total]").all_inner_texts()
    assert totals == [str(p) for p in points]
    keys = page.locator(".panel[data-seat='0'] .row-line").evaluate_all("els => els.map(e => e.dataset.key)")
    assert keys == ["exact", "missed"], keys
    # the last trick stays on the table, its winner marked
    page.locator(".tt-trick.last .tt-card.winning").wait_for()
    page.locator(".tt-head").evaluate("e => e.scrollIntoView({block: 'start'})")
    view_shot(page, f"{name}-4-end")
    assert violations(page) == []
    assert page.evaluate(WIDEST) <= SIZES[size]["width"]
    assert page.errors == []


def test_foresight_with_hidden_predictions_in_the_browser(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 1000})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, "wizard", ["greedy", "greedy"],
                         {"single_round": "1", "foresight": True, "predictions": '"hidden"'})
    # the bots predict at once; their predictions show as hidden until mine is in
    for seat in (1, 2):
        page.wait_for_selector(f"[data-bid='{seat}'][data-value='?']")
    game, state = wait_page_in_sync(page, server, table)
    mine = code(state.hands[0][0])
    assert page.locator(".tt-hand .tt-card").evaluate_all("els => els.map(e => e.dataset.card)") == ["?"]
    assert f'data-card="{mine}"' not in page.locator(".tt-board").inner_html()
    for seat in (1, 2):  # the others' cards are on their foreheads
        assert page.locator(f".tt-seat[data-seat='{seat}'] [data-card='{code(state.hands[seat][0])}']").count() == 1
    view_shot(page, "wizard-foresight")
    page.locator("[data-bid-choice='0']").click()
    page.wait_for_selector(".prompt:has-text('Selected:')")
    click_and_wait(page, page.get_by_role("button", name="Confirm"))
    page.wait_for_selector("[data-bid='1']:not([data-value='?'])")  # revealed together
    game, state = wait_page_in_sync(page, server, table)
    assert chip_values(page, "bid", 3) == [str(b) for b in state.bids]
    if state.phase == "play":
        page.wait_for_selector("[data-action='play-blind'], .result")
        if page.locator("[data-action='play-blind']").count():  # my card is played by clicking its back
            click_and_wait(page, page.locator("[data-action='play-blind']"), card=True)
    page.wait_for_selector(".result")
    game, state = wait_page_in_sync(page, server, table)
    assert len(state.history) == 1 and page.locator(".tt-scores tr[data-round='1']").count() == 1
    assert page.errors == []
