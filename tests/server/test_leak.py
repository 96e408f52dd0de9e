"""Hidden information never reaches a seat or a spectator, through any API.

In Picnic the hidden facts are the undersides of the piles' top tiles (and
everything below them). The test connects as each seat and as a spectator,
plays a whole game, records every WebSocket message and every HTTP answer,
and looks in all of it, position by position, for those facts.
"""

from __future__ import annotations

import contextlib
import json
import random
import re
import threading

from meeple import games
from meeple.games.picnic.components import TILES

HUMAN = {"type": "human"}
SIDE_REF = re.compile(r"^\d+[ab]$")


def hidden_facts(position: dict) -> dict:
    """From the full position (game.to_json): the refs of the tiles in the hamper, and per pile the
    underside of its top tile (when it differs from the side shown)."""
    refs, undersides = set(), {}
    for p, pile in enumerate(position["piles"]):
        refs.update(pile)
        if pile:
            tile, up = int(pile[-1][:-1]), "ab".index(pile[-1][-1])
            if TILES[tile][1 - up] != TILES[tile][up]:
                undersides[p] = TILES[tile][1 - up]
    return {"refs": refs, "undersides": undersides}


def leaks(message, facts: dict) -> list[str]:
    """The hidden facts found in one message (empty when it is clean)."""
    found = []

    def walk(node) -> None:
        if isinstance(node, dict):
            pile = node.get("pile")
            if isinstance(pile, int) and pile in facts["undersides"]:
                text = json.dumps(node)
                if json.dumps(facts["undersides"][pile]) in text:
                    found.append(f"underside of pile {pile}'s top tile: {facts['undersides'][pile]}")
            for value in node.values():
                walk(value)
        elif isinstance(node, list):
            for value in node:
                walk(value)
        elif isinstance(node, str) and SIDE_REF.match(node) and node in facts["refs"]:
            found.append(f"tile reference {node}")

    walk(message)
    return found


def test_the_checker_can_fail():
    game = games.get("picnic")
    state = game.setup(3, {}, 7)
    position = game.to_json(state)
    facts = hidden_facts(position)
    assert facts["undersides"], "some top tile has two different sides"
    assert leaks(position, facts)  # the full position holds the secrets
    view = game.view(state, 0)
    assert leaks(view, facts) == []
    pile = next(iter(facts["undersides"]))
    view["hamper"][pile]["underside"] = facts["undersides"][pile]
    assert leaks(view, facts)


def test_no_seat_and_no_spectator_ever_sees_a_hidden_fact(server, player_factory):
    game = games.get("picnic")
    ann, bob, eve = player_factory("Ann"), player_factory("Bob"), player_factory(None)
    created = ann.create([HUMAN, HUMAN, {"type": "bot", "level": "greedy"}], join_seat=0)
    table = created["table"]
    bob.token = bob.post(f"/api/tables/{table}/join", {"seat": 1}).json()["token"]
    received: list[tuple[str, int | None, object]] = []  # (where, seq it belongs to, message)
    lock = threading.Lock()

    def collect(ws, who):
        try:
            for raw in ws:
                message = json.loads(raw)
                with lock:
                    received.append((f"ws {who}", message.get("seq"), message))
        except Exception:
            pass

    stack = contextlib.ExitStack()
    sockets = [stack.enter_context(ws) for ws in (ann.ws(table, ann.token), bob.ws(table, bob.token), eve.ws(table))]
    threads = [threading.Thread(target=collect, args=(ws, who), daemon=True)
               for ws, who in zip(sockets, ("seat 0", "seat 1", "spectator"))]
    for t in threads:
        t.start()

    def record(who: str, response, seq=None):
        body = response.json()
        received.append((who, body.get("seq", seq) if isinstance(body, dict) else seq, body))
        return body

    rng = random.Random(3)
    players = {0: ann, 1: bob}
    state = ann.state(table)
    while state["status"] != "finished":
        for seat, player in players.items():
            base = f"/api/tables/{table}"
            now = record(f"state {seat}", player.get(base + "/state"))
            seq = now["seq"]
            record(f"spectator {seat}", eve.get(base + "/state"))
            record(f"replay {seat}", player.get(base + "/replay"), seq)
            record(f"replay step {seat}", player.get(base + f"/replay/{seq}"), seq)
            record(f"summary {seat}", player.get(base), seq)
            if now["legal"]:
                move = rng.choice(now["legal"])["json"]
                if "take" not in move:
                    record(f"preview {seat}", player.post(base + "/preview", {"move": move}), seq)
                answer = record(f"move {seat}", player.post(base + "/moves", {"seq": seq, "move": move}))
                if answer.get("can_confirm"):
                    record(f"confirm {seat}", player.post(base + "/confirm", {"seq": seq}))
        state = ann.wait(table, lambda s: s["status"] == "finished" or bool(s["legal"]) or
                         bob.state(table)["legal"] != [])
    stack.close()
    for t in threads:
        t.join(timeout=5)

    # The position after each stored move, rebuilt from the seed and the move list.
    moves = ann.get(f"/api/tables/{table}/replay").json()["moves"]
    position = game.setup(3, {}, server.hall.tables[table].seed)
    facts_at = [hidden_facts(game.to_json(position))]
    for m in moves:
        position, _ = game.play(position, m["seat"], game.move_from_json(m["move"]))
        facts_at.append(hidden_facts(game.to_json(position)))
    assert len(received) > 100
    assert sum(1 for where, *_ in received if where.startswith("ws")) > 20
    problems = []
    for where, seq, message in received:
        if seq is None:
            continue
        for leak in leaks(message, facts_at[seq]):
            problems.append(f"{where} at move {seq}: {leak}")
    assert problems == []
