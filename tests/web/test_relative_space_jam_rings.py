"""Relative Space: the orange ring on the cards a jam brought back marks what just changed, as Picnic's newest
tiles are marked: it stays while the jam is the last move, and goes with the next move, though never before
the jam has played out (the cards dropping back into the stash).

It stayed until whatever drew the board next: against a bot, which answers within the jam's 1.8 s, the page
drew the bot's move while the jam played out, and the rings then stayed on after it, through the whole of
my turn's thinking, until my first click drew the board again.

Both seats are played from the API (two players, no bot), so that nothing moves but what the test plays.
"""

from __future__ import annotations

import json
import random
import time
import urllib.request
from http.cookies import SimpleCookie

import pytest

from .conftest import shot
from .helpers import CREATE_BY_API, settled, two_frames

SIZES = {"phone": {"width": 390, "height": 844}, "desktop": {"width": 1280, "height": 800}}
SPECIAL = {"KEY", "LAST", "LAUNCH", "ZERO"}

# The slots of a seat's stash whose card is ringed (an outline drawn), as the page shows them now.
RINGS = """(seat) => [...document.querySelectorAll(`[data-stash='${seat}'] .rs-card`)]
  .filter((el) => getComputedStyle(el).outlineStyle !== 'none').map((el) => el.dataset.slot).sort()"""
# Whether the jam is still playing out on the board (its cards shuffled, then dropping back).
PLAYING = """() => document.querySelector('.rs-board').getAnimations({subtree: true})
  .some((a) => /^rs-/.test(a.animationName || '') && a.playState !== 'finished')"""
PLAYED_OUT = f"() => document.querySelector(\".rs-event[data-event='jam']\") && !({PLAYING})()"


def guest_cookie(server, name: str) -> str:
    request = urllib.request.Request(server.url + "/api/auth/guest", data=json.dumps({"name": name}).encode(),
                                     method="POST", headers={"Content-Type": "application/json"})
    with urllib.request.urlopen(request, timeout=10) as answer:
        return "meeple_session=" + SimpleCookie(answer.headers["Set-Cookie"])["meeple_session"].value


def cell_of(view: dict, seat: int, slot: str) -> dict | None:
    return view["stashes"][seat]["slots"][view["slot_names"].index(slot)]


def plays(state: dict, jam: bool) -> list[dict]:
    """My legal moves of a face-up item that jams its pod and refills a space of mine (`jam`), or that loads."""
    v = state["view"]
    found = []
    for move in (entry["json"] for entry in state["legal"]):
        if "play" not in move or "pod" not in move:
            continue
        cell = cell_of(v, state["my_seat"], move["play"])
        if not cell or cell.get("down") or cell["card"] in SPECIAL:
            continue
        pod = next(p for p in v["pods"] if p["id"] == move["pod"])
        if (int(cell["card"]) < pod["value"]) == jam and (not jam or v["start_empty"]):
            found.append(move)
    return found


def pickable(state: dict) -> str | None:
    """A space of my stash whose card I may play and that a click picks (a face-up item or a face-down card:
    a Keycard or a Last Call would be played or opened at once)."""
    for move in (entry["json"] for entry in state["legal"]):
        cell = cell_of(state["view"], state["my_seat"], move["play"]) if "play" in move else None
        if cell and (cell.get("down") or cell["card"] not in SPECIAL):
            return move["play"]
    return None


class Seats:
    """The table's two seats, each played from the API with its token."""

    def __init__(self, server, table: str, tokens: list[str], invite: str):
        self.server, self.table, self.tokens, self.invite = server, table, tokens, invite
        self.rng = random.Random(11)

    def state(self, seat: int) -> dict:
        status, state = self.server.api("GET", f"/api/tables/{self.table}/state", token=self.tokens[seat])
        assert status == 200, state
        return state

    def play(self, seat: int, jam: bool) -> int | None:
        """One step of `seat` if it is to move (a Confirm, else a jam where `jam` and there is one, else a move
        that loads, else any): the seq after it, None where the seat had nothing to do."""
        state = self.state(seat)
        body = {"seq": state["seq"], "pending": len(state["pending"])}
        if state["can_confirm"]:
            path = "confirm"
        elif state["legal"]:
            path = "moves"
            anything = [entry["json"] for entry in state["legal"]]
            body["move"] = self.rng.choice(plays(state, jam) or plays(state, False) or anything)
        else:
            return None
        status, answer = self.server.api("POST", f"/api/tables/{self.table}/{path}", body, token=self.tokens[seat])
        if status == 429:  # the hall's move rate (15 a second after a burst of 30): waited out, asked again
            time.sleep(0.3)
            return self.play(seat, jam)
        assert status == 200, answer
        return self.state(seat)["seq"]

    def until(self, jammer: int, after: int) -> dict | None:
        """Both seats play (`jammer` jamming where it can) until the last event is a jam of `jammer` that
        refilled spaces, with `after` moves made since, and the page's seat (the first) is to move with a card
        to pick: its state (None: the game ended first)."""
        end = time.monotonic() + 60
        while time.monotonic() < end:
            state = self.state(0)
            if state["status"] == "finished":
                return None
            v, ev = state["view"], state["view"].get("event") or {}
            jammed = ev.get("kind") == "jam" and ev["seat"] == jammer and ev["refilled"]
            if jammed and v["turns"] == ev["turn"] + 1 + after and pickable(state) and not state["pending"]:
                return state
            for seat in (0, 1):
                self.play(seat, jam=seat == jammer)
        raise AssertionError("no jam came")


def new_table(page, server) -> Seats:
    made = page.evaluate(CREATE_BY_API, {"game": "relative_space", "players": 2, "join_seat": 0, "rated": False,
                                         "clock": {"mode": "none"}, "seats": [{"type": "human"}, {"type": "human"}]})
    status, joined = server.api("POST", f"/api/tables/{made['table']}/join", {"seat": 1},
                                cookie=guest_cookie(server, "Bea"))
    assert status == 200, joined
    return Seats(server, made["table"], [made["token"], joined["token"]], made["seats"][0]["invite"])


def my_jam_answered(page, server) -> tuple[Seats, dict]:
    """A table where my jam refilled spaces and the other seat has moved since, my turn: its seats and my state
    (a game may end before such a jam: up to three are dealt)."""
    for _ in range(3):
        seats = new_table(page, server)
        state = seats.until(jammer=0, after=1)
        if state:
            return seats, state
    raise AssertionError("three games ended without a jam of mine")


@pytest.mark.parametrize("size", SIZES)
def test_the_rings_of_a_jam_go_with_the_next_move_once_it_has_played_out(new_page, guest_session, server, size):
    phone = size == "phone"
    page = new_page(viewport=SIZES[size], is_mobile=phone, has_touch=phone, storage_state=guest_session)
    page.goto("/")
    seats, state = my_jam_answered(page, server)
    mine = sorted(slot for slot, _ in state["view"]["event"]["refilled"])

    # The page opened now plays my jam out (the other's move came after it, as a bot's comes at once):
    # the cards back in my stash are ringed while it plays, and no longer once it has played out.
    page.goto(seats.invite)
    page.locator(".rs-event[data-event='jam']").wait_for()
    during = page.evaluate(f"() => ({{playing: ({PLAYING})(), rings: ({RINGS})(0)}})")
    if during["playing"]:  # (a host too busy to look within the jam's 1.8 s sees it over)
        assert during["rings"] == mine, during
    page.wait_for_function(PLAYED_OUT)
    two_frames(page)
    assert page.evaluate(RINGS, 0) == [], "the rings of my jam stayed on after it had played out"
    shot(page, f"relative-space-rings-gone-{size}", full_page=False)

    # The other's jam, the last move: its cards stay ringed once it has played out, through my turn's
    # thinking, and go with my move.
    state = seats.until(jammer=1, after=0)
    for _ in range(3):  # (the game may end first: another is dealt, its page open as the moves come)
        if state:
            break
        seats = new_table(page, server)
        page.goto(seats.invite)
        page.locator(".table-page[data-socket='seat']").wait_for()
        state = seats.until(jammer=1, after=0)
    assert state, "four games ended before a jam of the other seat"
    theirs = sorted(slot for slot, _ in state["view"]["event"]["refilled"])
    settled(page, state["seq"])
    page.wait_for_function(PLAYED_OUT)
    two_frames(page)
    assert page.evaluate(RINGS, 1) == theirs
    shot(page, f"relative-space-rings-kept-{size}", full_page=False)
    # Drawn again (a card of mine picked): the rings stay, and the jam does not play out a second time.
    version = page.locator(".rs-board").get_attribute("data-version")
    page.locator(f"[data-stash='0'] .rs-card[data-slot='{pickable(state)}']").click()
    page.wait_for_function("(v) => document.querySelector('.rs-board').dataset.version !== v", arg=version)
    assert page.evaluate(PLAYING) is False, "the jam played out again"
    assert page.evaluate(RINGS, 1) == theirs
    seq = None
    while seq is None or seats.state(0)["pending"]:  # (a Keycard's or a Last Call's first step, then the move)
        seq = seats.play(0, jam=False)
    settled(page, seq)
    two_frames(page)
    assert page.evaluate(RINGS, 1) == []
    assert page.errors == []
