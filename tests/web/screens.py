"""The screenshots of docs/img, retaken from the tree (issue 34): every game at 1280x800 and 390x844,
at the start (at its smallest table of two or more seats), mid-game and at the end (at its largest),
as the window shows them:

    docs/img/<game>-desktop.png       docs/img/<game>-phone.png        my first turn, fewest seats
    docs/img/<game>-desktop-mid.png   docs/img/<game>-phone-mid.png    my turn, mid-game, most seats
    docs/img/<game>-desktop-end.png   docs/img/<game>-phone-end.png    the result, most seats

and Turing Machine's four-seat desktop page with an Ask chosen before Confirm
(docs/img/turing_machine-4p-mid-desktop.png); and for Wizard, Ninety-Nine, Assyria, Digging for Dinos
and Toy Battle a move selected and previewed before Confirm, clicked on the board as a player would
(docs/img/<game>-preview-desktop.png and -phone.png: a bid, a premium, a well or the end of the
actions, a dig, a troop on its node). For the six boards issue 34 redrew (Living Forest, Turing Machine,
Wizard, Ninety-Nine, Assyria, Digging for Dinos), the whole matrix: smallest and largest table x start,
mid-game with a preview before Confirm, result x desktop and phone (test_screens_matrix below).

Not part of the suite (the name is not test_*.py): run it by hand, all games or some,

    .venv/bin/python -m pytest -q tests/web/screens.py [-k wizard]

then open every image and look. My seat's moves are random, played from the API (tests/web/api_play.py)
with no page open; the bots are random too, so that a whole game takes seconds. Each size is a reload
of the page at that size, shot once the page shows my turn (or the result) and the acting area's
scrolling has settled (acting.js scrolls once, then again 250 ms later)."""

from __future__ import annotations

import random
from pathlib import Path

import pytest

from meeple import games
from tests.conftest import TOY_GAMES
from tests.web.api_play import play_by_api
from tests.web.helpers import create_by_api

IMG = Path(__file__).resolve().parents[2] / "docs" / "img"
SIZES = {"desktop": {"width": 1280, "height": 800}, "phone": {"width": 390, "height": 844}}
MY_TURN = "() => !!document.querySelector('.prompt.my-turn') || !!document.querySelector('.result')"
# The result, its score chart drawn (it says "Drawing the scores..." while the replay steps load).
RESULT = ("() => { const r = document.querySelector('.result');"
          " return !!r && !r.textContent.includes('Drawing the scores'); }")
SETTLED = "() => new Promise((done) => setTimeout(done, 400))"  # acting.js's second scroll has run


def mine(state: dict) -> bool:
    return bool(state["legal"])


def shoot(page, invite: str, name: str, ready: str = MY_TURN) -> None:
    """The page at each size, freshly opened, as the player sees it: docs/img/<name with the size>.png."""
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(invite)
        page.wait_for_function(ready, timeout=60000)
        page.evaluate(SETTLED)
        page.mouse.move(0, 0)  # no tooltip left under the pointer
        page.screenshot(path=str(IMG / name.format(size=size)))


@pytest.mark.parametrize("game_id", [g for g in games.ids() if g not in TOY_GAMES])
def test_screens_at_the_start_mid_game_and_the_end(new_page, guest_session, server, game_id):
    game = games.get(game_id)
    page = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    page.goto("/")
    rng = random.Random(game_id)
    fewest = create_by_api(page, game_id, max(2, game.min_players))
    play_by_api(server, fewest["table"], fewest["token"], mine, rng)
    shoot(page, fewest["seats"][0]["invite"], f"{game_id}-{{size}}.png")
    page.goto("/")
    made = create_by_api(page, game_id, game.max_players)
    table, token, invite = made["table"], made["token"], made["seats"][0]["invite"]
    page.goto("about:blank")
    # Mid-game: my turn once a third of a typical game is stored (Turing Machine: my first Ask).
    if game_id == "turing_machine":
        play_by_api(server, table, token, lambda s: any("ask" in m["json"] for m in s["legal"]), rng)
        shoot(page, invite, f"{game_id}-{{size}}-mid.png")
        page.set_viewport_size(SIZES["desktop"])
        page.goto(invite)
        page.wait_for_function(MY_TURN, timeout=60000)
        page.locator("button:has-text('Ask B'), button:has-text('Ask A')").first.click()
        page.wait_for_selector(".prompt:has-text('Selected:')")
        page.evaluate(SETTLED)
        page.mouse.move(0, 0)
        page.screenshot(path=str(IMG / "turing_machine-4p-mid-desktop.png"))
    else:
        middle = 8 * game.max_players
        state = play_by_api(server, table, token, lambda s: s["seq"] >= middle and mine(s), rng)
        if state["status"] != "finished":
            shoot(page, invite, f"{game_id}-{{size}}-mid.png")
    page.goto("about:blank")
    state = play_by_api(server, table, token, lambda s: False, rng, timeout=600)
    assert state["status"] == "finished"
    shoot(page, invite, f"{game_id}-{{size}}-end.png", ready=RESULT)


# The preview before Confirm, per game: when my seat has got there (by the API), and the clicks on the board
# that select such a move (each a selector, the first present clicked; a list of steps in turn).
PREVIEWS = {
    "wizard": (lambda s: s["seq"] > 40 and any("bid" in m["json"] for m in s["legal"]),
               [["[data-bid-choice]:not([disabled])"]]),
    "ninety_nine": (lambda s: any("premium" in m["json"] for m in s["legal"]),
                    [["[data-premium='declare']", "[data-premium='reveal']", "[data-premium]"]]),
    # (a well is rarely open to random play: else the end of my actions, which the panels preview too)
    "assyria": (lambda s: s["view"]["phase"] in ("wells", "actions") and s["seq"] > 30,
                [[".as-board .as-well.spot", ".as-board button.as-token.lit:has-text('End actions')",
                  ".as-board button.as-token.lit:has-text('No more wells')"]]),
    "digging_for_dinos": (lambda s: s["seq"] > 12 and any({"to", "place"} & set(m["json"]) for m in s["legal"]),
                          [[".dd-board .dd-cell.lit"]]),
    "toy_battle": (lambda s: s["seq"] > 6 and any("place" in m["json"] for m in s["legal"]),
                   [[".tb-troop.can-place"], [".tb-field .node.lit"]]),
}
SELECTED = ".prompt:has-text('Selected:')"


@pytest.mark.parametrize("game_id", sorted(PREVIEWS))
def test_screens_of_a_move_previewed_before_confirm(new_page, guest_session, server, game_id):
    game = games.get(game_id)
    page = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, min(3, game.max_players))
    until, steps = PREVIEWS[game_id]
    state = play_by_api(server, made["table"], made["token"], lambda s: bool(s["legal"]) and until(s),
                        random.Random(game_id))
    assert state["status"] != "finished", "the game ended before a preview"
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(made["seats"][0]["invite"])
        page.wait_for_function(MY_TURN, timeout=60000)
        for choices in steps:
            target = next(page.locator(sel).last for sel in choices if page.locator(sel).count())
            target.scroll_into_view_if_needed()
            target.click(position={"x": 14, "y": 30} if "tt-card" in (target.get_attribute("class") or "") else None)
        page.wait_for_selector(SELECTED)
        page.evaluate(SETTLED)
        page.mouse.move(0, 0)
        page.screenshot(path=str(IMG / f"{game_id}-preview-{size}.png"))


# Issue 34's matrix for the six boards it redrew: at the smallest and the largest table (Turing Machine: solo
# and four; Ninety-Nine: three only), the start (my first turn), mid-game with a move clicked on the board and
# previewed before Confirm, and the result, at both sizes: docs/img/<game>-<n>p-<start|mid|result>-<desktop|
# phone>.png ("result", not "end": the hand-taken <game>-<n>p-end-*.png show other things, the last trick or a
# watched end, and stay). Each preview is (when my seat has got there, by the API; the clicks, each step a list
# of selectors, the first present clicked, a step with none present skipped). `-k matrix`, 3 minutes.
MATRIX = {
    **PREVIEWS,
    "living_forest": (lambda s: any("plant" in m["json"] for m in s["legal"]),
                      [[".lf .lf-dispenser .lf-tree-piece.lit"], [".lf-seat[data-seat='0'] .lf-space.lit"]]),
    "turing_machine": (lambda s: s["view"].get("you", {}).get("phase") == "compose", "punch and ask"),
}
del MATRIX["toy_battle"]


class NoGuess(random.Random):
    """Turing Machine: my random seat never guesses (a random guess is wrong, and out before mid-game)."""

    def choice(self, seq):
        return super().choice([m for m in seq if "guess" not in m["json"]] or seq)


def punch_and_ask(page) -> None:
    """Turing Machine: a proposal punched (each punch waits, pending, on the card) and an Ask chosen."""
    for colour in "byp":
        if not page.locator(f"[data-punch^='{colour}'][aria-pressed='true']").count():
            page.locator(f"[data-punch='{colour}3']").click()
            page.wait_for_selector(f"[data-punch='{colour}3'][aria-pressed='true'], {SELECTED}")
    if not page.locator(SELECTED).count():
        page.locator("[data-ask]").first.click()
    page.wait_for_selector(SELECTED)


def click_steps(page, steps) -> None:
    if steps == "punch and ask":
        return punch_and_ask(page)
    for choices in steps:
        present = [sel for sel in choices if page.locator(sel).count()]
        if not present:
            continue
        target = page.locator(present[0]).last
        target.scroll_into_view_if_needed()
        target.click(position={"x": 14, "y": 30} if "tt-card" in (target.get_attribute("class") or "") else None)
    page.wait_for_selector(SELECTED)


@pytest.mark.parametrize("players", ["fewest", "most"])
@pytest.mark.parametrize("game_id", sorted(MATRIX))
def test_screens_matrix(new_page, guest_session, server, game_id, players):
    game = games.get(game_id)
    n = game.min_players if players == "fewest" else game.max_players
    page = new_page(viewport=SIZES["desktop"], storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, game_id, n)
    table, token, invite = made["table"], made["token"], made["seats"][0]["invite"]
    rng = NoGuess(f"{game_id}-{n}") if game_id == "turing_machine" else random.Random(f"{game_id}-{n}")
    play_by_api(server, table, token, mine, rng)
    shoot(page, invite, f"{game_id}-{n}p-start-{{size}}.png")
    page.goto("about:blank")
    until, steps = MATRIX[game_id]
    middle = 8 if game_id == "turing_machine" else 8 * n
    state = play_by_api(server, table, token, lambda s: s["seq"] >= middle and mine(s) and until(s), rng)
    assert state["status"] != "finished", "the game ended before a preview"
    for size, viewport in SIZES.items():
        page.set_viewport_size(viewport)
        page.goto(invite)
        page.wait_for_function(MY_TURN, timeout=60000)
        click_steps(page, steps)
        page.evaluate(SETTLED)
        page.mouse.move(0, 0)
        page.screenshot(path=str(IMG / f"{game_id}-{n}p-mid-{size}.png"))
    page.goto("about:blank")
    state = play_by_api(server, table, token, lambda s: False, rng, timeout=600)
    assert state["status"] == "finished"
    shoot(page, invite, f"{game_id}-{n}p-result-{{size}}.png", ready=RESULT)
