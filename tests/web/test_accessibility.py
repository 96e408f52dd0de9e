"""axe-core (through axe-playwright-python) finds no serious or critical accessibility violation on the
lobby, at desktop and phone sizes (every game's table: test_accessible_whole_game.py)."""

from __future__ import annotations

import pytest

from tests.web.helpers import sign_in_as_guest

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


# Every animation that ends (a card dropping into place fades in): axe reads colours as drawn, so a
# look taken mid-fade would measure a half-transparent card's contrast (Relative Space's refilled stash).
SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""


def violations(page) -> list[str]:
    from axe_playwright_python.sync_playwright import Axe

    page.evaluate(SETTLED)
    found = Axe().run(page).response["violations"]
    return [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
            for v in found if v["impact"] in ("serious", "critical")]


@pytest.mark.parametrize("size", SIZES)
def test_the_lobby_has_no_serious_violation(new_page, size):
    page = new_page(viewport=SIZES[size])
    page.goto("/")
    page.wait_for_selector("form")
    assert violations(page) == []
    sign_in_as_guest(page, "Ada")
    assert violations(page) == []


# A table of every game, at the start, mid-game and at the end, at both sizes:
# tests/web/test_accessible_whole_game.py.
