"""In a replay "(you)" marks only the seat of whoever opened it, whichever seat the replay is seen by: a
spectator seeing the game as a bot saw "random bot 1 (you)", and a player who chose to see it as another seat
saw "(you)" on that seat (each board named the seat it was drawn for; now ctx.you, table.js and replay.js)."""

from __future__ import annotations

import random

from tests.web.api_play import play_by_api
from tests.web.helpers import create_by_api, sign_in_as_guest
from tests.web.test_whole_replay import BOTS_ONLY

# Every "(you)" the replay's board shows, in its words or its labels for screen readers.
YOU = """() => [...document.querySelectorAll('.replay .board-host *')]
  .flatMap((e) => [e.getAttribute('aria-label') || '', e.children.length ? '' : e.textContent])
  .filter((t) => t.includes('(you)'))"""


def open_replay(page) -> None:
    page.locator(".result").wait_for(timeout=120000)
    page.get_by_role("button", name="Watch the replay").click()
    page.wait_for_selector("[data-testid='replay-caption']:has-text('Move')")


def seen_by(page, seat: int) -> None:
    page.get_by_test_id("seen-by").select_option(str(seat))
    page.wait_for_function("(s) => document.querySelector('[data-testid=seen-by]').value === String(s)", arg=seat)
    page.evaluate("() => new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)))")


def test_a_spectators_replay_marks_no_seat_as_theirs(new_page):
    page = new_page()
    sign_in_as_guest(page, "Sam")
    table = page.evaluate(BOTS_ONLY)
    page.goto(f"/t/{table}?watch=1")
    open_replay(page)
    for seat in range(3):
        seen_by(page, seat)
        assert page.evaluate(YOU) == [], seat
    assert page.errors == []


def test_a_players_replay_seen_by_another_seat_marks_only_their_own(new_page, guest_session, server):
    page = new_page(storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 2)
    play_by_api(server, made["table"], made["token"], lambda s: False, random.Random(1))
    page.goto(made["seats"][0]["invite"])
    open_replay(page)
    for seat in (1, 0):
        seen_by(page, seat)
        marked = page.evaluate(YOU)
        assert marked and all("Ada (you)" in t for t in marked), (seat, marked)
    assert page.errors == []
