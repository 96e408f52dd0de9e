"""Texts and plays the hall keeps by identity (a view's list elements, score sheets, a planned move's
play) are reused only for the very objects they were made from: a copy or a sibling made before the
cache saw the original, then changed, is written (or played) anew, and every body is the one a table
without caches builds."""

from __future__ import annotations

import copy as copying
import dataclasses
import json
import random

from meeple import games
from meeple.server import views
from meeple.server.table import Table

from .test_news_texts import row


def standard(value) -> str:
    return json.dumps(value, ensure_ascii=False, separators=(",", ":"))


def test_a_views_list_reuses_the_texts_of_its_very_elements_only():
    plate = {"seat": 0, "rim": [1, 2], "centre": None}
    other = {"seat": 1, "rim": [], "centre": {"kind": "cake"}}
    sibling = copying.deepcopy(other)  # (made before the cache sees `other`)
    known: dict = {}
    elements: dict = {}
    first = {"plates": [plate, other], "n": 1}
    assert views.dumps_shared(first, known, elements) == standard(first)
    sibling["centre"] = None
    for view in ({"plates": [plate, sibling], "n": 1},       # a changed copy where `other` was
                 {"plates": [plate, other], "n": True},      # equal values of another type
                 {"plates": [other, plate], "n": 1},         # the same elements, other places
                 {"plates": [plate, other, sibling], "n": 1},
                 {"plates": [1, True, 1.0], "n": 1}, {"plates": [True, 1, 1.0], "n": 1}):
        assert views.dumps_shared(view, known, elements) == standard(view)


def test_score_sheets_reuse_the_texts_of_their_very_sheets_only():
    game = games.get("picnic")
    table = Table.from_rows(row(game, 3))
    sheets = game.score_sheet(table.state, None)
    changed = [dataclasses.replace(sheets[0], total=sheets[0].total + 7), *sheets[1:]]  # (made before the cache)
    for shown in (sheets, list(sheets), changed, [sheets[1], sheets[0], sheets[2]], sheets):
        assert table._sheets_text(shown) == standard([s.to_json() for s in shown])


def fresh_bodies(game, n: int, seed: int, moves: list, pending: dict, status: str = "running") -> list[str]:
    """Every viewer's body on a table that has built nothing before (no kept texts)."""
    table = Table.from_rows({**row(game, n, seed), "moves": moves, "pending": pending, "status": status})
    return [table.body(viewer).text("null") for viewer in [None, *range(n)]]


def test_every_body_is_what_a_table_without_kept_texts_builds():
    # Each turn the seat to move is first shown a sibling position (another move, pending), whose
    # plates and sheets share objects with the position the table then stores.
    for seed in range(3):
        game, n = games.get("picnic"), 2 + seed
        table, rng, stored = Table.from_rows(row(game, n, seed)), random.Random(seed), []
        while not game.is_over(table.state):
            (seat,) = game.to_move(table.state)
            legal = game.legal_moves(table.state, seat)
            sibling, move = rng.choice(legal), rng.choice(legal)
            table.pending[seat] = [sibling]
            table._pending_cache.clear()
            pending = {seat: [table.seq, [game.move_to_json(sibling)]]}
            assert table.body(seat).text("null") == fresh_bodies(game, n, seed, stored, pending)[1 + seat]
            table.pending.pop(seat)
            table._pending_cache.clear()
            table.commit([move], seat, 1.0)
            stored.append({"seq": table.seq, "seat": seat, "move": game.move_to_json(move), "created": 1.0})
            if game.is_over(table.state):
                table.status = "finished"
            mine = [table.body(viewer).text("null") for viewer in [None, *range(n)]]
            assert mine == fresh_bodies(game, n, seed, stored, {}, table.status), f"seed {seed}, move {table.seq}"


def test_a_planned_play_is_taken_for_the_very_move_and_position_only():
    game = games.get("picnic")
    table = Table.from_rows(row(game, 2, seed=4))
    (seat,) = game.to_move(table.state)
    first, second = game.legal_moves(table.state, seat)[:2]
    copy = game.clone(table.state)
    plan = table.plan_move(seat, first)
    (planned,) = plan.commit or plan.pending  # (a take shows a tile: it is stored at once)
    after = table._planned[3][0]
    # Another move is played, not taken.
    (other, _), = table.play_out([second], seat)
    assert game.to_json(other) == game.to_json(game.play(table.state, seat, second)[0]) != game.to_json(after)
    assert table.play_out([planned], seat)[0][0] is after  # (the very move, from this very position)
    # From a copy of the position (made before the plan), the planned move is played there.
    table.state = copy
    (state, _), = table.play_out([planned], seat)
    assert state is not after and game.to_json(state) == game.to_json(after)


def test_the_seats_text_follows_every_field_set_anew():
    table = Table.from_rows(row(games.get("picnic"), 3))
    twin = dataclasses.replace(table.seats[1])  # (made before the cache sees the seats)
    twin.bot_playing = 0  # (equal to False, written 0)
    changes = [lambda: None, lambda: setattr(table.seats[0], "name", "Ann"),
               lambda: table.seats.__setitem__(1, twin), lambda: setattr(table.seats[2], "reserved", "u9"),
               lambda: setattr(table.seats[2], "bot_playing", True), lambda: setattr(table.seats[2], "bot_playing", 1),
               lambda: setattr(table, "seats", table.seats[:2])]
    for change in changes:
        change()
        assert table._seats_text() == standard([seat.public() for seat in table.seats])
