"""The result screen charts each seat's score along the game: per round where the log scores round by
round (a one-round Wizard game played by clicking), else from replay steps' score sheets."""

from __future__ import annotations

import re

from tests.web.conftest import shot
from tests.web.helpers import create_by_api, settled, sign_in_as_guest


def test_a_finished_wizard_game_charts_the_score_per_round(new_page):
    page = new_page(viewport={"width": 1280, "height": 800})
    sign_in_as_guest(page, "Ada")
    made = create_by_api(page, "wizard", 3, options={"single_round": 1})
    page.goto(made["seats"][0]["invite"])
    for _ in range(10):
        page.wait_for_selector("[data-bid-choice]:not([disabled]), .tt-hand .tt-card.can-play, .result", timeout=30000)
        if page.locator(".result").count():
            break
        bid = page.locator("[data-bid-choice]:not([disabled])")
        if bid.count():
            bid.first.click()
            page.get_by_role("button", name="Confirm").click()
        else:
            page.locator(".tt-hand .tt-card.can-play").first.click()
        settled(page)  # my move's answer is drawn (the cards I could play are gone until my next turn)
    chart = page.locator("[data-testid=score-chart]")
    chart.locator("svg").wait_for()
    chart.scroll_into_view_if_needed()
    shot(page, "result-chart")
    assert chart.get_attribute("data-unit") == "round"
    assert chart.locator("polyline.score-line").count() == 3
    assert chart.locator("svg").get_attribute("data-points") == "2"  # the start and round 1
    # Each seat's last point is its final score, as the result table says.
    scores = {}
    for row in page.locator(".result-table tbody tr").all():
        cells = row.locator("td").all_inner_texts()
        scores[cells[1].strip()] = int(cells[2])
    titles = chart.locator("circle title").all_text_contents()
    last = {m[1]: int(m[2]) for t in titles if (m := re.match(r"(.+): (-?\d+) after round 1$", t))}
    assert last == scores


def test_a_log_without_round_scores_is_charted_from_the_replay_steps(new_page):
    page = new_page()
    page.goto("/")
    found = page.evaluate("""async () => {
      const { roundSeries } = await import('/static/js/charts.js');
      return [roundSeries([{log: [{text: 'Seat 1 places a cheese in rim space 1.'}]}], 2),
              roundSeries([{log: [{text: 'Round 1 scores: seat 1 +30, seat 2 -10.'}]},
                           {log: [{text: 'Round 2 scores: seat 1 -10, seat 2 +40.'}]}], 2)];
    }""")
    assert found[0] is None
    assert found[1] == {"unit": "round", "labels": ["0", "1", "2"], "series": [[0, 30, 20], [0, -10, 30]]}


def test_a_bonus_at_a_rounds_end_is_counted_into_its_last_hand(new_page):
    """Ninety-Nine's "Round 1 ends: ... +20 bonus" lines: without them the chart ended at 358 for a total
    of 408. The round's running totals in the line ("130") are not points added."""
    page = new_page()
    page.goto("/")
    found = page.evaluate("""async () => {
      const { roundSeries } = await import('/static/js/charts.js');
      return roundSeries([{log: [{text: 'Hand 1 scores: seat 1 +65, seat 2 +3.'}]},
                          {log: [{text: 'Hand 2 scores: seat 1 +65, seat 2 +2.'},
                                 {text: 'Round 1 ends: seat 1 130 +20 bonus, seat 2 5.'}]},
                          {log: [{text: 'Hand 3 scores: seat 1 +4, seat 2 +63.'}]}], 2);
    }""")
    assert found == {"unit": "hand", "labels": ["0", "1", "2", "3"], "series": [[0, 65, 150, 154], [0, 3, 5, 68]]}
