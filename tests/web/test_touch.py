"""Touch done right (issue 35): on a phone a tap selects and a long press explains. A tap left a
tooltip open that often described another tile, and covered the board; Draft & Write's sheet boxes
used title=, which a long press never shows; the black ant was nearly invisible on the dark tooltip."""

from __future__ import annotations

import pytest

from tests.web.helpers import create_by_api, pressed

PHONE = {"viewport": {"width": 390, "height": 844}, "is_mobile": True, "has_touch": True}
DESKTOP = {"viewport": {"width": 1280, "height": 800}}
TOOLTIP_SHOWN = "() => { const t = document.getElementById('tooltip'); return !!t && !t.hidden; }"
# Notes whether a tooltip shows at any moment from now on (a redraw may take it away again at once).
WATCH_TOOLTIP = """() => { window.tooltipShown = false;
  const look = () => { const t = document.getElementById('tooltip'); if (t && !t.hidden) window.tooltipShown = true; };
  new MutationObserver(look).observe(document.body, {childList: true, subtree: true, attributes: true}); }"""


def open_table(new_page, guest_session, game_id: str, **options):
    page = new_page(storage_state=guest_session, **options)
    page.goto("/")
    made = create_by_api(page, game_id, 2)
    page.goto(made["seats"][0]["invite"])
    page.locator(".board-host *").first.wait_for(state="attached")
    return page


def test_a_tap_selects_and_a_long_press_explains(new_page, guest_session):
    page = open_table(new_page, guest_session, "picnic", **PHONE)
    page.locator(".pile.can-take").first.wait_for()
    # A long press on a pile explains it; the next tap elsewhere closes the explanation.
    tile = page.locator(".pile[data-pile] .tile-svg").first.locator("xpath=..")
    with pressed(page, tile):
        assert page.evaluate(TOOLTIP_SHOWN)
        text = page.locator("#tooltip").inner_text()
    assert "ant" in text  # what the tile carries
    page.locator(".table-head h1").tap()
    assert not page.evaluate(TOOLTIP_SHOWN)
    # The ant drawn in it sits on a light chip: the dark tooltip never hides a dark piece.
    with pressed(page, tile):
        chips = page.eval_on_selector_all("#tooltip .mi", "els => els.map((e) => getComputedStyle(e).backgroundColor)")
    assert chips and all(c not in ("rgba(0, 0, 0, 0)", "transparent") for c in chips), chips
    page.locator(".table-head h1").tap()
    assert page.errors == []


def test_a_tap_on_a_tile_selects_it_and_opens_no_tooltip(new_page, guest_session):
    """The issue's case: a tap on a Digging for Dinos tile opened its tooltip, which stayed over the dig."""
    page = open_table(new_page, guest_session, "digging_for_dinos", **PHONE)
    page.locator(".prompt.my-turn").wait_for()
    lit = page.locator(".dd-board .dd-cell.lit").first
    lit.evaluate("(el) => el.scrollIntoView({block: 'center'})")
    page.evaluate(WATCH_TOOLTIP)
    before = page.locator(".dd-board").get_attribute("data-version")
    lit.tap()
    page.wait_for_function("(v) => document.querySelector('.dd-board').dataset.version !== v", arg=before)
    assert "Selected:" in page.get_by_test_id("prompt").inner_text()
    assert page.evaluate("() => window.tooltipShown") is False
    assert page.errors == []


def test_a_tooltip_closes_when_its_element_changes(new_page, guest_session):
    page = open_table(new_page, guest_session, "picnic", **PHONE)
    page.locator(".pile.can-take").first.wait_for()  # my turn is drawn: the board stays as it is
    tile = page.locator(".pile[data-pile] .tile-svg").first.locator("xpath=..")
    with pressed(page, tile):
        assert page.evaluate(TOOLTIP_SHOWN)
        # A redraw that reuses the element for something else: the old words must go.
        tile.evaluate("(el) => el.classList.add('redrawn')")
        page.wait_for_function("() => document.getElementById('tooltip').hidden")


@pytest.mark.parametrize("size", ["phone", "desktop"])
def test_draft_and_write_sheet_boxes_explain_themselves(new_page, guest_session, size):
    page = open_table(new_page, guest_session, "draft_and_write_records", **(PHONE if size == "phone" else DESKTOP))
    sheet = page.locator("[data-seat-sheet='0']")
    page.locator(".prompt.my-turn").wait_for()  # the bot has chosen its goal: the board stays as it is
    # The table has brought what I act on into view (acting.js): no scroll moves the boxes under my finger.
    page.wait_for_function("""() => { const r = document.querySelector('[data-acting]')?.getBoundingClientRect();
      return r && r.top >= 0 && r.top < innerHeight; }""")
    assert sheet.locator("[title]").count() == 0  # a phone never shows title=
    assert page.locator(".dw-status").inner_text().startswith("Before week 1")  # no "Week 0" while goals are chosen
    for section in ("fail", "goals", "tour", "release", "harmonies"):
        first = sheet.locator(f"[data-section='{section}'] .dw-box").first
        first.evaluate("(el) => el.scrollIntoView({block: 'center'})")  # clear of the fixed status bar
        if size == "phone":
            with pressed(page, first):
                words = page.locator("#tooltip").inner_text()
        else:
            first.hover()
            page.wait_for_function(TOOLTIP_SHOWN)
            words = page.locator("#tooltip").inner_text()
        assert words.strip() and words == first.get_attribute("data-explain"), section
    assert page.errors == []
