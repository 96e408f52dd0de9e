"""Two `meeple serve` processes on one PostgreSQL database and one Redis serve the same tables.

Needs PostgreSQL and Redis on their standard local ports: in CI (CI=true) the
test fails when they are missing; elsewhere it is skipped with the reason.
"""

from __future__ import annotations

import json
import threading

from .conftest import REDIS_URL, Player, free_port, receive_until

HUMAN = {"type": "human"}


def test_two_processes_share_tables_in_order_and_never_accept_a_seq_twice(pg_url, servers):
    ports = [free_port(), free_port()]
    for port in ports:
        servers(port, "--db", pg_url, "--redis", REDIS_URL)
    a_url, b_url = (f"http://127.0.0.1:{port}" for port in ports)
    ann = Player(a_url, "Ann")           # talks to process A
    bob = Player(b_url, "Bob")           # talks to process B
    created = ann.create([HUMAN, HUMAN], join_seat=0)
    table = created["table"]
    r = bob.post(f"/api/tables/{table}/join", {"seat": 1})
    assert r.status_code == 200, r.text
    bob.token = r.json()["token"]
    ann_on_b = Player(b_url)
    ann_on_b.token = ann.token
    with bob.ws(table, bob.token) as bob_ws, Player(b_url).ws(table) as watcher_b, \
            Player(a_url).ws(table) as watcher_a:
        # Moves made through A reach B's clients, and B's reach A's, every one in order.
        for turn in range(6):
            mover = ann if turn % 2 == 0 else bob
            state = mover.play_turn(table)
        final_seq = state["seq"]
        got_b = receive_until(watcher_b, lambda m: m.get("seq") == final_seq)
        got_a = receive_until(watcher_a, lambda m: m.get("seq") == final_seq)
        for got in (got_a, got_b):
            seqs = [m["seq"] for m in got if m["type"] == "state"]
            assert seqs == sorted(seqs) and seqs[-1] == final_seq
        assert got_a[-1]["log"] == got_b[-1]["log"] == ann.state(table)["log"]
        receive_until(bob_ws, lambda m: m.get("seq") == final_seq)

        # Ann sends two different moves for the same seq, one to each process, at the same moment.
        outcomes = []
        for _ in range(4):
            state = ann.wait_turn(table)
            legal = state["legal"]
            barrier = threading.Barrier(2)
            answers = [None, None]

            def send(i, player, move, barrier=barrier, answers=answers, seq=state["seq"]):
                barrier.wait()
                answers[i] = player.post(f"/api/tables/{table}/moves", {"seq": seq, "move": move})

            threads = [threading.Thread(target=send, args=(0, ann, legal[0]["json"])),
                       threading.Thread(target=send, args=(1, ann_on_b, legal[-1]["json"]))]
            for t in threads:
                t.start()
            for t in threads:
                t.join()
            codes = sorted(a.status_code for a in answers)
            assert codes == [200, 409], [a.text for a in answers]
            outcomes.append(codes)
            after = ann.state(table)
            assert after["seq"] == state["seq"] + 1
            assert sum(1 for line in after["log"] if line["seq"] == after["seq"]) == 1
            # Finish Ann's turn, then Bob's, so the next round starts on Ann's take again.
            ann.play_turn(table)
            last = bob.play_turn(table)
        # (Bob's last turn went through B: A shows it once it has heard it)
        ann.wait(table, lambda s: s["seq"] == last["seq"])
        both = Player(a_url).get(f"/api/tables/{table}/replay").json()["moves"]
        assert [m["seq"] for m in both] == list(range(1, len(both) + 1))
        assert json.dumps(both) == json.dumps(Player(b_url).get(f"/api/tables/{table}/replay").json()["moves"])
