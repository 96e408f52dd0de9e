"""Assyria's fused `random_step` (a playout's move in one call) against the three calls it stands for.

tests/engine/test_hot_path.py checks it along seeded games from setup, where the moves are always kept
(`cache`). A position loaded from its JSON keeps none and knows no hut or feed `spaces`: the step must
then work them out as `legal_moves` and `advance` do.
"""

from meeple.engine import Game, Rng

from .helpers import GAME


def _fields(state) -> dict:
    """Every slot of the position but its generator (the JSON has its state)."""
    return {name: getattr(state, name) for name in type(state).__slots__ if name != "rng"}


def test_the_fused_step_from_a_loaded_position_plays_what_the_three_calls_play():
    for n, seed in ((2, 1), (3, 2), (4, 3)):
        state = GAME.setup(n, None, seed)
        rng = Rng(seed)
        steps = 0
        while True:
            data = GAME.to_json(state)
            fused, plain = GAME.load_position(data), GAME.load_position(data)
            value = rng.next_u64()
            seat = GAME.random_step(fused, [value].pop)  # one draw, this value
            assert seat == Game.random_step(GAME, plain, [value].pop), (n, steps)
            assert _fields(fused) == _fields(plain), (n, steps)
            assert GAME.dumps(fused) == GAME.dumps(plain), (n, steps)
            if seat < 0:
                break
            GAME.random_step(state, [value].pop)
            steps += 1
        assert steps > 100
