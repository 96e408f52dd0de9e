"""Random-playout speed of a game through the engine contract (`meeple bench`)."""

from __future__ import annotations

import time

from meeple.engine import Game, Rng


def random_playout(game: Game, state, rng: Rng) -> int:
    """Play random legal moves in place until the game ends; returns the number of moves."""
    moves = 0
    to_move, legal, apply = game.to_move, game.legal_moves, game.apply
    while True:
        seats = to_move(state)
        if not seats:
            return moves
        seat = min(seats) if len(seats) > 1 else next(iter(seats))
        options = legal(state, seat)
        apply(state, seat, options[rng.next_u64() % len(options)])
        moves += 1


def bench(game: Game, n_players: int | None = None, seconds: float = 3.0, seed: int = 0,
          options: dict | None = None) -> dict:
    """Random playouts from fresh setups for about `seconds`; setup time is counted too."""
    n = n_players or game.min_players
    rng = Rng(seed)
    playouts = moves = 0
    start = time.perf_counter()
    deadline = start + seconds
    while True:
        state = game.setup(n, options, seed + playouts)
        moves += random_playout(game, state, rng)
        playouts += 1
        now = time.perf_counter()
        if now >= deadline:
            break
    elapsed = now - start
    return {
        "game": game.id,
        "players": n,
        "seconds": round(elapsed, 3),
        "playouts": playouts,
        "playouts_per_s": round(playouts / elapsed, 1),
        "moves_per_s": round(moves / elapsed, 1),
        "mean_moves": round(moves / playouts, 1),
    }
