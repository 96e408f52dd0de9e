"""A seat played from a second device (the API, with the seat's token) for most of a game, so that a
browser test can click only the part it looks at (the last hand, the last turns) and still see a
whole game to its end without spending minutes drawing every move."""

from __future__ import annotations

import random
import time

# The page's player leaves their seat (a bot plays it on): the answer's status.
LEAVE = """([table, token]) => fetch(`/api/tables/${table}/leave`, {method: "POST",
  headers: {"X-Seat-Token": token, "Content-Type": "application/json"}, body: "{}"}).then((r) => r.status)"""


def send_random_move(server, table: str, token: str, state: dict, rng: random.Random):
    """The seat's Confirm where it has one, else one random legal move: (status, body); None when the
    seat has nothing to do (the bots' turn)."""
    if state["can_confirm"]:
        return server.api("POST", f"/api/tables/{table}/confirm",
                          {"seq": state["seq"], "pending": len(state["pending"])}, token=token)
    if state["legal"]:
        return server.api("POST", f"/api/tables/{table}/moves",
                          {"seq": state["seq"], "pending": len(state["pending"]),
                           "move": rng.choice(state["legal"])["json"]}, token=token)
    return None


def wait_finished(server, table: str, timeout: float = 120) -> None:
    """Bots play on with no page open: the API is asked, a few times a second, until the game is over."""
    end = time.monotonic() + timeout
    while server.api("GET", f"/api/tables/{table}")[1]["status"] != "finished":
        assert time.monotonic() < end, "the bots did not finish the game"
        time.sleep(0.2)


def play_by_api(server, table: str, token: str, until, rng: random.Random, timeout: float = 240) -> dict:
    """The seat's random moves (each turn confirmed), the bots answering, until `until(state)` holds
    for the seat's state body or the game is over; that body."""
    end = time.monotonic() + timeout
    while True:
        status, state = server.api("GET", f"/api/tables/{table}/state", token=token)
        assert status == 200, state
        if state["status"] == "finished" or until(state):
            return state
        assert time.monotonic() < end, "the game did not get there in time"
        sent = send_random_move(server, table, token, state, rng)
        if sent is None:
            time.sleep(0.05)  # the bots' turn
            continue
        status, body = sent
        if status == 429:  # the hall's move rate (15 a second after a burst of 30): waited out
            time.sleep(0.3)
            continue
        assert status in (200, 409), body  # 409: a bot moved first; asked again


def deal_until(page, server, game: str, players: int, until, tries: int = 5, bot: str = "random",
               **body) -> tuple[dict, dict]:
    """A new table of `game` made by the page's player against bots of level `bot` (`body`: more of the creation's
    fields, such as options), played by the API (my seat at random) until `until(state)`: (its creation answer,
    my state). A random game may end before it gets there: then another table is dealt, up to `tries`, each with
    its own seed."""
    from tests.web.helpers import create_by_api  # (helpers imports the hall; this module stays light)

    for seed in range(tries):
        made = create_by_api(page, game, players, bot=bot, **body)
        state = play_by_api(server, made["table"], made["token"], until, random.Random(seed))
        if state["status"] != "finished":
            return made, state
    raise AssertionError(f"{tries} random {game} games ended before getting there")


def open_when_bots_finished(page, server, made: dict) -> None:
    """The page's player (seat 1 of `made`, a table of bots besides) leaves, the bots play the game out with no
    page open, and the page opens the finished table by its invite."""
    assert page.evaluate(LEAVE, [made["table"], made["token"]]) == 200
    page.goto("about:blank")
    wait_finished(server, made["table"])
    page.goto(made["seats"][0]["invite"])
