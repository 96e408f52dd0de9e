"""A whole Relative Space game played by clicking in a real browser (Debian's Chromium) against a bot.

After every step the page must show what the engine has: my stash space by space (face-down
cards as backs, never their value), every pod with its cards, the panels equal to the engine's
score sheet; a selected card shows its preview (the ghost on the pod, the words of what it will
do, the panel badge) before Confirm; a jam is shown with its shuffled cards and where they went;
the game ends with the result table of the engine's outcome. Then the same table on a phone
(390 x 844): nothing scrolls sideways.
"""

from __future__ import annotations

import re

from meeple.engine.game import ALL

from .conftest import shot
from .helpers import engine_sheet, panel_sheet, sign_in_as_guest, table_id, wait_page_in_sync

CARD = ".rs-stash .rs-card.can-play"
POD = ".rs-pod.can-target[data-pod]"
CONFIRM = "button.primary:has-text('Confirm'):not([disabled])"


def create_table(page, bots: list[str]) -> str:
    page.get_by_label("Game").select_option("relative_space")
    page.locator("select[name='players']").select_option(str(len(bots) + 1))
    for i, bot in enumerate(bots):
        page.get_by_label(f"Seat {i + 2}").select_option(f"bot:{bot}")
    page.get_by_role("button", name="Create table").click()
    page.wait_for_url(re.compile(r"/t/"))
    page.wait_for_selector(".rs-board")
    return table_id(page)


def in_sync(page, server, table):
    """The engine state the page shows now: the stored position once the page has caught up with it."""
    return wait_page_in_sync(page, server, table)  # (waits for the page's seq, not for time)


def check_board(page, game, state):
    view = game.view(state, 0)
    for seat, stash in enumerate(view["stashes"]):
        shown = page.locator(f"[data-stash='{seat}'] .rs-stash > *").evaluate_all(
            "els => Object.fromEntries(els.map(e => [e.dataset.slot, e.dataset.card || null]))")
        for slot, cell in zip(view["slot_names"], stash["slots"]):
            want = None if cell is None else ("down" if cell.get("down") else cell["card"])
            assert shown[slot] == want, f"seat {seat} space {slot}: {shown[slot]} shown, {want} in the engine"
    pods = page.locator(".rs-pod[data-pod]").evaluate_all(
        "els => els.map(e => [Number(e.dataset.pod),"
        " [...e.querySelectorAll('.rs-card:not(.ghost)')].map(c => c.dataset.card)])")
    assert [p for p, _ in pods] == [p["id"] for p in view["pods"]]
    for (_, cards), pod in zip(pods, view["pods"]):
        assert cards == pod["cards"][-5:]
    for seat in range(state.n):
        assert panel_sheet(page, seat) == engine_sheet(game, state, seat, 0)
    html = page.locator(".rs-board").inner_html()
    for seat in range(state.n):  # a face-down card's value never reaches the page
        assert html.count('data-card="down"') >= sum(1 for c in view["stashes"][seat]["slots"] if c and c.get("down"))
    hidden = sum(1 for s in range(state.n) for slot in range(12) if state.down[s] >> slot & 1)
    assert page.locator(".rs-stash .rs-card.down").count() == hidden


def click_and_wait(page, locator):
    before = page.locator(".rs-board").get_attribute("data-version")
    locator.click()
    page.wait_for_function(
        "v => { const b = document.querySelector('.rs-board');"
        " return !b || b.dataset.version !== v || document.querySelector('.result'); }", arg=before)


def test_a_relative_space_game_against_a_bot_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    sign_in_as_guest(page, "Ann")
    table = create_table(page, ["greedy"])

    plays = confirms = previews = jams_seen = 0
    opened = reset_done = False
    shots = set()
    for _ in range(400):
        page.wait_for_selector(f"{CARD}, {POD}, {CONFIRM}, .result", timeout=30000)
        if page.locator(".result").count():
            break
        game, state = in_sync(page, server, table)
        if page.locator(CONFIRM).count() and page.locator("[data-preview]").count():
            # A selection waits: the preview shows what the move does, and the badge what it scores.
            move = game.move_from_json(_selected(page, state))
            text = page.locator("[data-preview]").inner_text()
            assert "Confirm" in text
            delta = game.preview(state, 0, move, 0)[0].total - game.score_sheet(state, 0)[0].total
            badge = page.get_by_test_id("preview-0")
            if delta:
                assert badge.inner_text() == (f"+{delta}" if delta > 0 else f"\u2212{-delta}")
            previews += 1
            if "preview" not in shots:
                shot(page, "relative-space-01-preview")
                shots.add("preview")
            if not reset_done and state.phase == 0:
                # Reset drops the selection: nothing is picked, no preview, and the cards are lit again.
                page.get_by_role("button", name="Reset").click()
                page.wait_for_selector("[data-preview]", state="detached")
                assert page.locator("[data-stash='0'] .rs-card.picked").count() == 0
                reset_done = True
                continue
            click_and_wait(page, page.get_by_role("button", name="Confirm"))
            confirms += 1
            continue
        check_board(page, game, state)
        if page.locator("[data-event='jam']").count():
            jams_seen += 1
            if "jam" not in shots:
                shot(page, "relative-space-02-jam")
                shots.add("jam")
        if page.locator("[data-open]").count() and not opened:
            # A Keycard of mine is picked: open a new pod with it (a pending move), then play onto it.
            pods_before = len(state.pod_ids)
            click_and_wait(page, page.locator("[data-open]"))
            page.wait_for_function("n => document.querySelectorAll('.rs-pod[data-pod]').length > n", arg=pods_before)
            opened = True
        elif page.locator(POD).count():
            click_and_wait(page, page.locator(POD).first)
        else:
            # Lit cards are exactly the spaces with a legal move.
            lit = set(page.locator(CARD).evaluate_all("els => els.map(e => e.dataset.slot)"))
            names = {game.move_to_json(m).get("play") or game.move_to_json(m).get("open")
                     or game.move_to_json(m).get("stuff") for m in game.legal_moves(state, 0)}
            assert lit == names
            click_and_wait(page, page.locator(CARD).first)
            plays += 1
    else:
        raise AssertionError("the game did not end")

    game, state = in_sync(page, server, table)
    outcome = game.outcome(state)
    assert outcome is not None and plays >= 1 and previews >= 1 and confirms >= 1 and reset_done
    for seat in range(state.n):
        want = engine_sheet(game, state, seat, ALL)
        if "escaped" in want["rows"]:  # (the winner's row says so in words: SCORE_WORDS)
            want["rows"]["escaped"] = "yes"
        assert panel_sheet(page, seat) == want
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == state.n
    shown = sorted(int(rows.nth(i).locator("td").nth(2).inner_text().replace("\u2212", "-")) for i in range(state.n))
    assert shown == sorted(outcome.scores)
    shot(page, "relative-space-03-result")

    # The same table on a phone: nothing wider than the screen.
    phone = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    sign_in_as_guest(phone, "Ann on the phone")
    phone.goto(page.url)
    phone.wait_for_selector(".rs-board")
    width = phone.evaluate("() => document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide on a 390 px phone"
    shot(phone, "relative-space-04-phone")
    assert page.errors == [] and phone.errors == []


def _selected(page, state) -> dict:
    """The move the board has selected, from the chosen card and pod on the page."""
    slot = page.locator("[data-stash='0'] .rs-card.picked").get_attribute("data-slot")
    if state.phase == 2:
        return {"stuff": slot}
    pod = page.locator(".rs-pod.chosen[data-pod]").first.get_attribute("data-pod")
    return {"play": slot, "pod": int(pod)}
