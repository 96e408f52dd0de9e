"""A retried move is applied once and answered as the first was (issue 42).

A move request carries its idempotency key: `seq` and `pending`, the number of pending moves the
seat was shown. A pending move leaves `seq` where it was, so without `pending` a retry whose first
answer was lost could not be told from a second move (Vent Life's `put`, Assyria's `offer` and
`assur`, Living Forest's `extinguish` may each be made again in one turn). Here each such move, a
stored move and a confirm are sent again, and sent many times at once: one is applied, and every
copy gets the same answer. On SQLite (one process) and on PostgreSQL with two processes, the
copies split between them.
"""

from __future__ import annotations

import random
from concurrent.futures import ThreadPoolExecutor

import pytest

from .conftest import Player

HUMAN = {"type": "human"}
COPIES = 8
REPEATABLE = {"vent_life": ("put",), "assyria": ("offer", "assur"), "living_forest": ("extinguish",)}


def seated(a_url: str, b_url: str, game: str) -> tuple[str, dict[int, list[Player]]]:
    """A running two-seat table; each seat acts through both processes (a Player on each)."""
    ann, bob = Player(a_url, "Ann"), Player(a_url, "Bob")
    table = ann.create([HUMAN, HUMAN], game=game, join_seat=0)["table"]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200, r.text
    bob.token = r.json()["token"]
    via_b = {}
    for seat, p in ((0, ann), (1, bob)):
        other = Player(b_url)
        other.token = p.token
        via_b[seat] = other
    return table, {0: [ann, via_b[0]], 1: [bob, via_b[1]]}


def at_once(players: list[Player], path: str, body: dict) -> list:
    """COPIES of one request, sent together, alternating between the players' processes."""
    with ThreadPoolExecutor(COPIES) as pool:
        futures = [pool.submit(players[i % len(players)].post, path, body) for i in range(COPIES)]
        return [f.result() for f in futures]


def same_answers(responses: list) -> dict:
    for r in responses:
        assert r.status_code == 200, r.text
    bodies = [r.json() for r in responses]
    assert all(b == bodies[0] for b in bodies), "the copies were answered differently"
    return bodies[0]


def drive(table: str, seats: dict[int, list[Player]], game: str) -> set[str]:
    """Play random legal moves until each repeatable kind of move (and a stored move, and a
    confirm) has been sent many times at once; returns what was checked."""
    keys = REPEATABLE.get(game, ())
    wanted = {*keys, "stored", "confirm"}
    rng = random.Random(7)
    checked: set[str] = set()
    for _ in range(600):
        if checked >= wanted:
            return checked
        states = [seats[seat][0].state(table) for seat in (0, 1)]  # (each seat's, once a round)
        assert states[0]["status"] == "running", "the game ended first"
        mover = next(seat for seat in (0, 1) if states[seat]["legal"] or states[seat]["can_confirm"])
        players = seats[mover]
        state = states[mover]
        shown = len(state["pending"])
        if state["can_confirm"] and not state["legal"]:
            body = {"seq": state["seq"], "pending": shown}
            answer = same_answers(at_once(players, f"/api/tables/{table}/confirm", body))
            assert answer["seq"] > state["seq"] and answer["pending"] == []
            checked.add("confirm")
            continue
        legal = [entry["json"] for entry in state["legal"]]
        kind = next((k for m in legal if isinstance(m, dict) for k in keys if k in m and k not in checked), None)
        move = next(m for m in legal if kind in m) if kind else rng.choice(legal)
        body = {"seq": state["seq"], "move": move, "pending": shown}
        answer = same_answers(at_once(players, f"/api/tables/{table}/moves", body))
        if answer["seq"] == state["seq"]:  # it waits in the pending turn: once, not COPIES times
            assert answer["pending"] == state["pending"] + [move], answer["pending"]
            if kind:
                checked.add(kind)
        else:  # stored: every copy but one found it stored and was answered with the same state
            assert answer["seq"] == state["seq"] + shown + 1, (answer["seq"], state["seq"], shown)
            checked.add("stored")
        # One more retry, alone, later: the same answer still.
        again = players[-1].post(f"/api/tables/{table}/moves", body)
        assert again.status_code == 200 and again.json() == answer, again.text
    raise AssertionError(f"checked only {sorted(checked)} of {sorted(wanted)}")


@pytest.mark.parametrize("game", sorted(REPEATABLE))
def test_retries_apply_once_on_sqlite(server, game):
    table, seats = seated(server.url, server.url, game)
    assert drive(table, seats, game) >= set(REPEATABLE[game])


def test_retries_apply_once_across_two_halls_on_postgresql(pg_halls):
    for game in sorted(REPEATABLE):
        table, seats = seated(pg_halls[0].url, pg_halls[1].url, game)
        assert drive(table, seats, game) >= set(REPEATABLE[game]), game


def test_a_retry_after_the_turn_changed_elsewhere_is_refused(server):
    """A stale key that is no retry (the turn changed in another window) changes nothing."""
    table, seats = seated(server.url, server.url, "vent_life")
    ann = seats[0][0]
    for _ in range(100):  # one move at a time, until Ann may put
        state = ann.state(table)
        if any("put" in e["json"] for e in state["legal"]):
            break
        mover = next(p for p in (ann, seats[1][0]) if p.state(table)["legal"] or p.state(table)["can_confirm"])
        now = mover.state(table)
        if now["legal"]:
            r = mover.post(f"/api/tables/{table}/moves", {"seq": now["seq"], "move": now["legal"][0]["json"]})
        else:
            r = mover.post(f"/api/tables/{table}/confirm", {"seq": now["seq"]})
        assert r.status_code == 200, r.text
    put = next(e["json"] for e in state["legal"] if "put" in e["json"])
    shown = len(state["pending"])
    first = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": put, "pending": shown})
    assert first.status_code == 200, first.text
    other = next((e["json"] for e in first.json()["legal"] if e["json"] != put), None)
    assert other is not None
    r = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": other, "pending": shown})
    assert r.status_code == 409 and r.json()["code"] == "conflict", r.text
    assert ann.state(table)["pending"] == state["pending"] + [put]
