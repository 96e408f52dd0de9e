"""A copy shares nothing mutable with its original or its siblings (the kept tables of the playouts' hot
path included: Vent Life's free hexes and spots, Living Forest's kept animals, trees and draw moves,
Picnic's placements).

From positions along a seeded game, two siblings are cloned before either is played; each then plays its
own random moves to the end while a twin loaded afresh from the sibling's JSON (which keeps no table)
plays the same moves: the legal moves must agree at every step, and the original must be untouched."""

from __future__ import annotations

import json

import pytest

from meeple import games
from meeple.engine import Rng

SHIPPED = [g for g in games.ids() if games.get(g).__module__.startswith("meeple.games.")]


def _play_out(game, state, twin, rng: Rng) -> None:
    for _ in range(5000):
        seats = game.to_move(state)
        assert seats == game.to_move(twin)
        if not seats:
            return
        seat = min(seats)
        moves = game.legal_moves(state, seat)
        assert moves == game.legal_moves(twin, seat)
        move = moves[rng.next_u64() % len(moves)]
        game.advance(state, seat, move)
        game.advance(twin, seat, move)


@pytest.mark.parametrize("game_id", SHIPPED)
def test_siblings_made_before_either_is_played_share_nothing(game_id):
    game = games.get(game_id)
    state = game.setup(game.max_players, None, 7)
    rng = Rng(3)
    for step in range(60):
        seats = game.to_move(state)
        if not seats:
            break
        if step % 15 == 5:
            before = json.dumps(game.to_json(state), sort_keys=True)
            left, right = game.clone(state), game.clone(state)
            for sibling, seed in ((left, 11), (right, 12)):
                _play_out(game, sibling, game.from_json(game.to_json(sibling)), Rng(seed))
            assert json.dumps(game.to_json(state), sort_keys=True) == before
        seat = min(seats)
        moves = game.legal_moves(state, seat)
        game.apply(state, seat, moves[rng.next_u64() % len(moves)])
