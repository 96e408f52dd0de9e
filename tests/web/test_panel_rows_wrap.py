"""A score row with a long value (Toy Battle's Victory row, "won on the enemy HQ") puts the value under its
label in a narrow panel, instead of squeezing the label to one letter a line ("Vi / ct / or / y")."""


# The test writes its own document into a blank page (set_content): a page given back by an earlier test
# (tests/web/conftest.py, new_page) left its blank document with what the hall's pages set (their CSP, which
# refuses the style attributes below): a new page.
FRESH_PAGES = True

ROWS = """<div style="width: 175px"><ul class="rows" style="list-style: none; padding: 0">
  <li class="row-line"><span class="row-label">Region 4</span><span class="row-value">2 medals</span></li>
  <li class="row-line"><span class="row-label">Victory</span><span class="row-value">won on the enemy HQ</span></li>
</ul></div>"""


def test_a_long_row_value_goes_under_its_label_in_a_narrow_panel(new_page, server):
    page = new_page(viewport={"width": 390, "height": 844})
    page.set_content(f'<html><head><link rel="stylesheet" href="{server.url}/static/css/meeple.css"></head>'
                     f'<body>{ROWS}</body></html>', wait_until="load")
    boxes = page.evaluate("""() => [...document.querySelectorAll('.row-line')].map((li) => {
        const label = li.querySelector('.row-label').getBoundingClientRect();
        const value = li.querySelector('.row-value').getBoundingClientRect();
        const line = parseFloat(getComputedStyle(li.querySelector('.row-label')).lineHeight);
        return {labelHeight: label.height, line, valueRight: value.right, rowRight: li.getBoundingClientRect().right,
                sameLine: Math.abs(label.top - value.top) < 2};
    })""")
    short, long = boxes
    assert short["sameLine"]  # a short value stays beside its label
    assert long["labelHeight"] < 1.5 * long["line"], long  # the label reads on one line
    assert long["valueRight"] <= long["rowRight"] + 0.5, long  # and the value stays inside the panel
