"""The fused random step (`VentLife.random_step`) from positions loaded from JSON.

A loaded position settles every tile laid at once (settle_spots over the whole field, its smokers judged by
their masks as they grow) and makes its free lists afresh, which the step-by-step games of
tests/engine/test_hot_path.py never do: the tile spots it keeps are those kept move by move in the game it
came from, and from there the fused step plays what the three calls (actor, legal_moves, advance) play.
"""

import pytest

from meeple.engine import Game, Rng
from meeple.games.vent_life.field import settle_spots

from .helpers import GAME


def _spots(state) -> tuple:
    settle_spots(state)
    return state.places, state.tile_moves, state.spots, state.builds, state.mask


@pytest.mark.parametrize("n", [2, 4])
def test_a_loaded_position_keeps_the_spots_and_steps_as_the_three_calls(n):
    checked = built_up = 0
    for seed in range(3):
        state = GAME.setup(n, None, seed)
        rng = Rng(seed)
        moves = 0
        while GAME.random_step(state, rng.next_u64) >= 0:
            moves += 1
            if moves % 23:
                continue
            data = GAME.to_json(state)
            fused, plain = GAME.from_json(data), GAME.from_json(data)
            assert _spots(fused) == _spots(state), (seed, moves)
            built_up += bool(state.builds)
            fused_rng, plain_rng = Rng(moves), Rng(moves)
            for _ in range(12):
                seat = GAME.random_step(fused, fused_rng.next_u64)
                assert seat == Game.random_step(GAME, plain, plain_rng.next_u64), (seed, moves)
                assert GAME.dumps(fused) == GAME.dumps(plain), (seed, moves)
                assert fused_rng.next_u64() == plain_rng.next_u64()  # as many draws on both sides
                if seat < 0:
                    break
            checked += 1
    assert checked > 20 and built_up > 5  # the positions had smokers to build on
