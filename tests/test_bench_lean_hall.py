"""bench/lean_hall.py, the hall's yardstick, plays what the hall plays: a move checked and stored, each
seated socket sent the parts that changed, stale and foreign moves refused (a yardstick that skipped
the work would flatter the hall's ratio to it)."""

from __future__ import annotations

import json
import sqlite3
import sys
import warnings
from pathlib import Path

import pytest

with warnings.catch_warnings():  # (starlette would have httpx2 under its TestClient; httpx does the same here)
    warnings.simplefilter("ignore")
    from starlette.testclient import TestClient

sys.path.insert(0, str(Path(__file__).resolve().parents[1] / "bench"))

import lean_hall  # noqa: E402  (bench/ is not a package)


@pytest.mark.parametrize("shared", [False, True], ids=["per-seat", "shared"])
def test_the_lean_hall_stores_checks_and_pushes_a_move(tmp_path, shared):
    with TestClient(lean_hall.lean_hall_app("picnic", str(tmp_path), shared)) as client:
        made = client.post("/api/tables", json={"game": "picnic", "seats": [{"type": "human"}] * 2}).json()
        table = made["table"]
        tokens = [seat["invite"].split("token=")[1] for seat in made["seats"]]
        with client.websocket_connect(f"/ws/tables/{table}?token={tokens[0]}") as ws0, \
                client.websocket_connect(f"/ws/tables/{table}?token={tokens[1]}") as ws1:
            opening = [json.loads(ws0.receive_text()), json.loads(ws1.receive_text())]
            mover = next(s for s in (0, 1) if opening[s]["legal"])
            assert not opening[1 - mover]["legal"] and opening[mover]["seq"] == 0
            move = opening[mover]["legal"][0]["json"]
            foreign = client.post(f"/api/tables/{table}/moves", json={"seq": 0, "move": move},
                                  headers={"X-Seat-Token": "not-a-seat"})
            stale = client.post(f"/api/tables/{table}/moves", json={"seq": 5, "move": move},
                                headers={"X-Seat-Token": tokens[mover]})
            assert (foreign.status_code, stale.status_code) == (403, 409)
            answer = client.post(f"/api/tables/{table}/moves", json={"seq": 0, "move": move},
                                 headers={"X-Seat-Token": tokens[mover]})
            assert answer.status_code == 200 and answer.json()["seq"] == 1
            deltas = [json.loads(ws0.receive_text()), json.loads(ws1.receive_text())]
    for delta in deltas:
        assert delta["type"] == "delta" and delta["n"] == 2 and delta["set"]["seq"] == 1
        assert "view" in delta["set"] and delta["log"]  # (the position changed, and the log says how)
    # Own parts go only where they changed: the mover's legal moves (a Picnic turn is a take, then a
    # place), not the other seat's (none before, none now).
    assert "legal" in deltas[mover]["set"] and "legal" not in deltas[1 - mover]["set"]
    assert opening[0]["view"] == opening[1]["view"] if shared else opening[0]["view"] != opening[1]["view"]
    stored = sqlite3.connect(tmp_path / "lean.sqlite3").execute("SELECT table_id, seq, seat FROM moves").fetchall()
    assert stored == [(table, 1, mover)]
