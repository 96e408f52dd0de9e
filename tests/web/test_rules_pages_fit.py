"""Every game's rules page for players fits a phone: no sideways scroll at 390x844, and at 360 px
its tables fit their box with no word broken inside (a phone once showed "optio n")."""

from __future__ import annotations

from meeple import games
from tests.conftest import TOY_GAMES

from .conftest import shot

GAMES = sorted(set(games.ids()) - set(TOY_GAMES))

# For the page now shown: how wide it is, and each table cell whose longest word does not fit
# on one line in it (a word wider than the cell is broken or overflows: both are wrong).
MEASURE = """() => {
  const doc = document.documentElement;
  const cramped = [];
  const probe = document.createElement("span");
  probe.style.cssText = "position:absolute;visibility:hidden;white-space:nowrap";
  document.body.append(probe);
  for (const cell of document.querySelectorAll(".rules-page td, .rules-page th")) {
    const style = getComputedStyle(cell);
    probe.style.font = style.font;
    const inner = cell.clientWidth - parseFloat(style.paddingLeft) - parseFloat(style.paddingRight);
    for (const word of cell.textContent.split(/\\s+/).filter(Boolean)) {
      probe.textContent = word;
      if (probe.getBoundingClientRect().width > inner + 0.5) cramped.push(word);
    }
  }
  probe.remove();
  const tables = [...document.querySelectorAll(".rules-page .rules-table")]
    .filter((t) => t.scrollWidth > t.clientWidth + 1).length;
  return {width: doc.scrollWidth, view: window.innerWidth, cramped, tables,
          sections: document.querySelectorAll(".rules-page details.rules-section").length};
}"""


def _open(page, game_id: str) -> None:
    page.goto(f"/games/{game_id}/rules")
    page.wait_for_selector(".rules-page details.rules-section")


def test_every_rules_page_fits_a_phone(new_page):
    page = new_page(viewport={"width": 390, "height": 844}, is_mobile=True, has_touch=True)
    narrow = new_page(viewport={"width": 360, "height": 740}, is_mobile=True, has_touch=True)
    for game_id in GAMES:
        _open(page, game_id)
        fit = page.evaluate(MEASURE)
        assert fit["sections"] >= 8, f"{game_id}: {fit['sections']} sections"
        assert fit["width"] <= fit["view"], f"{game_id}'s rules page scrolls sideways at 390 px ({fit['width']} px)"
        _open(narrow, game_id)
        fit = narrow.evaluate(MEASURE)
        assert fit["width"] <= fit["view"], f"{game_id}'s rules page scrolls sideways at 360 px ({fit['width']} px)"
        assert fit["tables"] == 0, f"{game_id}: a table scrolls inside its box at 360 px"
        assert not fit["cramped"], f"{game_id}: words too wide for their table cell at 360 px: {fit['cramped']}"
    assert not page.errors and not narrow.errors


def test_the_players_page_reads_as_one(new_page):
    """The served page is the players' page: its sections, our seat colours, no developer text."""
    for size, name in (({"width": 1280, "height": 800}, "desktop"), ({"width": 390, "height": 844}, "phone")):
        page = new_page(viewport=size)
        _open(page, "wizard")
        headings = page.locator(".rules-page details.rules-section summary h2").all_inner_texts()
        assert headings[:3] == ["The goal", "Set-up", "A turn"] and "Our rulings" in headings
        assert "Playing here" in headings
        # The first three sections start open, the rest fold.
        opened = page.locator(".rules-page details.rules-section[open]").count()
        assert opened == 3
        page.locator(".rules-page details.rules-section").last.locator("summary").click()
        text = page.locator(".rules-page").inner_text()
        assert "Position JSON" not in text and "Source:" not in text and ".py" not in text
        assert "seat 1 red" in text
        page.evaluate("document.querySelectorAll('.rules-page details').forEach((d) => { d.open = true; })")
        shot(page, f"rules-wizard-{name}")
