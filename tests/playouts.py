"""Random games for the tests: every position along one, and a few picked evenly (meeple.testing.playouts),
and the texts a player reads along one."""

from meeple.engine import Rng
from meeple.testing.playouts import spread, walk

__all__ = ["spread", "texts_along", "walk"]


def texts_along(game, n, seed, options=None):
    """Every log line, and every prompt to the seat to move, along one random game (the lowest seat
    acts first): what a player reads, for the wording tests."""
    state, rng = game.setup(n, options, seed), Rng(seed)
    while seats := sorted(game.to_move(state)):
        seat = seats[0]
        yield game.prompt(state, seat)
        moves = game.legal_moves(state, seat)
        for entry in game.apply(state, seat, moves[rng.next_u64() % len(moves)]):
            yield entry.text
