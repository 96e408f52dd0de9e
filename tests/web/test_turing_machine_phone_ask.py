"""Turing Machine: while I choose what to ask, the proposal I ask about stays in view (issue 34 leftover).

On a phone the punch card came under the criteria cards: choosing an Ask at the top card, the proposal was
out of view. Scrolled through the page in steps, wherever an Ask button is in view (and not covered), the
proposal must be too: on a phone a small copy of it held at the top of the cards, on a desktop the punch
card beside them. At the largest table (four players, six verifiers, two criteria cards each or nightmare's
separate letters), at 390x844 and 1280x800.
"""

from __future__ import annotations

import random

import pytest

from .api_play import play_by_api
from .conftest import shot
from .helpers import create_by_api

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
# At one scroll position: the Ask buttons wholly in view above the status bar and not covered, and whether
# `proposal` is too: a copy of it, or the punch card's three punched holes.
LOOK = """(proposal) => {
  const floor = document.querySelector('.status-bar').getBoundingClientRect().top;
  const seen = (el) => {
    const r = el.getBoundingClientRect();
    if (!r.width || r.top < 0 || r.bottom > floor) return false;
    const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
    return !!hit && el.contains(hit);
  };
  const asks = [...document.querySelectorAll('.board-host [data-ask]')].filter(seen).map((b) => b.dataset.ask);
  // a copy of the proposal, or the punch card's punched holes, each in view
  const copy = [...document.querySelectorAll('.board-host [data-proposal]')]
    .some((el) => seen(el) && el.dataset.proposal === proposal);
  const holes = [...document.querySelectorAll('.board-host .tm-punch [data-punch][aria-pressed="true"]')];
  const punched = holes.length === 3 && holes.every(seen) && holes.map((b) => b.textContent).join('') === proposal;
  const shown = copy || punched;
  return { asks, shown };
}"""


def asking(state: dict) -> bool:
    return any("ask" in m["json"] for m in state["legal"])


@pytest.mark.parametrize("size", SIZES)
@pytest.mark.parametrize("mode", ["extreme", "nightmare"])
def test_the_proposal_is_in_view_while_choosing_an_ask(new_page, guest_session, server, mode, size):
    page = new_page(viewport=SIZES[size], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "turing_machine", 4, options={"verifiers": 6, "mode": mode})
    state = play_by_api(server, made["table"], made["token"], asking, random.Random(4))
    proposal = state["view"]["you"]["proposal"]
    assert len(proposal) == 3
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn")
    letters = set(page.locator(".board-host [data-ask]").evaluate_all("els => els.map((b) => b.dataset.ask)"))
    assert len(letters) == 6
    height = page.evaluate("() => document.documentElement.scrollHeight - window.innerHeight")
    met, lost = set(), []
    for y in range(0, height + 60, 60):
        page.evaluate("(y) => window.scrollTo(0, y)", y)
        look = page.evaluate(LOOK, proposal)
        met.update(look["asks"])
        if look["asks"] and not look["shown"]:
            lost.append((y, look["asks"]))
    assert met == letters, "every Ask was in view at some point"
    assert lost == [], f"Ask buttons in view without the proposal (scroll y, letters): {lost}"
    # Choosing one: the copy (or the punch card) says which, and the Ask is marked.
    last = sorted(letters)[-1]
    page.locator(f".board-host [data-ask='{last}']").first.click()
    page.wait_for_selector(".prompt:has-text('Selected:')")
    look = page.evaluate(LOOK, proposal)
    assert look["shown"] and last in look["asks"]
    if size == "phone":
        assert page.locator("[data-proposal].tm-asking").inner_text().startswith(f"Asking {last}")
    page.mouse.move(0, 0)
    shot(page, f"tm-ask-{mode}-{size}", full_page=False)
    assert page.errors == []


# The card whose Ask the hint chose: its band (letter, card numbers, the Ask pressed) wholly in view above the
# status bar and not covered (by the copy of the proposal held at the top).
HINTED_IN_VIEW = """() => {
  const band = document.querySelector('.board-host .tm-card.chosen h3');
  if (!band || !band.querySelector('[data-ask][aria-pressed="true"]')) return false;
  const r = band.getBoundingClientRect();
  const floor = document.querySelector('.status-bar').getBoundingClientRect().top;
  const clear = (x, y) => { const hit = document.elementFromPoint(x, y); return !!hit && band.contains(hit); };
  return r.top >= 0 && r.bottom <= floor && clear(r.left + 12, r.top + 3)
    && clear(r.left + r.width / 2, r.top + r.height / 2);
}"""


def test_a_hinted_ask_is_brought_into_view_on_a_phone(new_page, guest_session, server):
    """The hall's hint is answered here with an Ask of the first card (the search may as well say "done",
    and which move it picks is tests/server's concern): what is checked is the page's part, the Ask lit
    and brought into view from the foot of the page, its card's band not under the copy held at the top."""
    page = new_page(viewport=SIZES["phone"], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "turing_machine", 1, rated=False, options={"verifiers": 6, "mode": "extreme"})
    play_by_api(server, made["table"], made["token"], asking, random.Random(6))
    hint = {"hint": {"move": {"ask": "A"}, "words": "ask A", "why": "The search would ask A."}}
    page.route("**/hint", lambda route: route.fulfill(json=hint) if route.request.method == "POST"
               else route.continue_())
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(".prompt.my-turn")
    page.evaluate("() => window.scrollTo(0, document.documentElement.scrollHeight)")  # the notes in view
    page.get_by_test_id("hint").click()
    page.get_by_test_id("hint-line").wait_for(state="visible")
    page.wait_for_function(HINTED_IN_VIEW, timeout=5000)
    assert page.locator("[data-proposal].tm-asking").inner_text().startswith("Asking A")
    page.mouse.move(0, 0)
    shot(page, "tm-hint-phone", full_page=False)
    assert page.errors == []
