"""Random games for the tests: every position along one, and a few picked evenly."""

from meeple.engine import Rng


def walk(game, n, seed, limit=20_000, options=None):
    """Every position of one random game, in order (each a separate copy)."""
    state = game.setup(n, options, seed)
    rng = Rng(seed + 7)
    positions = [game.clone(state)]
    while not game.is_over(state):
        seat = rng.choice(sorted(game.to_move(state)))
        game.apply(state, seat, rng.choice(game.legal_moves(state, seat)))
        positions.append(game.clone(state))
        assert len(positions) < limit, "game did not end"
    return positions


def spread(items, k):
    """About k items picked evenly along a list, first and last included."""
    if len(items) <= k:
        return list(items)
    step = (len(items) - 1) / (k - 1)
    return [items[round(i * step)] for i in range(k)]


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
