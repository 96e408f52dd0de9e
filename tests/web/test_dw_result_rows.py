"""Draft & Write Records at the result, at two and six seats: the public goals left in the row say
nobody claimed them (they said "Can claim: nobody yet" once the game was over), and on phones the
Fail row's eight boxes and the Goals section's six boxes each stay on one line (the Fail row wrapped
its "-16" onto a second line, the Goals boxes wrapped too)."""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api, wait_finished
from .conftest import shot
from .helpers import create_by_api, settled, two_frames

# The rows each of whose boxes must share one line: (section, what it holds).
ROWS = {"fail": 8, "goals": 6}
SIZES = {"desktop": (1280, 800), "phone": (390, 844), "small": (360, 740)}


def box_lines(page, section: str) -> list[int]:
    """The distinct tops of my sheet's boxes in `section`'s first row (one top: one line)."""
    return page.evaluate("""sec => [...new Set([...document.querySelectorAll(
        `[data-seat-sheet='0'] [data-section='${sec}'] .dw-row:first-of-type .dw-box`)]
        .map((b) => Math.round(b.getBoundingClientRect().top)))]""", section)


@pytest.mark.parametrize("players", [2, 6])
def test_result_goals_say_no_one_claimed_and_rows_fit(new_page, guest_session, server, players):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "draft_and_write_records", players)
    play_by_api(server, made["table"], made["token"], lambda s: False, random.Random(players), timeout=400)
    wait_finished(server, made["table"])
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".result")
    settled(page)
    wrapped = []  # (size, section, the rows' tops) of a row that wrapped, every size looked at first
    for size, (width, height) in SIZES.items():
        page.set_viewport_size({"width": width, "height": height})
        two_frames(page)
        shot(page, f"dw-result-{players}-{size}")
        shot(page.locator("[data-seat-sheet='0'] .dw-sheet"), f"dw-result-sheet-{players}-{size}")
        for section, boxes in ROWS.items():
            row = f"[data-seat-sheet='0'] [data-section='{section}'] .dw-row:first-of-type .dw-box"
            count = page.locator(row).count()
            assert count == boxes, (section, count)
            if len(box_lines(page, section)) != 1:
                wrapped.append((size, section, box_lines(page, section)))
        assert page.evaluate("document.documentElement.scrollWidth") <= width, size
    assert wrapped == []
    page.set_viewport_size({"width": 1280, "height": 800})
    goals = page.locator(".dw-goals")
    words = goals.inner_text()
    assert "Can claim" not in words and "nobody yet" not in words, words
    for goal in range(goals.locator("[data-goal]").count()):
        assert "Nobody claimed it" in goals.locator("[data-goal]").nth(goal).inner_text()
    assert page.errors == []
