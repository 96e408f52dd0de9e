"""`kill -9` of a real `meeple serve` process at any moment loses no acknowledged move."""

from __future__ import annotations

import os
import signal
import threading
import time

import httpx

from .conftest import Player, free_port, spawn_server

HUMAN = {"type": "human"}
TABLES = 4


def play_until_dead(player: Player, table: str, seen: dict, stop: threading.Event) -> None:
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
    except (httpx.HTTPError, AssertionError, ValueError):
        return  # the server is gone


def test_kill_9_loses_no_acknowledged_move(tmp_path):
    data = str(tmp_path / "data")
    port = free_port()
    url = f"http://127.0.0.1:{port}"
    proc = spawn_server(port, "--data", data)
    try:
        players, tables, seen = [], [], []
        for i in range(TABLES):
            p = Player(url, f"P{i}")
            tables.append(p.create([HUMAN, {"type": "bot", "level": "random"}], join_seat=0)["table"])
            players.append(p)
            seen.append({"log": set(), "last": None})
        for round_ in range(2):
            stop = threading.Event()
            threads = [threading.Thread(target=play_until_dead, args=(p, t, s, stop))
                       for p, t, s in zip(players, tables, seen)]
            for t in threads:
                t.start()
            time.sleep(1.0 + 0.7 * round_)
            os.kill(proc.pid, signal.SIGKILL)  # no shutdown, no flush: the process just vanishes
            proc.wait()
            stop.set()
            for t in threads:
                t.join(timeout=20)
            assert all(s["last"] and s["last"]["seq"] > 0 for s in seen), "every table made progress"
            proc = spawn_server(port, "--data", data)
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
    finally:
        proc.kill()
        proc.wait()
