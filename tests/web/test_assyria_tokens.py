"""Assyria's actions read as the game's pieces (issue 34 polish): they were plain buttons ("Offer 1",
"Buy plow (2)", "higher (4)"). Now each is a token the player taps, showing what it costs or gives:
the camels of an offering (one per step), the plow card with its price of two camels, a hut of my
colour with the dignitary's price in camels, and the end of my actions as a control token. Seen at
1280x800 and 390x844 (artifacts/web/assyria-actions-*.png), nothing cut or sideways, the plow card within
its token's ring."""

from __future__ import annotations

import random

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api
from .test_wizard_play import violations

TOKENS = """() => [...document.querySelectorAll('.as-board button.as-act')].map((b) => ({
  name: b.querySelector('.tk-name')?.textContent, token: b.classList.contains('as-token'),
  camels: b.querySelectorAll('[data-icon=as_camel]').length,
  plow: b.querySelectorAll('.as-card[data-card=plow]').length,
  hut: b.querySelectorAll('[data-icon=as_hut]').length, label: b.getAttribute('aria-label'),
  cut: b.scrollWidth > b.clientWidth + 1
    || b.getBoundingClientRect().right > document.documentElement.clientWidth + 1}))"""

# How far out the plow card's corners reach in the "Buy plow" token's oval (tokens.css: border-radius 50% / 40%),
# inside its ring: at most 1 inside, more where a corner lies on the ring (it did, the card 2.9rem tall). A corner
# of the card is taken 1.8 px in from its box, where its own 6 px rounding passes.
CARD_IN_RING = """() => { const b = document.querySelector('.as-board button.as-token .as-card').closest('button');
  const r = b.getBoundingClientRect(), bw = parseFloat(getComputedStyle(b).borderTopWidth);
  const rx = r.width / 2, ry = r.height * 0.4, cx = r.left + rx;
  const c = b.querySelector('.as-card').getBoundingClientRect();
  return Math.max(...[[c.left, c.top], [c.right, c.top], [c.left, c.bottom], [c.right, c.bottom]].map(([x, y]) => {
    x += x < cx ? 1.8 : -1.8;
    y += y < r.top + r.height / 2 ? 1.8 : -1.8;
    const cy = y < r.top + ry ? r.top + ry : y > r.bottom - ry ? r.bottom - ry : y;
    return ((x - cx) / (rx - bw)) ** 2 + ((y - cy) / (ry - bw)) ** 2;
  })); }"""


def test_actions_and_assur_are_tokens(new_page, guest_session, server):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "assyria", 2)
    play_by_api(server, made["table"], made["token"], lambda s: s["view"]["phase"] == "actions"
                and any("offer" in m["json"] for m in s["legal"]), random.Random(3))
    for size, viewport in {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}.items():
        page.set_viewport_size(viewport)
        page.goto(made["seats"][0]["invite"])
        page.wait_for_selector(".as-board[data-phase='actions'] button.as-token.lit")
        tokens = {t["name"]: t for t in page.evaluate(TOKENS)}
        assert all(t["token"] and not t["cut"] for t in tokens.values()), tokens
        assert [tokens[f"Offer {k}"]["camels"] for k in (1, 2, 3)] == [1, 2, 3]
        assert tokens["Buy plow"]["plow"] == 1 and tokens["Buy plow"]["camels"] == 2
        assert page.evaluate(CARD_IN_RING) <= 1, "the plow card reaches the token's ring"
        assert tokens["End actions"]["label"] == "End actions"
        dignitaries = [(tokens[n]["hut"], tokens[n]["camels"]) for n in ("Higher", "Middle", "Lower")]
        assert dignitaries == [(1, 4), (1, 3), (1, 2)]
        assert page.evaluate("document.documentElement.scrollWidth") <= viewport["width"]
        assert violations(page) == [], size
        page.mouse.move(0, 0)
        page.locator("[data-testid=as-assur]").scroll_into_view_if_needed()
        shot(page, f"assyria-actions-{size}", full_page=False)
    assert page.errors == []
