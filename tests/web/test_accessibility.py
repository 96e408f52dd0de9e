"""axe-core (through axe-playwright-python) finds no serious or critical accessibility violation on the
lobby, at desktop and phone sizes (every game's table: test_accessible_whole_game.py)."""

from __future__ import annotations

import pytest

from tests.web.axe_check import serious_violations
from tests.web.helpers import sign_in_as_guest

SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}


# Every animation that ends (a card dropping into place fades in): axe reads colours as drawn, so a
# look taken mid-fade would measure a half-transparent card's contrast (Relative Space's refilled stash).
SETTLED = """() => Promise.all(document.getAnimations()
  .filter((a) => a.effect && a.effect.getComputedTiming().endTime !== Infinity)
  .map((a) => a.finished.catch(() => null)))"""


def violations(page) -> list[str]:
    page.evaluate(SETTLED)
    return serious_violations(page)


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


# A lobby made to fail: faint words (color-contrast, serious), a picture and a button with no name (image-alt and
# button-name, critical), and what only the minor and moderate rules report (a second main landmark, a heading
# five levels down, content outside every landmark), which serious_violations does not run.
BROKEN = """() => { const box = document.createElement('div');
  box.innerHTML = '<p>faint words</p><img src="/favicon.ico"><button></button><main>a second main</main>'
    + '<h5>a heading five levels down</h5>';
  Object.assign(box.querySelector('p').style, {color: '#bbb', background: '#fff'});  // (the CSP refuses style="")
  document.body.prepend(box); }"""


def test_the_short_look_finds_every_serious_violation_a_whole_axe_run_finds(new_page):
    from axe_playwright_python.sync_playwright import Axe

    page = new_page(viewport=SIZES["desktop"])
    page.goto("/")
    page.wait_for_selector("form")
    page.evaluate(BROKEN)
    first = serious_violations(page)  # (axe put into the page)
    every = Axe().run(page).response["violations"]
    assert {v["impact"] for v in every} >= {"moderate", "serious", "critical"}
    whole = [f"{v['id']} ({v['impact']}): {v['help']} at {[n['target'] for n in v['nodes'][:3]]}"
             for v in every if v["impact"] in ("serious", "critical")]
    assert {line.split(" ")[0] for line in whole} >= {"color-contrast", "image-alt", "button-name"}
    assert first == whole
    assert serious_violations(page) == whole  # a second look, axe already there
