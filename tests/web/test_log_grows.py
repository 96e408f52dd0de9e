"""The table's log grows by its new lines: a change adds the lines it brings and leaves the lines
already drawn as they are (the page rebuilt the whole log on every change, hundreds of lines by the
end of a game, and read its height at once each time, which laid the page out again: half of the
page's work in a whole Living Forest game), and the newest line is scrolled into view."""

from __future__ import annotations

import random

from tests.web.helpers import create_by_api
from tests.web.test_accessible_whole_game import play_until

MARK = """() => { const lines = [...document.querySelectorAll('.log-list li')];
  lines.forEach((li) => { li.__drawn = true; }); return lines.length; }"""
KEPT = """() => [...document.querySelectorAll('.log-list li')].filter((li) => li.__drawn).length"""
NEWEST_IN_VIEW = """() => { const l = document.querySelector('.log-list');
  return l.scrollHeight > l.clientHeight && l.scrollTop + l.clientHeight >= l.scrollHeight - 1; }"""


def test_a_change_adds_its_lines_and_keeps_those_drawn(new_page, guest_session, server):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 2)
    page.goto(made["seats"][0]["invite"])
    page.locator(".board-host *").first.wait_for(state="attached")
    rng = random.Random(7)
    play_until(server, page, made["table"], made["token"], 10, rng)
    drawn = page.evaluate(MARK)
    assert drawn >= 10
    play_until(server, page, made["table"], made["token"], 20, rng)
    page.wait_for_function("(n) => document.querySelectorAll('.log-list li').length > n", arg=drawn)
    assert page.evaluate(KEPT) == drawn  # none of the lines drawn before was drawn again
    page.wait_for_function(NEWEST_IN_VIEW)
    assert page.errors == []
