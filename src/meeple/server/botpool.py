"""Bots run in worker processes, so a slow bot never stalls the event loop or other tables."""

from __future__ import annotations

import multiprocessing
from concurrent.futures import ProcessPoolExecutor


def choose_move(game_id: str, position: dict, seat: int, level: str, seed: int):
    """Runs in a worker: the bot's move for `seat` in the position, as move JSON."""
    from meeple import bots, games
    from meeple.engine import Rng

    game = games.get(game_id)
    state = game.from_json(position)
    move = bots.get(level).choose(game, state, seat, Rng(seed))
    return game.move_to_json(move)


def warm_up() -> None:
    """Import the bots and the registry once per worker (games load on first use)."""
    import meeple.bots  # noqa: F401
    import meeple.games  # noqa: F401


def make_pool(workers: int) -> ProcessPoolExecutor:
    # spawn: the server process has threads (the store's), which fork would copy half-locked.
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=warm_up)
