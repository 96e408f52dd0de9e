"""Two friends at one table, each in a browser of their own: Ada makes it through the API and both take their
seats by their invite links (the tests/web/test_friends_* tests)."""

from __future__ import annotations

from tests.web.helpers import sign_in_as_guest, table_id

DESKTOP = {"width": 1280, "height": 800}
PHONE = {"width": 390, "height": 844}

CREATE = """async (body) => {
  const r = await fetch("/api/tables", {method: "POST", headers: {"Content-Type": "application/json"},
    body: JSON.stringify(body)});
  return await r.json();
}"""


def browser(new_page, size: dict):
    """A page at `size`: a phone's (touch) where it is narrower than a desktop."""
    phone = size["width"] < DESKTOP["width"]
    return new_page(viewport=size, is_mobile=phone, has_touch=phone)


def seat_two_friends(new_page, ada_size: dict = DESKTOP, bob_size: dict = PHONE, game: str = "picnic",
                     clock: dict | None = None, bots: int = 0) -> tuple:
    """Ada (seat 1) and Bob (seat 2), then `bots` random bots, at a new table of `game` with `clock` (none by
    default); Bob's page opens first. Returns (ada, bob, the creation answer)."""
    ada = browser(new_page, ada_size)
    sign_in_as_guest(ada, "Ada")
    seats = [{"type": "human"}] * 2 + [{"type": "bot", "level": "random"}] * bots
    made = ada.evaluate(CREATE, {"game": game, "players": len(seats), "seats": seats, "join_seat": 0,
                                 "clock": clock or {"mode": "none"}})
    bob = browser(new_page, bob_size)
    sign_in_as_guest(bob, "Bob")
    bob.goto(made["seats"][1]["invite"])
    ada.goto(made["seats"][0]["invite"])
    return ada, bob, made


def finished_by_their_clocks(new_page, ada_size: dict = DESKTOP, bob_size: dict = PHONE) -> tuple:
    """Two friends at a Picnic table with the hall's shortest clock (a second a move): both clocks run out and the
    bots that play on for them finish the game fast. Returns (ada, bob, the creation answer), both at the result."""
    ada, bob, made = seat_two_friends(new_page, ada_size, bob_size, clock={"mode": "realtime", "per_move_s": 1})
    for page in (ada, bob):
        page.locator(".result").wait_for(timeout=120000)
    return ada, bob, made


def ada_asks_for_a_rematch(ada, made: dict) -> str:
    """Ada presses Rematch at the finished table and is taken to the new one: its id."""
    ada.get_by_test_id("rematch").click()
    ada.wait_for_url(lambda url: made["table"] not in url)
    return table_id(ada)
