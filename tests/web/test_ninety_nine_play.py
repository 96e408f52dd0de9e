"""A Ninety-Nine hand played by clicking in a real browser (Debian's Chromium) against two greedy bots.

I set three cards aside (Confirm), declare my bid, and play my nine cards; the
page must show my hand, my bid cards and every seat's tricks as the engine has
them, keep the bots' bids hidden unless a premium shows them, and end the hand
with its row in the score table.
"""

from __future__ import annotations

from meeple.games.ninety_nine.components import code

from .conftest import shot
from .helpers import engine_state, seen_seq, sign_in_as_guest
from .test_wizard_play import click_and_wait, create_table

STEPS = [
    ("set_aside", ".tt-hand .tt-card.can-set-aside"),
    ("premium", "[data-premium]"),
    ("play", ".tt-hand .tt-card.can-play"),
    ("confirm", "button.primary:has-text('Confirm'):not([disabled])"),
]


def in_sync(page, server, table):
    """The engine state the page shows now: the stored position once the page has caught up with it."""
    for _ in range(50):
        game, state = engine_state(server, table)
        seq = seen_seq(server, table)
        if page.locator(f".table-page[data-seq='{seq}']").count():
            return game, state
        page.wait_for_timeout(200)
    raise AssertionError("the page never caught up with the stored game")


def next_step(page) -> str:
    page.wait_for_selector(", ".join(sel for _, sel in STEPS), timeout=30000)
    for name, sel in STEPS:
        if page.locator(sel).count():
            return name
    raise AssertionError("nothing to do")


def test_a_ninety_nine_hand_against_bots_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 1100})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, "ninety_nine", ["greedy", "greedy"], {"scoring": '"nine_hands"'})

    # The bots bid at once; let them finish so the board is not redrawn under my clicks.
    for seat in (1, 2):
        page.wait_for_selector(f"[data-bid='{seat}']:has-text('hidden')")
    counts = {name: 0 for name, _ in STEPS}
    for _ in range(60):
        if engine_state(server, table)[1].history:
            break
        what = next_step(page)
        if what in ("premium", "play"):
            game, state = in_sync(page, server, table)
            shown = page.locator(".tt-hand .tt-card").evaluate_all("els => els.map(e => e.dataset.card)")
            assert sorted(shown) == sorted(code(c) for c in state.hands[0])
            for seat in (1, 2):
                text = page.locator(f"[data-bid='{seat}']").inner_text()
                premium_seat, kind = state.premium() if state.phase == "play" else (-1, 0)
                assert text == (f"Bid: {state.bid(seat)}" if seat == premium_seat else "Bid: hidden"), text
            for seat in range(3):
                assert page.locator(f"[data-tricks='{seat}']").inner_text() == f"Tricks: {state.tricks[seat]}"
        if what == "set_aside":
            held = page.locator(".tt-bid-cards .tt-card").count()  # this hand's (counts spans hands)
            click_and_wait(page, page.locator(dict(STEPS)[what]).first)
            # the card set aside shows among my bid cards (a pending move until Confirm)
            page.locator(".tt-bid-cards .tt-card").nth(held).wait_for()
            if counts["set_aside"] == 2:
                shot(page, "ninety-nine-01-bid-cards")
        elif what == "premium":
            choice = page.locator("[data-premium='declare']")
            (choice if choice.count() else page.locator("[data-premium='none']")).click()
            page.wait_for_selector(".prompt:has-text('Selected:')")
            click_and_wait(page, page.get_by_role("button", name="Confirm"))
        elif what == "confirm":
            click_and_wait(page, page.get_by_role("button", name="Confirm"))
        else:
            click_and_wait(page, page.locator(dict(STEPS)[what]).first)
            if counts["play"] == 4:
                shot(page, "ninety-nine-02-trick")
        counts[what] += 1
    else:
        raise AssertionError("the hand did not end")

    assert counts["set_aside"] == 3 and counts["premium"] == 1 and counts["play"] == 9
    game, state = engine_state(server, table)
    rec = state.history[0]
    page.wait_for_selector(".tt-scores tr[data-hand='1']")
    cells = page.locator(".tt-scores tr[data-hand='1'] td")
    for seat in range(3):
        sign = "+" if rec[4][seat] > 0 else ""
        assert cells.nth(seat + 2).inner_text() == f"{rec[2][seat]}/{rec[3][seat]} {sign}{rec[4][seat]}"
    shot(page, "ninety-nine-03-hand-scored")
    assert page.errors == []
