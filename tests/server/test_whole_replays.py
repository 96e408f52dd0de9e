"""Whole replays after the end (issue 35): a finished game's replay shows every hidden part step by
step (every hand, every bid card), while a running game's replay stays as its viewer sees it."""

from __future__ import annotations

from meeple import games
from meeple.server.allseeing import seen_by_all

RANDOM = {"type": "bot", "level": "random"}
HUMAN = {"type": "human"}


def positions(game_id: str, replay: dict, seed_state):
    """The engine's position after each stored move of a replay, from `seed_state` (the opening)."""
    game = games.get(game_id)
    state, out = seed_state, [seed_state]
    for m in replay["moves"]:
        state, _ = game.play(state, m["seat"], game.move_from_json(m["move"]))
        out.append(state)
    return out


def test_a_finished_wizard_replay_shows_every_hand_and_a_running_one_hides_them(player_factory, server):
    sam = player_factory("Sam")
    table = sam.create([RANDOM, RANDOM, RANDOM], game="wizard", options={"single_round": 8})["table"]
    sam.wait(table, lambda s: s["status"] == "finished", timeout=120)
    replay = sam.get(f"/api/tables/{table}/replay").json()
    live = server.hall.tables[table]
    states = positions("wizard", replay, live.opening())
    game = games.get("wizard")
    # Steps in the middle of rounds: each seat's hand, as that seat held it then, shown to a spectator.
    shown = 0
    for k in range(1, len(states), 3):
        step = sam.get(f"/api/tables/{table}/replay/{k}").json()
        assert step["view"]["hand"] is None  # a spectator holds no hand of its own
        for seat in range(3):
            own = game.view(states[k], seat)["hand"]
            assert step["views"][seat]["hand"] == own, (k, seat)
            shown += len(own or [])
    assert shown > 0
    # A running game: the spectator's replay has no seat's view, and no hand.
    ann = player_factory("Ann")
    running = ann.create([HUMAN, RANDOM, RANDOM], game="wizard", join_seat=0)["table"]
    ann.wait(running, lambda s: s["seq"] >= 1 or bool(s["legal"]))
    watcher = player_factory("Wes")
    step = watcher.get(f"/api/tables/{running}/replay/0").json()
    assert "views" not in step and step["view"]["hand"] is None
    mine = ann.get(f"/api/tables/{running}/replay/0").json()
    assert "views" not in mine and mine["view"]["hand"] == game.view(server.hall.tables[running].opening(), 0)["hand"]


def test_every_seats_own_parts_are_filled_in():
    """Ninety-Nine's bid cards: each seat's view shows its own only; seen by all, every seat's."""
    game = games.get("ninety_nine")
    state = game.setup(3, {}, 5)
    while game.view(state, None)["phase"] == "bid":
        seat = min(game.to_move(state))
        state, _ = game.play(state, seat, game.legal_moves(state, seat)[0])
        if all(game.view(state, s)["bid_cards"][s] for s in range(3)):
            break
    views = [game.view(state, s) for s in range(3)]
    spectator = seen_by_all(game.view(state, None), views)
    for seat in range(3):
        assert spectator["bid_cards"][seat] == views[seat]["bid_cards"][seat] is not None
        assert seen_by_all(views[0], views)["bid_cards"][seat] == views[seat]["bid_cards"][seat]
    assert game.view(state, None)["bid_cards"] == [None, None, None]
