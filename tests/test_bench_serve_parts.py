"""bench/serve_parts.py times the pieces inside the server it starts (not in its own process, where
they never run) and only while the clients play: every piece of a stored change is counted, once a change;
the bare hall, timed the same way, runs none of the hall's pieces."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

BENCH = Path(__file__).resolve().parents[1] / "bench"
HALL_PIECES = ("Pushes.push", "Store.append_moves", "Table.plan_move", "moves.strict_move", "app.parse_json",
               "LiveTables.state_text")


@pytest.mark.parametrize("flags", [[], ["--lean-push"], ["--bare", "2000"]], ids=["hall", "lean-push", "bare"])
def test_serve_parts_counts_each_piece_of_a_change_inside_the_server(flags):
    # (--lean-push: the clients play on to the end of the run on the lean push's messages)
    run = subprocess.run([sys.executable, str(BENCH / "serve_parts.py"), "--clients", "8", "--seconds", "2", *flags],
                         capture_output=True, text=True, timeout=180)
    assert run.returncode == 0, run.stderr[-2000:]
    out = json.loads(run.stdout)
    assert out["changes"] > 10 and out["lean_push"] is ("--lean-push" in flags)
    pieces = out["pieces"]
    for name in HALL_PIECES:
        if "--bare" in flags:
            assert pieces[name]["calls_per_change"] == 0, (name, pieces[name])
        else:
            assert 0.9 <= pieces[name]["calls_per_change"] <= 1.3, (name, pieces[name])
            assert pieces[name]["us_per_change"] > 0
    assert pieces["HttpToolsProtocol.data_received"]["calls_per_change"] >= 0.9
    assert pieces["Protocol.send_text"]["calls_per_change"] >= 1  # (the other seats' sockets hear of each change)
    counted = sum(p["us_per_change"] for p in pieces.values()) + out["rest_us_per_change"]
    assert abs(counted - out["counted_cpu_us_per_change"]) < 1
    assert 0 < out["rest_share"] < 1
