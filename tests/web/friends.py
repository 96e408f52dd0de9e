"""Two friends at one table, each in a browser of their own: Ada makes it through the API and both take their
seats by their invite links (the tests/web/test_friends_* tests)."""

from __future__ import annotations

from tests.web.helpers import sign_in_as_guest

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
