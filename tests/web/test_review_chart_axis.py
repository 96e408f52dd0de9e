"""The score chart's x axis, legend and words at 1280, 390 and 360 px (charts.js, the review's and the result's
chart). The moves' numbers never overlap: at 65 points the last ("65") stood 8 chart units from the one before
("64"), as at any length that was not a multiple of its stride plus one, and on a phone the axis's name ("moves")
stood over the numbers above it. The legend draws each seat's line as the chart does (its colour and dash; it
showed a round dot for each, under dashed and dotted lines), and the numbers shown are round ones (1, 10, 20...,
and the last)."""

from __future__ import annotations

import pytest

from tests.web.conftest import shot

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844},
         "small": {"width": 360, "height": 740}}

# Each chart drawn as the review's dialog holds it, with its legend, and every word's box on the screen.
DRAW = """async ({labels, seats, axis}) => {
  const { drawChart, chartLegend } = await import('/static/js/charts.js');
  const series = Array.from({length: seats},
    (_, s) => labels.map((_, i) => Math.round(20 * Math.sin(i / (4 + s)) - 3 * s)));
  const data = {unit: 'move', labels, series, title: 'Expected result along the game', axis};
  const colour = (s) => ['#c8412f', '#2f6fc8', '#2e8b4e', '#8a5cc2'][s];
  const chart = drawChart(data, (s) => `seat ${s + 1}`, colour);
  const figure = document.createElement('figure');
  figure.className = 'score-chart review-chart';
  figure.dataset.testid = 'drawn-chart';
  figure.append(chart, chartLegend(data, (s) => `seat ${s + 1}`, colour));
  const dialog = document.createElement('section');
  dialog.className = 'replay review';
  dialog.append(figure);
  document.querySelectorAll('.replay.review').forEach((d) => d.remove());
  document.querySelector('main, #app, body').prepend(dialog);
  const words = [...chart.querySelectorAll('text')].map((t) => {
    const r = t.getBoundingClientRect();
    return {text: t.textContent, cls: t.getAttribute('class') || '',
            left: r.left, right: r.right, top: r.top, bottom: r.bottom};
  });
  const lines = [...chart.querySelectorAll('polyline.score-line')].map((l) => ({
    stroke: l.getAttribute('stroke'), dash: l.getAttribute('stroke-dasharray'),
    width: l.getAttribute('stroke-width')}));
  const dots = [...chart.querySelectorAll('circle')].some((c) => getComputedStyle(c).fillOpacity !== '0');
  await Promise.all([...figure.querySelectorAll('.legend img')].map((img) => img.decode()));
  const legend = [...figure.querySelectorAll('.legend li')].map((li) => {
    const img = li.querySelector('img');  // the piece of line: an SVG picture
    const drawn = img && new DOMParser().parseFromString(decodeURIComponent(img.src.split(',')[1]), 'image/svg+xml');
    const line = drawn && drawn.querySelector('line');
    const box = img ? img.getBoundingClientRect() : {width: 0, height: 0};
    return {name: li.textContent, stroke: line && line.getAttribute('stroke'),
            dash: line && line.getAttribute('stroke-dasharray'), lineWidth: line && line.getAttribute('stroke-width'),
            dot: !!(drawn && drawn.querySelector('circle')), round: !!li.querySelector('.dot'),
            shown: !!img && img.naturalWidth > 0, width: box.width, height: box.height};
  });
  return {words, lines, dots, legend};
}"""

LENGTHS = [2, 3, 9, 11, 12, 21, 64, 65, 91, 100, 150, 333]


def overlap(a, b) -> bool:
    across = a["left"] < b["right"] - 0.5 and b["left"] < a["right"] - 0.5
    return across and a["top"] < b["bottom"] - 0.5 and b["top"] < a["bottom"] - 0.5


@pytest.mark.parametrize("size", SIZES)
def test_no_two_words_of_the_chart_overlap_and_the_ends_are_numbered(new_page, size):
    page = new_page(viewport=SIZES[size])
    page.goto("/")
    page.wait_for_selector("form.create, .sign-in, main")
    width = SIZES[size]["width"]
    cases = [[str(i + 1) for i in range(n)] for n in LENGTHS]  # the review's: a point per move from move 1
    cases += [[str(i) for i in range(n + 1)] for n in (20, 57)]  # the rounds' (from 0)
    # the moves with a choice (the others have no point)
    cases.append([str(k) for k in (1, 2, 4, 5, 7, 8, 9, 12, 13, 15, 16, 19, 22, 23, 24, 27, 29, 30, 31, 33, 35, 36, 38,
                                   41, 43, 44, 47, 49, 50, 53, 55, 57, 58, 60, 61, 64, 66, 67, 69, 71)])
    cases.append([str(round(i * 411 / 12)) for i in range(13)])  # the result's 12 shares of a long game
    for labels in cases:
        drawn = page.evaluate(DRAW, {"labels": labels, "seats": 2, "axis": "move"})
        words = drawn["words"]
        xs = [w for w in words if w["cls"] == "x-label"]
        assert xs[0]["text"] == labels[0] or len(labels) < 3, (size, labels[:3])
        assert xs[-1]["text"] == labels[-1], (size, len(labels))  # the game's last move is numbered
        assert [w["text"] for w in words if w["cls"] == "axis-name"] == ["moves"]
        for i, a in enumerate(words):
            assert a["left"] >= 0 and a["right"] <= width, (size, len(labels), a)
            for b in words[i + 1:]:
                assert not overlap(a, b), (size, len(labels), a, b)
    assert page.evaluate("document.documentElement.scrollWidth") <= width
    shot(page.get_by_test_id("drawn-chart"), f"chart-axis-{size}")


def test_the_numbers_under_a_long_game_are_round_ones(new_page):
    """Every 10th move (or 20th, 50th, 100th...) and the last, each where its move falls: a move without a point of
    its own (no choice in it) is placed between its neighbours' (the review of a Wizard game numbered 1, 101, 200,
    300, 401...)."""
    page = new_page(viewport=SIZES["phone"])
    page.goto("/")
    page.wait_for_selector("form.create, .sign-in, main")
    sparse = [k for k in range(1, 700) if k % 7 not in (0, 3) and k % 100 != 0] + [700]
    for labels in ([i + 1 for i in range(90)], sparse, [round(i * 411 / 12) for i in range(13)]):
        drawn = page.evaluate(DRAW, {"labels": [str(v) for v in labels], "seats": 2, "axis": "move"})
        shown = [(int(w["text"]), (w["left"] + w["right"]) / 2) for w in drawn["words"] if w["cls"] == "x-label"]
        assert shown[0][0] == labels[0] and shown[-1][0] == labels[-1]
        inner = [v for v, _ in shown[1:-1]]
        step = min(b - a for a, b in zip(inner, inner[1:], strict=False))
        assert len(inner) >= 3 and step in (10, 20, 50, 100) and all(v % step == 0 for v in inner), shown
        # each where its move falls, between the points of the moves around it
        (v0, x0), (v1, x1) = shown[1], shown[-2]
        for v, xv in shown[1:-1]:
            assert abs(xv - (x0 + (v - v0) * (x1 - x0) / (v1 - v0))) < 0.25 * (x1 - x0) / max(1, len(inner)), shown


@pytest.mark.parametrize("size", SIZES)
def test_the_legend_draws_each_seats_line_as_the_chart_does(new_page, size):
    page = new_page(viewport=SIZES[size])
    page.goto("/")
    page.wait_for_selector("form.create, .sign-in, main")
    for n in (9, 90):  # a dot on each point, and points too close for dots
        drawn = page.evaluate(DRAW, {"labels": [str(i + 1) for i in range(n)], "seats": 4, "axis": "move"})
        assert drawn["dots"] == (n == 9)
        assert len(drawn["legend"]) == len(drawn["lines"]) == 4
        assert len({line["dash"] for line in drawn["lines"]}) == 4  # a dash of its own per seat (the first: none)
        for seat, (item, line) in enumerate(zip(drawn["legend"], drawn["lines"], strict=True)):
            assert item["name"] == f"seat {seat + 1}"
            assert not item["round"], item  # no round dot standing for a dashed line
            assert item["shown"], item
            drawn_as = (line["stroke"], line["dash"], line["width"])
            assert (item["stroke"], item["dash"], item["lineWidth"]) == drawn_as, (size, n, item, line)
            assert item["dot"] == drawn["dots"], (size, n)
            assert 20 <= item["width"] <= 40 and item["height"] <= 14, item  # a piece of line, not the chart's width
    shot(page.get_by_test_id("drawn-chart"), f"chart-legend-{size}")


def test_the_extremes_are_written_short(new_page):
    """The review's expected results have decimals: its extremes were written "7.56" and "-18.11", which at a
    360 px phone's size reached the screen's edge."""
    page = new_page(viewport=SIZES["small"])
    page.goto("/")
    page.wait_for_selector("form.create, .sign-in, main")
    shown = page.evaluate("""async () => {
      const { drawChart } = await import('/static/js/charts.js');
      const chart = drawChart({unit: 'move', labels: ['1', '2', '3'], series: [[7.56, -18.11, 0.5]], axis: 'move'},
        () => 'Ada', () => '#c8412f');
      return [...chart.querySelectorAll('text.y-label')].map((t) => t.textContent);
    }""")
    assert sorted(shown) == sorted(["7.6", "-18", "0"])
