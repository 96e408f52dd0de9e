"""Toy Battle's region figure on the rules page shows base 9's stack badge "×2" whole at a desktop's and a
phone's size (it was cut to "×" at the figure's right edge)."""

from __future__ import annotations

SIZES = ({"width": 1280, "height": 800}, {"width": 390, "height": 844}, {"width": 360, "height": 740})

# Each text of the figure: its words, its box's left and right, the figure's drawing's left and right, and the
# font size on the screen (the text's size in the drawing times the drawing's scale).
TEXTS = """(name) => {
  const drawing = document.querySelector(`figure[data-figure=${name}] .rules-figure-art svg`);
  const box = drawing.getBoundingClientRect();
  return [...drawing.querySelectorAll("text")].map((t) => {
    const r = t.getBoundingClientRect();
    const m = t.getScreenCTM(); // a rim tile is turned: its scale is the length of the matrix's first column
    return {words: t.textContent, left: r.left, right: r.right, drawingLeft: box.left, drawingRight: box.right,
            px: parseFloat(getComputedStyle(t).fontSize) * Math.hypot(m.a, m.b)};
  });
}"""


def _open(page, game_id: str) -> None:
    page.goto(f"/games/{game_id}/rules")
    page.wait_for_selector(".rules-page details.rules-section")
    page.evaluate("document.querySelectorAll('.rules-page details').forEach((d) => { d.open = true; })")


def test_toy_battle_region_badge_is_whole(new_page):
    for size in SIZES:
        phone = size["width"] < 500
        page = new_page(viewport=size, is_mobile=phone, has_touch=phone)
        _open(page, "toy_battle")
        texts = page.evaluate(TEXTS, "region")
        badges = [t for t in texts if t["words"] == "\u00d72"]
        assert badges, f"no stack badge in the region figure at {size['width']} px: {texts}"
        for t in texts:
            assert t["left"] >= t["drawingLeft"] - 0.5 and t["right"] <= t["drawingRight"] + 0.5, \
                f"{t['words']!r} is cut off at the figure's edge at {size['width']} px: {t}"
        assert not page.errors, page.errors
