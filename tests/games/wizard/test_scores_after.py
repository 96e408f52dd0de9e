"""Wizard's own `scores_after` (no copy for a card or a prediction that does not end the round) gives
what playing the move on a copy gives, to the last bit, for every legal move of many random games in
every option set, sampled worlds included (the search's rollouts judge every candidate by it)."""

import pytest

from meeple.engine import Rng
from meeple.engine.game import Game

from .helpers import GAME

VARIANTS = [
    (4, {"single_round": 10}),
    (3, {"length": "five"}),
    (5, {"predictions": "hidden", "plus_minus_one": True, "length": "five"}),
    (4, {"predictions": "secret", "foresight": True, "length": "five"}),
    (6, {"length": "five"}),
]


def _by_copy(state, seat, move):
    return Game.scores_after(GAME, state, seat, move)


@pytest.mark.parametrize("players,options", VARIANTS)
def test_scores_after_is_the_copys_answer(players, options):
    checked = 0
    for seed in range(6):
        state = GAME.setup(players, options, 300 + seed)
        rng = Rng(seed)
        while not GAME.is_over(state):
            seat = rng.choice(sorted(GAME.to_move(state)))
            # Now and then a sampled world, as the search asks it of its own samples.
            where = GAME.determinize(state, seat, rng) if rng.random() < 0.3 else state
            for move in GAME.legal_moves(where, seat):
                assert GAME.scores_after(where, seat, move) == _by_copy(where, seat, move), (seed, move)
                checked += 1
            GAME.apply(state, seat, rng.choice(GAME.legal_moves(state, seat)))
    assert checked > 500
