"""Ninety-Nine's fused `random_step` plays what `actor`, `legal_moves` and `advance` play (the base class's
`Game.random_step`) from the positions a playout or a search starts from, not only fresh deals
(tests/engine/test_hot_path.py checks those): positions read back from JSON, the search's resampled
worlds, and the Joker following as the turn-up's suit, drawn at every place of the follow list."""

from itertools import repeat

from meeple.engine import Game, Rng

from .helpers import GAME, position


def _fields(state) -> tuple:
    return GAME.dumps(state), list(state.voids), state.movers, state.led, state.suits, state.strengths


def _same_steps(state, seed: int, steps: int = 80) -> None:
    fused, plain = GAME.clone(state), GAME.clone(state)
    a, b = Rng(seed), Rng(seed)
    for step in range(steps):
        seat = GAME.random_step(fused, a.next_u64)
        assert seat == Game.random_step(GAME, plain, b.next_u64), (seed, step)
        if seat < 0:
            break
    assert a.next_u64() == b.next_u64(), seed  # as many draws on both sides
    assert _fields(fused) == _fields(plain), seed


def test_from_positions_read_back_and_from_resampled_worlds():
    for seed in range(4):
        state = GAME.setup(3, None, seed)
        rng = Rng(50 + seed)
        for step in range(150):
            if step % 9 == 0:
                _same_steps(GAME.from_json(GAME.to_json(state)), seed + step)
                _same_steps(GAME.determinize(state, step % 3, rng), seed + step)
            if GAME.random_step(state, rng.next_u64) < 0:
                break


def test_the_joker_follows_as_the_turn_ups_suit_at_every_place_drawn():
    # Diamonds led under a turned-up 6D: seat 2 may follow with 7D, KD or the Joker (last of the list, after
    # AS in the hand), not AS.
    state = position([["9S", "10S", "JS"], ["7D", "KD", "AS", "JK"], ["QS", "KS", "AH", "9H"]],
                     [["6C", "7C", "8C"], ["6S", "7S", "8S"], ["6H", "7H", "8H"]],
                     turnup="6D", trump="diamonds", trick=("8D",))
    assert GAME.actor(state) == 1 and len(GAME.legal_moves(state, 1)) == 3
    for k in range(6):
        fused, plain = GAME.clone(state), GAME.clone(state)
        draw = repeat(k).__next__  # a draw of k, whatever is asked
        assert GAME.random_step(fused, draw) == Game.random_step(GAME, plain, draw) == 1
        assert _fields(fused) == _fields(plain), k
