"""Ninety-Nine's trick stays on the felt (issue 34 polish): on a desktop at three seats a played card
sat on the cloth's rim, half off the green. Every card of the trick, its name tag included, must lie
inside the cloth's ellipse (within its wooden rim), at 1280x800 and 390x844; Wizard's table (the same
cards.js) at 3 and 6 seats too."""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .conftest import ARTIFACTS
from .helpers import create_by_api, shoot

# For each played card, how far (px) its box reaches outside the cloth's inner ellipse: 0 when inside.
OUTSIDE = """() => {
  const cloth = document.querySelector('.tt-cloth');
  const c = cloth.getBoundingClientRect();
  const rim = parseFloat(getComputedStyle(cloth).borderTopWidth);
  const cx = (c.left + c.right) / 2, cy = (c.top + c.bottom) / 2, a = c.width / 2 - rim, b = c.height / 2 - rim;
  return [...document.querySelectorAll('.tt-played')].map((p) => {
    const r = p.getBoundingClientRect();
    let worst = 0;
    for (const [x, y] of [[r.left, r.top], [r.right, r.top], [r.left, r.bottom], [r.right, r.bottom]]) {
      const k = Math.hypot((x - cx) / a, (y - cy) / b);
      if (k > 1) worst = Math.max(worst, (k - 1) * Math.min(a, b));
    }
    return Math.round(worst);
  });
}"""
# Pairs of played cards whose boxes (name tags included) overlap.
OVERLAPS = """() => { const r = [...document.querySelectorAll('.tt-played')].map((p) => p.getBoundingClientRect());
  return r.flatMap((a, i) => r.slice(i + 1).filter((b) => a.left < b.right - 1 && b.left < a.right - 1
    && a.top < b.bottom - 1 && b.top < a.bottom - 1).map(() => i)).length; }"""


@pytest.mark.parametrize(("game", "players"), [("ninety_nine", 3), ("wizard", 3), ("wizard", 6)])
def test_the_trick_lies_on_the_felt(new_page, guest_session, server, game, players):
    page = new_page(viewport={"width": 1280, "height": 800}, storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game, players)
    # My turn to play with the others' cards of the trick on the table.
    play_by_api(server, made["table"], made["token"], lambda s: bool(s["legal"]) and s["view"]["phase"] == "play"
                and len(s["view"]["trick"]) == players - 1, random.Random(players))
    for viewport in ({"width": 1280, "height": 800}, {"width": 390, "height": 844}):
        page.set_viewport_size(viewport)
        page.goto(made["seats"][0]["invite"])
        page.wait_for_selector(".tt-played")
        assert page.locator(".tt-played").count() == players - 1
        shoot(page, ".tt-felt", ARTIFACTS / f"felt-{game}-{players}p-{viewport['width']}.png")
        assert page.evaluate(OUTSIDE) == [0] * (players - 1), viewport
        assert page.evaluate(OVERLAPS) == 0, viewport
    assert page.errors == []
