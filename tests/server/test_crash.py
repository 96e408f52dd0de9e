"""`kill -9` of a real `meeple serve` process at any moment loses no acknowledged move."""

from __future__ import annotations

import os
import signal
import threading
import time

import httpx

from . import processes
from .conftest import Player, free_port

HUMAN = {"type": "human"}
TABLES = 4


class Acks:
    """How many moves the server has acknowledged (answered 200) at each table since the last restart."""

    def __init__(self, tables: int) -> None:
        self.counts = [0] * tables
        self.changed = threading.Condition()

    def add(self, table: int) -> None:
        with self.changed:
            self.counts[table] += 1
            self.changed.notify_all()

    def wait_for(self, each: int, timeout: float = 60) -> None:
        """Until every table has had `each` moves acknowledged."""
        with self.changed:
            done = self.changed.wait_for(lambda: min(self.counts) >= each, timeout)
            assert done, f"moves acknowledged per table: {self.counts}, wanted {each} each"


def play_until_dead(player: Player, table: str, seen: dict, acks: Acks, index: int, stop: threading.Event) -> None:
    """Play as fast as possible; remember every log line and the last answer the server acknowledged."""
    try:
        while not stop.is_set():
            state = player.state(table)
            seen["last"] = state
            seen["log"].update((line["seq"], line["text"]) for line in state["log"])
            if state["status"] == "finished":
                return
            if state["can_confirm"]:
                r = player.post(f"/api/tables/{table}/confirm", {"seq": state["seq"]})
            elif state["legal"]:
                r = player.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": state["legal"][-1]["json"]})
            else:
                continue
            if r.status_code == 200:
                body = r.json()
                seen["last"] = body
                seen["log"].update((line["seq"], line["text"]) for line in body["log"])
                acks.add(index)
    except (httpx.HTTPError, AssertionError, ValueError):
        return  # the server is gone


def test_kill_9_loses_no_acknowledged_move(tmp_path, servers):
    data = str(tmp_path / "data")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = servers(port, "--data", data)
    players, tables, seen = [], [], []
    for i in range(TABLES):
        p = Player(url, f"P{i}")
        tables.append(p.create([HUMAN, {"type": "bot", "level": "random"}], join_seat=0)["table"])
        players.append(p)
        seen.append({"log": set(), "last": None})
    # Kill while the players are in full flight: once every table has a move or two acknowledged, then
    # after a few more (a condition, not a sleep: neither flaky on a busy machine nor slow on a quick one).
    for kill_after in (2, 5):
        acks, stop = Acks(TABLES), threading.Event()
        threads = [threading.Thread(target=play_until_dead, args=(p, t, s, acks, i, stop))
                   for i, (p, t, s) in enumerate(zip(players, tables, seen))]
        for t in threads:
            t.start()
        acks.wait_for(kill_after)
        os.kill(proc.pid, signal.SIGKILL)  # no shutdown, no flush: the process just vanishes
        proc.wait()
        stop.set()
        for t in threads:
            t.join(timeout=20)
        # Its bot workers do not outlive it.
        end = time.monotonic() + 10
        while processes.members(proc.pid) and time.monotonic() < end:
            time.sleep(0.1)
        assert processes.members(proc.pid) == [], "the killed server's bot workers are still running"
        assert all(s["last"] and s["last"]["seq"] > 0 for s in seen), "every table made progress"
        proc = servers(port, "--data", data)
        for player, table, s in zip(players, tables, seen):
            after = player.state(table)
            last = s["last"]
            assert after["seq"] >= last["seq"]
            stored = {(line["seq"], line["text"]) for line in after["log"]}
            assert s["log"] <= stored, "an acknowledged move was lost"
            if after["seq"] == last["seq"] and after["to_move"] == [0]:
                assert after["pending"] == last["pending"], "an acknowledged pending move was lost"
    # The rebuilt tables carry on: the bots move again and we can play on.
    for player, table in zip(players, tables):
        state = player.wait_turn(table)
        if state["status"] != "finished":
            state = player.play_turn(table)
            assert state["seq"] > 0
    for player in players:
        player.close()
