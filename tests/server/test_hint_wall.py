"""A hint at a table is found within a wall budget (server/hints.py, HINT_WALL_S): on a busy host its
playouts stop when the budget is spent (the reason says how few it played) rather than keeping the player
waiting. No server: `hint_move` is what the bot worker runs."""

from __future__ import annotations

import time
import types

from meeple import games
from meeple.analysis import review
from meeple.server.hints import HINT_WORLDS, hint_move


def a_position():
    game = games.get("picnic")
    state = game.setup(2, {}, 5)
    for _ in range(20):
        seat = min(game.to_move(state))
        game.apply(state, seat, game.legal_moves(state, seat)[0])
    return game, state, min(game.to_move(state))


def test_a_hint_at_a_table_stops_its_playouts_when_its_wall_time_is_spent(monkeypatch):
    game, state, seat = a_position()
    position = game.to_json(state)
    full = hint_move("picnic", position, seat, "search1", 7, HINT_WORLDS)
    assert full["worlds"] == HINT_WORLDS  # a quiet machine: every world within the budget

    # A busy host: every reading of the clock is a minute after the one before.
    ticks = iter(range(0, 10**9, 60))
    monkeypatch.setattr(review, "time", types.SimpleNamespace(monotonic=lambda: float(next(ticks)),
                                                              thread_time=time.thread_time))
    hurried = hint_move("picnic", position, seat, "search1", 7, HINT_WORLDS)
    assert hurried["worlds"] == review.FLOOR_DISAGREED < HINT_WORLDS
    assert f"({review.FLOOR_DISAGREED} playouts from what you know" in hurried["why"]
    # Without a budget (as `meeple review` and the analysis tools ask), every world is played.
    ticks = iter(range(0, 10**9, 60))
    assert hint_move("picnic", position, seat, "search1", 7, HINT_WORLDS, wall_seconds=None) == full

