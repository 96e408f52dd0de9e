"""Sealed moves: in a hidden simultaneous phase nobody else learns that a seat has moved.

Turing Machine stores every question at once (it shows the asker an answer), while the rules keep
how many questions each seat asked hidden until the round is over. Two tables with the same opening
are played alike, except that seat 0 asks one question in one and three in the other: seat 1 and a
spectator must receive exactly the same (state bodies, WebSocket messages, summary, lobby and "my
tables" entries, replays) until the round ends; then the window closes and every move shows.
"""

from __future__ import annotations

import time

from meeple import games

from .conftest import Player
from .test_leak import Watch, masked, seat_table

GAME = games.get("turing_machine")
SETTLE_S = 0.3  # time for a push that should not come to arrive all the same


def read_all(player: Player, table_id: str, seated: bool) -> list:
    base = f"/api/tables/{table_id}"
    state = player.get(base + "/state").json()
    out = [("state", state), ("summary", player.get(base).json()),
           ("replay", player.get(base + "/replay").json()),
           ("replay step", player.get(base + f"/replay/{state['seq']}").json()),
           ("lobby", [t for t in player.get("/api/tables").json() if t["table"] == table_id])]
    if seated:
        out.append(("mine", [t for t in player.get("/api/tables/mine").json() if t["table"] == table_id]))
    return [(label, masked(body, table_id)) for label, body in out]


def post(player: Player, table_id: str, path: str, body: dict) -> dict:
    r = player.post(f"/api/tables/{table_id}/{path}", body)
    assert r.status_code == 200, r.text
    return r.json()


def play(player: Player, table_id: str, state: dict, move: dict) -> dict:
    # The seq is read afresh, so that without sealed moves (another seat's move moving it on) the
    # script still runs and the comparison below is what fails.
    seq = player.get(f"/api/tables/{table_id}/state").json()["seq"]
    return post(player, table_id, "moves", {"seq": seq, "move": move})


def compose_and_ask(player: Player, table_id: str, questions: int) -> dict:
    """Punch the first proposal offered (pending moves), then ask the first `questions` verifiers."""
    state = player.get(f"/api/tables/{table_id}/state").json()
    for _ in range(3):
        state = play(player, table_id, state, next(m["json"] for m in state["legal"] if "punch" in m["json"]))
    asks = [m["json"] for m in state["legal"] if "ask" in m["json"]]
    for ask in asks[:questions]:
        state = play(player, table_id, state, ask)
    return state


def serve(server, people: list[Player], spectator: Player, opening, questions: int) -> dict:
    """One table: seat 0 asks `questions` questions; returns what seat 1 and the spectator got."""
    ann, bob = people
    table_id = seat_table(server, GAME, people, opening)
    watches = {"seat 1": Watch(bob, table_id, True), "spectator": Watch(spectator, table_id, False)}
    seen: dict[str, list] = {"seat 1": [], "spectator": []}

    def look(step: str) -> None:
        time.sleep(SETTLE_S)
        for who, player in (("seat 1", bob), ("spectator", spectator)):
            state = player.get(f"/api/tables/{table_id}/state").json()
            watches[who].wait_for(state["seq"], state["pending"])
            seen[who] += [(step, label, body) for label, body in read_all(player, table_id, who == "seat 1")]

    try:
        look("opening")
        mine = compose_and_ask(ann, table_id, questions)
        assert mine["seq"] == 3 + questions  # seat 0 sees its own moves counted
        look("seat 0 asked")
        if {"done": True} in [m["json"] for m in mine["legal"]]:  # after three questions it is implied
            mine = play(ann, table_id, mine, {"done": True})
        look("seat 0 done")
        theirs = compose_and_ask(bob, table_id, 1)
        look("seat 1 asked")
        seat_0_seq = (mine["seq"], ann.get(f"/api/tables/{table_id}/state").json()["seq"])
        mine = play(ann, table_id, mine, {"pass": True})
        assert mine["can_confirm"]
        post(ann, table_id, "confirm", {"seq": ann.get(f"/api/tables/{table_id}/state").json()["seq"]})
        look("seat 0 passed")
        theirs = play(bob, table_id, play(bob, table_id, theirs, {"done": True}), {"pass": True})
        # The last seat to finish ends the round: its pass is stored at once and closes the window.
        stored = server.hall.tables[table_id].seq
        assert stored == 6 + 3 + questions + (questions < 3) + 1 and theirs["seq"] == stored
        after = {who: player.get(f"/api/tables/{table_id}/state").json() for who, player in
                 (("seat 1", bob), ("spectator", spectator))}
        for who, player in (("seat 1", bob), ("spectator", spectator)):
            watches[who].wait_for(stored, after[who]["pending"])
            assert after[who]["seq"] == stored
            assert len(player.get(f"/api/tables/{table_id}/replay").json()["moves"]) == stored
            assert player.get(f"/api/tables/{table_id}").json()["seq"] == stored
    finally:
        for watch in watches.values():
            watch.close()
        server.hall.store.update_table(table_id, {"public": False})  # out of the other table's lobby
    messages = {who: [masked(m, table_id) for m in watch.messages] for who, watch in watches.items()}
    round_end = {who: next(i for i, m in enumerate(messages[who]) if m.get("seq") == stored) for who in messages}
    return {"seen": seen, "seat 0 seq": seat_0_seq, "stored": stored,
            "until_round_end": {who: messages[who][:round_end[who]] for who in messages}}


def test_nobody_can_count_another_seats_questions_before_the_round_ends(server, player_factory):
    opening = GAME.setup(2, {}, 2026)
    served = {}
    for questions in (1, 3):
        people = [player_factory(f"P{s}") for s in range(2)]
        served[questions] = serve(server, people, player_factory("Watcher"), opening, questions)
    one, three = served[1], served[3]
    for who in ("seat 1", "spectator"):
        assert len(one["seen"][who]) == len(three["seen"][who])
        for a, b in zip(one["seen"][who], three["seen"][who]):
            assert a == b, f"{who} tells the tables apart at {a[0]}, {a[1]}"
        assert one["until_round_end"][who] == three["until_round_end"][who], f"{who}'s WebSocket messages differ"
        assert one["until_round_end"][who], f"{who} got its opening state"
    for questions, table in served.items():
        mine, now = table["seat 0 seq"]
        assert mine == now == 3 + questions, "seat 1's sealed question does not move seat 0's seq on"
    states = {step: body for step, label, body in one["seen"]["seat 1"] if label == "state"}
    assert states["seat 1 asked"]["seq"] == 4  # seat 1 counts its own moves only
    assert states["seat 0 passed"]["seq"] == 4
    # Once the round is over, every move shows: the two tables' move counts now differ.
    assert three["stored"] == one["stored"] + 1
