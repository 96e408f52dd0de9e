"""The end of a game is seen (issue 35): when a game ends, the result comes into view for every seat
and spectator, whoever moved last. The issue saw "The game is over." and nothing else on a phone
in Living Forest, Vent Life, Toy Battle and Draft & Write: the result card sat above the window,
where the player had scrolled down the board. Here the seat's page and a spectator's look at the
board's foot, the player leaves (a bot plays on) and bots play to the end."""

from __future__ import annotations

import random

import pytest

from meeple.games.living_forest.rules import MAX_ROUNDS
from tests.web.api_play import play_by_api
from tests.web.helpers import create_by_api, sign_in_as_guest

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
GAMES = ["living_forest", "vent_life", "toy_battle", "draft_and_write_records"]
# Every game the issue saw on a phone; on the desktop the shortest that overflows the window (the
# fix is the table's, not a board's, and a whole game per case is the cost; Toy Battle fits).
CASES = [(game, "phone") for game in GAMES] + [("draft_and_write_records", "desktop")]
# A spectator's page too where the game is short (each page draws every move: most of the cost).
WATCHED = {"toy_battle", "draft_and_write_records"}


def living_forests_last_round(state: dict) -> bool:
    """My turn in the round that ends the game: a spirit has reached a goal, or it is round 60, the last."""
    view = state["view"]
    return bool(state["legal"]) and (view["round"] >= MAX_ROUNDS or any(
        r["key"] == "goal" and r["count"] >= view["target"] for sheet in state["sheets"] for r in sheet["rows"]))


# Where random seats play long games, my seat's moves go through the API (a second device) with no page open
# until the last round: the page then draws one round, not the whole game (Living Forest's random games run
# 300 to 450 moves, to round 60 in half of them, and drawing them all on a phone was 66 s of a 107 s module at
# load 19). Where the round ends the game before my turn in it comes, another table is tried.
LAST_ROUND = {"living_forest": living_forests_last_round}

IN_VIEW = """() => { const card = document.querySelector('.result');
  if (!card) return false;
  const r = card.getBoundingClientRect(), bar = document.querySelector('.status-bar').getBoundingClientRect();
  return r.top >= 0 && r.top < bar.top - 40; }"""
TO_BOARD_FOOT = """() => { const foot = document.querySelector('.board-host').getBoundingClientRect().bottom;
  window.scrollTo(0, foot + window.scrollY - window.innerHeight); return window.scrollY; }"""
LEAVE = """([table, token]) => fetch(`/api/tables/${table}/leave`, {method: "POST",
  headers: {"X-Seat-Token": token, "Content-Type": "application/json"}, body: "{}"}).then((r) => r.status)"""


@pytest.mark.parametrize(("game_id", "size"), CASES)
def test_the_result_comes_into_view_at_the_end(new_page, server, game_id, size):
    page = new_page(viewport=SIZES[size])
    sign_in_as_guest(page, "Ada")
    rng = random.Random(game_id)
    for _ in range(3):
        made = create_by_api(page, game_id, 2)
        if game_id not in LAST_ROUND or play_by_api(server, made["table"], made["token"], LAST_ROUND[game_id],
                                                    rng, timeout=300)["status"] != "finished":
            break
    else:
        raise AssertionError("three games ended before my turn in their last round came")
    page.goto(made["seats"][0]["invite"])
    pages = [page]
    if game_id in WATCHED:
        watcher = new_page(viewport=SIZES[size])
        watcher.goto(f"/t/{made['table']}?watch=1")
        pages.append(watcher)
    for who in pages:
        who.locator(".board-host *").first.wait_for(state="attached")
        assert who.evaluate(TO_BOARD_FOOT) > 100, "the board fits the window: nothing to test"
    assert page.evaluate(LEAVE, [made["table"], made["token"]]) == 200
    for who in pages:
        who.locator("[data-status=finished]").wait_for(state="attached", timeout=120000)
        who.wait_for_function(IN_VIEW, timeout=5000)
        assert who.locator(".result h2").is_visible()
        assert who.errors == []
