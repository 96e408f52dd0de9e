"""Whole replays after the end (issue 35): the replay of a finished Wizard game shows every hand,
step by step ("Seen by" each seat), at both sizes; nobody could review what was held at the bid or
the lead before. A running game's replay stays as its viewer sees it (tests/server/test_whole_replays.py)."""

from __future__ import annotations

import pytest

from meeple import games
from meeple.engine import replay
from meeple.store import Store
from tests.web.helpers import sign_in_as_guest

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
# One round of eight cards (the rest of the game is more of the same, and costs time).
BOTS_ONLY = """async () => (await (await fetch("/api/tables", {method: "POST",
  headers: {"Content-Type": "application/json"},
  body: JSON.stringify({game: "wizard", players: 3, seats: Array(3).fill({type: "bot", level: "random"}),
                        options: {single_round: 8}, clock: {mode: "none"}})})).json()).table"""
GO_TO = """(k) => { const s = document.querySelector('.replay input[type=range]'); s.value = String(k);
  s.dispatchEvent(new Event('input')); }"""


def position_after(server, table: str, k: int):
    store = Store(str(server.data_dir / "meeple.db"))
    try:
        row = store.load_table(table)
    finally:
        store.close()
    game = games.get("wizard")
    moves = [(m["seat"], game.move_from_json(m["move"])) for m in row["moves"][:k]]
    return game, replay(game, row["players"], row["options"], row["seed"], moves)


@pytest.mark.parametrize("size", list(SIZES))
def test_the_replay_of_a_finished_wizard_game_shows_every_hand(new_page, server, size):
    page = new_page(viewport=SIZES[size])
    sign_in_as_guest(page, "Sam")
    table = page.evaluate(BOTS_ONLY)
    page.goto(f"/t/{table}?watch=1")
    page.locator(".result").wait_for(timeout=120000)
    page.get_by_role("button", name="Watch the replay").click()
    page.wait_for_selector("[data-testid='replay-caption']:has-text('Move')")
    k = 7  # the predictions made, a trick played and the next led: every seat holds cards
    page.evaluate(GO_TO, k)
    page.wait_for_selector(f"[data-testid='replay-caption']:has-text('Move {k} of')")
    game, state = position_after(server, table, k)
    held = 0
    for seat in range(3):
        page.get_by_test_id("seen-by").select_option(str(seat))
        want = game.view(state, seat)["hand"]
        page.wait_for_function("(n) => document.querySelectorAll('.replay .tt-hand [data-card]').length === n",
                               arg=len(want))
        shown = page.eval_on_selector_all(".replay .tt-hand [data-card]", "els => els.map((e) => e.dataset.card)")
        assert sorted(shown) == sorted(want), seat
        held += len(want)
    assert held > 0
    assert page.errors == []


VENT_LIFE_BOTS = """async () => (await (await fetch("/api/tables", {method: "POST",
  headers: {"Content-Type": "application/json"},
  body: JSON.stringify({game: "vent_life", players: 2, seats: Array(2).fill({type: "bot", level: "random"}),
                        clock: {mode: "none"}})})).json()).table"""


def test_a_step_without_a_log_line_is_not_captioned_with_its_notation(new_page, server):
    """Vent Life's steps of a turn (where the tile goes, which species) have no log line of their own: the
    replay's caption said 'random bot 3, tile -7,8.' (the move's notation)."""
    page = new_page(viewport=SIZES["phone"])
    sign_in_as_guest(page, "Vi")
    table = page.evaluate(VENT_LIFE_BOTS)
    page.goto(f"/t/{table}?watch=1")
    page.locator(".result").wait_for(timeout=120000)
    moves = server.api("GET", f"/api/tables/{table}/replay")[1]["moves"]
    k, step = next((k, m) for k, m in enumerate(moves, 1) if not m["log"])
    page.get_by_role("button", name="Watch the replay").click()
    page.wait_for_selector("[data-testid='replay-caption']:has-text('Move')")
    page.evaluate(GO_TO, k)
    caption = page.get_by_test_id("replay-caption")
    page.wait_for_selector(f"[data-testid='replay-caption']:has-text('Move {k} of')")
    assert step["text"] not in caption.inner_text()
    assert "takes a step of a turn" in caption.inner_text()
    assert page.errors == []
