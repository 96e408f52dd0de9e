"""Pictures where players would rather look than read: our icon set (js/icons.js) on the boards, the
panels and the log, and no engine codes in what players read."""

from __future__ import annotations

import re

import pytest

from tests.web.helpers import create_by_api, settled, sign_in_as_guest

SUIT_ICONS = {"dwarves", "elves", "giants", "humans", "wizard", "jester"}


def open_table(page, game_id: str, players: int, **body):
    sign_in_as_guest(page, "Ada")
    made = create_by_api(page, game_id, players, **body)
    page.goto(made["seats"][0]["invite"])
    settled(page)  # the board has drawn its first state


def test_log_text_drops_codes_and_shows_pieces_as_pictures(new_page):
    page = new_page()
    page.goto("/")
    found = page.evaluate("""async () => {
      const { richText, plainWords } = await import('/static/js/icons.js');
      const html = (nodes) => { const s = document.createElement('span'); s.append(...nodes); return s; };
      const wiz = html(richText('Seat 1 plays 13 of giants (13G), then a Wizard (W2).', 'wizard'));
      const nn = html(richText('Seat 3 declares: bid 6 (QH AH 9H).', 'ninety_nine'));
      const pic = html(richText('a drink with 2 ice cubes and 1 ant', 'picnic'));
      return { wiz: wiz.textContent, wizIcons: [...wiz.querySelectorAll('[data-icon]')].map((e) => e.dataset.icon),
               nn: nn.textContent, picIcons: [...pic.querySelectorAll('[data-icon]')].map((e) => e.dataset.icon),
               prompt: plainWords('Place your tile (BM: Black Smoker, Basalt Ridge): choose a hex.'),
               typed: plainWords('Draw, or place a troop (e.g. 4@13).') };
    }""")
    assert found["wiz"] == "Seat 1 plays 13 of giants, then a Wizard."
    assert found["wizIcons"] == ["giants", "wizard"]
    assert found["nn"] == "Seat 3 declares: bid 6."
    assert found["picIcons"] == ["drink", "ice", "ant"]
    assert found["prompt"] == "Place your tile (Black Smoker, Basalt Ridge): choose a hex."
    assert found["typed"] == "Draw, or place a troop."


def test_picnic_tiles_and_panels_are_drawn_with_icons(new_page):
    page = new_page(viewport={"width": 1280, "height": 800})
    open_table(page, "picnic", 2)
    piles = page.evaluate("""() => [...document.querySelectorAll('.hamper .pile g.tile')].map((g) => ({
        kind: [...g.classList].find((c) => c.startsWith('tile-')).slice(5),
        icons: [...g.querySelectorAll('use[data-icon]')].map((e) => e.dataset.icon)}))""")
    assert len(piles) >= 5  # the deal's top tiles
    for pile in piles:  # each top tile shows its kind's picture (a drink is drawn as its cup)
        assert pile["kind"] == "drink" or pile["kind"] in pile["icons"], pile
    assert page.locator(".plate-title svg[data-icon='ant']").count() >= 1
    rows = page.locator(".panel[data-seat='0'] .row-line")
    pictured = page.locator(".panel[data-seat='0'] .row-line .row-icon")
    assert rows.count() == pictured.count() == 7  # cheese, crackers, pickles, cakes, most cakes, drinks, ants


def test_wizard_cards_show_suits_and_the_log_pictures(new_page):
    page = new_page(viewport={"width": 1280, "height": 800})
    open_table(page, "wizard", 3)
    page.wait_for_selector(".tt-hand .tt-card[data-card]")
    faces = page.evaluate("""() => [...document.querySelectorAll('.tt-card[data-card]')]
      .filter((e) => e.dataset.card !== '?')
      .map((e) => ({ icon: (e.querySelector('svg[data-icon]') || {}).dataset?.icon,
        text: e.innerText.replace(/\\s+/g, ' ').trim() }))""")
    assert faces and all(f["icon"] in SUIT_ICONS for f in faces), faces
    assert not any(f["text"] in ("W", "J") or f["text"].startswith(("W ", "J ")) for f in faces), faces
    # Once cards are played, the log shows each card's suit as a picture and never its code ("(13G)").
    page.locator("[data-bid-choice]:not([disabled])").first.click()
    page.get_by_role("button", name="Confirm").click()
    page.locator(".tt-hand .tt-card.can-play, .tt-trick .tt-card[data-card]").first.wait_for(timeout=30000)
    if page.locator(".tt-hand .tt-card.can-play").count():
        page.locator(".tt-hand .tt-card.can-play").first.click()
    page.wait_for_function("() => document.querySelector('.log-list').innerText.includes(' plays ')", timeout=30000)
    plays = page.locator(".log-list li", has_text=" plays ")
    assert plays.first.locator(".log-piece svg[data-icon]").count() == 1
    assert not re.search(r"\((?:[WJ]\d|\d{1,2}[DEGH])\)", page.locator(".log-list").inner_text())


@pytest.mark.parametrize("game_id, selector, names", [
    ("letters_home", ".lh-town [data-tile] use[data-icon]", None),
    ("vent_life", ".vl-species button svg[data-icon]",
     {"worms", "snails", "shrimp", "crabs", "fish", "octopus", "sponges"}),
])
def test_letters_home_and_vent_life_pieces_are_pictures(new_page, game_id, selector, names):
    page = new_page(viewport={"width": 1280, "height": 800})
    open_table(page, game_id, 2)
    icons = page.evaluate(f"() => [...document.querySelectorAll({selector!r})].map((e) => e.dataset.icon)")
    assert icons, f"{game_id}: no icons at {selector}"
    if names:
        assert set(icons) <= names
    if game_id == "vent_life":  # hexes are named in words, never by coordinates ("1,-1")
        page.wait_for_selector(".vl-spot[aria-label]")
        labels = page.evaluate("() => [...document.querySelectorAll('.vl-board [aria-label]')].map((e) => e.ariaLabel)")
        assert [t for t in labels if re.search(r"-?\d+,\s?-?\d+", t)] == []
        assert any("the centre hex" in t or "of the centre" in t for t in labels)
    if game_id == "letters_home":
        words = page.evaluate("() => [...document.querySelectorAll('.lh-town text')].map((e) => e.textContent)")
        assert not {"food", "nature", "book", "craft", "music", "\u2665heart", "\u2736fireworks"} & set(words)
        assert {"person", "place", "event"} & set(icons)  # the category's picture too
