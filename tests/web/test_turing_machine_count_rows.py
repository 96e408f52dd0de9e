"""Turing Machine's counting rows (questions asked, rounds played) score no points: the result's table and
the panels say their counts, where they said "0" for every seat after a game of several rounds."""

from __future__ import annotations

import random

from tests.web.api_play import play_by_api
from tests.web.helpers import create_by_api, engine_state

PHONE = {"width": 390, "height": 844}
# The result table's rows by label: the cells' texts in the table's column order, and the seat of each column
# (its head's name).
ROWS = """() => {
  const table = document.querySelector('.result-rows table');
  const out = {};
  for (const tr of table.querySelectorAll('tbody tr')) out[tr.querySelector('th').textContent] =
    [...tr.querySelectorAll('td')].map((td) => td.textContent);
  return {heads: [...table.querySelectorAll('thead th')].slice(1).map((th) => th.textContent), rows: out};
}"""


def test_the_result_says_questions_and_rounds(new_page, guest_session, server):
    page = new_page(viewport=PHONE, is_mobile=True, has_touch=True, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "turing_machine", 2, bot="random")
    play_by_api(server, made["table"], made["token"], lambda state: False, random.Random(5))
    page.goto(f"/t/{made['table']}")
    page.locator(".result-rows table").wait_for()
    shown = page.evaluate(ROWS)
    game, state = engine_state(server, made["table"], None)
    sheets = {s.seat: s for s in game.score_sheet(state)}
    names = {0: "Ada", 1: "random bot"}
    columns = [next(seat for seat, name in names.items() if name in head) for head in shown["heads"]]
    for key, label in (("questions", "Questions asked"), ("rounds", "Rounds played")):
        counts = [str(sheets[seat].row(key).count) for seat in columns]
        assert shown["rows"][label] == counts, (label, shown["rows"][label], counts)
    assert any(sheets[seat].row("rounds").count for seat in columns), "a game of no round"
    # The panels say the same counts, and a screen reader hears the total in points.
    for seat in columns:
        panel = page.locator(f".panel[data-seat='{seat}']")
        label = panel.get_attribute("aria-label")
        assert label.endswith(f": {sheets[seat].total} points"), label
        value = panel.locator(".row-line[data-key='rounds'] .row-value")
        if value.count():
            assert value.inner_text() == str(sheets[seat].row("rounds").count)
