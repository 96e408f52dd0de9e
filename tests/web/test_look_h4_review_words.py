"""The review reads as words a player understands: the judge is "the search bot (search 3, ... s a
decision)", not "search3@0.0427 ... in 30 s of CPU (used 17.18 s)", and a key moment names its move once
(its button says Replay; it said "Move 17" before the words "Move 17 (Ada's 5th move): ...")."""

from __future__ import annotations

import re
import shutil

import pytest

from tests.web.conftest import ARTIFACTS, Server, shot
from tests.web.helpers import sign_in_as_guest
from tests.web.test_review import finished_bot_game

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


@pytest.fixture(scope="module")
def server(tmp_path_factory, browser):
    """A hall whose reviews get 1 s of CPU (as test_review's): the words are asserted, not the figures."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = tmp_path_factory.mktemp("meeple-data")
    srv = Server(data, ARTIFACTS / "server-review-h4.log", env={"MEEPLE_REVIEW_BUDGET_S": "1"})
    srv.start()
    yield srv
    srv.stop()
    shutil.rmtree(data, ignore_errors=True)


@pytest.mark.parametrize("size", SIZES)
def test_the_review_names_its_judge_and_moments_in_a_players_words(new_page, server, size):
    phone = size == "phone"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone)
    sign_in_as_guest(page, "Ada")
    table = finished_bot_game(page, server)
    page.goto(f"/t/{table}")
    page.get_by_test_id("open-review").click()
    page.get_by_test_id("review-chart").locator("svg polyline").first.wait_for(timeout=60000)
    judge = page.get_by_test_id("review-judge").inner_text()
    judged = r"Judged by the search bot \(search 3, [0-9.]+ s a decision\) from what each seat knew"
    assert re.match(judged, judge), judge
    assert "@" not in judge and "CPU" not in judge
    moments = page.get_by_test_id("review-moments").locator("li")
    assert moments.count() >= 1
    for text, seq in zip(moments.all_inner_texts(), moments.locator("button[data-seq]").evaluate_all(
            "(buttons) => buttons.map((b) => b.dataset.seq)")):
        assert text.count(f"Move {seq}") == 1, text  # the move named once
        assert text.startswith("Replay"), text
    page.get_by_test_id("review").scroll_into_view_if_needed()
    shot(page, f"look-h4-review-words-{size}")
    assert not page.errors
