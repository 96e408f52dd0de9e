"""Clocks: time per move, time banks, turn-based deadlines; a bot stands in when time runs out."""

from __future__ import annotations

import pytest

from meeple.server import clocks
from meeple.server.errors import ApiError
from meeple.server.protocol import StandIn

HUMAN = {"type": "human"}


def test_a_bank_pays_for_what_the_move_allowance_does_not():
    clock = clocks.validate({"mode": "realtime", "per_move_s": 10, "bank_s": 60})
    state = clocks.initial_state(clock, 2)
    state = clocks.on_turns(clock, state, frozenset(), frozenset({0}), now=1000.0)
    assert clocks.deadline(clock, state, 0) == 1000 + 10 + 60
    state = clocks.on_turns(clock, state, frozenset({0}), frozenset({1}), now=1025.0)  # 25 s: 15 from the bank
    assert state["banks"] == {"0": 45.0, "1": 60.0}
    assert clocks.deadline(clock, state, 0) is None and clocks.deadline(clock, state, 1) == 1025 + 70
    # A turn of several stored moves (take, then place) is one turn on the clock.
    same = clocks.on_turns(clock, state, frozenset({1}), frozenset({1}), now=1030.0)
    assert same["started"] == {"1": 1025.0}
    assert clocks.overdue(clock, state, 1094.0) == [] and clocks.overdue(clock, state, 1095.0) == [1]
    body = clocks.body(clock, state, 2, now=1035.0)
    assert body["seats"][1]["remaining_s"] == 60.0 and body["seats"][0]["bank_s"] == 45.0


def test_turn_based_deadlines_are_in_hours():
    clock = clocks.validate({"mode": "turn_based", "deadline_h": 48})
    state = clocks.on_turns(clock, clocks.initial_state(clock, 3), frozenset(), frozenset({2}), now=0.0)
    assert clocks.deadline(clock, state, 2) == 48 * 3600
    assert clocks.overdue(clock, state, 48 * 3600 - 1) == []


@pytest.mark.parametrize("bad", [
    {"mode": "sundial"}, {"mode": "realtime"}, {"mode": "realtime", "per_move_s": -3},
    {"mode": "turn_based", "per_move_s": 30}, {"mode": "turn_based", "deadline_h": 0},
    {"mode": "none", "bank_s": 5}, {"mode": "realtime", "per_move_s": 30, "extra": 1},
])
def test_bad_clock_settings_are_refused(bad):
    with pytest.raises(ApiError) as err:
        clocks.validate(bad)
    assert err.value.status == 400


def test_when_time_runs_out_a_bot_takes_the_seat_and_the_player_takes_it_back(player_factory):
    ann = player_factory("Ann")
    table = ann.create([HUMAN, {"type": "bot", "level": "random"}], join_seat=0,
                       clock={"mode": "realtime", "per_move_s": 1})["table"]
    first = ann.state(table)
    assert first["clocks"]["seats"][0]["running"] and 0 < first["clocks"]["seats"][0]["remaining_s"] <= 1
    # Ann does nothing: after a second a bot stands in, and the table carries on.
    state = ann.wait(table, lambda s: s["seats"][0]["bot_playing"] and s["seq"] >= 4, timeout=15)
    assert state["seats"][0]["reason"] == StandIn.TIMEOUT and state["legal"] == []
    assert any(line["seat"] == 0 for line in state["log"])
    back = ann.post(f"/api/tables/{table}/reclaim")
    assert back.status_code == 200, back.text
    ann.token = back.json()["token"]
    state = ann.state(table)
    assert state["seats"][0]["bot_playing"] is False and state["seats"][0]["reason"] is None
