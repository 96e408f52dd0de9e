"""WebSocket deltas (`?deltas=1`): they rebuild exactly the full states, and a gap gets a full state."""

from __future__ import annotations

import contextlib
import json
import random

from websockets.sync.client import connect as ws_connect

from meeple.server import views
from meeple.server.pushes import MAX_QUEUED_BYTES, Client

from .conftest import receive_until
from .deltas import DeltaState, Gap

HUMAN = {"type": "human"}


def delta_socket(player, table: str, token: str | None):
    query = f"?deltas=1&token={token}" if token else "?deltas=1"
    return ws_connect(player.url.replace("http", "ws") + f"/ws/tables/{table}{query}", open_timeout=10,
                      max_queue=None, close_timeout=2)


def key(state: dict) -> str:
    return json.dumps([state["seq"], state["status"], state["pending"]])


def test_deltas_rebuild_every_state_a_full_push_sends(server, player_factory):
    ann, bob, eve = player_factory("Ann"), player_factory("Bob"), player_factory(None)
    table = ann.create([HUMAN, HUMAN], join_seat=0)["table"]
    bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
    viewers = {"ann": ann, "bob": bob, "eve": eve}
    stack = contextlib.ExitStack()
    sockets = {who: stack.enter_context(delta_socket(p, table, p.token)) for who, p in viewers.items()}
    seen: dict[str, dict[str, dict]] = {who: {} for who in viewers}  # what GET state answered, by state

    def look() -> dict:
        for who, p in viewers.items():
            state = p.state(table)
            seen[who][key(state)] = {**state, "clocks": None}
        return seen["ann"][key(ann.state(table))]

    rng = random.Random(5)
    try:
        state = look()
        while state["status"] != "finished":
            player = ann if state["legal"] else bob
            mine = player.state(table)
            answer = player.post(f"/api/tables/{table}/moves",
                                 {"seq": mine["seq"], "move": rng.choice(mine["legal"])["json"]}).json()
            look()
            if answer.get("can_confirm"):
                player.post(f"/api/tables/{table}/confirm", {"seq": answer["seq"]})
            state = look()
        kinds, sizes = {"state": 0, "delta": 0}, {"sent": 0, "whole": 0}
        for who, ws in sockets.items():
            rebuilt = DeltaState()
            for message in receive_until(ws, lambda m: m.get("status") == "finished" or m.get("set", {}).get(
                    "status") == '"finished"' or (m.get("set", {}).get("status") == "finished")):
                kinds[message["type"]] += 1
                shown = rebuilt.apply(message)
                sizes["sent"] += len(json.dumps(message))
                sizes["whole"] += len(json.dumps(shown))
                # Each state the deltas rebuild is one that GET state answered at that moment.
                assert {**shown, "clocks": None, "type": None} == {**seen[who][key(shown)], "type": None}
            assert key(rebuilt.state) == key(viewers[who].state(table))
        assert kinds["state"] == 3 and kinds["delta"] > 30
        assert sizes["sent"] < sizes["whole"] * 0.6  # the log and unchanged parts are not sent again
    finally:
        stack.close()


def test_a_resync_answers_a_full_state_numbered_on(server, player_factory):
    ann = player_factory("Ann")
    table = ann.create([HUMAN, {"type": "bot", "level": "random"}], join_seat=0)["table"]
    with delta_socket(ann, table, ann.token) as ws:
        first = json.loads(ws.recv(timeout=10))
        assert first["type"] == "state" and first["n"] == 1
        ws.send(json.dumps({"type": "resync", "since": first["seq"]}))
        again = receive_until(ws, lambda m: m["type"] == "state")
        assert [m["n"] for m in again] == list(range(2, 2 + len(again)))
        assert {k: v for k, v in again[-1].items() if k not in ("n", "clocks")} == \
            {k: v for k, v in ann.state(table).items() if k != "clocks"} | {"type": "state"}


def test_the_rebuilding_client_notices_a_gap():
    client = DeltaState()
    client.apply({"type": "state", "n": 1, "seq": 0, "log": []})
    client.apply({"type": "delta", "n": 2, "set": {"seq": 1}, "log": {"keep": 0, "add": [{"seq": 1}]}})
    assert client.state == {"type": "state", "seq": 1, "log": [{"seq": 1}]}
    try:
        client.apply({"type": "delta", "n": 4, "set": {"seq": 3}})
    except Gap:
        pass
    else:
        raise AssertionError("a missed delta went unnoticed")


def body(log: tuple[str, ...], who=0, settled=0, **parts) -> views.Body:
    return views.Body({"seq": "1", **parts}, log, who, settled, 0)


def test_a_delta_holds_what_changed_and_the_new_log_lines():
    old = body(('{"seq":1}',), settled=1, view='"a"', prompt='"p"')
    new = body(('{"seq":1}', '{"seq":2}'), settled=2, view='"b"', prompt='"p"')
    assert json.loads("{" + views.delta(old, new, None)) == {"set": {"view": "b"}, "log": {"keep": 1,
                                                                                          "add": [{"seq": 2}]}}
    # A finished table shows every line: the log is sent again whole (the viewer's lines changed).
    done = body(('{"seq":0}', '{"seq":1}', '{"seq":2}'), who="all", settled=3, view='"b"', prompt='"p"')
    assert json.loads("{" + views.delta(new, done, None))["log"]["keep"] == 0
    assert json.loads("{" + views.delta(new, new, None)) == {"set": {}}


class FakeSocket:
    query_params: dict = {}


def test_a_slow_clients_deltas_give_way_to_one_full_state():
    client = Client(FakeSocket(), 0, deltas=True)
    whole = body((), view='"v"', table='"t"', status='"s"', to_move="[]", my_seat="0", legal="[]", prompt='""',
                 sheets="[]", pending="[]", can_confirm="false", can_reset="false", outcome="null", seats="[]",
                 rated="false", rematch="null")
    client.offer_state(whole, "null")
    tail = '"set":{"view":"' + "x" * 1000 + '"}}'
    for _ in range(MAX_QUEUED_BYTES // 1000 + 10):
        client.offer_delta(tail, whole, "null")
        assert client.queued <= MAX_QUEUED_BYTES
    first = json.loads(client.states[0])
    assert first["type"] == "state" and first["n"] > 1  # the queue was replaced by a full state
    assert [json.loads(t)["n"] for t in client.states] == list(range(first["n"], client.sent + 1))
