"""A Wizard round played by clicking in a real browser (Debian's Chromium) against two greedy bots.

The page shows what the engine says: every prediction, the tricks taken, my hand,
and at the end the score table by round and the result.
"""

from __future__ import annotations

from meeple.games.wizard.components import code

from .conftest import shot
from .helpers import sign_in_as_guest, table_id, wait_page_in_sync

STEPS = [
    ("bid", "[data-bid-choice]:not([disabled])"),
    ("trump", "[data-trump]"),
    ("blind", "[data-action='play-blind']"),
    ("play", ".tt-hand .tt-card.can-play"),
]


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


def next_step(page) -> str:
    page.wait_for_selector(", ".join(sel for _, sel in STEPS) + ", .result", timeout=30000)
    if page.locator(".result").count():
        return "over"
    for name, sel in STEPS:
        if page.locator(sel).count():
            return name
    raise AssertionError("nothing to do")


def click_and_wait(page, locator) -> None:
    before = page.locator(".tt-board").get_attribute("data-version")
    locator.click()
    page.wait_for_function(
        "v => { const b = document.querySelector('.tt-board');"
        " return !b || b.dataset.version !== v || document.querySelector('.result'); }", arg=before)


def test_a_wizard_round_against_bots_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 1000})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, "wizard", ["greedy", "greedy"], {"single_round": "4"})

    played = bids = 0
    for _ in range(100):
        what = next_step(page)
        if what == "over":
            break
        game, state = wait_page_in_sync(page, server, table)
        # my hand on the page is my hand in the engine, and every seat's line matches
        assert sorted(page.locator(".tt-hand .tt-card").evaluate_all("els => els.map(e => e.dataset.card)")) == \
            sorted(code(c) for c in state.hands[0])
        for seat in range(3):
            bid = state.bids[seat]
            assert page.locator(f"[data-bid='{seat}']").inner_text() == f"Predicted: {bid if bid >= 0 else '–'}"
            assert page.locator(f"[data-tricks='{seat}']").inner_text() == f"Tricks: {state.tricks[seat]}"
        if what in ("bid", "trump"):
            page.locator(dict(STEPS)[what]).first.click()
            page.wait_for_selector(".prompt:has-text('Selected:')")
            if what == "bid" and bids == 0:
                shot(page, "wizard-01-predict")
            click_and_wait(page, page.get_by_role("button", name="Confirm"))
            bids += what == "bid"
        else:
            click_and_wait(page, page.locator(dict(STEPS)[what]).first)
            played += 1
            if played == 2:
                shot(page, "wizard-02-trick")
    else:
        raise AssertionError("the round did not end")

    assert bids == 1 and played == 4
    game, state = wait_page_in_sync(page, server, table)
    outcome = game.outcome(state)
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == 3
    assert sorted(int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(3)) == sorted(outcome.scores)
    cells = page.locator(".tt-scores tr[data-round='4'] td")
    (cards, _, bids_made, tricks, points), = state.history
    assert cells.nth(0).inner_text() == "4 (4)"
    for seat in range(3):
        sign = "+" if points[seat] > 0 else ""
        assert cells.nth(seat + 1).inner_text() == f"{bids_made[seat]}/{tricks[seat]} {sign}{points[seat]}"
    shot(page, "wizard-03-result")
    assert page.errors == []


def test_foresight_with_hidden_predictions_in_the_browser(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 1000})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, "wizard", ["greedy", "greedy"],
                         {"single_round": "1", "foresight": True, "predictions": '"hidden"'})
    # the bots predict at once; their predictions show as hidden until mine is in
    for seat in (1, 2):
        page.wait_for_selector(f"[data-bid='{seat}']:has-text('hidden')")
    game, state = wait_page_in_sync(page, server, table)
    mine = code(state.hands[0][0])
    assert page.locator(".tt-hand .tt-card").evaluate_all("els => els.map(e => e.dataset.card)") == ["?"]
    assert f'data-card="{mine}"' not in page.locator(".tt-board").inner_html()
    for seat in (1, 2):  # the others' cards are on their foreheads
        assert page.locator(f".tt-seat[data-seat='{seat}'] [data-card='{code(state.hands[seat][0])}']").count() == 1
    shot(page, "wizard-04-foresight")
    page.locator("[data-bid-choice='0']").click()
    page.wait_for_selector(".prompt:has-text('Selected:')")
    click_and_wait(page, page.get_by_role("button", name="Confirm"))
    page.wait_for_selector("[data-bid='1']:not(:has-text('hidden'))")  # revealed together
    game, state = wait_page_in_sync(page, server, table)
    for seat in range(3):
        assert page.locator(f"[data-bid='{seat}']").inner_text() == f"Predicted: {state.bids[seat]}"
    if state.phase == "play":
        page.wait_for_selector("[data-action='play-blind'], .result")
        if page.locator("[data-action='play-blind']").count():
            click_and_wait(page, page.locator("[data-action='play-blind']"))
    page.wait_for_selector(".result")
    game, state = wait_page_in_sync(page, server, table)
    assert len(state.history) == 1 and page.locator(".tt-scores tr[data-round='1']").count() == 1
    assert page.errors == []
