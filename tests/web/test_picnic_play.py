"""A whole game of Picnic played by clicking in a real browser, against a bot.

After each of my turns the panels must show exactly the engine's score sheet
(rebuilt from the seed and moves the server stored), the preview badge must show
what the engine says the selected placement adds, and the end shows the result
table and a replay viewer that steps through the game.
"""

from __future__ import annotations

import re

from .conftest import shot
from .helpers import (
    choose_target,
    confirm,
    create_table,
    engine_sheet,
    panel_sheet,
    sign_in_as_guest,
    stored_moves,
    take_and_choose,
    wait_my_turn_or_end,
    wait_page_in_sync,
)


def signed(n: int) -> str:
    return f"+{n}" if n > 0 else f"\u2212{-n}"


def test_full_game_against_a_bot_by_clicking(new_page, server):
    page = new_page(viewport={"width": 1280, "height": 900})
    page.goto("/")
    page.get_by_label("Your name").wait_for()
    shot(page, "00-welcome")
    sign_in_as_guest(page, "Ann")
    shot(page, "01-lobby")
    table = create_table(page, ["greedy"])

    turns = 0
    while wait_my_turn_or_end(page):
        game, state = wait_page_in_sync(page, server, table)
        for seat in range(state.n):
            assert panel_sheet(page, seat) == engine_sheet(game, state, seat, 0), f"panel {seat}, turn {turns}"
        if turns == 0:
            shot(page, "02-table-my-turn")

        take_and_choose(page)
        if turns == 1:
            # Reset drops the selection (the take itself showed a hidden side: it stays).
            page.get_by_role("button", name="Reset").click()
            page.wait_for_selector(".target.selected, .drink-target.selected", state="detached")
            assert "Selected:" not in page.get_by_test_id("prompt").inner_text()
            assert page.locator(".hand .side").count() == 2
            choose_target(page)
        # The preview badge is the engine's score change for the selected placement.
        game, state = wait_page_in_sync(page, server, table)
        flip = page.locator(".hand .side.chosen").get_attribute("data-side") == "down"
        spot = _selected_spot(page)
        move = game.move_from_json({"place": spot, "flip": flip})
        delta = game.preview(state, 0, move)[0].total - game.score_sheet(state, 0)[0].total
        badge = page.get_by_test_id("preview-0")
        # The page has drawn the selection's preview (the prompt's data-preview-state): a badge, if any, is there.
        page.locator("[data-testid=prompt][data-preview-state=shown]").wait_for(state="attached")
        if delta:
            assert badge.inner_text() == signed(delta)
        else:
            assert badge.count() == 0
        if turns == 3:
            shot(page, "03-preview-before-confirm")
        confirm(page)
        turns += 1
        assert turns < 40, "the game does not end"

    # The game is over: the panels and the result table match the engine's outcome.
    game, state = wait_page_in_sync(page, server, table)
    outcome = game.outcome(state)
    assert outcome is not None
    for seat in range(state.n):
        assert panel_sheet(page, seat) == engine_sheet(game, state, seat, 0)
    rows = page.locator(".result-table tbody tr")
    assert rows.count() == state.n
    shown = sorted(int(rows.nth(i).locator("td").nth(2).inner_text()) for i in range(state.n))
    assert shown == sorted(outcome.scores)
    # Tie-breaks are explained, with the players' names for the engine's "seat N".
    names = [page.locator(f".panel[data-seat='{s}'] .panel-name").inner_text().removesuffix(" (you)")
             for s in range(state.n)]
    for reason in outcome.reasons:
        words = re.sub(r"\b[Ss]eat (\d+)\b", lambda m: names[int(m.group(1)) - 1], reason)
        assert page.locator(".result .reason").filter(has_text=words).count() == 1
    assert page.locator(".plate-box[data-plate='0'] [data-space='rim-12']").count() == 1
    shot(page, "04-result")

    # Hovering a tile on the plate tells what it carries and how much of it is covered.
    rim = game.view(state, 0)["plates"][0]["rim"]
    i = next(i for i, t in enumerate(rim) if (t["ants"] or t["pickles"]) and i > 0)  # tile 1 is half under the tuck
    page.locator(f".plate-box[data-plate='0'] [data-space='rim-{i + 1}']").hover()
    tip = page.locator("#tooltip").inner_text()
    tile = rim[i]
    if tile["ants"]:
        assert f"{tile['ants']} ant" in tip and f"{tile['ants'] - tile['visible_ants']} covered" in tip
    if tile["pickles"]:
        assert f"{tile['pickles']} pickle" in tip
    # Hovering a panel row shows the engine's detail of that row.
    for row in next(sh for sh in game.score_sheet(state, 0) if sh.seat == 0).rows:
        page.locator(f".panel[data-seat='0'] .row-line[data-key='{row.key}']").hover()
        assert page.locator("#tooltip").inner_text() == (row.detail or f"{row.label}: {row.count}, {row.points} points")

    # The replay viewer steps through the finished game.
    n_moves = len(stored_moves(server, table))
    page.get_by_role("button", name="Watch the replay").click()
    caption = page.get_by_test_id("replay-caption")
    page.wait_for_selector(f"[data-testid='replay-caption']:has-text('Move {n_moves} of {n_moves}')")
    page.get_by_role("button", name="First").click()
    page.wait_for_selector("[data-testid='replay-caption']:has-text('The start')")
    assert page.locator(".replay .plate-box [data-space]").count() == 0
    page.get_by_role("button", name="Forward").click()
    page.wait_for_selector(f"[data-testid='replay-caption']:has-text('Move 1 of {n_moves}')")
    page.get_by_role("button", name="Forward").click()
    page.wait_for_selector(f"[data-testid='replay-caption']:has-text('Move 2 of {n_moves}')")
    assert "places" in caption.inner_text()
    assert page.locator(".replay .plate-box[data-plate='0'] [data-space='rim-1'], "
                        ".replay .plate-box[data-plate='0'] [data-space='centre'], "
                        ".replay .plate-box[data-plate='0'] .drink").count() == 1
    shot(page, "05-replay")
    assert page.errors == []


def _selected_spot(page) -> str:
    """The spot of the selected placement, from the selected dashed target."""
    label = page.locator(".target.selected, .drink-target.selected").first.get_attribute("data-target")
    if label.startswith("Rim space"):
        return "rim"
    return "centre" if label == "Centre" else "drink"
