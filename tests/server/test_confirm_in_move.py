"""A move sent with `"confirm": true` is played and confirmed in one request (docs/api.md): where it
completes the seat's turn it is stored at once with the seat's pending moves before it, as the move
and then a confirm would be, and a move after which the seat is still to move is played as without
it. Seeded tables are played in two halls side by side, one a move and then a confirm, the other one
request: the same answers, the same stored rows and pending turns, and every socket ends each turn
in the same state, though the one-request hall's sockets were never pushed the pending turn in
between. Each request of the one-request hall is sent twice with its key (seq, pending): the copy
is a retry, answered with the same state, and nothing is played twice."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from meeple.server import auth, seating
from meeple.server.hall import Hall
from meeple.server.pushes import Client
from meeple.store import Store

from .deltas import DeltaState
from .test_retries import at_once, same_answers, seated


class Socket:
    """A WebSocket stand-in: the hall's Client reads only its query."""

    def __init__(self, deltas: bool) -> None:
        self.query_params = {"deltas": "1"} if deltas else {}


class Side:
    """One hall with one table: every seat's token, and for each seat a delta socket and a full-state
    socket, and a spectator's socket."""

    def __init__(self, hall: Hall, table_id: str, tokens: dict[int, str]) -> None:
        self.hall, self.table_id, self.tokens = hall, table_id, tokens
        self.table = hall.tables[table_id]
        self.sockets: list[tuple[Client, DeltaState]] = []
        for viewer in [*tokens, *tokens, None]:
            deltas = len(self.sockets) < len(tokens)
            client = Client(Socket(deltas), viewer, auth.token_hash(tokens[viewer]) if viewer is not None else None)
            hall.subscribe(table_id, client)
            hall.send_state(self.table, client)
            self.sockets.append((client, DeltaState()))
        self.take()

    def take(self) -> list[list[str]]:
        """The messages each socket was sent since the last call (applied to its rebuilt state)."""
        out = []
        for client, rebuilt in self.sockets:
            sent = []
            while client.states:
                text = client.states.popleft()
                message = json.loads(text)
                if client.deltas:
                    rebuilt.apply(message)
                else:
                    rebuilt.state = message
                sent.append(text)
            client.queued = 0
            out.append(sent)
        return out

    def held(self) -> list[dict | None]:
        return [rebuilt.state for _, rebuilt in self.sockets]

    def state(self, seat: int) -> dict:
        return json.loads(self.hall.state_text(self.table, seat))

    def stored(self) -> tuple[list, list]:
        row = self.hall.store.load_table(self.table_id)
        moves = [(m["seq"], m["seat"], m["move"]) for m in row["moves"]]
        return moves, [self.hall.store.pending_moves(self.table_id, s) for s in self.tokens]


def unnumbered(messages: list[str]) -> list[dict]:
    return [{k: v for k, v in json.loads(m).items() if k != "n"} for m in messages]


async def side(tmp_path, name: str, game: str, seats: int, seed: int, monkeypatch) -> Side:
    monkeypatch.setattr(seating.secrets, "randbits", lambda bits: seed)
    monkeypatch.setattr(auth, "new_id", lambda: "T0")  # (the table's id is in its bodies: the same on both sides)
    hall = Hall(Store(str(tmp_path / f"{name}.db")))
    created = await hall.create_table({"id": "u1", "name": "Ann"},
                                      {"game": game, "seats": [{"type": "human"}] * seats, "public": False})
    table_id, tokens = created["table"], {}
    for s in range(seats):
        invite = created["seats"][s]["invite"].split("token=")[1]
        tokens[s] = (await hall.join(table_id, {"id": f"p{s}", "name": f"P{s}"}, invite, s))["token"]
    return Side(hall, table_id, tokens)


# (Picnic to its end; the others' turns of several moves, and their phases played alongside or sealed)
@pytest.mark.parametrize("game, seats, seed, steps", [("picnic", 4, 3, 400), ("vent_life", 3, 5, 80),
                                                      ("assyria", 2, 7, 80), ("living_forest", 2, 11, 60),
                                                      ("wizard", 3, 13, 40)])
def test_a_move_confirmed_in_its_request_is_a_move_and_a_confirm(tmp_path, monkeypatch, game, seats, seed, steps):
    asyncio.run(play_both(tmp_path, monkeypatch, game, seats, seed, steps))


async def play_both(tmp_path, monkeypatch, game: str, seats: int, seed: int, steps: int) -> None:
    two = await side(tmp_path, "two", game, seats, seed, monkeypatch)
    one = await side(tmp_path, "one", game, seats, seed, monkeypatch)
    rng = random.Random(seed)
    kept_pending = confirmed = 0
    for _ in range(steps):
        if one.table.status == "finished":
            break
        states = {s: one.state(s) for s in one.tokens}
        assert states == {s: two.state(s) for s in two.tokens}
        mover = rng.choice([s for s, st in states.items() if st["legal"] or st["can_confirm"]])
        state = states[mover]
        key = {"seq": state["seq"], "step": len(state["pending"])}
        if not state["legal"]:  # (a turn left complete: never here, as both sides confirm at once)
            raise AssertionError(f"seat {mover} was left a complete turn: {state['prompt']}")
        move = rng.choice(state["legal"])["json"]

        answer = json.loads(await two.hall.move(two.table_id, two.tokens[mover], None, move=move, **key))
        if answer["can_confirm"]:
            before = two.take()
            # (the pending turn went to the mover's sockets alone)
            assert not any(sent for (client, _), sent in zip(two.sockets, before) if client.seat != mover)
            answer = json.loads(await two.hall.confirm(two.table_id, two.tokens[mover], None, answer["seq"],
                                                       len(answer["pending"])))
            confirmed += 1
        elif answer["pending"]:
            kept_pending += 1
        first = await one.hall.move(one.table_id, one.tokens[mover], None, move=move, confirm=True, **key)
        assert json.loads(first) == answer
        sent_two, sent_one = two.take(), one.take()
        assert one.held() == two.held()
        for (client, _), a, b in zip(one.sockets, sent_one, sent_two):
            assert len(a) <= 1, "the one-request side pushed a socket more than one message a request"
            if not client.deltas:  # (messages are numbered: the other side's were more)
                assert unnumbered(a) == unnumbered(b[-1:])

        stored = one.stored()
        again = await one.hall.move(one.table_id, one.tokens[mover], None, move=move, confirm=True, **key)
        assert again == first, "a retry was not answered as the first request"
        assert one.stored() == stored and not any(one.take()), "a retry played or pushed again"
        assert stored == two.stored()
    assert one.table.status == "finished" or game != "picnic", "Picnic's last move was not played"
    assert confirmed or game == "vent_life", "no turn was confirmed"  # (its turns end with a draw, stored at once)
    if game in ("vent_life", "assyria", "living_forest"):
        assert kept_pending, "no move was kept pending under confirm"


def test_a_picnic_turn_over_http_is_two_requests_and_a_confirm_not_a_boolean_is_refused(server, player_factory):
    ann, bob = player_factory("Ann"), player_factory("Bob")
    table = ann.create([{"type": "human"}, {"type": "human"}], join_seat=0)["table"]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200, r.text
    bob.token = r.json()["token"]
    mover = next(p for p in (ann, bob) if p.state(table)["legal"])
    state = mover.state(table)
    for confirm in ("yes", 1, 0, [], {}):
        r = mover.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": state["legal"][0]["json"],
                                                       "confirm": confirm})
        assert r.status_code == 400 and r.json()["code"] == "bad_request", r.text
    assert mover.state(table) == state, "a refused request changed the table"
    # The take shows a tile (stored at once, the seat still to move); the place ends the turn.
    for _ in ("take", "place"):
        r = mover.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "pending": 0,
                                                       "move": state["legal"][0]["json"], "confirm": True})
        assert r.status_code == 200, r.text
        assert r.json()["seq"] == state["seq"] + 1 and r.json()["pending"] == []
        state = r.json()
    assert not state["legal"] and not state["can_confirm"], "the turn did not end"


@pytest.mark.parametrize("game", ["assyria", "picnic"])
def test_copies_of_a_move_with_confirm_across_two_halls_on_postgresql_apply_once(pg_halls, game):
    """Copies of each request sent at once, split between two processes: one is applied (the turn
    stored with its pending moves, or the move kept pending), and every copy gets the same answer."""
    table, seats = seated(pg_halls[0].url, pg_halls[1].url, game)
    rng = random.Random(5)
    confirmed = 0
    for _ in range(200):
        if confirmed >= 4:
            return
        states = [seats[seat][0].state(table) for seat in (0, 1)]
        mover = next(seat for seat in (0, 1) if states[seat]["legal"])
        state = states[mover]
        shown = len(state["pending"])
        body = {"seq": state["seq"], "move": rng.choice(state["legal"])["json"], "pending": shown, "confirm": True}
        answer = same_answers(at_once(seats[mover], f"/api/tables/{table}/moves", body))
        assert not answer["can_confirm"], "a move that completed the turn was not confirmed with it"
        if answer["seq"] > state["seq"] and not answer["legal"]:
            assert answer["seq"] == state["seq"] + shown + 1 and answer["pending"] == []
            confirmed += 1
    raise AssertionError(f"only {confirmed} turns confirmed")
