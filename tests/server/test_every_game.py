"""Every game in the registry plays in the hall through the engine contract alone."""

from __future__ import annotations

import pytest

from meeple import games
from meeple.engine import replay


# Every registered id, loaded inside the test: a game that fails to load fails its own case here
# (it must not quietly drop out of the list).
@pytest.mark.parametrize("game_id", games.ids())
def test_bots_play_every_game_and_the_log_replays_exactly(game_id, server, player_factory):
    game = games.get(game_id)
    watcher = player_factory("Watcher")
    created = watcher.create([{"type": "bot", "level": "random"}] * game.min_players, game=game_id)
    table = created["table"]
    state = watcher.wait(table, lambda s: s["status"] == "finished" or s["seq"] >= 12, timeout=30)
    assert state["my_seat"] is None and state["view"] is not None and len(state["sheets"]) == game.min_players
    while True:
        rep = watcher.get(f"/api/tables/{table}/replay").json()
        k = len(rep["moves"])
        step = watcher.get(f"/api/tables/{table}/replay/{k}").json()
        # A table that finished between the two requests answers the step with every hidden part open
        # (the view after the end): ask again, the two from the same side of the end.
        if rep["status"] == "finished" or watcher.get(f"/api/tables/{table}").json()["status"] != "finished":
            break
    # The stored moves, replayed with game.play from the seed, give the position the hall shows.
    live = server.hall.tables[table]
    moves = [(c.seat, c.move) for c in live.history[:k]]
    rebuilt = replay(game, game.min_players, rep["options"], live.seed, moves)
    assert json_equal(game.view(rebuilt, None), step["view"])
    assert k >= 12 or rep["status"] == "finished"


def json_equal(a, b) -> bool:
    import json

    return json.loads(json.dumps(a)) == b
