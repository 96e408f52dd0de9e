"""Moves made alongside each other in the open need no stale_seq round trip (issue 42): in Living
Forest everyone draws at once and in public, and one spirit's draw changes nothing of another's,
so a draw sent on the position before another seat's draw is played on the newest position,
on one process and across two (before, 21 of 46 such draws from two processes got `409 stale_seq`
and had to be sent again). Moves that are not alongside still need the newest seq.
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor

from .test_retries import seated

DRAW = {"draw": True}
STOP = {"stop": True}


def can_draw(state: dict) -> bool:
    return any(e["json"] == DRAW for e in state["legal"])


def test_a_draw_sent_on_the_position_before_anothers_draw_is_played(server):
    table, seats = seated(server.url, server.url, "living_forest")
    ann, bob = seats[0][0], seats[1][0]
    seen_by_bob = bob.state(table)
    assert can_draw(seen_by_bob) and can_draw(ann.state(table))
    r = ann.post(f"/api/tables/{table}/moves", {"seq": seen_by_bob["seq"], "move": DRAW, "pending": 0})
    assert r.status_code == 200, r.text
    # Bob has not seen Ann's draw yet: his draw still goes through, after hers.
    r = bob.post(f"/api/tables/{table}/moves", {"seq": seen_by_bob["seq"], "move": DRAW, "pending": 0})
    assert r.status_code == 200, r.text
    after = r.json()
    assert after["seq"] == seen_by_bob["seq"] + 2
    # Sent again (its answer lost), it is a retry, played once.
    again = bob.post(f"/api/tables/{table}/moves", {"seq": seen_by_bob["seq"], "move": DRAW, "pending": 0})
    assert again.status_code == 200 and again.json()["seq"] == after["seq"], again.text
    # A stop (pending) and its confirm, sent on a position Ann has moved past, go through too.
    seen_by_bob = after
    assert ann.post(f"/api/tables/{table}/moves", {"seq": seen_by_bob["seq"], "move": DRAW}).status_code == 200
    r = bob.post(f"/api/tables/{table}/moves", {"seq": seen_by_bob["seq"], "move": STOP, "pending": 0})
    assert r.status_code == 200 and r.json()["pending"] == [STOP], r.text
    assert ann.post(f"/api/tables/{table}/moves", {"seq": seen_by_bob["seq"] + 1, "move": DRAW}).status_code == 200
    r = bob.post(f"/api/tables/{table}/confirm", {"seq": seen_by_bob["seq"], "pending": 1})
    assert r.status_code == 200 and r.json()["pending"] == [], r.text


def test_a_move_out_of_turn_order_still_needs_the_newest_seq(server):
    table, seats = seated(server.url, server.url, "picnic")
    ann = seats[0][0]
    state = ann.wait_turn(table)
    r = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": state["legal"][0]["json"]})
    assert r.status_code == 200, r.text
    now = r.json()
    if now["legal"]:  # Ann moves on; a move sent on the old position is stale
        r = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": now["legal"][0]["json"]})
        assert r.status_code == 409 and r.json()["code"] == "stale_seq", r.text


def test_draws_at_once_from_two_processes_need_no_second_try(pg_halls):
    a, b = pg_halls
    table, seats = seated(a.url, b.url, "living_forest")
    ann, bob = seats[0][0], seats[1][1]  # Ann plays through A, Bob through B
    # (B may not have heard the game start yet: Bob was seated through A)
    states = {0: ann.wait(table, can_draw), 1: bob.wait(table, can_draw)}
    sent = refused = 0
    with ThreadPoolExecutor(2) as pool:
        while can_draw(states[0]) and can_draw(states[1]):
            futures = {seat: pool.submit(p.post, f"/api/tables/{table}/moves",
                                         {"seq": states[seat]["seq"], "move": DRAW, "pending": 0})
                       for seat, p in ((0, ann), (1, bob))}
            for seat, future in futures.items():
                r = future.result()
                sent += 1
                if r.status_code == 409:
                    refused += 1
                    states[seat] = (ann, bob)[seat].state(table)
                else:
                    assert r.status_code == 200, r.text
                    states[seat] = r.json()
    print(f"{sent} draws sent at once from two processes, {refused} refused as stale")
    assert sent >= 4 and refused == 0
