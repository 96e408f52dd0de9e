"""A selected move's "+N" on a score row stays on its value's line, in the desktop panel column (1280x800)
and on a phone (390x844): it wrapped alone onto a line of its own and read as belonging to nothing."""

from __future__ import annotations

import pytest

from tests.web.helpers import create_by_api

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}

# Panels drawn by panels.js beside the table's own (so at its width), for Vent Life's and Picnic's rows,
# each row with a preview; then each badge's line against its value's.
DRAW = """async () => {
  const { renderPanels } = await import('/static/js/panels.js');
  const real = document.querySelector('.panels');
  const root = document.createElement('div');
  root.className = 'panels';
  real.after(root);
  const labels = ['Giant Tube Worms', 'Volcano Snails', 'Blind Vent Shrimp', 'Yeti Crabs',
                  'Cheese', 'Pickles', 'Most cakes', 'Crackers', 'Cakes', 'Drinks', 'Ants'];
  const sheet = (seat, points) => ({ seat, total: 0, rows: labels.map((label, i) =>
    ({ key: `r${i}`, label, count: 10 * points, points: 10 * points, detail: label })) });
  const rows = Object.fromEntries(labels.map((_, i) => [`r${i}`, { points: 12, count: 1 }]));
  renderPanels(root, {
    seats: [{ seat: 0, name: 'Ada', colour: '#c33', isMe: true }, { seat: 1, name: 'Bot', colour: '#36c' }],
    sheets: [sheet(0, 1), sheet(1, 0)], toMove: [0], deltas: { 0: { total: 12, rows } },
  });
  return [...root.querySelectorAll('.row-line')].filter((li) => li.querySelector('.preview')).map((li) => {
    const value = li.querySelector('.row-value').getBoundingClientRect();
    const badge = li.querySelector('.preview').getBoundingClientRect();
    return { row: li.innerText, value: li.querySelector('.row-value').innerText,
             sameLine: Math.abs(value.bottom - badge.bottom) < 4 && badge.left >= value.right };
  });
}"""


@pytest.mark.parametrize("size", SIZES)
def test_a_rows_preview_stays_beside_its_value(new_page, guest_session, size):
    page = new_page(viewport=SIZES[size], is_mobile=size == "phone", has_touch=size == "phone",
                    storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "vent_life", 2)
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".panel .row-line")
    rows = page.evaluate(DRAW)
    assert len(rows) == 11
    assert all(r["value"] == "10 (10)" for r in rows), rows  # the value's words are only the value's
    alone = [r["row"] for r in rows if not r["sameLine"]]
    assert not alone, f"at {size} a row's +N is not on its value's line: {alone}"
