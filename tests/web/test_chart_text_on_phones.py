"""The score chart's words (the axis's numbers and its name) are legible on a phone: the chart is drawn 560
wide and shrunk to the screen, so at 11 px they came out at 6 px on a 390 px phone (the review's chart, the
result's). Drawn here with charts.js inside the review's figure on the lobby page (which loads both style
sheets): each word at least 9.5 px tall on the screen, inside it, and no two of a line or a column overlapping."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot

SIZES = {"phone": {"width": 390, "height": 844}, "small": {"width": 360, "height": 740},
         "desktop": {"width": 1280, "height": 800}}

DRAW = """async () => {
  const { drawChart } = await import('/static/js/charts.js');
  const n = 64;
  const labels = Array.from({length: n}, (_, i) => String(i + 1));
  const series = [labels.map((_, i) => Math.round(30 * Math.sin(i / 5))), labels.map((_, i) => -i * 2)];
  const chart = drawChart({unit: 'move', labels, series, title: 'Expected result along the game', axis: 'move'},
    (s) => `seat ${s + 1}`, (s) => ['#c8412f', '#2f6fc8'][s]);
  const figure = document.createElement('figure');
  figure.className = 'score-chart review-chart';
  figure.dataset.testid = 'drawn-chart';
  figure.append(chart);
  const dialog = document.createElement('section');
  dialog.className = 'replay review';  // as the review's dialog holds it
  dialog.append(figure);
  document.querySelector('main, #app, body').prepend(dialog);
  const box = chart.getBoundingClientRect();
  const scale = box.width / chart.viewBox.baseVal.width;
  return [...chart.querySelectorAll('text')].map((t) => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, px: parseFloat(getComputedStyle(t).fontSize) * scale,
            left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  });
}"""


@pytest.mark.parametrize("size", SIZES)
def test_the_charts_words_are_legible_and_apart(new_page, size):
    page = new_page(viewport=SIZES[size])
    page.goto("/")
    page.wait_for_selector("form.create, .sign-in, main")
    words = page.evaluate(DRAW)
    assert len(words) > 5
    width = SIZES[size]["width"]
    for w in words:
        assert w["px"] >= 9.5, (w, size)
        assert w["left"] >= 0 and w["right"] <= width, (w, size)  # "-126" is not cut by the screen's edge
    for i, a in enumerate(words):
        for b in words[i + 1:]:
            if abs((a["top"] + a["bottom"]) - (b["top"] + b["bottom"])) < 2:  # on one line: the moves' numbers
                assert a["right"] <= b["left"] or b["right"] <= a["left"], (a, b)
            elif abs(a["right"] - b["right"]) < 1:  # one over the other: the values' numbers
                assert a["bottom"] <= b["top"] or b["bottom"] <= a["top"], (a, b)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page.get_by_test_id("drawn-chart"), f"chart-text-{size}")
