"""The newer boards draw their pieces with our icon set (js/icons.js), not letters or symbols of a font:
Turing Machine's colours and verifiers, Toy Battle's troops and HQs, Assyria's foods, Digging for
Dinos' fossils and paleontologists, Living Forest's elements, Relative Space's special cards, and
Draft & Write Records' crew roles and bonuses. Every icon a page shows is one of the set."""

from __future__ import annotations

import pytest

from tests.web.helpers import create_by_api

# Per game: (selector of the pictured pieces, the icon names they may be, the least count on the first turn)
PIECES = {
    "turing_machine": [(".tm-colour svg[data-icon]", {"tm_blue", "tm_yellow", "tm_purple"}, 6),
                       (".tm-card h3 svg[data-icon]", {"tm_verifier"}, 3)],
    "toy_battle": [(".tb-rack .tb-troop svg[data-icon]",
                    {"tb_skully", "tb_capn", "tb_jumbo", "tb_hook", "tb_xb42", "tb_star", "tb_roxy", "tb_kwak"}, 3),
                   (".tb-field use[data-icon]", {"tb_hq"}, 2)],
    "assyria": [(".as-hex use[data-icon]", {"as_barley", "as_date", "as_grape", "as_palm", "as_salt"}, 20),
                (".as-card svg[data-icon]",
                 {"as_barley", "as_date", "as_grape", "as_palm", "as_salt", "as_wild", "as_plow"}, 3)],
    "digging_for_dinos": [(".dd-cell .skeleton [data-icon]", {"dd_fossil"}, 25)],
    "living_forest": [(".lf svg[data-icon]", {"lf_sun", "lf_water", "lf_plant", "lf_wind", "lf_flower", "lf_fragment",
                                              "lf_fire", "lf_stop", "lf_pass"}, 20)],
    "relative_space": [(".rs-card.special svg[data-icon]", {"rs_keycard", "rs_last", "rs_launch", "rs_zerog"}, 0)],
    "draft_and_write_records": [(".dw-box svg[data-icon], .dw-between svg[data-icon]",
                                 {"dw_album", "dw_single", "dw_tour", "dw_cash", "dw_harmony"}, 6)],
}

# Letters the boards drew before, which must be gone from where the pieces are (a text node equal to one).
LETTERS = {
    "toy_battle": (".tb-field text, .tb-rack .tb-troop", {"HQ", "K"}),
    "assyria": (".as-hex text", {"B", "D", "G", "P", "S"}),
    "relative_space": (".rs-card .rs-sym", {"KEY", "LAST", "GO!", "0 g"}),
}
# Living Forest drew its elements and actions with font symbols, in any text.
SYMBOLS = set("\u2600\u2248\u2663\u00a7\u273f\u25c6\u25b2")

ALL_ICONS = """async () => {
  const { ICON_NAMES } = await import('/static/js/icons.js');
  return { names: ICON_NAMES, shown: [...document.querySelectorAll('[data-icon]')].map((e) => e.dataset.icon) };
}"""


@pytest.mark.parametrize("game_id", sorted(PIECES))
def test_the_board_draws_its_pieces_with_our_icons(new_page, guest_session, game_id):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, 2)
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn", timeout=30000)
    for selector, names, least in PIECES[game_id]:
        shown = page.eval_on_selector_all(selector, "els => els.map((e) => e.dataset.icon)")
        assert len(shown) >= least, f"{game_id}: {len(shown)} pictures at {selector}, {least} expected"
        assert set(shown) <= names, f"{game_id}: {set(shown) - names} at {selector}"
    if game_id == "relative_space":  # each special card dealt face up is a picture
        assert page.locator(".rs-card.special").count() == page.locator(".rs-card.special svg[data-icon]").count()
    if game_id in LETTERS:
        selector, letters = LETTERS[game_id]
        texts = page.eval_on_selector_all(selector, "els => els.flatMap((e) => [...e.childNodes]"
                                          ".filter((n) => n.nodeType === 3).map((n) => n.textContent.trim()))")
        assert not set(texts) & letters, f"{game_id}: letters instead of pictures: {set(texts) & letters}"
    if game_id == "living_forest":
        text = page.locator(".lf").inner_text()
        assert not set(text) & SYMBOLS, f"font symbols instead of pictures: {set(text) & SYMBOLS}"
        assert "lf_" not in text, "an icon's name shown as text"
    found = page.evaluate(ALL_ICONS)
    assert set(found["shown"]) <= set(found["names"]), "an icon that is not in the set"
    assert page.errors == []
