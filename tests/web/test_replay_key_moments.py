"""The replay opened from a review's key moment says what each marked move is without a tooltip: standing on a
mark (its button tapped, the arrows, the slider), the replay writes the review's words for that move under the
marks ("Key moment: Move 25 (Ada's 9th move): ... cost about 5 points against the search's choice ..."), and the
mark stands out as the current one; on another move the words go. The marks said what they were only in their
title, which a touch screen never shows. At 1280, 390 and 360 px (the phones by touch), where the replay's
slider has a line of its own (at 390 px it was 140 px wide beside the buttons). The review's chart says one word
for its axis and its caption ("moves"; the caption said "after each decision"), and its legend draws each seat's
line as the chart does (it showed round dots under dashed lines)."""

from __future__ import annotations

import shutil
import time

import pytest

from tests.web.conftest import ARTIFACTS, Server, shot
from tests.web.test_review import finished_bot_game

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844},
         "small": {"width": 360, "height": 740}}
GO_TO = """(k) => { const s = document.querySelector('.replay input[type=range]'); s.value = String(k);
  s.dispatchEvent(new Event('input')); }"""


@pytest.fixture(scope="module")
def server(tmp_path_factory, browser):
    """A hall whose reviews get 2 s of CPU (as test_review's, what is asserted is the page, not the figures)."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    data = tmp_path_factory.mktemp("meeple-data")
    srv = Server(data, ARTIFACTS / "server-replay-moments.log", env={"MEEPLE_REVIEW_BUDGET_S": "2"})
    srv.start()
    yield srv
    srv.stop()
    shutil.rmtree(data, ignore_errors=True)


@pytest.fixture(scope="module")
def reviewed(browser, server):
    """A finished game of random bots whose review has two key moments or more (a review on a busy host may
    judge few moves: up to four games are dealt), and the session of the guest who made it (a spectator)."""
    context = browser.new_context(base_url=server.url)
    page = context.new_page()
    try:
        page.goto("/")
        page.get_by_label("Your name").fill("Ada")
        page.get_by_role("button", name="Play as guest").click()
        page.wait_for_selector("form.create")
        for _ in range(4):
            table = finished_bot_game(page, server)
            answer = page.evaluate("async (t) => (await fetch(`/api/tables/${t}/review`, {method: 'POST'})).json()",
                                   table)
            end = time.time() + 120
            while answer["status"] != "done":
                assert answer["status"] != "failed" and time.time() < end, answer
                time.sleep(0.5)
                answer = server.api("GET", f"/api/tables/{table}/review")[1]
            if sum(len(s["moments"]) for s in answer["review"]["seats"]) >= 2:
                return table, context.storage_state()
        pytest.fail("no review with two key moments in four games")
    finally:
        context.close()


def press(page, locator, phone: bool) -> None:
    locator.tap() if phone else locator.click()


@pytest.mark.parametrize("size", SIZES)
def test_a_key_moment_says_what_it_is_without_a_tooltip(new_page, reviewed, size):
    table, session = reviewed
    phone = size != "desktop"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone, storage_state=session)
    page.goto(f"/t/{table}")
    page.wait_for_function("() => { const r = document.querySelector('.result');"
                           " return !!r && !r.textContent.includes('Drawing the scores'); }")
    press(page, page.get_by_test_id("open-review"), phone)
    chart = page.get_by_test_id("review-chart")
    chart.locator("svg polyline.score-line").first.wait_for(state="attached", timeout=60000)

    # One word for the axis and the caption, and a legend that draws the lines.
    axis = chart.locator("svg text.axis-name").text_content()
    assert axis == "moves"
    assert chart.locator("figcaption").inner_text().endswith("after each move")
    assert "decision" not in chart.inner_text()
    lines = chart.locator("polyline.score-line").evaluate_all(
        "(ls) => ls.map((l) => [l.getAttribute('stroke'), l.getAttribute('stroke-dasharray')])")
    legend = chart.locator(".legend li img").evaluate_all("""(imgs) => imgs.map((img) => {
      const line = new DOMParser().parseFromString(decodeURIComponent(img.src.split(',')[1]), 'image/svg+xml')
        .querySelector('line');
      return [line.getAttribute('stroke'), line.getAttribute('stroke-dasharray')];
    })""")
    assert legend == lines and len(lines) >= 2
    assert chart.locator(".legend .dot").count() == 0

    items = page.get_by_test_id("review-moments").locator("li")
    seqs = [int(s) for s in items.locator("button[data-seq]").evaluate_all("(bs) => bs.map((b) => b.dataset.seq)")]
    words = items.locator("span").all_inner_texts()  # the review's words for each moment
    assert len(seqs) >= 2
    press(page, items.first.locator("button[data-seq]"), phone)

    note = page.get_by_test_id("replay-moment")
    marks = page.get_by_test_id("replay-marks").locator("button[data-seq]")

    def stands_on(i: int) -> None:
        page.wait_for_function("s => document.querySelector('[data-testid=replay-caption]')?.textContent"
                               ".startsWith(`Move ${s} of`)", arg=seqs[i])
        assert note.is_visible()
        assert note.inner_text() == f"Key moment: {words[i]}"
        box = note.bounding_box()
        assert box["x"] >= 0 and box["x"] + box["width"] <= SIZES[size]["width"]
        current = marks.evaluate_all("(bs) => bs.filter((b) => b.getAttribute('aria-current') === 'step')"
                                     ".map((b) => Number(b.dataset.seq))")
        assert current == [seqs[i]]

    stands_on(0)
    note.scroll_into_view_if_needed()
    shot(page, f"replay-key-moment-{size}", full_page=False)
    press(page, marks.nth(1), phone)  # another mark, tapped: its words
    stands_on(1)
    unmarked = next(k for k in range(seqs[1] + 1, seqs[1] + 20) if k not in seqs)
    page.evaluate(GO_TO, unmarked)  # a move no mark names: no words, no mark current
    page.wait_for_function("s => document.querySelector('[data-testid=replay-caption]')?.textContent"
                           ".startsWith(`Move ${s} of`)", arg=unmarked)
    assert not note.is_visible()
    assert marks.evaluate_all("(bs) => bs.filter((b) => b.hasAttribute('aria-current')).length") == 0
    page.keyboard.press("ArrowLeft") if unmarked - 1 == seqs[1] else page.evaluate(GO_TO, seqs[1])
    stands_on(1)  # back on it by the arrows or the slider: the words again

    # On a phone the slider (the timeline, with the marks' ticks) spans the controls.
    slider = page.locator(".replay input[type=range]").bounding_box()
    controls = page.locator(".replay-controls").bounding_box()
    assert slider["width"] >= (0.85 if phone else 0.3) * controls["width"], (slider, controls)
    assert page.errors == []
