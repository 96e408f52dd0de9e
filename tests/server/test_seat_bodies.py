"""Each seat of a hidden-information game is pushed its own body, never another seat's: pushes
build a body once per viewer and share it between that viewer's sockets only (docs/server/pushes.md,
"Pushes"). Seeded Wizard and Ninety-Nine tables are played through the hall with two sockets per
seat (one taking deltas, one full states) and a spectator; after every action each socket's state,
rebuilt from what it was sent, must be the body its own seat is served, and the seats' views must
differ (their hands are their own), so a body shared across seats cannot pass."""

from __future__ import annotations

import asyncio
import json
import random

import pytest

from meeple.server import auth
from meeple.server.hall import Hall
from meeple.server.pushes import Client
from meeple.store import Store

from .deltas import DeltaState


class Socket:
    """A WebSocket stand-in: the hall's Client reads only its query."""

    def __init__(self, deltas: bool) -> None:
        self.query_params = {"deltas": "1"} if deltas else {}


def received(client: Client, rebuilt: DeltaState) -> dict | None:
    """What the socket holds after taking the messages waiting for it (None: it was sent nothing)."""
    state = None
    while client.states:
        message = json.loads(client.states.popleft())
        state = rebuilt.apply(message) if client.deltas else message
    client.queued = 0
    if state is not None:
        state.pop("type")
    return state


async def play(tmp_path, game: str, seats: int, seed: int) -> int:
    hall = Hall(Store(str(tmp_path / "meeple.db")))
    created = await hall.create_table({"id": "u1", "name": "Ann"},
                                      {"game": game, "seats": [{"type": "human"}] * seats, "public": False})
    table_id, tokens = created["table"], {}
    for s in range(seats):
        invite = created["seats"][s]["invite"].split("token=")[1]
        tokens[s] = (await hall.join(table_id, {"id": f"p{s}", "name": f"P{s}"}, invite, s))["token"]
    table = hall.tables[table_id]
    sockets = []
    for viewer in [*range(seats), *range(seats), None]:
        deltas = len(sockets) < seats
        token = auth.token_hash(tokens[viewer]) if viewer is not None else None
        client = Client(Socket(deltas), viewer, token)
        hall.subscribe(table_id, client)
        hall.send_state(table, client)
        sockets.append((client, DeltaState()))
    held: dict[int, dict] = {}
    rng, checked = random.Random(seed), 0
    while table.status != "finished" and checked < 60:
        for i, (client, rebuilt) in enumerate(sockets):
            state = received(client, rebuilt)
            if state is not None:
                held[i] = state
            own = table.state_body(client.seat)
            assert held[i] == own, f"socket {i} (seat {client.seat}) holds a body that is not its seat's"
        views = [json.dumps(table.state_body(s)["view"], sort_keys=True) for s in range(seats)]
        assert len(set(views)) == seats, "the seats' views should differ: each sees its own hand"
        checked += 1
        seat = min(table.game.to_move(table.state))
        move = rng.choice(table.game.legal_moves(table.pending_state(seat), seat))
        await hall.move(table_id, tokens[seat], None, table.seen_seq(seat), table.game.move_to_json(move))
        if table.pending.get(seat) and seat not in table.to_move(seat):
            await hall.confirm(table_id, tokens[seat], None, table.seen_seq(seat))
    hall.store.close()
    return checked


@pytest.mark.parametrize("game, seats", [("wizard", 3), ("ninety_nine", 3)])
def test_each_seat_is_pushed_its_own_body_only(tmp_path, game, seats):
    assert asyncio.run(play(tmp_path, game, seats, seed=7)) >= 20
