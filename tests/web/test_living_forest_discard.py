"""Living Forest's Discard token ([data-discard], "Spend a Fragment on the card just drawn"), surely clicked in
the browser (issue 39).

No whole-game test reaches it by its clicks. Here a two-player game against the greedy bot is played through the
API (a second device) to a draw phase of mine where a card has just been drawn, a Fragment of mine can be spent
on it and I could draw again; then the table page is opened on a phone (390x844, touch) and at desktop size: the
token is drawn as the game's piece, a tap or click previews it (the token chosen, "Selected: Spend a Fragment on
the card just drawn" in the status bar, nothing sent), Reset undoes that, and a second click with Confirm spends
the Fragment: the card leaves my Help Line for my discard (a Fire Varan for its stack), my Fragment goes back to
the stock. It waits among my pending moves (it shows nothing hidden) until my next draw stores both.

A Fragment is had only from the Fragment action, so the game must go on a while first: of 100 engine games (seeds
0-99, random moves of mine, the greedy bot), every one got there, most in round 2, the slowest in round 9.
"""

from __future__ import annotations

import random

import pytest

from meeple.games.living_forest.components import VARAN

from .api_play import play_by_api
from .conftest import ARTIFACTS
from .helpers import create_by_api, engine_state, page_seq, settled, shoot, stored_moves

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TOKEN = ".lf [data-discard]"
DRAW = ".lf [data-draw]"
PROMPT = "[data-testid=prompt]"
LABEL = "Spend a Fragment on the card just drawn"
DISCARD_MOVE = {"discard": True}


def counted(n: int, one: str) -> str:
    """As the page counts: "1 Fragment tile", "2 Fragment tiles"."""
    return f"{n} {one}{'' if n == 1 else 's'}"


def discard_open(state: dict) -> bool:
    """My draw phase, a card just drawn, a Fragment of mine to spend on it, nothing pending, and a draw
    still open (after the Discard I draw again, which stores both); the bot done drawing, so that nothing
    but my clicks changes the table while the test reads it."""
    legal = [m["json"] for m in state["legal"]]
    return (state["to_move"] == [0] and not state["pending"] and DISCARD_MOVE in legal
            and {"draw": True} in legal)


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_discard_token_is_previewed_reset_and_spent(new_page, guest_session, server, size):
    phone = size is PHONE
    page = new_page(viewport=size, storage_state=guest_session, has_touch=phone)
    page.goto("/")
    made = create_by_api(page, "living_forest", 2, bot="greedy", options={"kodama": False})
    table = made["table"]
    body = play_by_api(server, table, made["token"], discard_open, random.Random(41), timeout=120)
    assert body["status"] != "finished", "the game ended before my Discard token was open"
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(TOKEN)
    settled(page)
    game, before = engine_state(server, table)
    assert before.just_drawn[0] and before.frags[0] > 0
    card = before.help[0][-1]
    seq, stored = page_seq(page), len(stored_moves(server, table))

    # Drawn as the game's piece: a Living Forest token with the Fragment's picture and a name to read.
    token = page.locator(TOKEN)
    assert token.count() == 1
    assert "lf-token" in token.get_attribute("class").split()
    assert token.locator("svg[data-icon='lf_fragment']").count() == 1
    assert token.get_attribute("aria-label") == LABEL
    assert token.is_enabled()
    kind = "phone" if phone else "desktop"
    shoot(page, ".lf-help[data-acting=draw]", ARTIFACTS / f"living_forest-discard-{kind}.png")

    def press(locator) -> None:
        """A tap on the phone, a click at the desk."""
        locator.tap() if phone else locator.click()

    def choose_discard() -> None:
        press(page.locator(TOKEN))
        page.wait_for_selector(f"{PROMPT}:has-text('Selected: {LABEL}')")

    def nothing_sent() -> None:
        status, body = server.api("GET", f"/api/tables/{table}/state", token=made["token"])
        assert status == 200 and body["pending"] == [] and body["seq"] == seq
        _, now = engine_state(server, table)
        assert now.frags[0] == before.frags[0] and now.help[0] == before.help[0]

    # The preview: the token chosen and named in the status bar; nothing is sent before Confirm.
    choose_discard()
    assert "chosen" in page.locator(TOKEN).get_attribute("class").split()
    assert page.get_by_role("button", name="Confirm").is_enabled()
    shoot(page, ".lf-help[data-acting=draw]", ARTIFACTS / f"living_forest-discard-{kind}-chosen.png")
    nothing_sent()

    # Reset once: the selection is dropped, the token open again and not chosen, the game unchanged.
    press(page.get_by_role("button", name="Reset"))
    page.wait_for_function("p => !document.querySelector(p).textContent.includes('Selected:')", arg=PROMPT)
    assert "chosen" not in page.locator(TOKEN).get_attribute("class").split()
    assert not page.get_by_role("button", name="Confirm").is_enabled()
    nothing_sent()

    # Again, and Confirm: the Fragment is spent. The move hides nothing, so it waits among my pending moves
    # (the seat's own position shows it) until a move that turns up a card stores it.
    choose_discard()
    press(page.get_by_role("button", name="Confirm"))  # (the status bar is busy before the click returns)
    settled(page, seq)
    assert "Selected:" not in page.locator(PROMPT).inner_text()
    status, body = server.api("GET", f"/api/tables/{table}/state", token=made["token"])
    assert status == 200 and body["pending"] == [DISCARD_MOVE], body["pending"]
    _, after = engine_state(server, table)
    assert after.frags[0] == before.frags[0] - 1 and after.frag_stock == before.frag_stock + 1
    assert after.help[0] == before.help[0][:-1] and not after.just_drawn[0]
    if card == VARAN:
        assert after.varan_stock == before.varan_stock + 1
    else:
        assert after.discard[0] == before.discard[0] + [card]
    # The page says so: my Fragment tiles and the stock counted anew, the token gone with the card.
    me = page.locator(".lf-seat[data-seat='0']")
    assert me.locator(f"[aria-label='{counted(after.frags[0], 'Fragment tile')}']").count() == 1
    assert page.locator(f".lf [aria-label='{counted(after.frag_stock, 'Fragment')} in the stock']").count() == 1
    assert page.locator(TOKEN).count() == 0

    # I draw again: it turns up a hidden card, so it would store the Discard with it, and the page asks for
    # Confirm first (a move that stores the turn's pending moves is selected, not sent).
    press(page.locator(DRAW))
    page.wait_for_selector(f"{PROMPT}:has-text('Selected: Draw a card')")
    press(page.get_by_role("button", name="Confirm"))
    settled(page, seq + 2)
    moves = stored_moves(server, table)[stored:stored + 2]
    assert [(m["seat"], m["move"]) for m in moves] == [(0, DISCARD_MOVE), (0, {"draw": True})]
    assert engine_state(server, table)[1].frags[0] == after.frags[0]
    assert page.errors == []
