"""The rules pages' pictures of the pieces: a line "![Caption](figure:name)" in a game's how_to_play.md is
drawn by the game's board module (its `figures` export) in a box of the board's class, role img, named by
the caption, with the caption under it; at a desktop's and a phone's size, with no sideways scroll on the
phone. A figure the module lacks is left out and the page is whole."""

from __future__ import annotations

import json
import re

from meeple import games
from meeple.server.rules import rules_body
from tests.conftest import TOY_GAMES

GAMES = sorted(set(games.ids()) - set(TOY_GAMES))
FIGURE = re.compile(r"^\s*!\[([^\]]*)\]\(figure:([A-Za-z0-9_-]+)\)\s*$", re.M)
SIZES = ({"width": 1280, "height": 800}, {"width": 390, "height": 844})

# Every figure on the page now shown: its name, its box's role, class and name, how much it draws, its caption.
FIGURES = """() => [...document.querySelectorAll(".rules-page figure.rules-figure")].map((f) => {
  const art = f.querySelector(":scope > .rules-figure-art");
  const box = art ? art.getBoundingClientRect() : {width: 0, height: 0};
  const drawn = art ? [...art.querySelectorAll("*")].filter((e) => {
    const r = e.getBoundingClientRect();
    return r.width > 4 && r.height > 4;
  }).length : 0;
  const page = document.querySelector(".rules-page").getBoundingClientRect();
  // A picture takes no focus: the board's focusable pieces (Picnic's placed tiles) are inert in it.
  const focusable = art ? [...art.querySelectorAll("button, [tabindex], a[href], input, select")]
    .filter((e) => !e.closest("[inert]")).length : 0;
  return {name: f.dataset.figure, role: art && art.getAttribute("role"), label: art && art.getAttribute("aria-label"),
          cls: art ? art.className : "", width: box.width, height: box.height, drawn, focusable,
          left: art ? box.left - page.left : 0, right: art ? page.right - box.right : 0,
          caption: (f.querySelector("figcaption") || {}).textContent || ""};
})"""


def named_figures(game_id: str) -> list[tuple[str, str]]:
    """[(caption, name)] of the game's page, in order."""
    return [(caption.strip(), name) for caption, name in FIGURE.findall(rules_body(game_id)["markdown"])]


def _open(page, game_id: str) -> None:
    page.goto(f"/games/{game_id}/rules")
    page.wait_for_selector(".rules-page details.rules-section")
    page.evaluate("document.querySelectorAll('.rules-page details').forEach((d) => { d.open = true; })")


def test_every_named_figure_is_drawn(new_page):
    pictured = {g: named_figures(g) for g in GAMES if named_figures(g)}
    assert pictured, "no game's rules page names a figure"
    for size in SIZES:
        page = new_page(viewport=size, is_mobile=size["width"] < 500, has_touch=size["width"] < 500)
        for game_id, named in pictured.items():
            _open(page, game_id)
            shown = page.evaluate(FIGURES)
            assert [f["name"] for f in shown] == [n for _, n in named], f"{game_id} at {size}: {shown}"
            for f, (caption, name) in zip(shown, named):
                where = f"{game_id}'s figure {name} at {size['width']} px"
                assert f["role"] == "img" and f["label"] == caption and f["caption"] == caption, where
                assert f"board-{game_id}" in f["cls"].split(), where
                assert f["drawn"] > 0 and f["width"] >= 24 and f["height"] >= 24, f"{where}: nothing drawn {f}"
                assert f["focusable"] == 0, f"{where}: a picture holds things to focus or press"
                assert f["width"] <= size["width"] and f["left"] >= -1 and f["right"] >= -1, f"{where}: cut off {f}"
            if size["width"] < 500:
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= size["width"], f"{game_id}'s rules page scrolls sideways at 390 px ({width} px)"
        assert not page.errors, page.errors


def test_a_missing_figure_is_left_out(new_page):
    """A page naming a figure its module lacks, and one for a game with no board module: both left out,
    the rest of the page whole (the text around them, the figure the module has)."""
    page = new_page(viewport={"width": 390, "height": 844})
    have = next((g for g in GAMES if named_figures(g)), None)
    assert have, "no game's rules page names a figure"
    caption, name = named_figures(have)[0]
    markdown = (f"# Test\n\n## The goal\n\nBefore the pictures.\n![No such piece](figure:no_such_piece)\n"
                f"![{caption}](figure:{name})\n\nAfter the pictures.\n\n- a list\n![Gone too](figure:gone)\n\n"
                f"1. First step.\n\n![{caption}](figure:{name})\n\n2. Second step.\n")
    body = {"game": have, "name": "Test", "markdown": markdown}
    page.route(f"**/api/games/{have}/rules", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(body)))
    _open(page, have)
    shown = page.evaluate(FIGURES)
    assert [f["name"] for f in shown] == [name, name], shown
    # A numbered list picked up again after a figure counts on from where it was.
    assert page.locator(".rules-page ol").evaluate_all("(ols) => ols.map((ol) => ol.start)") == [1, 2]
    text = page.locator(".rules-page").inner_text()
    assert "Before the pictures." in text and "After the pictures." in text and "a list" in text
    assert "No such piece" not in text and "Gone too" not in text and "figure:" not in text
    # A game with no board module: the figure goes, the page stays.
    body = {"game": "twenty", "name": "Twenty",
            "markdown": "# Twenty\n\n## The goal\n\nCount.\n\n![A die](figure:die)\n"}
    page.route("**/api/games/twenty/rules", lambda route: route.fulfill(
        status=200, content_type="application/json", body=json.dumps(body)))
    _open(page, "twenty")
    assert page.evaluate(FIGURES) == []
    assert "Count." in page.locator(".rules-page").inner_text()
    assert not page.errors, page.errors


# Cards in figures, by game: (figure, the card's selector). Their size at the table: the figure's drawing, cloned
# into a box of the board's class outside the rules page's figure (the board's CSS, none of the rules page's).
CARDS = {"wizard": ("cards", ".tt-card"), "ninety_nine": ("bid_cards", ".tt-card"),
         "relative_space": ("cards", ".rs-card"), "living_forest": ("animal_cards", ".lf-card"),
         "letters_home": ("memory", ".lh-space")}
# The figure's cards (their size on the page and at the table, their tops), and each word of its text broken
# over two lines (as "Perso / n" once was on a 360 px phone).
CARD_SIZES = """([game, name, selector]) => {
  const piece = document.querySelector(`figure[data-figure=${name}] .rules-figure-piece > *`);
  const box = document.createElement("div");
  box.className = `board-${game}`;
  box.append(piece.cloneNode(true));
  document.body.append(box);
  const size = (e) => { const r = e.getBoundingClientRect(); return [r.width, r.height]; };
  const sizes = {rules: size(piece.querySelector(selector)), table: size(box.querySelector(selector)),
                 tops: [...piece.querySelectorAll(selector)].map((e) => Math.round(e.getBoundingClientRect().top))};
  box.remove();
  // a word on more than one line (a range over it has a box on each)
  sizes.broken = [];
  const walk = document.createTreeWalker(piece, NodeFilter.SHOW_TEXT);
  for (let node = walk.nextNode(); node; node = walk.nextNode()) {
    for (const m of node.textContent.matchAll(/\\S+/g)) {
      const range = document.createRange();
      range.setStart(node, m.index);
      range.setEnd(node, m.index + m[0].length);
      if (range.getClientRects().length > 1) sizes.broken.push(m[0]);
    }
  }
  return sizes;
}"""


def test_cards_are_drawn_larger_than_at_the_table(new_page):
    """At the table's size a card beside the page's text was small: the figure is drawn larger (on a desktop
    at least 1.3 times), on a 390 px phone a little larger and at 360 px no smaller, within the screen (no
    sideways scroll), the cards one row as at the table, no word broken within itself."""
    for size, least in (({"width": 1280, "height": 800}, 1.3), ({"width": 390, "height": 844}, 1.1),
                        ({"width": 360, "height": 740}, 1.0)):
        phone = size["width"] < 500
        page = new_page(viewport=size, is_mobile=phone, has_touch=phone)
        for game_id, (name, selector) in CARDS.items():
            where = f"{game_id}'s {name} at {size['width']} px"
            _open(page, game_id)
            sizes = page.evaluate(CARD_SIZES, [game_id, name, selector])
            ratios = [rules / table for rules, table in zip(sizes["rules"], sizes["table"])]
            assert min(ratios) >= least, f"{where}: {sizes}"
            assert len(set(sizes["tops"])) == 1, f"{where}: the cards wrap {sizes}"
            assert sizes["broken"] == [], f"{where}: words broken within themselves {sizes}"
            if phone:
                width = page.evaluate("document.documentElement.scrollWidth")
                assert width <= size["width"], f"{game_id}'s rules page scrolls sideways at {size['width']} px"
        assert not page.errors, page.errors


def test_figures_are_a_modest_size_on_a_desktop(new_page):
    """At 1280x800 a figure sits beside its text, no taller than two fifths of the window: zoomed as a card is,
    a part of a board filled most of it (Picnic's plate 420 px tall, Turing Machine's punch card 392). Each is
    still drawn whole, at no less than the table's size (test_every_named_figure_is_drawn, the cards' test)."""
    size = {"width": 1280, "height": 800}
    page = new_page(viewport=size)
    for game_id in GAMES:
        if not named_figures(game_id):
            continue
        _open(page, game_id)
        for f in page.evaluate(FIGURES):
            tall = f"{game_id}'s figure {f['name']} at 1280x800 is {f['height']} px tall"
            assert f["height"] <= 0.4 * size["height"], tall
    assert not page.errors, page.errors


# Vent Life's species figure: the left and top of each species' token and name, and each word broken within itself.
SPECIES = """() => {
  const items = [...document.querySelectorAll("figure[data-figure=creatures] .vl-bar > *")];
  const broken = [];
  for (const item of items) {
    const walk = document.createTreeWalker(item, NodeFilter.SHOW_TEXT);
    for (let node = walk.nextNode(); node; node = walk.nextNode()) {
      for (const m of node.textContent.matchAll(/\\S+/g)) {
        const range = document.createRange();
        range.setStart(node, m.index);
        range.setEnd(node, m.index + m[0].length);
        if (range.getClientRects().length > 1) broken.push(m[0]);
      }
    }
  }
  const at = (e) => { const r = e.getBoundingClientRect(); return [Math.round(r.left), Math.round(r.top)]; };
  return {at: items.map(at),
          broken, width: document.documentElement.scrollWidth};
}"""


def test_vent_life_species_wrap_into_rows_on_a_phone(new_page):
    """The seven species sit two or more a row on a phone: in one column they made a strip of seven rows (375 px
    at 390 px wide), the names beside the tokens with half the row empty. No name is broken within a word, and
    the page does not scroll sideways."""
    for size in ({"width": 390, "height": 844}, {"width": 360, "height": 740}):
        page = new_page(viewport=size, is_mobile=True, has_touch=True)
        _open(page, "vent_life")
        species = page.evaluate(SPECIES)
        where = f"Vent Life's species at {size['width']} px: {species}"
        assert len(species["at"]) == 7, where
        lefts = {left for left, _ in species["at"]}
        rows = {top for _, top in species["at"]}
        assert len(lefts) >= 2 and len(rows) <= 4, where
        assert species["broken"] == [], where
        assert species["width"] <= size["width"], where
        assert not page.errors, page.errors


def test_vent_life_pair_count_is_a_badge(new_page, guest_session):
    """The Tube Worms pair's "2" is drawn on a dark disc, so it never reads as the level number of the hex it
    stands on (the plateau figure's seafloor smoker held a bare "2", as a level 2 hex does)."""
    page = new_page(storage_state=guest_session)
    page.goto("/games/vent_life/rules")
    token = page.locator(".rules-figure[data-figure=plateau] .vl-creature:has(.vl-count)")
    token.wait_for()
    assert token.locator(".vl-count circle").count() == 1
    assert token.locator(".vl-count text").text_content() == "2"
