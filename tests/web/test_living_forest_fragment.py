"""Living Forest's Fragment token ([data-fragment], "Take a Fragment"), surely clicked in the browser (issue 39).

The whole-game test (test_living_forest_play.py) clicks the Fragment token only where it comes in the part
it clicks (step 37 of one game, not before round 7 of another). Here a two-player game against the greedy
bot is played through the API (a second device) to the start of one of my action turns where the token is
open, then the table page is opened on a phone (390x844, touch) and at desktop size: the token is drawn as the
game's piece, a tap or click previews it (the token chosen, "Selected: Take a Fragment" in the status bar,
nothing sent), Reset undoes that, and a second click with Confirm takes the Fragment: one of my turn's moves
(the seat's position and the page count it), stored with the turn when I end it.

The token is open at the start of every action turn of mine while the stock has Fragments (a turn's first
action may be any: rules.py, `_start_turn`). The hall draws the table's seed itself (the API takes none), so no
seed is picked: the API plays on to such a turn where something else is left to do after the Fragment, so that
my turn goes on after Confirm and no bot acts before the game is read. It comes soon: of 300 engine games
(seeds 0-299, the greedy bot against random moves of mine, fragment_turn_open's condition), 141 reached it in
round 1 and 132 in round 2, the slowest in round 6 after 22 moves of mine.
"""

from __future__ import annotations

import pytest

from meeple.games.living_forest.components import ACTIONS, FRAGMENT

from .api_play import deal_until
from .conftest import ARTIFACTS
from .helpers import engine_state, page_seq, settled, shoot, stored_moves

PHONE = {"width": 390, "height": 844}
DESKTOP = {"width": 1280, "height": 800}
TOKEN = ".lf [data-fragment]"
PROMPT = "[data-testid=prompt]"
FRAGMENT_MOVE = {"fragment": True}


def counted(n: int, one: str) -> str:
    """As the page counts: "1 Fragment tile", "2 Fragment tiles"."""
    return f"{n} {one}{'' if n == 1 else 's'}"


def fragment_turn_open(state: dict) -> bool:
    """My action turn has just begun (nothing taken, at least two actions), the Fragment token is open, and
    another move than the Fragment and "End my turn" is legal: after the Fragment my turn goes on."""
    action = state["view"]["action"]
    if not action or action["seat"] != 0 or state["pending"] or action["actions_left"] < 2:
        return False
    legal = [m["json"] for m in state["legal"]]
    return (FRAGMENT_MOVE in legal and not any(action["used"].values())
            and any(m not in (FRAGMENT_MOVE, {"done": True}) for m in legal))


def shown_prompt(page) -> str:
    return page.locator(PROMPT).inner_text()


@pytest.mark.parametrize("size", [PHONE, DESKTOP], ids=["phone", "desktop"])
def test_the_fragment_token_is_previewed_reset_and_taken(new_page, guest_session, server, size):
    phone = size is PHONE
    page = new_page(viewport=size, storage_state=guest_session, has_touch=phone)
    page.goto("/")
    # (a random game may end before my Fragment token is open: another table is dealt, up to five)
    made, _ = deal_until(page, server, "living_forest", 2, fragment_turn_open, bot="greedy", options={"kodama": False})
    table = made["table"]
    page.goto(made["seats"][0]["invite"])
    page.wait_for_selector(TOKEN)
    settled(page)
    game, before = engine_state(server, table)
    assert before.turn == 0 and before.used == [0] * 5 and before.frag_stock > 0
    seq, stored = page_seq(page), len(stored_moves(server, table))

    # Drawn as the game's piece: a Living Forest token with the Fragment's picture and a name to read.
    token = page.locator(TOKEN)
    assert token.count() == 1
    assert "lf-token" in token.get_attribute("class").split()
    assert token.locator("svg[data-icon='lf_fragment']").count() == 1
    assert token.get_attribute("aria-label") == "Take a Fragment"
    assert token.get_attribute("data-action") == ACTIONS[FRAGMENT]
    assert token.is_enabled()
    kind = "phone" if phone else "desktop"
    shoot(page, ".lf-actions[data-acting=actions]", ARTIFACTS / f"living_forest-fragment-{kind}.png")

    def press(locator) -> None:
        """A tap on the phone, a click at the desk."""
        locator.tap() if phone else locator.click()

    def choose_fragment() -> None:
        press(page.locator(TOKEN))
        page.wait_for_selector(f"{PROMPT}:has-text('Selected: Take a Fragment')")

    def nothing_sent() -> None:
        status, body = server.api("GET", f"/api/tables/{table}/state", token=made["token"])
        assert status == 200 and body["pending"] == [] and body["seq"] == seq
        assert engine_state(server, table)[1].frags == before.frags

    # The preview: the token chosen and named in the status bar; nothing is sent before Confirm.
    choose_fragment()
    assert "chosen" in page.locator(TOKEN).get_attribute("class").split()
    assert page.get_by_role("button", name="Confirm").is_enabled()
    shoot(page, ".lf-actions[data-acting=actions]", ARTIFACTS / f"living_forest-fragment-{kind}-chosen.png")
    nothing_sent()

    # Reset once: the selection is dropped, the token open again and not chosen, the game unchanged.
    press(page.get_by_role("button", name="Reset"))
    page.wait_for_function("p => !document.querySelector(p).textContent.includes('Selected:')", arg=PROMPT)
    assert "chosen" not in page.locator(TOKEN).get_attribute("class").split()
    assert not page.get_by_role("button", name="Confirm").is_enabled()
    nothing_sent()

    # Again, and Confirm: the Fragment is taken. My turn goes on, so the move waits among my turn's pending
    # moves (the seat's own position shows it; the stored log gets it when the turn ends, below).
    choose_fragment()
    press(page.get_by_role("button", name="Confirm"))  # (the status bar is busy before the click returns)
    settled(page, seq)
    assert "Selected:" not in shown_prompt(page)
    status, body = server.api("GET", f"/api/tables/{table}/state", token=made["token"])
    assert status == 200 and body["pending"] == [FRAGMENT_MOVE], body["pending"]
    _, after = engine_state(server, table)
    assert after.frags[0] == before.frags[0] + 1 and after.frag_stock == before.frag_stock - 1
    # It was my turn's Fragment action: one action spent, and my turn goes on with the rest.
    assert after.turn == 0 and after.used[FRAGMENT] == 1 and after.actions_left == before.actions_left - 1
    # The page says so: my Fragment tiles and the stock counted anew, the token now done, not open.
    me = page.locator(".lf-seat[data-seat='0']")
    assert me.locator(f"[aria-label='{counted(after.frags[0], 'Fragment tile')}']").count() == 1
    assert page.locator(f".lf [aria-label='{counted(after.frag_stock, 'Fragment')} in the stock']").count() == 1
    assert page.locator(TOKEN).count() == 0
    assert page.locator(".lf-actions [data-action=fragment] .tk-more").inner_text() == "done"

    # I end my turn (its token, then Confirm): the Fragment is in the stored game, mine.
    press(page.locator(".lf [data-done]"))
    page.wait_for_selector(f"{PROMPT}:has-text('Selected: End my turn')")
    press(page.get_by_role("button", name="Confirm"))
    settled(page, seq + 2)
    moves = stored_moves(server, table)[stored:stored + 2]
    assert [(m["seat"], m["move"]) for m in moves] == [(0, FRAGMENT_MOVE), (0, {"done": True})]
    assert engine_state(server, table)[1].frags[0] == before.frags[0] + 1  # (only my turns give me Fragments)
    assert page.errors == []
