"""Random-playout speed of a game through the engine contract (`meeple bench`)."""

from __future__ import annotations

import time

from meeple.engine import Game, Rng
from meeple.engine.game import hot_calls, random_step_of


def random_playout(game: Game, state, rng: Rng) -> int:
    """Play random legal moves in place until the game ends; returns the number of moves.

    The lowest seat acts where several may. Through the game's fused `random_step` where it has one
    (one call a move), else its hot path (`Game.actor`, `advance`) where it has one: no set of seats
    and no log lines a move."""
    moves = 0
    draw = rng.next_u64
    step = random_step_of(game)
    if step is not None:
        while step(state, draw) >= 0:
            moves += 1
        return moves
    actor, legal, advance = hot_calls(game)
    if actor is not None:
        while True:
            seat = actor(state)
            if seat < 0:
                return moves
            options = legal(state, seat)
            advance(state, seat, options[draw() % len(options)])
            moves += 1
    to_move = game.to_move
    while True:
        seats = to_move(state)
        if not seats:
            return moves
        seat = min(seats) if len(seats) > 1 else next(iter(seats))
        options = legal(state, seat)
        advance(state, seat, options[draw() % len(options)])
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


def decision_times(game: Game, n_players: int, level: str = "search3", positions: int = 10, seed: int = 0,
                   options: dict | None = None) -> dict:
    """How long a bot level takes per decision, over positions spread along random games.

    Wall time is what a player waits; CPU time is what it would be on one idle
    core (they differ when other processes share the machine).
    """
    from meeple import bots as bot_registry

    rng = Rng(seed)
    samples: list = []
    game_seed = seed
    while len(samples) < positions:
        state = game.setup(n_players, options, game_seed)
        trail = []
        while not game.is_over(state):
            trail.append(game.clone(state))
            seat = min(game.to_move(state))
            moves = game.legal_moves(state, seat)
            game.apply(state, seat, moves[rng.next_u64() % len(moves)])
        # Real decisions only (more than one legal move), spread evenly along the game.
        trail = [s for s in trail if len(game.legal_moves(s, min(game.to_move(s)))) > 1]
        step = max(1, len(trail) // positions)
        samples += trail[::step][: positions - len(samples)]
        game_seed += 1
    bot = bot_registry.get(level)
    wall: list[float] = []
    cpu: list[float] = []
    iterations: list[int | None] = []
    for i, state in enumerate(samples):
        seat = min(game.to_move(state))
        w0, c0 = time.perf_counter(), time.process_time()
        bot.choose(game, state, seat, Rng(seed + i))
        wall.append(time.perf_counter() - w0)
        cpu.append(time.process_time() - c0)
        iterations.append(getattr(bot, "last_iterations", None))
    wall.sort()
    return {
        "game": game.id,
        "players": n_players,
        "level": level,
        "decisions": len(samples),
        "wall_s_mean": round(sum(wall) / len(wall), 3),
        "wall_s_max": round(wall[-1], 3),
        "cpu_s_mean": round(sum(cpu) / len(cpu), 3),
        "cpu_s_max": round(max(cpu), 3),
        "iterations_mean": (round(sum(i for i in iterations if i is not None) / len(iterations), 1)
                            if None not in iterations else None),
    }
