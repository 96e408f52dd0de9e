"""Boards say "you" and "your" only about the viewer's own seat. A replay seen by another seat draws that
seat's view (state.my_seat is the seat seen by, not the opener's), and the boards addressed it to whoever
watched: a player seeing their Picnic game as the bot read "Your tile" over the bot's tile, a spectator's
Wizard replay said "Predict your tricks" at each seat's prediction, Living Forest "Your actions", Draft &
Write Records "Your hand", Vent Life "My tile", Ninety-Nine "Your bid cards", the card table "Your hand";
a Letters Home memory's tooltip said "your corkboard meets it now" on any seat's memory (at the table too),
and a Turing Machine spectator's verifiers "Your answers from A". Now they say it only where ctx.you(seat)
marks the viewer's own seat, and name the seat elsewhere; at the live table a seated player reads what they
read before.

The Picnic and Wizard cases open real replays; the other boards are drawn from a real state of seat 0 with a
stand-in context, as table.js draws it for that seat's player (ctx.you marks seat 0) and as replay.js draws
it for someone else seeing the game as seat 0 (ctx.you marks no seat, no move is legal)."""

from __future__ import annotations

import random

import pytest

from tests.web.api_play import deal_until, play_by_api
from tests.web.helpers import create_by_api, settled, stored_moves
from tests.web.test_replay_you import open_replay, seen_by
from tests.web.test_whole_replay import BOTS_ONLY, GO_TO

NAMES = ["Ada", "random bot 1", "random bot 2", "random bot 3"]


def go_to(page, k: int) -> None:
    page.evaluate(GO_TO, k)
    page.wait_for_selector(f"[data-testid='replay-caption']:has-text('Move {k} of')")


def test_picnic_names_the_bots_tile_in_a_replay_seen_by_the_bot(new_page, guest_session, server):
    page = new_page(storage_state=guest_session)
    page.goto("/")
    made = create_by_api(page, "picnic", 2)
    rng = random.Random(2)
    # At the live table, holding my tile: "Your tile" (as before).
    state = play_by_api(server, made["table"], made["token"],
                        lambda s: bool(s["legal"]) and s["view"]["hand"] is not None, rng)
    assert state["status"] == "running", "the game ended before a tile was taken"
    page.goto(made["seats"][0]["invite"])
    settled(page)
    assert page.locator(".board-host .hand h2").inner_text() == "Your tile"
    # The replay, after the bot's first Take (it holds a tile), seen by the bot and then by me.
    play_by_api(server, made["table"], made["token"], lambda s: False, rng)
    page.reload()
    open_replay(page)
    moves = stored_moves(server, made["table"])
    bot_takes = [i + 1 for i, m in enumerate(moves) if m["seat"] == 1 and "take" in m["move"]]
    my_takes = [i + 1 for i, m in enumerate(moves) if m["seat"] == 0 and "take" in m["move"]]
    assert bot_takes and my_takes, moves[:4]
    heading = page.locator(".replay .board-host .hand h2")
    go_to(page, bot_takes[0])
    seen_by(page, 1)
    held = heading.inner_text()
    assert held.startswith("random bot") and held.endswith(" holds"), held
    # Ada's own tile is still hers, whichever seat the replay is seen by.
    go_to(page, my_takes[0])
    assert heading.inner_text() == "Your tile"
    seen_by(page, 0)
    assert heading.inner_text() == "Your tile"
    assert page.errors == []


def test_a_spectators_wizard_replay_asks_no_one_to_predict(new_page, guest_session, server):
    page = new_page(storage_state=guest_session)
    page.goto("/")
    table = page.evaluate(BOTS_ONLY)
    page.goto(f"/t/{table}?watch=1")
    open_replay(page)
    # Each seat's turn to predict: the position before its prediction, seen by it.
    turns = {}
    for i, m in enumerate(stored_moves(server, table)):
        if "bid" in m["move"]:
            turns.setdefault(m["seat"], i)
    assert sorted(turns) == [0, 1, 2], turns
    box = page.locator(".replay .board-host")
    for seat, k in turns.items():
        if k:
            go_to(page, k)
        else:
            page.evaluate(GO_TO, 0)
            page.wait_for_selector("[data-testid='replay-caption']:has-text('The start')")
        seen_by(page, seat)
        assert box.locator(f".tt-seat.to-move[data-seat='{seat}']").count() == 1, seat
        assert "Predict your tricks" not in box.inner_text(), seat
        hand = box.locator(".tt-act").get_attribute("aria-label")
        assert hand is not None and hand.endswith("'s hand") and not hand.startswith("Your"), (seat, hand)
    assert page.errors == []


# A second board of the game in the page, drawn from `state` with a stand-in context: ctx.you marks `you`
# (null: no seat); the words it shows, its labels for screen readers and its tooltips, as one list.
MOUNT = """async ([game, state, you, names]) => {
  const { createBoard } = await import(`/static/games/${game}.js`);
  const root = document.createElement("div");
  root.className = `board-host board-${game}`;
  document.body.append(root);
  const tips = [];
  const ctx = { move: (kind, args = {}) => ({ [kind.toLowerCase()]: Object.values(args)[0] ?? null }),
    play() {}, select() {}, selected: () => null, clearSelection() {}, announce() {},
    tooltip: (el, fn) => tips.push(fn), seatName: (s) => names[s], seatColour: () => "#888", isLegal: () => false,
    you: (s) => (you !== null && s === you ? " (you)" : "") };
  const board = createBoard(root, ctx);
  board.update(state);
  await new Promise((done) => requestAnimationFrame(() => requestAnimationFrame(done)));
  const words = [...root.querySelectorAll("*")].flatMap((e) => [e.getAttribute("aria-label") || "",
    e.children.length ? "" : e.textContent]);
  for (const fn of tips) {
    const tip = fn();  // words, or a node (a tooltip with a picture)
    words.push(typeof tip === "string" ? tip : tip?.textContent || "");
  }
  board.destroy();
  root.remove();
  return words.filter((t) => t);
}"""


def as_replay(state: dict) -> dict:
    """The state as replay.js hands it to the board: the seat's view, nothing legal, nothing to move."""
    return {**state, "legal": [], "to_move": [], "pending": [], "replay": True, "status": "finished"}


# game, players, the moment to draw (seat 0's state), the words seat 0's player reads then, and what someone
# else seeing the game as seat 0 reads instead.
CASES = {
    "living_forest": (2, lambda s: bool(s["legal"]) and bool(a := s["view"]["action"]) and a["seat"] == 0
                      and not a.get("active") and not a.get("bonus") and a.get("steal_from") is None,
                      "Your actions: ", "Ada acts: "),
    "draft_and_write_records": (2, lambda s: bool(s["view"].get("hand"))
                                and any("play" in m["json"] for m in s["legal"]),
                                "Your hand (pick", "Ada's hand (pick"),
    "vent_life": (2, lambda s: bool(s["legal"]) and bool(s["view"]["hands"][0].get("tile")),
                  "My tile", "Ada's tile"),
    "ninety_nine": (3, lambda s: bool(s["legal"]) and s["view"]["bid_card_counts"][0] > 0,
                    "Your bid cards", "Ada's bid cards"),
    "wizard": (3, lambda s: bool(s["legal"]) and bool(s["view"]["hand"]), "Your hand", "Ada's hand"),
    # (a memory's tooltip: at the table too, another player's memory said "your corkboard meets it now")
    "letters_home": (2, lambda s: any(m["sendable"] for m in s["view"]["seats"][0]["memories"]),
                     ": your corkboard meets it now", ": Ada's corkboard meets it now"),
    "turing_machine": (2, lambda s: bool(s["view"]["you"] and s["view"]["you"]["asked"]),
                       "Your answers from", "Ada's answers from"),
}


@pytest.mark.parametrize("game", CASES)
def test_a_board_says_your_only_to_the_seats_own_player(new_page, guest_session, server, game):
    players, moment, yours, named = CASES[game]
    page = new_page(storage_state=guest_session)
    page.goto("/")
    made, state = deal_until(page, server, game, players, moment)
    live = page.evaluate(MOUNT, [game, state, 0, NAMES])
    assert any(yours in t for t in live), live
    seen = page.evaluate(MOUNT, [game, as_replay(state), None, NAMES])
    assert any(named in t for t in seen), seen
    assert not any(yours in t for t in seen), [t for t in seen if yours in t]
    # A seat named with its "(you)" is never made possessive ("Ada (you)'s spirit", Living Forest's label).
    assert not any("(you)'s" in t for t in live + seen), [t for t in live + seen if "(you)'s" in t]
    if game == "turing_machine":
        # A spectator at the live table has no answers of their own (they were "Your answers from A").
        status, watched = server.api("GET", f"/api/tables/{made['table']}/state")
        assert status == 200 and watched["my_seat"] is None, watched
        labels = [t for t in page.evaluate(MOUNT, [game, watched, None, NAMES]) if "answers from" in t.lower()]
        assert labels and all(t.startswith("Answers from") for t in labels), labels
    assert page.errors == []
