"""Random games for the checks: every position along one, and a few picked evenly."""

from __future__ import annotations

from meeple.engine import Game, Rng


def walk(game: Game, n: int, seed: int, limit: int = 20_000, options: dict | None = None) -> list:
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


def spread(items: list, k: int) -> list:
    """About k items picked evenly along a list, first and last included."""
    if len(items) <= k:
        return list(items)
    step = (len(items) - 1) / (k - 1)
    return [items[round(i * step)] for i in range(k)]
