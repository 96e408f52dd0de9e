"""A move of one kind never passes as a move of another over HTTP (issue 13's reproductions).

Wizard's and Ninety-Nine's moves are one-field tuples: `Trump(0)` and `Bid(0)`,
`Play(8D)` and `SetAside(8D)` hold the same field. Each refused move must get a
4xx answer in the player's words, store nothing (neither in memory nor in the
database, so nothing comes back when the hall reloads the table), and leave the
table playable. The same holds for a game that forgot `@move_kind`: the server
asks `Game.is_legal`, which compares kinds itself.
"""

from __future__ import annotations

import re

import pytest

from meeple.games.ninety_nine import moves as nn_moves
from meeple.games.wizard import moves as wizard_moves

from .conftest import Player
from .test_bad_input import error_of

HUMAN = {"type": "human"}
PYTHON_REPR = re.compile(r"[A-Z]\w*\(\w*=|\w+=\d")  # Bid(tricks=6), card=8: a repr, not words


def seated(player_factory, game: str, n: int, **extra) -> tuple[str, list[Player]]:
    """A running table of `game` with n human seats, each taken by its own player."""
    players = [player_factory(f"P{i}") for i in range(n)]
    table = players[0].create([HUMAN] * n, game=game, join_seat=0, **extra)["table"]
    for i, p in enumerate(players[1:], start=1):
        r = p.post(f"/api/tables/{table}/join", {"seat": i})
        assert r.status_code == 200, r.text
        p.token, p.seat = r.json()["token"], i
    assert players[0].state(table)["status"] == "running"
    return table, players


def snapshot(server, player: Player, table: str) -> dict:
    """What must not change: the seat's state body and the table's stored rows."""
    body = player.state(table)
    row = server.hall.store.load_table(table)
    return {"seq": body["seq"], "log": body["log"], "view": body["view"], "pending": body["pending"],
            "legal": body["legal"], "stored_moves": row["moves"], "stored_pending": row["pending"]}


def assert_unchanged(server, player: Player, table: str, before: dict) -> None:
    assert snapshot(server, player, table) == before
    # The hall forgets the table and rebuilds it from the store: still nothing of the refused move.
    server.hall.tables.pop(table)
    assert snapshot(server, player, table) == before


def refused(player: Player, table: str, seq: int, move) -> str:
    words = error_of(player.post(f"/api/tables/{table}/moves", {"seq": seq, "move": move}), 422, "illegal_move")
    assert not PYTHON_REPR.search(words), f"not a player's words: {words}"
    return words


def mover(players: list[Player], table: str) -> tuple[Player, dict]:
    """The player to move now and their state."""
    state = players[0].state(table)
    p = players[state["to_move"][0]]
    return p, p.state(table)


def wizard_reproductions(server, player_factory) -> None:
    table, players = seated(player_factory, "wizard", 3)
    p, state = mover(players, table)
    while state["view"]["phase"] == "trump":  # a Wizard turned up: the dealer names trump first
        p.play_turn(table)
        p, state = mover(players, table)
    assert state["view"]["phase"] == "bid"

    # Trump(0) during the bidding: Bid(0) is legal, and the two hold the same field.
    before = snapshot(server, p, table)
    assert {"bid": 0} in [m["json"] for m in before["legal"]]
    assert "prediction" in refused(p, table, state["seq"], {"trump": wizard_moves.SUITS[0]})
    assert_unchanged(server, p, table, before)

    # Everyone predicts (Confirm stores each prediction), then the leader plays a card.
    while state["view"]["phase"] == "bid":
        p.play_turn(table)
        p, state = mover(players, table)
    p.play_turn(table)
    p, state = mover(players, table)
    assert state["view"]["phase"] == "play" and state["view"]["trick"], "in the middle of a trick"

    # Bid(6) in the middle of a trick must not rewrite the prediction.
    before = snapshot(server, p, table)
    refused(p, table, state["seq"], {"bid": 6})
    assert_unchanged(server, p, table, before)

    # The table plays on.
    after = p.play_turn(table)
    assert after["seq"] == state["seq"] + 1


def ninety_nine_reproduction(server, player_factory) -> None:
    table, players = seated(player_factory, "ninety_nine", 3)
    ann = players[0]
    state = ann.state(table)
    # One bid card already set aside (a pending move), then a card of the hand posted as a play.
    first, second = state["legal"][0]["json"]["bid_card"], state["legal"][1]["json"]["bid_card"]
    r = ann.post(f"/api/tables/{table}/moves", {"seq": state["seq"], "move": {"bid_card": first}})
    assert r.status_code == 200, r.text
    before = snapshot(server, ann, table)
    assert before["pending"] == [{"bid_card": first}] and before["stored_pending"]
    assert "bid" in refused(ann, table, state["seq"], {"play": second})
    assert_unchanged(server, ann, table, before)

    # The table plays on: every seat sets its three cards aside and confirms.
    for p in players:
        p.play_turn(table)
    assert ann.state(table)["view"]["phase"] != "bid"
    assert len(server.hall.store.load_table(table)["moves"]) == 9


def test_wizard_trump_while_bidding_and_bid_in_a_trick_are_refused(server, player_factory):
    wizard_reproductions(server, player_factory)


def test_ninety_nine_play_while_setting_bid_cards_aside_is_refused(server, player_factory):
    ninety_nine_reproduction(server, player_factory)


def forget_move_kind(monkeypatch, module) -> None:
    """Make the module's move classes compare as plain tuples, as if @move_kind were missing."""
    for value in vars(module).values():
        if isinstance(value, type) and getattr(value, "__move_kind__", False):
            monkeypatch.setattr(value, "__eq__", tuple.__eq__)
            monkeypatch.setattr(value, "__ne__", tuple.__ne__)


@pytest.mark.parametrize("game", ["wizard", "ninety_nine"])
def test_the_server_refuses_them_even_for_a_game_that_forgot_move_kind(game, server, player_factory,
                                                                        monkeypatch):
    module = wizard_moves if game == "wizard" else nn_moves
    forget_move_kind(monkeypatch, module)
    if game == "wizard":
        assert wizard_moves.Trump(0) == wizard_moves.Bid(0)
    else:
        assert nn_moves.Play(8) == nn_moves.SetAside(8)
    (wizard_reproductions if game == "wizard" else ninety_nine_reproduction)(server, player_factory)


def test_a_log_stored_under_the_old_rules_is_refused_in_words(server, player_factory):
    # Before the fix a Ninety-Nine play could be stored while bid cards were being set aside; such a
    # log no longer replays. Opening the table says so (409, in words) and changes nothing.
    table, players = seated(player_factory, "ninety_nine", 3)
    ann = players[0]
    state = ann.state(table)
    card = state["legal"][0]["json"]["bid_card"]
    store = server.hall.store
    store.append_moves(table, state["seq"] + 1, [(0, {"play": card}, 0.0)], {})
    stored = store.load_table(table)["moves"]
    server.hall.tables.pop(table)
    words = error_of(ann.get(f"/api/tables/{table}"), 409, "table_unreadable")
    assert "no longer replay" in words and not PYTHON_REPR.search(words.split("(")[0])
    assert store.load_table(table)["moves"] == stored
