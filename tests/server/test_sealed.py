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

from .conftest import REDIS_URL, Player, free_port, receive_until
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
    # (the table starts here when this process has heard the other seat's join, which may be in another)
    state = player.wait_turn(table_id)
    for _ in range(3):
        state = play(player, table_id, state, next(m["json"] for m in state["legal"] if "punch" in m["json"]))
    asks = [m["json"] for m in state["legal"] if "ask" in m["json"]]
    for ask in asks[:questions]:
        state = play(player, table_id, state, ask)
    return state


class Recorder:
    """What a seat and a spectator receive: WebSocket messages, and at each `look` every HTTP body."""

    def __init__(self, table_id: str, seat_name: str, seat: Player, spectator: Player) -> None:
        self.table_id, self.seat_name = table_id, seat_name
        self.players = {seat_name: seat, "spectator": spectator}
        self.watches = {seat_name: Watch(seat, table_id, True), "spectator": Watch(spectator, table_id, False)}
        self.seen: dict[str, list] = {seat_name: [], "spectator": []}

    def look(self, step: str) -> None:
        time.sleep(SETTLE_S)
        for who, player in self.players.items():
            state = player.get(f"/api/tables/{self.table_id}/state").json()
            self.watches[who].wait_for(state["seq"], state["pending"])
            self.seen[who] += [(step, label, body)
                               for label, body in read_all(player, self.table_id, who == self.seat_name)]

    def close(self) -> None:
        for watch in self.watches.values():
            watch.close()

    def messages(self) -> dict[str, list]:
        return {who: [masked(m, self.table_id) for m in watch.messages] for who, watch in self.watches.items()}


def serve(server, people: list[Player], spectator: Player, opening, questions: int) -> dict:
    """One table: seat 0 asks `questions` questions; returns what seat 1 and the spectator got."""
    ann, bob = people
    table_id = seat_table(server, GAME, people, opening)
    recorder = Recorder(table_id, "seat 1", bob, spectator)
    watches, seen, look = recorder.watches, recorder.seen, recorder.look

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
        recorder.close()
        server.hall.store.update_table(table_id, {"public": False})  # out of the other table's lobby
    messages = recorder.messages()
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


def test_two_processes_agree_on_the_sealed_window(pg_url, servers):
    """Seat 0 plays through process A, seat 1 and a spectator through B (PostgreSQL + Redis): B
    derives the same window from the stored moves, so seat 1's moves are not refused as stale
    after seat 0's sealed ones, and nothing shows until the round ends."""
    ports = [free_port(), free_port()]
    for port in ports:
        servers(port, "--db", pg_url, "--redis", REDIS_URL)
    a_url, b_url = (f"http://127.0.0.1:{port}" for port in ports)
    ann, bob, eve = Player(a_url, "Ann"), Player(b_url, "Bob"), Player(b_url)
    table = ann.create([{"type": "human"}] * 2, game="turing_machine", join_seat=0)["table"]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200, r.text
    bob.token = r.json()["token"]
    ann_on_b = Player(b_url)
    ann_on_b.token = ann.token
    with eve.ws(table) as watcher:
        opening = receive_until(watcher, lambda m: m.get("type") == "state")[-1]
        mine = compose_and_ask(ann, table, 2)
        assert mine["seq"] == 5
        theirs = compose_and_ask(bob, table, 1)  # B may not have read Ann's moves yet: either way
        assert theirs["seq"] == 4
        # Ann's seq, as process B derives it, is hers: B takes her next move.
        assert ann_on_b.get(f"/api/tables/{table}/state").json()["seq"] == 5
        mine = play(ann_on_b, table, mine, {"done": True})
        mine = play(ann, table, mine, {"pass": True})
        post(ann, table, "confirm", {"seq": ann.get(f"/api/tables/{table}/state").json()["seq"]})
        for url in (a_url, b_url):
            spectator = Player(url)
            assert spectator.get(f"/api/tables/{table}/state").json()["seq"] == 0
            assert spectator.get(f"/api/tables/{table}/replay").json()["moves"] == []
        theirs = play(bob, table, play(bob, table, theirs, {"done": True}), {"pass": True})
        stored = 3 + 2 + 2 + 6
        assert theirs["seq"] == stored
        got = receive_until(watcher, lambda m: m.get("seq") == stored)
        # Before the round ended the spectator was sent nothing but what showed to_move changing.
        assert all(m["seq"] == 0 for m in got[:-1]) and opening["seq"] == 0
        # (Bob's pass, which ended the round, went through B: A shows it once it has heard it)
        Player(a_url).wait(table, lambda s: s["seq"] == stored)
        replays = [Player(url).get(f"/api/tables/{table}/replay").json()["moves"] for url in (a_url, b_url)]
        assert len(replays[0]) == stored and replays[0] == replays[1]


def test_a_sealed_move_stored_elsewhere_first_does_not_refuse_another_seats_move(server, player_factory):
    """Another process stores seat 0's question while this one has not read it yet: seat 1's question
    conflicts in the store, but seat 1 was shown nothing of seat 0's, so it is stored after it
    instead of being refused as stale (which would tell seat 1 that seat 0 had moved)."""
    ann, bob = player_factory("Ann"), player_factory("Bob")
    table = ann.create([{"type": "human"}] * 2, game="turing_machine", join_seat=0)["table"]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200, r.text
    bob.token = r.json()["token"]
    live = server.hall.tables[table]
    state = GAME.clone(live.state)
    rows = []
    for _ in range(3):
        move = GAME.legal_moves(state, 0)[0]
        state, _ = GAME.play(state, 0, move)
        rows.append((0, GAME.move_to_json(move), time.time()))
    ask = next(m for m in GAME.legal_moves(state, 0) if "ask" in GAME.move_to_json(m))
    rows.append((0, GAME.move_to_json(ask), time.time()))
    server.hall.store.append_moves(table, 1, rows, {}, (0,))  # as another process would, unannounced
    assert live.seq == 0
    theirs = compose_and_ask(bob, table, 1)
    assert theirs["seq"] == 4 and live.seq == 8
    assert ann.get(f"/api/tables/{table}/state").json()["seq"] == 4


def serve_last_seat(server, people: list[Player], spectator: Player, opening, questions: int) -> dict:
    """One table: seat 0 finishes its round first, then seat 1, alone in the round, asks `questions`
    questions; returns what seat 0 and the spectator got before seat 1 ends the round."""
    ann, bob = people
    table_id = seat_table(server, GAME, people, opening)
    recorder = Recorder(table_id, "seat 0", ann, spectator)
    look = recorder.look

    try:
        mine = compose_and_ask(ann, table_id, 1)
        mine = play(ann, table_id, play(ann, table_id, mine, {"done": True}), {"pass": True})
        post(ann, table_id, "confirm", {"seq": ann.get(f"/api/tables/{table_id}/state").json()["seq"]})
        look("seat 0 finished")
        theirs = compose_and_ask(bob, table_id, questions)
        look("seat 1 asked")
        if {"done": True} in [m["json"] for m in theirs["legal"]]:
            theirs = play(bob, table_id, theirs, {"done": True})
        look("seat 1 done")
    finally:
        recorder.close()
        server.hall.store.update_table(table_id, {"public": False})
    return {"seen": recorder.seen, "messages": recorder.messages()}


def test_the_last_seat_in_a_round_is_sealed_too(server, player_factory):
    # Once the others have finished, the last seat's questions stay as hidden as before: the window
    # closes only with the move that ends the round.
    opening = GAME.setup(2, {}, 2027)
    served = {}
    for questions in (1, 3):
        people = [player_factory(f"P{s}") for s in range(2)]
        served[questions] = serve_last_seat(server, people, player_factory("Watcher"), opening, questions)
    for who in ("seat 0", "spectator"):
        for a, b in zip(served[1]["seen"][who], served[3]["seen"][who], strict=True):
            assert a == b, f"{who} tells the tables apart at {a[0]}, {a[1]}"
        assert served[1]["messages"][who] == served[3]["messages"][who], f"{who}'s WebSocket messages differ"
