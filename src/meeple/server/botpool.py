"""Bots run in worker processes, so a slow bot never stalls the event loop or other tables."""

from __future__ import annotations

import multiprocessing
import os
import threading
import time
from concurrent.futures import ProcessPoolExecutor

PARENT_CHECK_S = 0.5


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


def _start_worker(server_pid: int) -> None:
    """A worker's set-up: imports, and an exit of its own when the server process is gone.

    A server killed outright (kill -9, a crash) cannot shut its pool down; without
    this its workers would wait for work forever."""

    def follow_the_server() -> None:
        while os.getppid() == server_pid:
            time.sleep(PARENT_CHECK_S)
        os._exit(0)

    threading.Thread(target=follow_the_server, name="meeple-follow-server", daemon=True).start()
    warm_up()


def make_pool(workers: int) -> ProcessPoolExecutor:
    # spawn: the server process has threads (the store's), which fork would copy half-locked.
    return ProcessPoolExecutor(max_workers=workers, mp_context=multiprocessing.get_context("spawn"),
                               initializer=_start_worker, initargs=(os.getpid(),))
