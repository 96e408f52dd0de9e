"""Picnic keeps the part of a view every viewer shares (`state.shown`) until the next move: the hall
applies moves in place, so a view asked for after any move must be that position's, never the last
one's."""

import pytest

from meeple.engine import Rng

from .helpers import GAME


@pytest.mark.parametrize("n", [2, 3, 4])
def test_views_after_in_place_moves_are_the_new_positions(n):
    for seed in range(6):
        state = GAME.setup(n, None, seed)
        rng = Rng(seed + 77)
        while not GAME.is_over(state):
            for viewer in (*range(n), None):
                assert GAME.view(state, viewer) == GAME.view(state.copy(), viewer)
            seat = min(GAME.to_move(state))
            GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
        assert GAME.view(state, 0) == GAME.view(state.copy(), 0)
